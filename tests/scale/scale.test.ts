// `npm run scale:test` (issue 14): the production shape, run natively. Three app servers of the
// production build on one PostgreSQL database, behind Debian's nginx configured from the same
// template as docker-compose.yml. Checked across servers: the balancer spreads requests; a session
// made on one server works on every one; twenty parents racing for one night through the balancer
// get exactly one booking; the registration limit counts attempts on all servers together; one
// Stripe webhook event delivered to two servers at once is applied once; the background jobs
// settle each thing once however many servers run them; a nurse rejected on one
// server leaves every server's page cache within a second; and a rolling restart (SIGTERM to one
// server at a time, under load) loses no request.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listBookableNights, oneNightBooking } from '../../bench/booking-load'
import { type DatabaseHandle, openPostgres } from '../../app/db/client.server'
import { DEMO_PASSWORD } from '../../app/demo/seed.server'
import { type AppServer, freePort, startAppServer } from '../support/app-server'
import { databaseUrl } from '../support/global-setup'
import { FakeStripe } from '../support/fake-stripe'
import { type Nginx, startNginx } from './nginx'

const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `nightlight_scale_${process.pid}`
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nightlight-scale-'))
const REGISTRATIONS_PER_HOUR = 25

let nginx: Nginx
let stripe: FakeStripe
const WEBHOOK_SECRET = 'whsec_scale_test_secret'
let database: DatabaseHandle
const servers: AppServer[] = []
let env: Record<string, string>

const rows = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]

function say(line: string) {
  console.log(`scale: ${line}`)
}

