// Several app servers on one PostgreSQL database (issue 14): they start together (one migrates
// and seeds), a session made on one works on the other, the sign-in and registration limits count
// attempts made on either, and an admin rejecting a nurse on one server removes her pages from
// every server's page cache within a second (PostgreSQL LISTEN/NOTIFY).
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'
import { databaseUrl } from '../support/global-setup'

const base = process.env.TEST_DATABASE_URL
const name = `nightlight_purge_${process.pid}`
const servers: AppServer[] = []

describe.skipIf(!base)('two app servers on one database', () => {
  beforeAll(async () => {
    const admin = postgres(base!, { max: 1, onnotice: () => {} })
    await admin.unsafe(`CREATE DATABASE ${name}`)
    await admin.end()
    const env = {
      DATABASE_URL: databaseUrl(base!, name),
      SESSION_SECRET: 'a-shared-session-secret-for-the-purge-test-0123456789',
      SEED_DEMO_DATA: 'true',
      // Two registrations per address an hour; two wrong passwords per e-mail and address.
      AUTH_RATE_LIMIT: '2',
    }
    // Both start together: the migration lock lets one migrate while the other waits.
    servers.push(...(await Promise.all([startAppServer(env), startAppServer(env)])))
  }, 120_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()))
    const admin = postgres(base!, { max: 1, onnotice: () => {} })
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  })

  test("a nurse rejected on one server leaves the other server's cached pages within a second", async () => {
    const [first, second] = servers
    const search = await (await fetch(`${second.url}/_api/nurses/search?location=Austin`)).json()
    const nurse = search.nurses[0] as { id: number; slug: string }
    const profile = `${second.url}/nurse/${nurse.slug}`
    await (await fetch(profile)).text()
    const cached = await fetch(profile)
    expect(cached.headers.get('x-page-cache')).toBe('HIT')
    await cached.text()

    const login = await fetch(`${first.url}/_api/auth/login_with_password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: first.url },
      body: JSON.stringify({ email: 'admin@example.com', password: 'nightnurse-demo' }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    // The session made on the first server is good on the second.
    const session = await (await fetch(`${second.url}/_api/auth/session`, { headers: { Cookie: cookie } })).json()
    expect(session.user?.email).toBe('admin@example.com')

    const rejected = await fetch(`${first.url}/_api/admin/nurse/update-verification`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: first.url, Cookie: cookie },
      body: JSON.stringify({ nurseProfileId: nurse.id, verificationStatus: 'rejected', reason: 'Licence lapsed' }),
    })
    expect(rejected.status).toBe(200)

    await new Promise((resolve) => setTimeout(resolve, 1000))
    const after = await fetch(profile)
    expect(after.headers.get('x-page-cache')).not.toBe('HIT')
    expect(after.status).toBe(404)
    await after.text()
  })

  const post = (server: AppServer, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify(body),
    })

  test('registrations from one address count on both servers', async () => {
    const [first, second] = servers
    const account = (n: number) => ({ email: `shared${n}@example.com`, password: 'long enough password', displayName: 'Shared', role: 'parent' })
    expect((await post(first, '/_api/auth/register_with_password', account(1))).status).toBe(200)
    expect((await post(first, '/_api/auth/register_with_password', account(2))).status).toBe(200)
    expect((await post(second, '/_api/auth/register_with_password', account(3))).status).toBe(429)
  })

  test('wrong passwords for one e-mail count on both servers', async () => {
    const [first, second] = servers
    const guess = { email: 'parent@example.com', password: 'a wrong guess' }
    expect((await post(first, '/_api/auth/login_with_password', guess)).status).toBe(401)
    expect((await post(second, '/_api/auth/login_with_password', guess)).status).toBe(401)
    expect((await post(first, '/_api/auth/login_with_password', guess)).status).toBe(429)
  })
})
