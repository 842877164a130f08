// The nurse application's uploads are read as a stream (issue 9, decision 0014): who may post is
// settled before the body is read, and a file is refused the moment it passes its own limit. The
// bodies here send part of a form and then never end: an answer proves the rest was not awaited.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getConfig } from '../../app/config.server'
import { getDb } from '../../app/db/client.server'
import { files, nurseProfiles, users } from '../../app/db/schema'
import { draftHeader } from '../../app/routes/night-nurse-onboard/draft.server'
import * as page from '../../app/routes/night-nurse-onboard/route'
import { limitAttempt, TOO_MANY_ATTEMPTS } from '../../app/utils/rate-limit.server'
import { createUser } from '../support/factories'
import { call, cookieFor, ORIGIN } from '../support/fixtures'
import { pdfBytes, pngBytes } from '../support/upload-fixtures'

const CLIENT_IP = '203.0.113.7'

/** A multipart body as a browser sends it; `sendBytes` of it are sent, and then nothing, for ever. */
async function unfinishedPost(
  fields: Record<string, string | File>,
  { cookie, sendBytes }: { cookie?: string; sendBytes: number },
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const serialized = new Request(ORIGIN, { method: 'POST', body: form })
  const bytes = new Uint8Array(await serialized.arrayBuffer())
  let offset = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= Math.min(sendBytes, bytes.byteLength)) return new Promise<void>(() => {})
      const end = Math.min(offset + 64 * 1024, sendBytes, bytes.byteLength)
      controller.enqueue(bytes.slice(offset, end))
      offset = end
    },
  })
  const headers = new Headers({ Origin: ORIGIN, 'Content-Type': serialized.headers.get('Content-Type')! })
  if (cookie) headers.set('Cookie', cookie)
  const request = new Request(new URL('/night-nurse-onboard', ORIGIN), {
    method: 'POST',
    headers,
    body,
    duplex: 'half',
  } as RequestInit)
  return { request, total: bytes.byteLength }
}

/** The action's answer, or 'no answer' when it waits for a body that never comes. */
async function answerWithin(request: Request, ms = 8_000) {
  const timeout = new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms))
  return Promise.race([call(page.action, request, {}, { clientIp: CLIENT_IP }), timeout])
}

/** A file of `size` bytes whose first bytes say what it is. */
function fileOf(head: Uint8Array, size: number, name: string, type: string) {
  const bytes = new Uint8Array(size)
  bytes.set(head.subarray(0, Math.min(head.byteLength, size)))
  return new File([bytes], name, { type })
}

const MB = 1024 * 1024

async function completeDraft() {
  const header = await draftHeader({
    fullName: 'Ana Silva',
    phoneNumber: '206-555-0199',
    yearsExperience: 5,
    baseLocation: 'Seattle, WA',
    serviceRadiusMiles: 15,
    nightlyRateCents: 31000,
  })
  return header!.split(';')[0]
}

