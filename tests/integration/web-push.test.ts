// Web Push (docs/decisions/0074): a device's subscription is kept and removed by its own user only;
// an event pushes to the devices whose switch is on, as web-push's encrypted POST to the push
// service, here a local https server with a certificate made for the test, which decrypts it
// (RFC 8291) as the browser would; a push service's 410 removes the subscription.
import { execFileSync } from 'node:child_process'
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { pushKeys, pushSubscriptions } from '../../app/db/schema'
import { sendMessage, startConversation } from '../../app/domain/messages/messages.server'
import { remindMissingReports } from '../../app/domain/night-reports/night-reports.server'
import { forgetVapidKeysForTests, getVapidKeys, pushesSettled, saveSubscription } from '../../app/domain/notifications/push.server'
import { sendBookingConfirmationEmails } from '../../app/domain/payments/booking-confirmation.server'
import * as pushApi from '../../app/api/push.subscriptions'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const b64url = (buffer: Buffer) => buffer.toString('base64url')

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return { ecdh, auth, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } }
}

/** Decrypts an aes128gcm Web Push body (RFC 8188, RFC 8291) with the browser's keys. */
function decrypt(body: Buffer, browser: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const serverPublic = body.subarray(21, 21 + idLength)
  const cipherText = body.subarray(21 + idLength)
  const shared = browser.ecdh.computeSecret(serverPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic])
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16))
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()])
  // The last record ends with the delimiter 2 and any padding zeros.
  let end = padded.length - 1
  while (end > 0 && padded[end] === 0) end--
  return padded.subarray(0, end).toString('utf8')
}

interface Received {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

let server: https.Server
let origin = ''
const received: Received[] = []
/** What the push service answers, by path; 201 unless set. */
const answers = new Map<string, number>()
let previousCa: unknown

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pwa-push-'))
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' })
  const cert = readFileSync(path.join(dir, 'cert.pem'))
  server = https.createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.writeHead(answers.get(req.url ?? '') ?? 201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  // web-push posts with Node's https and the global agent: it trusts the test's certificate.
  previousCa = https.globalAgent.options.ca
  https.globalAgent.options.ca = cert
})

afterAll(async () => {
  https.globalAgent.options.ca = previousCa as typeof https.globalAgent.options.ca
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  received.length = 0
  answers.clear()
  forgetVapidKeysForTests()
})

async function pushesTo(pathname: string) {
  await pushesSettled()
  return received.filter((request) => request.path === pathname)
}

const subscriptionsOf = (userId: number) => getDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))

