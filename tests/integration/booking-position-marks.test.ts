// Position marks of the admin bookings list (issue 13; docs/decisions/0036). With marks every 5
// bookings instead of 10,000, a few dozen bookings take the paths a million take: exact counts from
// the last mark, pages named by their number read from the mark below them. Every page must hold
// what a brute-force sort gives, and migration 0018's trigger must delete exactly the marks a
// change makes untrue, whatever wrote it.
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookingPositionMarks, bookings } from '../../app/db/schema'
import { countAdminBookings, listAdminBookings } from '../../app/domain/admin/admin.server'
import { BOOKING_STATUSES } from '../../app/domain/bookings/life-cycle'
import type { MarkScope } from '../../app/domain/admin/booking-marks.server'
import { createBooking, createNurse, createUser, datesIn, type TestNurse } from '../support/factories'
import { isPostgresRun } from '../support/test-env'

const EVERY = { every: 5 }
const STATUSES = ['confirmed', 'completed', 'cancelled', 'pending', 'confirmed', 'completed'] as const
const tie = new Date('2026-03-01T12:00:00.000Z')

let nurse: TestNurse
let parentId: number

beforeEach(async () => {
  nurse = await createNurse({ name: 'Nora Nightingale' })
  parentId = (await createUser({ displayName: 'Jordan Parent' })).id
})

/** `count` bookings in every status; every fourth at one instant (ties broken by id), the others out of id order. */
async function makeBookings(count: number) {
  for (let i = 0; i < count; i++) {
    await createBooking({
      nurse,
      parent: { id: parentId },
      dates: datesIn(nurse.timezone, 10 + i),
      status: STATUSES[i % STATUSES.length],
      createdAt: i % 4 === 0 ? tie : new Date(tie.getTime() + ((i * 11) % count) * 60_000),
    })
  }
}

/** A scope's bookings newest first, straight from the table. */
async function expectedIds(scope: MarkScope) {
  const rows = await getDb()
    .select({ id: bookings.id })
    .from(bookings)
    .where(scope === 'all' ? undefined : eq(bookings.status, scope))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
  return rows.map((row) => row.id)
}

/** Every page of a scope, each named by its number, last page first (so deep pages are read before the start). */
async function everyPageByNumber(scope: MarkScope) {
  const query = scope === 'all' ? {} : { status: scope }
  const first = await listAdminBookings({ ...query, page: 1 }, EVERY)
  const pages: number[][] = []
  for (let page = first.totalPages; page >= 1; page--) {
    const read = await listAdminBookings({ ...query, page }, EVERY)
    expect(read).toMatchObject({ page, totalPages: first.totalPages, totalRows: first.totalRows })
    pages[page - 1] = read.rows.map((row) => row.id)
  }
  return { ids: pages.flat(), totalRows: first.totalRows }
}

async function marksOf(scope: MarkScope) {
  return getDb()
    .select({ position: bookingPositionMarks.position, bookingId: bookingPositionMarks.bookingId, createdAt: bookingPositionMarks.createdAt })
    .from(bookingPositionMarks)
    .where(eq(bookingPositionMarks.scope, scope))
    .orderBy(asc(bookingPositionMarks.position))
}

/** Each mark names the booking at its position, counted from the oldest. */
async function expectMarksTrue(scope: MarkScope) {
  const oldestFirst = (await expectedIds(scope)).reverse()
  for (const mark of await marksOf(scope)) expect(mark.bookingId).toBe(oldestFirst[mark.position - 1])
}

describe('pages by number from position marks', () => {
  test('every scope: exact counts, and every page holds what a sort of the table gives', async () => {
    await makeBookings(130)
    for (const scope of ['all', ...BOOKING_STATUSES] as const) {
      const expected = await expectedIds(scope)
      const { ids, totalRows } = await everyPageByNumber(scope)
      expect(totalRows).toBe(expected.length)
      expect(ids).toEqual(expected)
      // A mark every 5 bookings, up to the newest, and each one true.
      expect((await marksOf(scope)).map((mark) => mark.position)).toEqual(
        Array.from({ length: Math.floor(expected.length / 5) }, (_, i) => (i + 1) * 5),
      )
      await expectMarksTrue(scope)
    }
    const count = await countAdminBookings({}, EVERY)
    expect(count).toEqual({ value: 130, exact: true, marked: 'all' })
    // A search is not a scope: it is counted as before.
    expect((await countAdminBookings({ search: 'Jordan' }, EVERY)).marked).toBeUndefined()
  })

  test('the bookings made after the last mark are counted, and marked when the next page needs them', async () => {
    await makeBookings(23)
    await listAdminBookings({ page: 1 }, EVERY)
    expect((await marksOf('all')).map((mark) => mark.position)).toEqual([5, 10, 15, 20])
    for (let i = 0; i < 9; i++) await createBooking({ nurse, parent: { id: parentId }, dates: datesIn(nurse.timezone, 200 + i) })
    const page = await listAdminBookings({ page: 2 }, EVERY)
    expect(page.totalRows).toBe(32)
    expect(page.rows.map((row) => row.id)).toEqual((await expectedIds('all')).slice(20, 32))
    expect((await marksOf('all')).map((mark) => mark.position)).toEqual([5, 10, 15, 20, 25, 30])
    await expectMarksTrue('all')
  })
})

