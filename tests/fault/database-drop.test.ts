// Database faults are routine (issue 9): the production server on a PostgreSQL server whose
// backends are ended under booking traffic, or which cannot be reached at all for a while. The
// process stays up, /healthz follows the database, and once it is back nothing answers 500.
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'
import { startProxy } from '../support/tcp-proxy'
import { oneNightBooking } from '../../bench/booking-load'

const ADMIN_URL = process.env.TEST_DATABASE_URL
const PASSWORD = 'fault-test-password'

interface Night {
  nurseId: number
  date: string
  timezone: string
}

function databaseUrl(name: string) {
  const url = new URL(ADMIN_URL!)
  url.pathname = `/${name}`
  return url.toString()
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function healthStatus(base: string) {
  try {
    const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) })
    return response.status
  } catch {
    return 0
  }
}

/** Polls /healthz until it answers `status`; the milliseconds it took, or Infinity. */
async function healthBecomes(base: string, status: number, withinMs: number) {
  const started = Date.now()
  while (Date.now() - started < withinMs) {
    if ((await healthStatus(base)) === status) return Date.now() - started
    await sleep(200)
  }
  return Infinity
}

const isAlive = (server: AppServer) => server.process.exitCode === null && server.process.signalCode === null

/** A parent's whole journey over HTTP: register, book a night, pay it by test card, confirm. */
/** The cookies a client sends after an answer set `set`: by name, the newest kept. */
function keptCookies(sent: string, set: string[]): string {
  const jar = new Map(sent ? sent.split('; ').map((pair) => [pair.split('=')[0], pair] as const) : [])
  for (const cookie of set) {
    const pair = cookie.split(';')[0]
    jar.set(pair.split('=')[0], pair)
  }
  return [...jar.values()].join('; ')
}

class Parent {
  cookie = ''
  statuses: number[] = []
  constructor(
    private base: string,
    private email: string,
  ) {}

  private async post(path: string, body: unknown) {
    let status: number
    let json: Record<string, unknown> = {}
    try {
      const response = await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: this.base, ...(this.cookie && { Cookie: this.cookie }) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      })
      status = response.status
      // A cookie jar: each cookie the answer sets replaces the one of its name (the session, the
      // language a signed-in page writes for a device that has none).
      this.cookie = keptCookies(this.cookie, response.headers.getSetCookie())
      json = await response.json().catch(() => ({}))
    } catch {
      // The connection failed or timed out: no answer at all.
      status = 0
    }
    this.statuses.push(status)
    return { status, json }
  }

  async register() {
    const { status } = await this.post('/_api/auth/register_with_password', {
      email: this.email,
      password: PASSWORD,
      displayName: 'Fault Test Parent',
      role: 'parent',
    })
    if (status === 200) return true
    // It may have been created before its answer was lost: sign in instead.
    return (await this.post('/_api/auth/login_with_password', { email: this.email, password: PASSWORD })).status === 200
  }

  /** True when the night ended booked and paid. */
  async bookAndPay(night: Night) {
    if (!this.cookie && !(await this.register())) return false
    const created = await this.post('/_api/bookings/create', oneNightBooking(night))
    const bookingId = (created.json.booking as { id?: number } | undefined)?.id
    if (created.status !== 200 || !bookingId) return false
    const intent = await this.post('/_api/payments/create-intent', { bookingId })
    if (intent.status !== 200) return false
    const paid = await this.post('/_api/payments/test-card', { ...intent.json, cardNumber: '4242 4242 4242 4242' })
    if (paid.status !== 200) return false
    const confirmed = await this.post('/_api/payments/confirm', { paymentIntentId: intent.json.paymentIntentId })
    return confirmed.status === 200
  }
}

