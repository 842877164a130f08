// The nurse application judges its plain fields before it keeps a file (issue 33 point 6,
// decision 0046): a post its fields or its draft would refuse anyway never has its files stored or
// read, a visitor's account post counts against her address's registrations whatever its fate,
// the server caps the upload bytes all requests hold together, and no temporary file outlives
// its request.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { getConfig } from '../../app/config.server'
import { getDb } from '../../app/db/client.server'
import { files, users } from '../../app/db/schema'
import { draftHeader } from '../../app/routes/night-nurse-onboard/draft.server'
import * as page from '../../app/routes/night-nurse-onboard/route'
import { setUploadCapForTests, uploadBytesInFlight, UPLOADS_BUSY } from '../../app/utils/multipart.server'
import { TOO_MANY_ATTEMPTS } from '../../app/utils/rate-limit.server'
import { createUser } from '../support/factories'
import { call, cookieFor, ORIGIN } from '../support/fixtures'
import { pdfBytes } from '../support/upload-fixtures'

const CLIENT_IP = '198.51.100.46'
const MB = 1024 * 1024

let uploadRoot: string
let previousTmpdir: string | undefined

// Each test gets its own temporary directory (os.tmpdir() reads TMPDIR on every call), so what
// it finds there afterwards is what its own requests left.
beforeEach(async () => {
  previousTmpdir = process.env.TMPDIR
  uploadRoot = await mkdtemp(path.join(tmpdir(), 'nightlight-checked-first-'))
  process.env.TMPDIR = uploadRoot
})

afterEach(async () => {
  setUploadCapForTests(undefined)
  if (previousTmpdir === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = previousTmpdir
  await rm(uploadRoot, { recursive: true, force: true })
})

/** A PDF of `size` bytes (a real one's first bytes, then zeros). */
async function pdfOf(size: number, name = 'id.pdf') {
  const head = await pdfBytes()
  const bytes = new Uint8Array(size)
  bytes.set(head.subarray(0, Math.min(head.byteLength, size)))
  return new File([bytes], name, { type: 'application/pdf' })
}

/**
 * A multipart post of these parts in this order. `sendBytes` of it are sent and then nothing,
 * for ever (undefined: all of it), so an answer proves the rest was not awaited.
 */
async function post(parts: Array<[string, string | File]>, { cookie, sendBytes }: { cookie?: string; sendBytes?: number } = {}) {
  const form = new FormData()
  for (const [name, value] of parts) form.append(name, value)
  const serialized = new Request(ORIGIN, { method: 'POST', body: form })
  const bytes = new Uint8Array(await serialized.arrayBuffer())
  const limit = Math.min(sendBytes ?? bytes.byteLength, bytes.byteLength)
  let offset = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= limit) {
        if (sendBytes === undefined) return controller.close()
        return new Promise<void>(() => {})
      }
      const end = Math.min(offset + 64 * 1024, limit)
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
  const timeout = new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 20_000))
  return Promise.race([call(page.action, request, {}, { clientIp: CLIENT_IP }), timeout])
}

const account = (email: string): Array<[string, string]> => [
  ['intent', 'register'],
  ['displayName', 'Ana Silva'],
  ['email', email],
  ['password', 'night-shift-1'],
]

/** A draft with everything steps 1-3 ask for. */
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

async function leftInTmp() {
  return readdir(uploadRoot)
}