describe("migration 0018's trigger keeps every mark true", () => {
  async function marked() {
    await makeBookings(40)
    for (const scope of ['all', ...BOOKING_STATUSES] as const) await countAdminBookings(scope === 'all' ? {} : { status: scope }, EVERY)
    return { all: await marksOf('all'), confirmed: await marksOf('confirmed'), completed: await marksOf('completed') }
  }

  test('a booking made before the others clears the marks of every booking and of its status, no other', async () => {
    const before = await marked()
    await createBooking({ nurse, parent: { id: parentId }, dates: datesIn(nurse.timezone, 300), status: 'confirmed', createdAt: new Date('2020-01-01') })
    expect(await marksOf('all')).toEqual([])
    expect(await marksOf('confirmed')).toEqual([])
    expect(await marksOf('completed')).toEqual(before.completed)
    const { ids } = await everyPageByNumber('all')
    expect(ids).toEqual(await expectedIds('all'))
    await expectMarksTrue('all')
  })

  test('a newest booking clears nothing', async () => {
    const before = await marked()
    await createBooking({ nurse, parent: { id: parentId }, dates: datesIn(nurse.timezone, 300), status: 'confirmed' })
    expect(await marksOf('all')).toEqual(before.all)
    expect(await marksOf('confirmed')).toEqual(before.confirmed)
  })

  test('a status change clears the old and the new status from that booking on; every booking keeps its marks', async () => {
    const before = await marked()
    // The oldest confirmed booking made after the first confirmed mark: that mark stays, the later go.
    const [changed] = await getDb()
      .select({ id: bookings.id, createdAt: bookings.createdAt })
      .from(bookings)
      .where(and(eq(bookings.status, 'confirmed'), sql`${bookings.createdAt} > ${before.confirmed[0].createdAt.toISOString()}::timestamptz`))
      .orderBy(asc(bookings.createdAt))
      .limit(1)
    await getDb().update(bookings).set({ status: 'completed' }).where(eq(bookings.id, changed.id))
    const madeBefore = (mark: { createdAt: Date }) => mark.createdAt < changed.createdAt
    expect(before.confirmed.filter(madeBefore).length).toBe(1)
    expect(await marksOf('all')).toEqual(before.all)
    expect(await marksOf('confirmed')).toEqual(before.confirmed.filter(madeBefore))
    expect(await marksOf('completed')).toEqual(before.completed.filter(madeBefore))
    for (const scope of ['confirmed', 'completed'] as const) {
      expect((await everyPageByNumber(scope)).ids).toEqual(await expectedIds(scope))
      await expectMarksTrue(scope)
    }
  })

  test('an unrelated change clears nothing; a deleted or re-dated booking clears from it on', async () => {
    const before = await marked()
    await getDb().update(bookings).set({ notes: 'Gate code 1234' })
    expect(await marksOf('all')).toEqual(before.all)
    const oldestFirst = (await expectedIds('all')).reverse()
    const [deleted] = await getDb().delete(bookings).where(eq(bookings.id, oldestFirst[25])).returning()
    expect(await marksOf('all')).toEqual(before.all.filter((mark) => mark.createdAt < deleted.createdAt))
    expect((await marksOf('all')).length).toBeGreaterThan(0)
    expect((await everyPageByNumber('all')).ids).toEqual(await expectedIds('all'))
    await getDb().update(bookings).set({ createdAt: new Date('2021-06-01') }).where(eq(bookings.id, oldestFirst[30]))
    expect(await marksOf('all')).toEqual([])
    expect((await everyPageByNumber('all')).ids).toEqual(await expectedIds('all'))
    await expectMarksTrue('all')
  })
})

describe.skipIf(!isPostgresRun())('marks and a booking being written at the same time (PostgreSQL)', () => {
  test('marks are not built past a booking not yet committed: the count answers without them, then with them', async () => {
    await makeBookings(20)
    await getDb().transaction(async (tx) => {
      await tx.insert(bookings).values({
        parentId, nurseId: nurse.id, status: 'confirmed', startDate: datesIn(nurse.timezone, 400)[0], timezone: nurse.timezone,
        addressText: '12 Test Street', nightlyRateCents: 4000, subtotalCents: 4000, platformFeeCents: 400,
        totalAmountCents: 4400, nursePayoutCents: 4000, createdAt: new Date('2020-01-01'),
      })
      // Another connection: the writer holds the marks' lock shared until it commits.
      const meanwhile = await countAdminBookings({}, EVERY)
      expect(meanwhile).toEqual({ value: 20, exact: true })
      expect(await getDb().select().from(bookingPositionMarks)).toEqual([])
    })
    expect(await countAdminBookings({}, EVERY)).toEqual({ value: 21, exact: true, marked: 'all' })
    await expectMarksTrue('all')
  })
})