describe('a device subscribes', () => {
  const endpoint = 'https://fcm.googleapis.com/fcm/send/device-one'
  const post = (cookie: string | undefined, body: unknown) =>
    call(pushApi.action, makeRequest('/_api/push/subscriptions', { cookie, body }))

  test('a nurse keeps, reads, switches and forgets her own device; no one else can', async () => {
    const nurse = await createNurse()
    const cookie = await cookieFor(nurse.userId)
    const { keys } = browserKeys()
    const subscribed = await post(cookie, { action: 'subscribe', subscription: { endpoint, keys, topics: { messages: false } } })
    expect(subscribed.status).toBe(200)
    expect((await subscribed.json()).device).toMatchObject({ endpoint, bookings: true, messages: false, reportReminders: true })
    expect(await subscriptionsOf(nurse.userId)).toHaveLength(1)

    const read = await call(pushApi.loader, makeRequest(`/_api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, { cookie }))
    const answer = await read.json()
    expect(answer.publicKey).toBe((await getVapidKeys()).publicKey)
    expect(answer.topics).toEqual(['bookings', 'reservations', 'messages', 'reportReminders'])
    expect(answer.device).toMatchObject({ endpoint, messages: false })
    expect(read.headers.get('Cache-Control')).toContain('no-store')

    // Another nurse, a family: the device is not theirs.
    const other = await cookieFor((await createNurse()).userId)
    expect((await post(other, { action: 'topics', endpoint, topics: { bookings: false } })).status).toBe(404)
    expect((await post(other, { action: 'unsubscribe', endpoint })).status).toBe(404)
    const otherRead = await call(pushApi.loader, makeRequest(`/_api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, { cookie: other }))
    expect((await otherRead.json()).device).toBeNull()
    expect(await subscriptionsOf(nurse.userId)).toEqual([expect.objectContaining({ bookings: true })])

    expect((await post(cookie, { action: 'topics', endpoint, topics: { bookings: false } })).status).toBe(200)
    expect((await subscriptionsOf(nurse.userId))[0]).toMatchObject({ bookings: false, messages: false })
    expect((await post(cookie, { action: 'unsubscribe', endpoint })).status).toBe(200)
    expect(await subscriptionsOf(nurse.userId)).toEqual([])
  })

  test('signed out is 401, an admin 403; a bad subscription or a private endpoint is refused', async () => {
    const { keys } = browserKeys()
    const subscription = { endpoint, keys }
    expect((await post(undefined, { action: 'subscribe', subscription })).status).toBe(401)
    const admin = await createUser({ role: 'admin' })
    expect((await post(await cookieFor(admin.id), { action: 'subscribe', subscription })).status).toBe(403)

    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    for (const bad of [
      { action: 'subscribe', subscription: { ...subscription, endpoint: 'http://fcm.googleapis.com/fcm/send/x' } },
      { action: 'subscribe', subscription: { ...subscription, keys: { p256dh: 'not base64!', auth: keys.auth } } },
      { action: 'subscribe', subscription: { ...subscription, topics: { everything: true } } },
      { action: 'explode' },
    ]) {
      expect((await post(cookie, bad)).status, JSON.stringify(bad)).toBe(400)
    }
    // What is wrong is said in words: no action, or one it does not know.
    for (const bad of [{}, { action: 'explode' }]) {
      expect((await (await post(cookie, bad)).json()).error, JSON.stringify(bad)).toBe("action must be 'subscribe', 'topics' or 'unsubscribe'")
    }
    const short = await post(cookie, { action: 'subscribe', subscription: { ...subscription, keys: { p256dh: 'abc', auth: keys.auth } } })
    expect((await short.json()).error).toBe('Not a URL-safe base64 key')
    const local = await post(cookie, { action: 'subscribe', subscription: { ...subscription, endpoint: 'https://127.0.0.1:9/push' } })
    expect(local.status).toBe(400)
    expect(await getDb().select().from(pushSubscriptions)).toEqual([])
    // A family may subscribe (for messages).
    expect((await post(cookie, { action: 'subscribe', subscription })).status).toBe(200)
  })

  test('one endpoint is one browser: subscribed by whoever signs in on it next, it is theirs', async () => {
    const first = await createNurse()
    const second = await createNurse()
    const { keys } = browserKeys()
    await saveSubscription(first.userId, { endpoint, keys, topics: {} })
    await saveSubscription(second.userId, { endpoint, keys, topics: {} })
    expect(await subscriptionsOf(first.userId)).toEqual([])
    expect(await subscriptionsOf(second.userId)).toHaveLength(1)
  })
})