describe('the application reads its files as a stream', () => {
  test('a photo over 5 MB is refused with its message once it passes the limit, and nothing is stored', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const { request, total } = await unfinishedPost(
      {
        intent: 'step1',
        fullName: 'Dana Reyes',
        phoneNumber: '303-555-0111',
        yearsExperience: '3',
        photo: fileOf(await pngBytes(), 30 * MB, 'me.png', 'image/png'),
      },
      { cookie: await cookieFor(nurse.id), sendBytes: 6 * MB },
    )
    expect(total).toBeGreaterThan(30 * MB)
    const response = await answerWithin(request)
    expect(response).not.toBe('no answer')
    if (response === 'no answer') return
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.intent).toBe('step1')
    expect(body.result.error).toEqual({ photo: ['File size exceeds 5MB limit'] })
    const [profile] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.userId, nurse.id))
    expect(profile).toBeUndefined()
    expect(await getDb().select().from(files).where(eq(files.ownerId, nurse.id))).toHaveLength(0)
  })

  test("a visitor's government ID over 10 MB is refused before the rest is read, and no account is made", async () => {
    const email = `too-large-${Date.now()}@example.com`
    const { request } = await unfinishedPost(
      {
        intent: 'register',
        displayName: 'Ana Silva',
        email,
        password: 'night-shift-1',
        idDocument: fileOf(await pdfBytes(), 39_000_000, 'id.pdf', 'application/pdf'),
      },
      // A draft with every answer of steps 1-3: the fields pass (decision 0046), the file decides.
      { sendBytes: 11 * MB, cookie: await completeDraft() },
    )
    const response = await answerWithin(request)
    expect(response).not.toBe('no answer')
    if (response === 'no answer') return
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.result.error).toEqual({ idDocument: ['File size exceeds 10MB limit'] })
    // The typed answers come back, the password does not.
    expect(body.result.initialValue).toMatchObject({ displayName: 'Ana Silva', email })
    expect(JSON.stringify(body)).not.toContain('night-shift-1')
    expect(await getDb().select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })

  test('a visitor whose address has used up its sign-ups is told so before the form is read', async () => {
    for (let i = 0; i < getConfig().AUTH_RATE_LIMIT; i++) await limitAttempt([['registerByIp', CLIENT_IP]])
    const { request } = await unfinishedPost(
      {
        intent: 'register',
        displayName: 'Ana Silva',
        email: 'limited@example.com',
        password: 'night-shift-1',
        idDocument: fileOf(await pdfBytes(), 5 * MB, 'id.pdf', 'application/pdf'),
      },
      { sendBytes: 0 },
    )
    const response = await answerWithin(request)
    expect(response).not.toBe('no answer')
    if (response === 'no answer') return
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await response.json()).toMatchObject({ pageError: TOO_MANY_ATTEMPTS })
    expect(await getDb().select().from(users).where(eq(users.email, 'limited@example.com'))).toHaveLength(0)
  })

  test('a signed-in parent is refused before the form is read', async () => {
    const parent = await createUser({ role: 'parent' })
    const { request } = await unfinishedPost(
      { intent: 'step3', idDocument: fileOf(await pdfBytes(), 5 * MB, 'id.pdf', 'application/pdf') },
      { cookie: await cookieFor(parent.id), sendBytes: 0 },
    )
    const response = await answerWithin(request)
    expect(response).not.toBe('no answer')
    if (response === 'no answer') return
    expect(response.status).toBe(403)
  })

  test('two files in one field are refused, and nothing is stored', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const form = new FormData()
    form.append('intent', 'step3')
    form.append('baseLocation', 'Denver, CO')
    form.append('serviceRadiusMiles', '20')
    form.append('nightlyRate', '280')
    form.append('idDocument', new File([Buffer.from(await pdfBytes())], 'a.pdf', { type: 'application/pdf' }))
    form.append('idDocument', new File([Buffer.from(await pdfBytes('Second'))], 'b.pdf', { type: 'application/pdf' }))
    const headers = new Headers({ Origin: ORIGIN, Cookie: await cookieFor(nurse.id) })
    const response = await call(
      page.action,
      new Request(new URL('/night-nurse-onboard', ORIGIN), { method: 'POST', headers, body: form }),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).result.error).toEqual({ idDocument: ['Maximum 1 file(s) allowed'] })
    expect(await getDb().select().from(files).where(eq(files.ownerId, nurse.id))).toHaveLength(0)
  })

  test('a body that is not a form answers 400', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const headers = new Headers({
      Origin: ORIGIN,
      Cookie: await cookieFor(nurse.id),
      'Content-Type': 'application/json',
    })
    const response = await call(
      page.action,
      new Request(new URL('/night-nurse-onboard', ORIGIN), { method: 'POST', headers, body: '{"intent":"step1"}' }),
    )
    expect(response.status).toBe(400)
  })
})
