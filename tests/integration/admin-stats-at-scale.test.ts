// The admin stats past EXACT_COUNT_LIMIT bookings (docs/decisions/0022, 0036, 0038): served from the
// last count at once, and counted again in the background (one database core, in a transaction) once
// the last count is old enough; the next view shows the new figures. The last count is stored for
// every server (admin_stats_counts): forgetAdminStatsForTests stands for another server.
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { ADMIN_STATS_LOCK, EXACT_COUNT_LIMIT, forgetAdminStatsForTests, readAdminStats } from '../../app/domain/admin/admin.server'
import { createBooking, createNurse, createUser, datesIn } from '../support/factories'
import { isPostgresRun } from '../support/test-env'

/** One more cancelled booking than EXACT_COUNT_LIMIT, of one family with one nurse. */
async function pastTheExactLimit() {
  const nurse = await createNurse({ name: 'Nora Nightingale' })
  const parent = await createUser({ displayName: 'Jordan Parent' })
  await getDb().execute(sql`insert into bookings (parent_id, nurse_id, status, start_date, timezone, address_text,
    nightly_rate_cents, subtotal_cents, platform_fee_cents, total_amount_cents, nurse_payout_cents)
    select ${parent.id}, ${nurse.id}, 'cancelled', '2026-01-01', 'America/New_York', '1 Main St', 4000, 4000, 400, 4400, 4000
    from generate_series(1, ${EXACT_COUNT_LIMIT + 1})`)
  return { nurse, parent }
}

test('past 10,000 bookings the stats are served from the last count and recounted in the background', async () => {
  const { nurse, parent } = await pastTheExactLimit()
  const at = Date.parse('2026-11-26T12:00:00Z')
  const first = await readAdminStats(new Date(at))
  expect(first.activeBookings).toBe(0)

  await createBooking({ nurse, parent, dates: datesIn(nurse.timezone, 5), status: 'confirmed' })
  // Within 30 seconds: the last count, as it was.
  expect(await readAdminStats(new Date(at + 10_000))).toEqual(first)
  // Older: still answered at once from the last count, while the recount runs.
  expect(await readAdminStats(new Date(at + 31_000))).toEqual(first)
  await expect.poll(async () => (await readAdminStats(new Date(at + 32_000))).activeBookings, { timeout: 10_000 }).toBe(1)
})

test('past 10,000 bookings, the views a server answers before its first count is done share that count', async () => {
  await pastTheExactLimit()
  const now = new Date('2026-11-26T12:00:00Z')
  // A freshly started server at a million bookings: each view counting for itself would run the
  // sums over every night once per admin waiting (1.8 s each), all at once.
  const views = await Promise.all([readAdminStats(now), readAdminStats(now), readAdminStats(now)])
  expect(views[1]).toBe(views[0])
  expect(views[2]).toBe(views[0])
})

test("past 10,000 bookings, a server just started serves the deployment's last count, and counts again in its turn", async () => {
  const { nurse, parent } = await pastTheExactLimit()
  const at = Date.parse('2026-11-26T12:00:00Z')
  expect((await readAdminStats(new Date(at))).activeBookings).toBe(0)
  await createBooking({ nurse, parent, dates: datesIn(nurse.timezone, 5), status: 'confirmed' })

  // Another server (none of this one's memory): the stored count, not a count of its own.
  forgetAdminStatsForTests()
  expect((await readAdminStats(new Date(at + 5_000))).activeBookings).toBe(0)
  // When it is due, this server counts again and stores it; a third server then serves that.
  await expect.poll(async () => (await readAdminStats(new Date(at + 40_000))).activeBookings, { timeout: 10_000 }).toBe(1)
  forgetAdminStatsForTests()
  expect((await readAdminStats(new Date(at + 45_000))).activeBookings).toBe(1)

  // A server started long after the last count serves it at once all the same, and counts again.
  await createBooking({ nurse, parent, dates: datesIn(nurse.timezone, 30), status: 'confirmed' })
  forgetAdminStatsForTests()
  expect((await readAdminStats(new Date(at + 3_600_000))).activeBookings).toBe(1)
  await expect.poll(async () => (await readAdminStats(new Date(at + 3_601_000))).activeBookings, { timeout: 10_000 }).toBe(2)
})

test("past 10,000 bookings, a first count that cannot be stored is still shown, and the next due count stores it", async () => {
  await pastTheExactLimit()
  const at = Date.parse('2026-11-26T12:00:00Z')
  // The row cannot be written (a read-only moment, a lock, a failover): the count itself is good.
  await getDb().execute(sql`alter table admin_stats_counts rename to admin_stats_counts_away`)
  try {
    expect((await readAdminStats(new Date(at))).activeBookings).toBe(0)
  } finally {
    await getDb().execute(sql`alter table admin_stats_counts_away rename to admin_stats_counts`)
  }
  // Nothing was stored; the next due count is.
  await expect.poll(async () => {
    await readAdminStats(new Date(at + 40_000))
    const stored = await getDb().execute(sql`select count(*)::int as n from admin_stats_counts`)
    return ((Array.isArray(stored) ? stored : (stored as { rows: { n: number }[] }).rows) as { n: number }[])[0].n
  }, { timeout: 10_000 }).toBe(1)
})

test('up to 10,000 bookings the stats are counted on every view and nothing is stored', async () => {
  const nurse = await createNurse({ name: 'Nora Nightingale' })
  const parent = await createUser({ displayName: 'Jordan Parent' })
  await createBooking({ nurse, parent, dates: datesIn(nurse.timezone, 5), status: 'confirmed' })
  expect((await readAdminStats(new Date())).activeBookings).toBe(1)
  const stored = await getDb().execute(sql`select count(*)::int as n from admin_stats_counts`)
  const rows = (Array.isArray(stored) ? stored : (stored as { rows: { n: number }[] }).rows) as { n: number }[]
  expect(rows[0].n).toBe(0)
})

describe.skipIf(!isPostgresRun())('servers taking turns to count (PostgreSQL)', () => {
  test('while another server holds the count, this one serves its last count and looks again a second later', async () => {
    const { nurse, parent } = await pastTheExactLimit()
    const at = Date.parse('2026-11-26T12:00:00Z')
    expect((await readAdminStats(new Date(at))).activeBookings).toBe(0)
    await createBooking({ nurse, parent, dates: datesIn(nurse.timezone, 5), status: 'confirmed' })
    await getDb().transaction(async (tx) => {
      // Another server counting: it holds the turn's lock until it commits.
      await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_STATS_LOCK})`)
      expect((await readAdminStats(new Date(at + 40_000))).activeBookings).toBe(0)
      // The attempt that found the lock taken has settled: this server did not count.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect((await readAdminStats(new Date(at + 40_500))).activeBookings).toBe(0)
    })
    // Within the second it waits it does not try again; after it, it counts.
    expect((await readAdminStats(new Date(at + 40_900))).activeBookings).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await readAdminStats(new Date(at + 40_950))).activeBookings).toBe(0)
    await expect.poll(async () => (await readAdminStats(new Date(at + 41_100))).activeBookings, { timeout: 10_000 }).toBe(1)
  })
})
