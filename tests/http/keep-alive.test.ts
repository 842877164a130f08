// Early answers close cleanly (issue 9, decision 0014): an answer sent before the request body
// was read must not break the next request on the same keep-alive connection. The production
// build as a child process, over real sockets.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'
import { keepAliveConnection, multipartBody } from '../support/keep-alive-connection'

let server: AppServer
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nightlight-keep-alive-'))
  server = await startAppServer({ PGLITE_DIR: path.join(dir, 'pglite') })
})

afterAll(async () => {
  await server?.kill()
  await rm(dir, { recursive: true, force: true })
})

const json = (base: string) => ({
  'Content-Type': 'application/json',
  Origin: base,
})
const bigJson = JSON.stringify({ nurseId: 1, notes: 'x'.repeat(415_000) })

describe('an answer sent before the body was read', () => {
  test("leaves Node's fetch able to send its next post on the same connection", async () => {
    for (let round = 0; round < 3; round++) {
      const refused = await fetch(`${server.url}/_api/bookings/create`, {
        method: 'POST',
        headers: json(server.url),
        body: bigJson,
      })
      expect(refused.status).toBe(401)
      await refused.text()
      const next = await fetch(`${server.url}/_api/bookings/create`, {
        method: 'POST',
        headers: json(server.url),
        body: '{}',
      })
      expect(next.status).toBe(401)
      expect(await next.json()).toEqual({ error: 'Not authenticated' })
    }
  })

  test('is sent at once, and the connection is kept and answers the next request', async () => {
    const connection = keepAliveConnection(server.url)
    try {
      const refused = await connection.request('/_api/bookings/create', {
        headers: json(server.url),
        body: bigJson,
        sendFirst: 64 * 1024,
      })
      expect(refused).toMatchObject({ status: 401, answeredEarly: true })
      expect(refused.headers.connection).not.toBe('close')

      const next = await connection.request('/_api/nurses/search?location=Austin', { method: 'GET' })
      expect(next.status).toBe(200)
      expect(next.reusedSocket).toBe(true)
      const after = await connection.request('/_api/bookings/create', {
        headers: json(server.url),
        body: '{}',
      })
      expect(after).toMatchObject({ status: 401, reusedSocket: true })
    } finally {
      connection.close()
    }
  })

  test('a body over the limit is answered 413 and its connection closed; the next request gets a new one', async () => {
    const connection = keepAliveConnection(server.url)
    try {
      const tooLarge = await connection.request('/_api/bookings/create', {
        headers: json(server.url),
        body: new Uint8Array(3_000_000).fill(120),
        sendFirst: 64 * 1024,
      })
      expect(tooLarge).toMatchObject({ status: 413, answeredEarly: true })
      expect(JSON.parse(tooLarge.text)).toEqual({
        error: 'The request is too large.',
      })
      expect(tooLarge.headers.connection).toBe('close')

      const next = await connection.request('/_api/bookings/create', {
        headers: json(server.url),
        body: '{}',
      })
      expect(next).toMatchObject({ status: 401, reusedSocket: false })
    } finally {
      connection.close()
    }
  })

  test("a signed-in parent's application is refused before its files are read, and the connection stays usable", async () => {
    const registered = await fetch(`${server.url}/_api/auth/register_with_password`, {
      method: 'POST',
      headers: json(server.url),
      body: JSON.stringify({
        email: 'keep-alive-parent@example.com',
        password: 'night-shift-1',
        displayName: 'Pat Parent',
        role: 'parent',
      }),
    })
    expect(registered.status).toBe(200)
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')

    const pdf = new Uint8Array(5_000_000)
    pdf.set(new TextEncoder().encode('%PDF-1.4\n'))
    const { body, contentType } = await multipartBody({
      intent: 'step3',
      baseLocation: 'Austin, TX',
      serviceRadiusMiles: '20',
      nightlyRate: '300',
      idDocument: new File([pdf], 'id.pdf', { type: 'application/pdf' }),
    })
    const connection = keepAliveConnection(server.url)
    try {
      const refused = await connection.request('/night-nurse-onboard?step=3', {
        headers: {
          'Content-Type': contentType,
          Origin: server.url,
          Cookie: cookie,
        },
        body,
        sendFirst: 64 * 1024,
      })
      expect(refused).toMatchObject({ status: 403, answeredEarly: true })
      expect(refused.text).toContain('nurse')

      const next = await connection.request('/_api/auth/session', {
        method: 'GET',
        headers: { Cookie: cookie },
      })
      expect(next).toMatchObject({ status: 200, reusedSocket: true })
      expect(JSON.parse(next.text)).toMatchObject({ user: { role: 'parent' } })
    } finally {
      connection.close()
    }
  })
})

describe('an idle kept-alive connection', () => {
  test('is kept longer than a balancer keeps its own (60 s), so the server never closes one under a request', async () => {
    const response = await fetch(`${server.url}/healthz`)
    await response.text()
    expect(response.headers.get('keep-alive')).toBe('timeout=65')
  })
})
