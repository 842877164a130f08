// Position marks of the admin bookings list (issue 13; docs/decisions/0036): in each scope (every
// booking, or one status), where its every MARK_EVERY-th booking is, counted from the oldest. With
// them a scope's exact count reads at most MARK_EVERY index entries past its last mark, and a page
// named by its number at most MARK_EVERY past the mark below it, at a million bookings as at ten.
//
// A mark is a fact ('the 20,000th oldest confirmed booking is #…'), kept while it stays true: the
// trigger of migration 0018 deletes every mark at or after a booking that is inserted, deleted,
// moved in time or changes status, in the scopes that booking touches. Marks are built here when a
// count or a page needs them, under an exclusive advisory lock that writers hold shared until they
// commit (the trigger takes it), so a mark only ever counts committed bookings and a writer still
// running deletes whatever was marked past its booking.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { executeRows, getDb } from '../../db/client.server'
import { bookingPositionMarks, bookings } from '../../db/schema'
import type { AdminExportQuery } from '../../schemas/admin'
import type { BookingStatus } from '../bookings/life-cycle'
import { databaseErrorCode } from '../bookings/bookings.server'

/** Bookings between two marks: what a count or a page reads past its mark, at most. */
export const MARK_EVERY = 10_000

/** The advisory lock of migration 0018's trigger (shared by writers, exclusive while marks are built). */
export const BOOKING_MARKS_LOCK = 7_346_281

/** Marks built in one transaction, so writers wait for at most a few index ranges. */
const MARKS_PER_TRANSACTION = 8

/** Marks one request may build before it answers without them (the next request goes on). */
const MARKS_PER_REQUEST = 40

/** How long a builder waits for writers to commit before it gives up for this request. */
const BUILD_LOCK_TIMEOUT = '250ms'

export type MarkScope = 'all' | BookingStatus

export interface MarkOptions {
  /** Bookings between marks (tests make them close). */
  every?: number
}

/** The scope a filter's order can be marked in: none for a search (its matches are people's, not a scope's). */
export function markScopeOf(query: AdminExportQuery): MarkScope | null {
  if (query.search?.trim()) return null
  return query.status ?? 'all'
}

function scopeFilter(scope: MarkScope): SQL | undefined {
  return scope === 'all' ? undefined : eq(bookings.status, scope)
}

/** The scope's last mark, or position 0 before its oldest booking. */
function lastMark(scope: MarkScope) {
  return sql`(
    select ${bookingPositionMarks.position} as position, ${bookingPositionMarks.createdAt} as created_at, ${bookingPositionMarks.bookingId} as booking_id
    from ${bookingPositionMarks} where ${bookingPositionMarks.scope} = ${scope}
    union all select 0, '-infinity'::timestamptz, 0
    order by position desc limit 1
  ) as last`
}

const pastMark = (mark: SQL) => sql`(${bookings.createdAt}, ${bookings.id}) > ${mark}`

/**
 * The exact number of bookings in `scope`: its last mark's position and the bookings after it,
 * building the marks that lack (at most MARKS_PER_REQUEST). Null when more are missing, or when
 * writers held the lock too long: the caller answers without marks this time.
 */
export async function countByMarks(scope: MarkScope, options: MarkOptions = {}): Promise<number | null> {
  const every = options.every ?? MARK_EVERY
  for (let built = 0; ; ) {
    const [row] = await executeRows<{ position: number; after: number }>(getDb(), countPastLastMarkQuery(scope, every))
    if (row.after < every) return row.position + row.after
    if (built >= MARKS_PER_REQUEST) return null
    const made = await buildMarks(scope, every, Math.min(MARKS_PER_TRANSACTION, MARKS_PER_REQUEST - built))
    if (made === 0) return null
    built += made
  }
}

/** The scope's last mark's position, and the bookings after it up to `every` (the scale bench prints its plan). */
export function countPastLastMarkQuery(scope: MarkScope, every = MARK_EVERY) {
  return sql`select last.position, (
    select count(*) from (
      select 1 from ${bookings} where ${and(scopeFilter(scope), pastMark(sql`(last.created_at, last.booking_id)`))} limit ${every}
    ) as capped
  )::int as after from ${lastMark(scope)}`
}

/**
 * Builds up to `count` marks after the scope's last, each the booking `every` past the one before
 * (an index range of `every` entries). Returns how many were made: 0 when writers kept the lock.
 */
async function buildMarks(scope: MarkScope, every: number, count: number): Promise<number> {
  const filter = scopeFilter(scope)
  try {
    return await getDb().transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${BUILD_LOCK_TIMEOUT}'`))
      await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_MARKS_LOCK})`)
      let made = 0
      while (made < count) {
        const inserted = await executeRows(
          tx,
          sql`insert into ${bookingPositionMarks} (scope, position, created_at, booking_id)
            select ${scope}, last.position + ${every}, next.created_at, next.id
            from ${lastMark(scope)}
            cross join lateral (
              select ${bookings.createdAt} as created_at, ${bookings.id} as id from ${bookings}
              where ${and(filter, pastMark(sql`(last.created_at, last.booking_id)`))}
              order by ${bookings.createdAt}, ${bookings.id} offset ${every - 1} limit 1
            ) as next
            returning position`,
        )
        if (!inserted.length) break
        made++
      }
      return made
    })
  } catch (error) {
    // 55P03: lock_not_available (writers kept the lock past the timeout).
    if (databaseErrorCode(error) === '55P03') return 0
    throw error
  }
}

/**
 * The ids of `size` bookings of `scope` from the `fromOldest`-th (0-based, oldest first), read
 * from the nearest mark at or below it. Null when there is no such mark, or it went away since the
 * count (a booking changed): the caller reads the page without it.
 */
export async function pageIdsFromMark(scope: MarkScope, fromOldest: number, size: number): Promise<number[] | null> {
  const db = getDb()
  const [mark] = await db
    .select({ position: bookingPositionMarks.position })
    .from(bookingPositionMarks)
    .where(and(eq(bookingPositionMarks.scope, scope), sql`${bookingPositionMarks.position} <= ${fromOldest}`))
    .orderBy(desc(bookingPositionMarks.position))
    .limit(1)
  if (!mark) return null
  const rows = await pageFromMarkQuery(scope, mark.position, fromOldest - mark.position, size)
  return rows.length === size ? rows.map((row) => row.id) : null
}

/** A page's read from a mark (the scale bench prints its plan). */
export function pageFromMarkQuery(scope: MarkScope, position: number, offset: number, size: number) {
  const mark = sql`(
    select ${bookingPositionMarks.createdAt}, ${bookingPositionMarks.bookingId} from ${bookingPositionMarks}
    where ${bookingPositionMarks.scope} = ${scope} and ${bookingPositionMarks.position} = ${position}
  )`
  return getDb()
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(scopeFilter(scope), pastMark(mark)))
    .orderBy(bookings.createdAt, bookings.id)
    .limit(size)
    .offset(offset)
}
