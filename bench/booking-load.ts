// Booking creation under load (issue 4): 20 connections, each request books one open night of a
// demo nurse for one of the seeded parents, through POST /_api/bookings/create with a real
// session and Origin, exactly as the browser does.
import { sql } from 'drizzle-orm'
import autocannon from 'autocannon'
import type { Db } from '../app/db/client.server'
import { DEMO_PASSWORD } from '../app/demo/seed.server'

export interface BookableNight {
  nurseId: number
  date: string
  timezone: string
}

/** Published nights from the day after tomorrow that nobody has booked and no live reservation holds, one row each. */
export async function listBookableNights(db: Db): Promise<BookableNight[]> {
  const rows = await db.execute<{ nurse_id: number; date: string; timezone: string }>(sql`
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
    order by a.date, a.nurse_id`)
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: typeof rows }).rows
  return (list as Array<{ nurse_id: number; date: string; timezone: string }>).map((r) => ({
    nurseId: Number(r.nurse_id),
    date: r.date,
    timezone: r.timezone,
  }))
}

export const BENCH_PARENTS = [
  'parent@example.com',
  'sam.rivera@example.com',
  'morgan.lee@example.com',
  'casey.nguyen@example.com',
  'jamie.okoro@example.com',
  'riley.thompson@example.com',
]

async function signIn(base: string, email: string, register = false) {
  const response = await fetch(`${base}/_api/auth/${register ? 'register_with_password' : 'login_with_password'}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, ...(register ? { displayName: 'Bench Parent', role: 'parent' } : {}) }),
  })
  if (!response.ok) throw new Error(`Signing in ${email} answered ${response.status}`)
  const { user } = await response.json()
  return { id: user.id as number, cookie: response.headers.get('set-cookie')!.split(';')[0] }
}

/**
 * A parent holds at most 60 unpaid nights (docs/decisions/0012) and the bench never pays, so its
 * 1,200 one-night bookings are spread over the demo parents and enough fresh ones.
 */
const EXTRA_PARENTS = 24

/**
 * Books `amount` nights through the API at `connections` concurrent requests. The first
 * `warmup` nights are booked first and not counted: a running server has its pool connections
 * open and its code compiled, and those first requests would otherwise set the p99.
 */
export async function measureBookingCreation(
  base: string,
  nights: BookableNight[],
  { connections = 20, amount = 1000, warmup = 200 } = {},
) {
  const run = Date.now().toString(36)
  const parents = await Promise.all([
    ...BENCH_PARENTS.map((email) => signIn(base, email)),
    ...Array.from({ length: EXTRA_PARENTS }, (_, i) => signIn(base, `bench-parent-${run}-${i}@example.com`, true)),
  ])
  const available = nights.length
  if (available < warmup + 100) throw new Error(`Only ${available} open nights to book: grow the data set`)
  const warm = await bookNights(base, parents, nights.slice(0, warmup), connections)
  const measured = nights.slice(warmup, warmup + amount)
  const started = performance.now()
  const result = await bookNights(base, parents, measured, connections)
  const seconds = (performance.now() - started) / 1000
  return {
    warmup: warm.requests.total,
    requests: result.requests.total,
    // Over the run's real length: autocannon's per-second average counts whole seconds only.
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    created: result['2xx'],
    refused: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

type SignedIn = Awaited<ReturnType<typeof signIn>>

function bookNights(base: string, parents: SignedIn[], nights: BookableNight[], connections: number) {
  let next = 0
  return autocannon({
    url: `${base}/_api/bookings/create`,
    connections,
    amount: nights.length,
    requests: [
      {
        method: 'POST',
        path: '/_api/bookings/create',
        setupRequest: (request) => {
          const index = next++
          const night = nights[index % nights.length]
          const parent = parents[index % parents.length]
          return {
            ...request,
            headers: { 'content-type': 'application/json', origin: base, cookie: parent.cookie },
            body: JSON.stringify({ parentId: parent.id, ...oneNightBooking(night) }),
          }
        },
      },
    ],
  })
}

/** The body of POST /_api/bookings/create for one night, 10 PM to 6 AM (the bench, fault and scale tests). */
export function oneNightBooking(night: { nurseId: number; date: string; timezone: string }) {
  return {
    nurseId: night.nurseId,
    pattern: 'one_time',
    startDate: night.date,
    nightsPerWeek: 1,
    occurrences: [{ date: night.date, startTimeLocal: '22:00', endTimeLocal: '06:00' }],
    timezone: night.timezone,
    addressText: '100 Congress Ave, Austin, TX 78701',
  }
}