describe('a visitor account post is judged by its fields first', () => {
  test('with no phone in her draft it is refused before its two 10 MB files are read, and leaves no file', async () => {
    const email = `no-phone-${Date.now()}@example.com`
    const response = await post(
      [...account(email), ['idDocument', await pdfOf(10 * MB)], ['certificationDocument', await pdfOf(10 * MB, 'cert.pdf')]],
      // The fields and the first megabyte of the ID: the rest never comes.
      { sendBytes: 1 * MB },
    )
    expect(response).not.toBe('no answer')
    if (response === 'no answer') return
    expect(response.status).toBe(400)
    expect(JSON.stringify((await response.json()).result.error)).toContain('Phone number is required')
    expect(await getDb().select().from(users).where(eq(users.email, email))).toHaveLength(0)
    expect(await leftInTmp()).toEqual([])
    expect(uploadBytesInFlight()).toBe(0)
  })

  test('a refused post counts against the address: after the limit the next one answers 429', async () => {
    const limit = getConfig().AUTH_RATE_LIMIT
    for (let i = 0; i < limit; i++) {
      const refused = await post([...account(`refused-${i}@example.com`), ['idDocument', await pdfOf(MB)]])
      expect(refused).not.toBe('no answer')
      if (refused !== 'no answer') expect(refused.status).toBe(400)
    }
    // Even a post that would have made an account is now refused, before its body is read.
    const next = await post([...account('eleventh@example.com'), ['idDocument', await pdfOf(MB)]], {
      cookie: await completeDraft(),
      sendBytes: 0,
    })
    expect(next).not.toBe('no answer')
    if (next === 'no answer') return
    expect(next.status).toBe(429)
    expect(JSON.stringify(await next.json())).toContain(TOO_MANY_ATTEMPTS)
    expect(await getDb().select().from(users).where(eq(users.email, 'eleventh@example.com'))).toHaveLength(0)
    expect(await leftInTmp()).toEqual([])
  })

  test('with a bad e-mail it is refused from its fields alone, and counted', async () => {
    const limit = getConfig().AUTH_RATE_LIMIT
    for (let i = 0; i < limit; i++) {
      const response = await post([...account('not-an-address'), ['idDocument', await pdfOf(5 * MB)]], {
        cookie: await completeDraft(),
        sendBytes: MB,
      })
      expect(response).not.toBe('no answer')
      if (response === 'no answer') return
      expect(response.status).toBe(400)
      expect((await response.json()).result.error).toMatchObject({ email: ['Invalid email'] })
    }
    const after = await post([...account('ana@example.com'), ['idDocument', await pdfOf(MB)]], { cookie: await completeDraft() })
    expect(after).not.toBe('no answer')
    if (after !== 'no answer') expect(after.status).toBe(429)
  })

  test('files sent before the fields wait on disk, the fields still decide, and nothing is left behind', async () => {
    const email = `files-first-${Date.now()}@example.com`
    const response = await post([['idDocument', await pdfOf(3 * MB)], ...account(email)])
    expect(response).not.toBe('no answer')
    if (response === 'no answer') return
    expect(response.status).toBe(400)
    expect(JSON.stringify((await response.json()).result.error)).toContain('Phone number is required')
    expect(await leftInTmp()).toEqual([])
    expect(uploadBytesInFlight()).toBe(0)
  })

  test('with a complete draft it still makes the account and keeps the files, counted once', async () => {
    const email = `complete-${Date.now()}@example.com`
    const response = await post([...account(email), ['idDocument', await pdfOf(200_000)]], { cookie: await completeDraft() })
    expect(response).not.toBe('no answer')
    if (response === 'no answer') return
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/nurse/dashboard')
    const [user] = await getDb().select().from(users).where(eq(users.email, email))
    expect((await getDb().select().from(files).where(eq(files.ownerId, user.id))).map((f) => f.kind)).toEqual(['id_document'])
    expect(await leftInTmp()).toEqual([])
    // One post, one count: the limit's other attempts are still there.
    for (let i = 1; i < getConfig().AUTH_RATE_LIMIT; i++) {
      const more = await post([...account(`more-${i}@example.com`)])
      if (more !== 'no answer') expect(more.status).toBe(400)
    }
  })

  test("a visitor's step 1 takes no file: one is refused without being read", async () => {
    const response = await post(
      [
        ['intent', 'step1'],
        ['fullName', 'Ana Silva'],
        ['phoneNumber', '206-555-0199'],
        ['yearsExperience', '5'],
        ['photo', await pdfOf(4 * MB, 'me.jpg')],
      ],
      { sendBytes: MB },
    )
    expect(response).not.toBe('no answer')
    if (response === 'no answer') return
    expect(response.status).toBe(400)
    expect(await leftInTmp()).toEqual([])
  })
})

describe("a nurse's step is judged by its fields first", () => {
  test('a step 3 with no rate is refused before its ID is read', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const response = await post(
      [
        ['intent', 'step3'],
        ['baseLocation', 'Denver, CO'],
        ['serviceRadiusMiles', '20'],
        ['nightlyRate', ''],
        ['idDocument', await pdfOf(10 * MB)],
      ],
      { cookie: await cookieFor(nurse.id), sendBytes: MB },
    )
    expect(response).not.toBe('no answer')
    if (response === 'no answer') return
    expect(response.status).toBe(400)
    expect((await response.json()).result.error).toHaveProperty('nightlyRate')
    expect(await getDb().select().from(files).where(eq(files.ownerId, nurse.id))).toHaveLength(0)
  })
})

describe('the upload bytes all requests hold together are capped', () => {
  test('past the cap an upload answers 503 with a clear text, and its bytes and file are given back', { timeout: 60_000 }, async () => {
    setUploadCapForTests(MB)
    const nurse = await createUser({ role: 'nurse' })
    const response = await post(
      [
        ['intent', 'step3'],
        ['baseLocation', 'Denver, CO'],
        ['serviceRadiusMiles', '20'],
        ['nightlyRate', '280'],
        ['idDocument', await pdfOf(2 * MB)],
      ],
      { cookie: await cookieFor(nurse.id) },
    )
    expect(response).not.toBe('no answer')
    if (response === 'no answer') return
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await response.text()).toBe(UPLOADS_BUSY)
    expect(uploadBytesInFlight()).toBe(0)
    expect(await leftInTmp()).toEqual([])
    expect(await getDb().select().from(files).where(eq(files.ownerId, nurse.id))).toHaveLength(0)

    // Under the cap the same post goes through.
    setUploadCapForTests(4 * MB)
    const again = await post(
      [
        ['intent', 'step3'],
        ['baseLocation', 'Denver, CO'],
        ['serviceRadiusMiles', '20'],
        ['nightlyRate', '280'],
        ['idDocument', await pdfOf(2 * MB)],
      ],
      { cookie: await cookieFor(nurse.id) },
    )
    expect(again).not.toBe('no answer')
    if (again !== 'no answer') expect(again.status).toBe(302)
    expect(uploadBytesInFlight()).toBe(0)
  })
})
