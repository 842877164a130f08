// What an operator has to go on (issue 14): a request id on every answer and log line, JSON logs
// that never carry cookies or query strings, and Prometheus metrics behind a token.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nightlight-observability-'))
const TOKEN = 'a-metrics-token-for-the-test-0123'
let server: AppServer
let proxied: AppServer

beforeAll(async () => {
  ;[server, proxied] = await Promise.all([
    startAppServer({ PGLITE_DIR: path.join(root, 'a'), SEED_DEMO_DATA: 'true', METRICS_TOKEN: TOKEN, JOBS_EVERY_MS: '300' }),
    startAppServer({ PGLITE_DIR: path.join(root, 'b'), SEED_DEMO_DATA: 'false', TRUST_PROXY: '1' }),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([server?.kill(), proxied?.kill()])
  fs.rmSync(root, { recursive: true, force: true })
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('request ids and logs', () => {
  test('every answer names its request id, and the log line for it carries the same id, the path without its query, and no cookie', async () => {
    const res = await fetch(`${server.url}/about?token=query-secret-1234`, {
      headers: { Cookie: 'nightlight_session=cookie-secret-5678', 'X-Request-Id': 'chosen-by-the-visitor' },
    })
    await res.text()
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(UUID)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const line = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { reqId?: string; req?: { path?: string }; res?: { status?: number } })
      .find((entry) => entry.reqId === id)
    expect(line).toMatchObject({ req: { path: '/about' }, res: { status: 200 } })
    expect(server.output()).not.toContain('query-secret-1234')
    expect(server.output()).not.toContain('cookie-secret-5678')
    expect(server.output()).not.toContain('chosen-by-the-visitor')
  })

  test("behind a trusted balancer, the balancer's request id is kept; a malformed one is replaced", async () => {
    const kept = await fetch(`${proxied.url}/healthz`, { headers: { 'X-Request-Id': 'lb-0f3a9c2e-77' } })
    expect(kept.headers.get('x-request-id')).toBe('lb-0f3a9c2e-77')
    const replaced = await fetch(`${proxied.url}/healthz`, { headers: { 'X-Request-Id': 'bad id\twith spaces' } })
    expect(replaced.headers.get('x-request-id')).toMatch(UUID)
  })
})

describe('/metrics', () => {
  test('does not exist for the public, with a wrong token, or when no token is configured', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer wrong-token-wrong-token-00' } })).status).toBe(404)
    expect((await fetch(`${proxied.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404)
  })

  test('with the token: request durations by route and status, job runs, payments by status, statements in flight', async () => {
    await (await fetch(`${server.url}/nurse/no-such-nurse`)).text()
    await (await fetch(`${server.url}/about`)).text()
    // Every /_api call is one route; each is labelled by its own path, and a made-up one adds no series.
    expect((await fetch(`${server.url}/_api/auth/session`)).status).toBe(401)
    const madeUp = await fetch(`${server.url}/_api/made-up-call-7f3e`)
    expect(madeUp.status).toBe(404)
    expect(await madeUp.json()).toEqual({ error: 'Not found' })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    const text = await res.text()
    expect(text).toMatch(/nightlight_http_request_duration_seconds_count\{method="GET",route="routes\/about",status="200"\} \d+/)
    expect(text).toMatch(/nightlight_http_request_duration_seconds_count\{method="GET",route="routes\/nurse\.\$slug",status="404"\} \d+/)
    expect(text).not.toContain('no-such-nurse')
    expect(text).toMatch(/nightlight_http_request_duration_seconds_count\{method="GET",route="\/_api\/auth\/session",status="401"\} \d+/)
    expect(text).toMatch(/nightlight_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} \d+/)
    expect(text).not.toContain('made-up-call')
    expect(text).toMatch(/nightlight_job_runs_total\{job="release-expired-holds",outcome="ok"\} [1-9]/)
    expect(text).toMatch(/nightlight_payments\{kind="charge",status="succeeded"\} [1-9]/)
    expect(text).toContain('nightlight_db_statements_in_flight')
    expect(text).toContain('nightlight_process_resident_memory_bytes')
  })
})