describe('pushes', () => {
  test("a family's message reaches the nurse's phone, encrypted for it and signed with the server's key", async () => {
    const nurse = await createNurse({ name: 'Nadia Nights' })
    const parent = await createUser({ displayName: 'Riley Report' })
    const phone = browserKeys()
    await saveSubscription(nurse.userId, { endpoint: `${origin}/phone`, keys: phone.keys, topics: {} })
    const quiet = browserKeys()
    await saveSubscription(nurse.userId, { endpoint: `${origin}/quiet`, keys: quiet.keys, topics: { messages: false } })
    // The sender's own device hears nothing.
    await saveSubscription(parent.id, { endpoint: `${origin}/sender`, keys: browserKeys().keys, topics: {} })

    const started = await startConversation({ id: parent.id, role: 'parent' }, nurse.id, 'Hello, are you free in March?')
    if (!started.ok) throw new Error(started.error)
    const [push] = await pushesTo('/phone')
    expect(push).toBeDefined()
    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(push.headers.ttl).toBe(String(24 * 60 * 60))
    const { publicKey } = await getVapidKeys()
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`))
    const notice = JSON.parse(decrypt(push.body, phone))
    expect(notice).toEqual({
      title: 'New message',
      body: 'Riley sent you a message.',
      url: `/messages/${started.conversationId}`,
      tag: `conversation-${started.conversationId}`,
    })
    expect(notice.body).not.toContain('March')
    expect(await pushesTo('/quiet')).toEqual([])
    expect(await pushesTo('/sender')).toEqual([])

    // Her answer reaches the family's device.
    const family = browserKeys()
    await saveSubscription(parent.id, { endpoint: `${origin}/family`, keys: family.keys, topics: {} })
    expect(await sendMessage({ id: nurse.userId, role: 'nurse' }, started.conversationId, 'Yes I am.')).toEqual({ ok: true })
    const [answer] = await pushesTo('/family')
    expect(JSON.parse(decrypt(answer.body, family))).toMatchObject({ title: 'New message', body: 'Nadia Nights sent you a message.' })
  })

  test('a confirmed booking and a missing report push to the nurse; her switches are kept per device', async () => {
    const nurse = await createNurse()
    const parent = await createUser({ displayName: 'Kit Keyed' })
    const phone = browserKeys()
    await saveSubscription(nurse.userId, { endpoint: `${origin}/phone`, keys: phone.keys, topics: {} })
    await saveSubscription(nurse.userId, { endpoint: `${origin}/tablet`, keys: browserKeys().keys, topics: { bookings: false, reportReminders: false } })
    const booking = await createBooking({ nurse, parent, dates: futureDates(-3, -2) })

    await sendBookingConfirmationEmails(booking.id)
    const [booked] = await pushesTo('/phone')
    expect(JSON.parse(decrypt(booked.body, phone))).toMatchObject({ title: 'New booking', body: expect.stringMatching(/^\w+'s family booked 2 nights with you\.$/), url: '/nurse/dashboard?tab=bookings' })

    received.length = 0
    expect(await remindMissingReports()).toBeGreaterThan(0)
    const reminders = await pushesTo('/phone')
    expect(reminders.map((push) => JSON.parse(decrypt(push.body, phone)).url).sort()).toEqual(
      booking.occurrenceIds.map((id) => `/nurse/reports/${id}`).sort(),
    )
    expect(received.filter((push) => push.path === '/tablet')).toEqual([])
  })

  test('a push service answering 410 or 404 removes the subscription; a 500 keeps it, and the sender is not held up', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    for (const [name, status] of [['gone', 410], ['missing', 404], ['broken', 500]] as const) {
      answers.set(`/${name}`, status)
      await saveSubscription(nurse.userId, { endpoint: `${origin}/${name}`, keys: browserKeys().keys, topics: {} })
    }
    const started = await startConversation({ id: parent.id, role: 'parent' }, nurse.id, 'Hello!')
    expect(started.ok).toBe(true)
    await pushesSettled()
    expect(received.map((push) => push.path).sort()).toEqual(['/broken', '/gone', '/missing'])
    expect((await subscriptionsOf(nurse.userId)).map((row) => row.endpoint)).toEqual([`${origin}/broken`])
  })

  test('the VAPID keys are made once and kept in the database: a restart finds the same', async () => {
    const first = await getVapidKeys()
    expect(first.publicKey).toMatch(/^[\w-]{87}$/)
    forgetVapidKeysForTests()
    expect(await getVapidKeys()).toEqual(first)
    expect(await getDb().select().from(pushKeys)).toEqual([expect.objectContaining({ publicKey: first.publicKey })])
  })
})
