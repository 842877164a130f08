// Behind a balancer every request comes from the balancer's address (issue 14). With TRUST_PROXY
// the per-address limits count each visitor, by the address the trusted proxy appended; without
// it, X-Forwarded-For is ignored, so nobody can pick an address of their own to escape a limit.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nightlight-trust-proxy-'))
const running: AppServer[] = []
let registrations = 0

async function start(env: Record<string, string>) {
  // AUTH_RATE_LIMIT=2: two registrations per address an hour.
  const server = await startAppServer({
    PGLITE_DIR: path.join(root, `db${running.length}`),
    SEED_DEMO_DATA: 'false',
    AUTH_RATE_LIMIT: '2',
    ...env,
  })
  running.push(server)
  return server
}

afterAll(async () => {
  await Promise.all(running.map((server) => server.kill('SIGKILL')))
  fs.rmSync(root, { recursive: true, force: true })
})

async function register(server: AppServer, forwardedFor?: string) {
  registrations += 1
  const res = await fetch(`${server.url}/_api/auth/register_with_password`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: server.url,
      ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
    },
    body: JSON.stringify({
      email: `visitor${registrations}@example.com`,
      password: 'long enough password',
      displayName: 'Visitor',
      role: 'parent',
    }),
  })
  return res.status
}

describe('client addresses behind a proxy', () => {
  test('without TRUST_PROXY, X-Forwarded-For changes nothing: the third registration from one address is refused', async () => {
    const server = await start({})
    expect(await register(server, '203.0.113.1')).toBe(200)
    expect(await register(server, '203.0.113.2')).toBe(200)
    expect(await register(server, '203.0.113.3')).toBe(429)
  })

  test('with TRUST_PROXY=1, each visitor has their own limit, counted by the address the proxy appended', async () => {
    const server = await start({ TRUST_PROXY: '1' })
    for (const visitor of ['203.0.113.10', '203.0.113.11', '203.0.113.12']) {
      expect(await register(server, visitor), visitor).toBe(200)
    }
    expect(await register(server, '203.0.113.20')).toBe(200)
    expect(await register(server, '203.0.113.20')).toBe(200)
    expect(await register(server, '203.0.113.20')).toBe(429)
    // A visitor who writes their own X-Forwarded-For is still the address the proxy saw.
    expect(await register(server, '198.51.100.1, 203.0.113.20')).toBe(429)
  })

  test('a TRUST_PROXY that would believe everyone stops the start with a clear message', async () => {
    await expect(start({ TRUST_PROXY: 'true' })).rejects.toThrow(
      /TRUST_PROXY must be a number of hops \(like 1\) or a comma list of proxy addresses or subnets/,
    )
  })
})