describe.skipIf(!ADMIN_URL)('the server on PostgreSQL when the database drops', () => {
  const name = `nightlight_fault_${process.pid}_${Date.now()}`
  let admin: postgres.Sql
  let server: AppServer | undefined
  let nights: Night[] = []

  beforeAll(async () => {
    admin = postgres(ADMIN_URL!, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${name}`)
  })

  afterAll(async () => {
    await server?.kill('SIGKILL')
    await admin.unsafe(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  test('ending its backends again and again under booking traffic never stops the process, and after recovery nothing answers 500', async () => {
    server = await startAppServer({
      DATABASE_URL: databaseUrl(name),
      SEED_DEMO_DATA: 'true',
      DATABASE_POOL_SIZE: '10',
      BOOKING_RATE_LIMIT: '100000',
    })
    const reader = postgres(databaseUrl(name), { max: 1, onnotice: () => {} })
    const rows = await reader<{ nurse_id: number; date: string; timezone: string }[]>`
      select a.nurse_id, a.date::text as date, n.timezone
      from availability_dates a
      join nurse_profiles n on n.id = a.nurse_id and n.verification_status = 'approved' and n.lapsed_at is null
      where a.date >= current_date + 2
        and not exists (
          select 1 from booking_occurrences o
          where o.nurse_id = a.nurse_id and o.date = a.date and o.status <> 'cancelled'
        )
        -- A live due-date reservation holds nights of hers for its family only.
        and not exists (
          select 1 from reservations r
          where r.nurse_id = a.nurse_id and r.status in ('requested', 'accepted')
        )
      order by a.date, a.nurse_id`
    await reader.end()
    nights = rows.map((row) => ({ nurseId: row.nurse_id, date: row.date, timezone: row.timezone }))
    expect(nights.length).toBeGreaterThan(200)

    const base = server.url
    let next = 0
    const takeNight = () => nights[next++]
    const parents = Array.from({ length: 20 }, (_, i) => new Parent(base, `fault-${i}-${Date.now()}@example.com`))

    // Twenty parents book and pay while the app's backends are ended four times.
    let stop = false
    const traffic = parents.map(async (parent) => {
      while (!stop && next < nights.length - 100) await parent.bookAndPay(takeNight())
    })
    await sleep(1500)
    for (let round = 0; round < 4; round++) {
      const [{ ended }] = await admin<{ ended: number }[]>`
        select count(pg_terminate_backend(pid))::int as ended
        from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`
      expect(ended).toBeGreaterThan(0)
      await sleep(1500)
      expect(isAlive(server), server.output()).toBe(true)
    }
    stop = true
    await Promise.all(traffic)
    expect(isAlive(server), server.output()).toBe(true)
    expect(await healthBecomes(base, 200, 10_000)).toBeLessThan(10_000)

    // After recovery twenty new parents register, book and pay twice each, and nothing answers
    // 500 (or not at all). New ones: a payment cut off above leaves its parent a pending booking.
    const fresh = Array.from({ length: 20 }, (_, i) => new Parent(base, `after-${i}-${Date.now()}@example.com`))
    const results = await Promise.all(
      fresh.map(async (parent) => [await parent.bookAndPay(takeNight()), await parent.bookAndPay(takeNight())]),
    )
    const after = fresh.flatMap((parent) => parent.statuses)
    expect(after.filter((status) => status >= 500 || status === 0), server.output().slice(-4000)).toEqual([])
    expect(results.flat().every(Boolean)).toBe(true)
    expect(isAlive(server)).toBe(true)
    await server.kill('SIGTERM')
    server = undefined
  })

  test('/healthz answers 503 while the database cannot be reached and 200 within seconds once it is back', async () => {
    const target = new URL(ADMIN_URL!)
    const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const viaProxy = new URL(databaseUrl(name))
    viaProxy.host = `127.0.0.1:${proxy.port}`
    try {
      server = await startAppServer({ DATABASE_URL: viaProxy.toString(), SEED_DEMO_DATA: 'false' })
      const base = server.url
      // Connections in the pool, then the database disappears.
      await Promise.all(Array.from({ length: 10 }, () => fetch(`${base}/night-nurse/austin`, { headers: { Cookie: 'x=1' } })))
      proxy.cut()
      // Requests keep coming while it is gone: they fail, the process does not.
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${base}/_api/auth/login_with_password`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: base },
            body: JSON.stringify({ email: `cut-${i}@example.com`, password: PASSWORD }),
            signal: AbortSignal.timeout(20_000),
          }).catch(() => undefined),
        ),
      )
      expect(await healthBecomes(base, 503, 10_000)).toBeLessThan(10_000)
      // Still unreachable five seconds on, with requests still coming (each one a failed
      // connection attempt: the driver's own backoff grew with them to 20 s): 503, process up.
      const outageEnds = Date.now() + 5000
      while (Date.now() < outageEnds) {
        await Promise.all(Array.from({ length: 5 }, () => healthStatus(base)))
        await sleep(100)
      }
      expect(await healthStatus(base)).toBe(503)
      expect(isAlive(server), server.output()).toBe(true)

      await proxy.restore()
      expect(await healthBecomes(base, 200, 5_000)).toBeLessThan(5_000)
      const back = Array.from({ length: 20 }, (_, i) => new Parent(base, `back-${i}-${Date.now()}@example.com`))
      expect(await Promise.all(back.map((parent) => parent.register()))).toEqual(back.map(() => true))
      expect(back.flatMap((parent) => parent.statuses).filter((status) => status !== 200)).toEqual([])
      expect(isAlive(server)).toBe(true)
    } finally {
      await server?.kill('SIGTERM')
      server = undefined
      await proxy.close()
    }
  })
})
