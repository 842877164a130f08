// A server told to stop (SIGTERM: a deploy, a rolling restart) finishes what it started (issue 14):
// it stops accepting, tells the balancer through /healthz that it is draining, answers every
// request already in flight, then closes its jobs and database and exits 0. A request that is
// still running at the deadline is cut off, so a stuck client cannot hold a deploy forever.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nightlight-shutdown-'))
const running: AppServer[] = []

async function start(env: Record<string, string> = {}) {
  const server = await startAppServer({ PGLITE_DIR: path.join(root, `db${running.length}`), SEED_DEMO_DATA: 'false', ...env })
  running.push(server)
  return server
}

afterAll(async () => {
  await Promise.all(running.map((server) => server.kill('SIGKILL')))
  fs.rmSync(root, { recursive: true, force: true })
})

interface Answer {
  status: number
  body: string
  headers: http.IncomingHttpHeaders
}

/** A sign-in call whose body arrives in two halves, `gapMs` apart; `between` runs in the gap. */
function slowSignIn(server: AppServer, gapMs: number, between: () => void): Promise<Answer> {
  const body = Buffer.from(JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }))
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}/_api/auth/login_with_password`, {
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length), Origin: server.url },
    })
    req.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.write(body.subarray(0, 10))
    // Give the server time to route the request and start reading its body.
    setTimeout(() => {
      between()
      setTimeout(() => req.end(body.subarray(10)), gapMs)
    }, 300)
  })
}

async function exitWithin(exited: Promise<number | string>, ms: number) {
  return Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), ms))])
}

describe('stopping with SIGTERM', () => {
  test('a request in flight is answered in full; meanwhile /healthz says draining and new connections are refused; then the server exits 0', async () => {
    const server = await start()
    let newConnection = 'not tried'
    const answer = await slowSignIn(server, 1500, () => {
      server.process.kill('SIGTERM')
      setTimeout(async () => {
        // A new connection (fetch would reuse one of its own kept-alive ones, which is answered).
        newConnection = await new Promise<string>((resolve) => {
          http
            .get(`${server.url}/`, { agent: false }, (res) => {
              res.resume()
              resolve(`answered ${res.statusCode}`)
            })
            .on('error', (error: Error & { code?: string }) => resolve(error.code ?? error.message))
        })
      }, 500)
    })
    expect(answer.status, server.output()).toBe(401)
    expect(answer.body).toContain('error')
    expect(answer.headers.connection).toBe('close')
    expect(newConnection).toBe('ECONNREFUSED')
    expect(await exitWithin(server.exited, 20_000)).toBe(0)
    expect(server.output()).toContain('SIGTERM received')
  })

  test('with SHUTDOWN_DELAY_MS, the server first keeps serving while /healthz answers 503, so the balancer moves on before it stops listening', async () => {
    const server = await start({ SHUTDOWN_DELAY_MS: '2000' })
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    server.process.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 300))
    const health = await fetch(`${server.url}/healthz`)
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({ status: 'draining' })
    const page = await fetch(`${server.url}/about`)
    expect(page.status).toBe(200)
    expect(page.headers.get('connection')).toBe('close')
    await new Promise((r) => setTimeout(r, 2500))
    const late = await fetch(`${server.url}/healthz`).then(
      (res) => `answered ${res.status}`,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    )
    expect(late).toBe('ECONNREFUSED')
    expect(await exitWithin(server.exited, 20_000)).toBe(0)
  })

  test('a request still running at the deadline is cut off and the server exits anyway', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '1000' })
    const started = Date.now()
    const cut = slowSignIn(server, 60_000, () => server.process.kill('SIGTERM')).then(
      () => 'answered',
      () => 'cut off',
    )
    expect(await exitWithin(server.exited, 15_000)).toBe(0)
    expect(await cut).toBe('cut off')
    expect(Date.now() - started).toBeLessThan(15_000)
  })
})