beforeAll(async () => {
  const admin = postgres(base, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  await admin.end()
  // Card payments through Stripe's real SDK against a local fake (tests/support/fake-stripe.ts).
  stripe = await new FakeStripe().start()
  const nginxPort = await freePort()
  const ports = [await freePort(), await freePort(), await freePort()]
  env = {
    DATABASE_URL: databaseUrl(base, name),
    SESSION_SECRET: 'the-scale-test-shares-one-session-secret-0123456789',
    SEED_DEMO_DATA: 'true',
    APP_ORIGIN: `http://127.0.0.1:${nginxPort}`,
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT: String(REGISTRATIONS_PER_HOUR),
    SHUTDOWN_DELAY_MS: '500',
    // Every job every half second, on every server at once.
    JOBS_EVERY_MS: '500',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  }
  servers.push(...(await Promise.all(ports.map((port) => startAppServer({ ...env, PORT: String(port) })))))
  nginx = await startNginx(path.join(dir, 'nginx'), nginxPort, ports.map((port) => `127.0.0.1:${port}`))
  database = openPostgres(env.DATABASE_URL, 2)
  say(`3 app servers (${ports.join(', ')}) on database ${name}, nginx on ${nginxPort}`)
}, 180_000)

afterAll(async () => {
  await nginx?.stop()
  await stripe?.stop()
  await Promise.all(servers.map((server) => server.kill('SIGKILL')))
  await database?.close()
  const admin = postgres(base, { max: 1, onnotice: () => {} })
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
  fs.rmSync(dir, { recursive: true, force: true })
})

const json = (cookie?: string) => ({
  'Content-Type': 'application/json',
  Origin: env.APP_ORIGIN,
  ...(cookie ? { Cookie: cookie } : {}),
})

async function signIn(url: string, email: string) {
  const res = await fetch(`${url}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  expect(res.status, `signing in ${email}`).toBe(200)
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
}

let registered = 0
/** The parent who won the race, and so holds one unpaid booking. */
let winner: { id: number; cookie: string } | undefined
async function register() {
  registered += 1
  const res = await fetch(`${nginx.url}/_api/auth/register_with_password`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify({
      email: `racer${registered}@example.com`,
      password: 'a long enough password',
      displayName: `Racer ${registered}`,
      role: 'parent',
    }),
  })
  const body = res.status === 200 ? await res.json() : await res.text()
  return {
    status: res.status,
    id: res.status === 200 ? (body.user.id as number) : 0,
    cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '),
  }
}

const requestLines = (server: AppServer, pathname: string) =>
  server.output().split('\n').filter((line) => line.includes(`"path":"${pathname}"`)).length

describe('three app servers behind nginx on one PostgreSQL database', () => {
  test('nginx spreads requests over every server', async () => {
    for (let i = 0; i < 30; i++) expect((await fetch(`${nginx.url}/about`)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const counts = servers.map((server) => requestLines(server, '/about'))
    say(`30 page views answered by the servers: ${counts.join(' / ')}`)
    for (const count of counts) expect(count).toBeGreaterThan(0)
  })

  test('a session made through the balancer works on every server', async () => {
    const cookie = await signIn(nginx.url, 'parent@example.com')
    for (const server of servers) {
      const res = await fetch(`${server.url}/_api/auth/session`, { headers: { Cookie: cookie } })
      expect(res.status).toBe(200)
      expect((await res.json()).user.email).toBe('parent@example.com')
    }
    say('a session made on one server is good on all three')
  })

  test('twenty parents racing for one night through the balancer: exactly one booking', async () => {
    const parents = []
    for (let i = 0; i < 20; i++) {
      const parent = await register()
      expect(parent.status).toBe(200)
      parents.push(parent)
    }
    const [night] = await listBookableNights(database.db)
    const answers = await Promise.all(
      parents.map((parent) =>
        fetch(`${nginx.url}/_api/bookings/create`, {
          method: 'POST',
          headers: json(parent.cookie),
          body: JSON.stringify({ parentId: parent.id, ...oneNightBooking(night) }),
        }).then((res) => res.status),
      ),
    )
    winner = parents[answers.indexOf(200)]
    const won = answers.filter((status) => status === 200).length
    say(`20 racers for nurse ${night.nurseId} on ${night.date}: ${won} booked, ${answers.filter((s) => s === 409).length} told it was taken`)
    expect(won).toBe(1)
    expect(answers.filter((status) => status !== 200).every((status) => status === 409)).toBe(true)
    const held = rows<{ count: number }>(
      await database.db.execute(sql`select count(*)::int as count from booking_occurrences
        where nurse_id = ${night.nurseId} and date = ${night.date} and status <> 'cancelled'`),
    )
    expect(held[0].count).toBe(1)
  })

  test('the registration limit counts attempts on all servers together', async () => {
    // 20 racers registered above; the limit is per address, and every test client is one address.
    const statuses = []
    for (let i = registered; i < REGISTRATIONS_PER_HOUR + 2; i++) statuses.push((await register()).status)
    const succeeded = registered - statuses.filter((status) => status !== 200).length
    say(`registrations from one address across three servers: ${succeeded} accepted, then ${statuses.filter((s) => s === 429).length} refused`)
    expect(succeeded).toBe(REGISTRATIONS_PER_HOUR)
    expect(statuses.at(-1)).toBe(429)
  })

  test("one Stripe event delivered to two servers at once is applied once; then the reminder sweep of three servers sends one reminder", async () => {
    // The race's winner pays at Stripe; Stripe tells two servers at the same moment.
    const bookings = await (await fetch(`${nginx.url}/_api/bookings/list`, { headers: { Cookie: winner!.cookie } })).json()
    const bookingId = bookings.bookings[0].id as number
    const intent = await fetch(`${nginx.url}/_api/payments/create-intent`, {
      method: 'POST',
      headers: json(winner!.cookie),
      body: JSON.stringify({ bookingId }),
    })
    expect(intent.status).toBe(200)
    const { paymentIntentId } = await intent.json()
    const event = stripe.signedEvent('payment_intent.succeeded', stripe.succeed(paymentIntentId), WEBHOOK_SECRET)
    const deliver = (server: AppServer) =>
      fetch(`${server.url}/_api/payments/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature },
        body: event.payload,
      }).then((res) => res.status)
    expect(await Promise.all([deliver(servers[0]), deliver(servers[1])])).toEqual([200, 200])
    const [{ email: to }] = rows<{ email: string }>(await database.db.execute(sql`select email from users where id = ${winner!.id}`))
    const confirmations = rows<{ times: number }>(
      await database.db.execute(sql`select count(*)::int as times from outbox_emails
        where to_address = ${to} and subject like 'Booking confirmed:%'`),
    )
    const booking = rows<{ status: string }>(await database.db.execute(sql`select status from bookings where id = ${bookingId}`))
    const charges = rows<{ status: string }>(
      await database.db.execute(sql`select status from payments where booking_id = ${bookingId} and kind = 'charge'`),
    )
    say(`one webhook event to two servers at once: booking ${booking[0].status}, ${confirmations[0].times} confirmation e-mail, charges ${charges.map((c) => c.status).join(', ')}`)
    expect(booking[0].status).toBe('confirmed')
    expect(confirmations[0].times).toBe(1)
    expect(charges.map((c) => c.status)).toEqual(['succeeded'])

    // Her night is two days away; a reminder lead of 96 hours (set in the database: the settings
    // form offers 12, 24 or 48) makes it due now, for every server's sweep at once.
    await database.db.execute(sql`insert into notification_preferences (user_id, reminder_hours_before)
      values (${winner!.id}, 96) on conflict (user_id) do update set reminder_hours_before = 96`)
    await new Promise((resolve) => setTimeout(resolve, 3000))
    const reminders = rows<{ times: number }>(
      await database.db.execute(sql`select count(*)::int as times from outbox_emails
        where to_address = ${to} and subject ilike '%reminder%'`),
    )
    say(`reminder e-mails for the confirmed night after 3 s of sweeps on 3 servers: ${reminders[0].times}`)
    expect(reminders[0].times).toBe(1)
  })

  test("a nurse rejected through one server leaves every server's cache within a second", async () => {
    const search = await (await fetch(`${nginx.url}/_api/nurses/search?location=Austin`)).json()
    const nurse = search.nurses[0] as { id: number; slug: string }
    for (const server of servers) {
      await (await fetch(`${server.url}/nurse/${nurse.slug}`)).text()
      const cached = await fetch(`${server.url}/nurse/${nurse.slug}`)
      expect(cached.headers.get('x-page-cache')).toBe('HIT')
      await cached.text()
    }
    const cookie = await signIn(nginx.url, 'admin@example.com')
    const rejected = await fetch(`${nginx.url}/_api/admin/nurse/update-verification`, {
      method: 'POST',
      headers: json(cookie),
      body: JSON.stringify({ nurseProfileId: nurse.id, verificationStatus: 'rejected', reason: 'Licence lapsed' }),
    })
    expect(rejected.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    for (const server of servers) expect((await fetch(`${server.url}/nurse/${nurse.slug}`)).status).toBe(404)
    say('a rejection on one server emptied all three page caches within a second')
  })

  test('a rolling restart under load loses no request', async () => {
    const cookie = await signIn(nginx.url, 'parent@example.com')
    const outcomes = new Map<string, number>()
    let running = true
    const worker = async (n: number) => {
      while (running) {
        const request =
          n % 2 === 0
            ? fetch(`${nginx.url}/_api/nurses/search?location=Austin`)
            : // A POST that reaches the app and changes nothing (the body is refused).
              fetch(`${nginx.url}/_api/bookings/create`, { method: 'POST', headers: json(cookie), body: '{}' })
        const outcome = await request.then(
          async (res) => {
            await res.arrayBuffer()
            return String(res.status)
          },
          (error: Error) => `error ${error.message}`,
        )
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
      }
    }
    const load = Promise.all([0, 1, 2, 3].map(worker))
    for (let i = 0; i < servers.length; i++) {
      const old = servers[i]
      old.process.kill('SIGTERM')
      expect(await old.exited).toBe(0)
      servers[i] = await startAppServer({ ...env, PORT: String(old.port) })
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
    running = false
    await load
    const summary = [...outcomes].map(([outcome, count]) => `${outcome}: ${count}`).join(', ')
    say(`rolling restart of 3 servers under load: ${summary}`)
    if (outcomes.size > 2) say(`nginx errors:\n${[...new Set(nginx.errors().split('\n').map((l) => l.replace(/^.*?\*\d+ /, '').replace(/, client.*upstream: /, ' @ ')))].slice(0, 15).join('\n')}`)
    expect([...outcomes.keys()].sort()).toEqual(['200', '400'])
  })
})
