// The admin side (its /_api calls: docs/product-texts.md; admins only, docs/security.md): stats,
// the bookings, nurses, payments and outbox tables, the booking status change and the verification
// decision, each change written to the audit log. The dashboard page, the /_api calls and the CSV
// export all read through here.
import { and, asc, count, desc, eq, exists, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { stringify } from 'csv-stringify/sync'
import { getConfig } from '../../config.server'
import { executeRows, getDb, type DbOrTx, type Tx } from '../../db/client.server'
import {
  adminAuditLog,
  adminStatsCounts,
  bookingOccurrences,
  bookings,
  nurseProfiles,
  outboxEmails,
  payments,
  reservations,
  users,
} from '../../db/schema'
import type {
  AdminBookingsQuery,
  AdminExportQuery,
  AdminNursesQuery,
  UpdateBookingStatus,
  UpdateNurseVerification,
} from '../../schemas/admin'
import {
  bookingIdFromSearch,
  bookingStatusChangeProblem,
  statsRecountDue,
  verificationDecisionEmail,
} from './admin'
import { countOf, countPages, PAGE_SIZE, pageOffset, readPage, type Paged } from '../platform/paging'
import { countByMarks, MARK_EVERY, markScopeOf, pageIdsFromMark, type MarkOptions, type MarkScope } from './booking-marks.server'
import { joinBookingPeople, nurseUsers, parentUsers } from '../bookings/booking-people.server'
import {
  heldAccounts,
  intArrayParam,
  KEPT_PEOPLE_LIMIT,
  nameHolds,
  nurseIdsOfPeople,
  personHolds,
  readSearchPeople,
  type SearchPeople,
} from './search-people.server'
import { BOOKING_NOT_FOUND, formatBookingReference } from '../bookings/booking-rules'
import { cancelBookingAsAdmin } from '../payments/cancellation.server'
import type { BookingStatus, PaidBookingStatus } from '../bookings/life-cycle'
import { changeBookingStatusByAdmin, workedNight } from '../bookings/life-cycle.server'
import { findPaidCharge } from '../payments/payments.server'
import { sendEmail } from '../notifications/email.server'
import { clearPublicNurseCache } from '../nurses/nurses.server'
import { owedPayoutCents, payoutOwed } from '../payouts/payouts.server'
import { csvText } from '../platform/csv'
import { CHECK_MESSAGES } from '../verification/background-checks'
import { hasCurrentCheck } from '../verification/background-checks.server'
import { refreshListing } from '../verification/listing.server'

type Failure = { ok: false; status: 400 | 404 | 409 | 502; error: string }

export const NURSE_PROFILE_NOT_FOUND = 'Nurse profile not found'

// ---------------------------------------------------------------------------------------------
// Stats

export interface AdminStats {
  activeBookings: number
  pendingVerifications: number
  totalPayoutsDueCents: number
}

let statsMemo: {
  value: AdminStats
  at: number
  tookMs: number
  refreshing: boolean
  /** While another server counts: when to look for its count (or try the lock) again, epoch ms. */
  retryAt?: number
} | null = null

/** How long a server waits, while another counts the stats, before it looks again. */
const STATS_TURN_RETRY_MS = 1_000
/** A server's first count past EXACT_COUNT_LIMIT, which every view waiting for it shares. */
let firstCount: Promise<void> | null = null

/** Forgets the last count (tests empty the database between cases; a server counts one database). */
export function forgetAdminStatsForTests() {
  statsMemo = null
  firstCount = null
}

/**
 * The stats as the dashboard and GET /_api/admin/stats show them. Counted afresh on every call
 * while there are at most EXACT_COUNT_LIMIT bookings (a capped count of an index tells, in a
 * millisecond); past that the sums over every night take a second at a million bookings, so the
 * last figures are answered at once and counted again in the background when older than
 * statsRecountDue says (docs/decisions/0022, 0036). Decided by the data, not by how long a count took, so
 * a slow moment never makes a small platform's figures stale. The last count is kept in the
 * database (admin_stats_counts), so every app server serves it and they take turns to count it
 * again (docs/decisions/0038).
 */
export async function readAdminStats(now: Date, counted: CountedAlready = {}): Promise<AdminStats> {
  const [capped] = await countAdminBookingsQuery({})
  if (capped.value <= EXACT_COUNT_LIMIT) return countStatsNow(now, { counted })
  // A server just started (a deploy, a restart) serves the deployment's last count, however old,
  // and counts again below when it is due; with none yet, the admins' views that arrive meanwhile
  // wait for one count instead of each starting its own.
  if (!statsMemo) {
    firstCount ??= adoptOrCount(now).finally(() => {
      firstCount = null
    })
    await firstCount
  }
  const memo = statsMemo!
  if (statsRecountDue(memo, now.getTime()) && !memo.refreshing && now.getTime() >= (memo.retryAt ?? 0)) {
    memo.refreshing = true
    recountInTurn(now, memo).catch((error: unknown) => {
      memo.refreshing = false
      console.error('Refreshing the admin stats failed:', error)
    })
  }
  return memo.value
}

/** Keeps another app server's or an earlier run's count, or, with none, one counted now. */
async function adoptOrCount(now: Date): Promise<void> {
  const stored = await readStoredStats()
  if (stored) statsMemo = { ...stored, refreshing: false }
  else await countStatsNow(now, { store: true })
}

/** Takes turns with the other servers: one counts, under a lock; the others adopt its count. */
async function recountInTurn(now: Date, memo: NonNullable<typeof statsMemo>) {
  const stored = await readStoredStats()
  if (stored && stored.at > memo.at && !statsRecountDue(stored, now.getTime())) {
    statsMemo = { ...stored, refreshing: false }
    return
  }
  const counted = await getDb().transaction(async (tx) => {
    const [{ locked }] = await executeRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${ADMIN_STATS_LOCK}) as locked`)
    // Another server is counting: its count is adopted on a view after it is stored.
    if (!locked) return false
    await countStatsNow(now, { tx, store: true })
    return true
  })
  if (!counted) {
    memo.retryAt = now.getTime() + STATS_TURN_RETRY_MS
    memo.refreshing = false
  }
}

/** Taken, for a transaction, by the server counting the stats again. */
export const ADMIN_STATS_LOCK = 7_346_282

/**
 * The deployment's last count, or null when there is none or it cannot be read: the stored count
 * only spares a count, so a server that cannot read it counts for itself.
 */
async function readStoredStats() {
  const row = await getDb()
    .select()
    .from(adminStatsCounts)
    .where(eq(adminStatsCounts.id, 1))
    .then(([found]) => found, (error: unknown) => console.error('Reading the stored admin stats failed:', error))
  if (!row) return null
  const { activeBookings, pendingVerifications, totalPayoutsDueCents } = row
  return { value: { activeBookings, pendingVerifications, totalPayoutsDueCents }, at: row.countedAt.getTime(), tookMs: row.tookMs }
}

/**
 * Counts the stats and keeps them. In a transaction (the background recount), on one core of the
 * database: PostgreSQL would otherwise run the sums over every night in three processes at once,
 * and on a small host take every core from the pages being served meanwhile. Past
 * EXACT_COUNT_LIMIT bookings (`store`), also for the other servers.
 */
async function countStatsNow(
  now: Date,
  { tx, store = false, counted }: { tx?: Tx; store?: boolean; counted?: CountedAlready } = {},
): Promise<AdminStats> {
  const started = performance.now()
  if (tx) await tx.execute(sql`set local max_parallel_workers_per_gather = 0`)
  const value = await getAdminStats(now, tx, counted)
  const tookMs = performance.now() - started
  statsMemo = { value, at: now.getTime(), tookMs, refreshing: false }
  if (store) {
    const row = { ...value, countedAt: now, tookMs: Math.round(tookMs) }
    const stored = (tx ?? getDb())
      .insert(adminStatsCounts)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: adminStatsCounts.id, set: row })
    // Inside the recount's transaction a failure ends it (recountInTurn logs it); a first count
    // that cannot be stored is shown all the same, and the next due count stores it.
    if (tx) await stored
    else await stored.catch((error: unknown) => console.error('Storing the admin stats failed:', error))
  }
  return value
}

/**
 * A figure of the stats that the caller is counting anyway for the same view: the dashboard's
 * pending tab counts the pending nurses for its pages (countPendingVerifications), so the stats
 * take that count instead of sending the same query again.
 */
export interface CountedAlready {
  pendingVerifications?: PromiseLike<number>
}

/** The stats counted now (readAdminStats serves them); in a transaction, its three queries one after the other. */
export async function getAdminStats(now: Date, tx?: Tx, counted: CountedAlready = {}): Promise<AdminStats> {
  const db = tx ?? getDb()
  const nowIso = now.toISOString()
  const queries = [
    // Active bookings: confirmed (paid) bookings with at least one night still to end, i.e. work
    // the platform is still committed to. Completed, cancelled and unpaid bookings are not active.
    db
      .select({ value: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          exists(
            db
              .select({ one: sql`1` })
              .from(bookingOccurrences)
              .where(
                and(
                  eq(bookingOccurrences.bookingId, bookings.id),
                  workedNight(),
                  gt(bookingOccurrences.endsAt, sql`${nowIso}::timestamptz`),
                ),
              ),
          ),
        ),
      ),
    counted.pendingVerifications?.then((value) => [{ value }]) ?? pendingVerificationsQuery(db),
    // Payouts due: what the payout job owes nurses for their nights, due yet or not, by its own
    // rule (payoutOwed) and amounts (owedPayoutCents, settleNight's): a worked night's price, the
    // kept share of a late cancellation, nothing for a night refunded in full (docs/decisions/0052).
    db
      // A platform-wide sum outgrows an integer: bigint, read as a number (exact below 2^53 cents).
      .select({ value: sql<number>`coalesce(sum(${owedPayoutCents()}), 0)::bigint`.mapWith(Number) })
      .from(bookingOccurrences)
      .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
      .where(payoutOwed()),
  ] as const
  const [[active], [pending], [due]] = tx
    ? [await queries[0], await queries[1], await queries[2]]
    : await Promise.all(queries)
  return {
    activeBookings: active.value,
    pendingVerifications: pending.value,
    totalPayoutsDueCents: due.value,
  }
}

/** The nurses waiting for a verification decision: the stats' figure, and the pending tab's rows. */
const pendingVerificationsQuery = (db: DbOrTx) =>
  db.select({ value: count() }).from(nurseProfiles).where(eq(nurseProfiles.verificationStatus, 'pending'))

/** How many nurses wait for a verification decision (the stats' 'Pending Verifications'). */
export function countPendingVerifications(): PromiseLike<number> {
  return countOf(pendingVerificationsQuery(getDb()))
}

// ---------------------------------------------------------------------------------------------
// Bookings

export interface AdminBookingRow {
  id: number
  reference: string
  nurseName: string
  /** The family's account, for the admin's member page (issue 38). */
  parentId: number
  parentName: string
  parentEmail: string
  startDate: string
  status: BookingStatus
  totalAmountCents: number
  createdAt: string
}

export type { Paged } from '../platform/paging'

/**
 * The bookings list's filter, on `bookings` alone, so the order, the count and each page read one
 * table and its indexes; the people are joined to a page's rows only (docs/decisions/0022). The
 * search matches the nurse's name, the parent's name or e-mail (trigram indexes), or the reference.
 */
function bookingFilter(query: FilterQuery): SQL | undefined {
  const conditions: SQL[] = []
  if (query.status) conditions.push(eq(bookings.status, query.status))
  const search = query.search?.trim()
  if (search) {
    // The matching people are found first (trigram indexes), then their bookings through the
    // parent and nurse indexes: by the ids found once for the request (`people`), else by
    // `= any(array(…))`; an IN (subquery) would filter every booking instead.
    const people = matchingPeople(search)
    const matches: SQL[] = query.people
      ? [inArray(bookings.parentId, query.people.parentIds), inArray(bookings.nurseId, query.people.nurseIds)]
      : [sql`${bookings.parentId} = any(array(${people.parents}))`, sql`${bookings.nurseId} = any(array(${people.nurses}))`]
    const id = bookingIdFromSearch(search)
    if (id !== null) matches.push(eq(bookings.id, id))
    conditions.push(or(...matches)!)
  }
  return conditions.length ? and(...conditions) : undefined
}

/** A filter, with the people its search matched when they were found once for the whole request. */
type FilterQuery = AdminExportQuery & { people?: MatchedPeople }

interface MatchedPeople {
  parentIds: number[]
  nurseIds: number[]
}

/** Up to this many people on each side, a search's people are sent to its queries as ids. */
const PEOPLE_AS_IDS = 5_000

/**
 * The people a search matches, read once (and kept between requests: search-people.server.ts): a
 * request's count and page would otherwise each run the trigram lookups (an e-mail's common
 * trigrams, such as 'example.com', cost 25 ms each at 200,000 accounts). Undefined when either side
 * holds more than `limit`: so many ids would not fit in a query's parameters (65,535), and the
 * queries find the people themselves, as before.
 */
async function findPeople(search: string, limit = PEOPLE_AS_IDS): Promise<MatchedPeople | undefined> {
  const people = await readSearchPeople(search)
  if (!people || people.accountIds.length > limit || people.nurseIds.length > limit) return undefined
  return { parentIds: people.accountIds, nurseIds: people.nurseIds }
}

/**
 * The parents whose name or e-mail holds the search, and the nurses (profiles) whose name does
 * (exported for its plan's test).
 */
export function matchingPeople(search: string) {
  const db = getDb()
  const parents = db.select({ id: users.id }).from(users).where(personHolds(search))
  // The nurses' profiles by their accounts' ids (nurse_profiles_user_idx): a join let the
  // planner read all 100,000 profiles to hash them against a common name's matches.
  const nurseUsers = db.select({ id: users.id }).from(users).where(nameHolds(search))
  const nurses = db
    .select({ id: nurseProfiles.id })
    .from(nurseProfiles)
    .where(sql`${nurseProfiles.userId} = any(array(${nurseUsers}))`)
  return { parents, nurses }
}

/** The list's order: newest first, the id breaking ties (bookings made in the same microsecond). */
const NEWEST_FIRST = [desc(bookings.createdAt), desc(bookings.id)]
const OLDEST_FIRST = [asc(bookings.createdAt), asc(bookings.id)]

const bookingRowColumns = {
  id: bookings.id,
  nurseName: nurseUsers.displayName,
  parentId: bookings.parentId,
  parentName: parentUsers.displayName,
  parentEmail: parentUsers.email,
  startDate: bookings.startDate,
  status: bookings.status,
  totalAmountCents: bookings.totalAmountCents,
  createdAt: bookings.createdAt,
}

/** The rows of the list, with their people, under `where` (the filter, and a page's ids or a cursor). */
function bookingRows(where: SQL | undefined) {
  const selected = getDb()
    .select({ ...bookingRowColumns, cursor: sql<string>`${bookings.createdAt}::text` })
    .from(bookings)
    .$dynamic()
  return joinBookingPeople(selected).where(where).orderBy(...NEWEST_FIRST)
}

type BookingSelect = Awaited<ReturnType<typeof bookingRows>>[number]

function toBookingRow({ cursor: _cursor, ...row }: BookingSelect): AdminBookingRow {
  return { ...row, reference: formatBookingReference(row.id), createdAt: row.createdAt.toISOString() }
}

/** Up to this many bookings are counted one by one; past it the planner's estimate is shown. */
export const EXACT_COUNT_LIMIT = 10_000

export interface BookingCount {
  value: number
  /** False past EXACT_COUNT_LIMIT without position marks: the planner's estimate (docs/decisions/0022). */
  exact: boolean
  /** The scope whose position marks counted it: its pages can be read from them (docs/decisions/0036). */
  marked?: MarkScope
}

/**
 * How many bookings the filter keeps. Every booking, or one status: exact, from the position
 * marks (reading at most MARK_EVERY index entries past the last; docs/decisions/0036). A search,
 * or marks that could not be built this time: exact up to EXACT_COUNT_LIMIT (reading at most that
 * many index entries), and past it PostgreSQL's own estimate of the filter's rows (its statistics),
 * since counting a million rows exactly costs a scan of all of them (docs/decisions/0022).
 */
export async function countAdminBookings(query: AdminExportQuery, options: MarkOptions = {}): Promise<BookingCount> {
  const scope = markScopeOf(query)
  const marked = scope ? await countByMarks(scope, options) : null
  if (scope && marked !== null) return { value: marked, exact: true, marked: scope }
  const [capped] = await countAdminBookingsQuery(query)
  if (capped.value <= EXACT_COUNT_LIMIT) return { value: capped.value, exact: true }
  const filter = bookingFilter(query)
  const planned = await plannedRows(sql`select 1 from ${bookings} where ${filter ?? sql`true`}`)
  return { value: Math.max(EXACT_COUNT_LIMIT + 1, planned), exact: false }
}

/** How many rows PostgreSQL expects `query` to give (EXPLAIN: planned, not run). */
async function plannedRows(query: SQL): Promise<number> {
  const rows = await executeRows(getDb(), sql`explain (format json) ${query}`)
  const cell = Object.values(rows[0])[0]
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }]
  return Math.round(plan[0].Plan['Plan Rows'])
}

/** The capped count's query (the scale bench prints its plan). */
export function countAdminBookingsQuery(query: AdminExportQuery) {
  const db = getDb()
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(bookings)
    .where(bookingFilter(query))
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped')
  return db.select({ value: count() }).from(capped)
}

/**
 * The ids of one page, read from the nearer end of the order: a page in the second half is read
 * oldest first with the offset from the end, so the last page costs what the first does. The
 * people are joined afterwards, to these ids only (a deferred join). Over an estimated count the
 * last page is a full one, the oldest twenty bookings.
 */
export function adminBookingsPageIds(query: AdminExportQuery, page: number, total: BookingCount) {
  const totalRows = total.exact ? total.value : countPages(total.value) * PAGE_SIZE
  const offset = pageOffset(page)
  const size = Math.max(0, Math.min(PAGE_SIZE, totalRows - offset))
  const fromEnd = totalRows - offset - size
  if (fromEnd < offset) {
    return getDb().select({ id: bookings.id }).from(bookings).where(bookingFilter(query)).orderBy(...OLDEST_FIRST).limit(size).offset(fromEnd)
  }
  return newestFirstPageIds(query, page)
}

/** The ids of one page counted from the newest booking: right whatever the count, and cheap near the start. */
function newestFirstPageIds(query: AdminExportQuery, page: number) {
  return getDb()
    .select({ id: bookings.id })
    .from(bookings)
    .where(bookingFilter(query))
    .orderBy(...NEWEST_FIRST)
    .limit(PAGE_SIZE)
    .offset(pageOffset(page))
}

/**
 * The ids of one page, from the position mark below it when the count came from the marks (at most
 * MARK_EVERY index entries, however deep), else from the nearer end (adminBookingsPageIds).
 */
async function readPageIds(query: AdminExportQuery, page: number, total: BookingCount): Promise<number[]> {
  const offset = pageOffset(page)
  const size = Math.max(0, Math.min(PAGE_SIZE, total.value - offset))
  const fromMark = total.marked && size ? await pageIdsFromMark(total.marked, total.value - offset - size, size) : null
  return fromMark ?? (await adminBookingsPageIds(query, page, total)).map((row) => row.id)
}

/**
 * Pages that start within this many bookings of the newest (half the marks' spacing) are read
 * newest first whatever the count turns out to be, so they are read alongside it rather than after.
 */
const nearStartOf = (options: MarkOptions) => (options.every ?? MARK_EVERY) / 2

/** A row's place in the list's order, as the Next and Previous links carry it (AdminBookingsQuerySchema). */
const pageCursor = (row: { cursor: string; id: number }) => `${row.cursor}~${row.id}`

function parseCursor(value: string): ExportCursor {
  const at = value.lastIndexOf('~')
  return { cursor: value.slice(0, at), id: Number(value.slice(at + 1)) }
}

/**
 * The page after `after` (Next) or before `before` (Previous): twenty rows from an index range,
 * however deep the page. Null when the edge is gone (its rows deleted, or a filter changed).
 */
async function readPageByCursor(query: AdminBookingsQuery): Promise<number[] | null> {
  const edge = parseCursor((query.after ?? query.before)!)
  const key = sql`(${bookings.createdAt}, ${bookings.id})`
  const bound = sql`(${edge.cursor}::timestamptz, ${edge.id})`
  const db = getDb()
  const rows = query.after
    ? await db.select({ id: bookings.id }).from(bookings).where(and(bookingFilter(query), sql`${key} < ${bound}`)).orderBy(...NEWEST_FIRST).limit(PAGE_SIZE)
    : await db.select({ id: bookings.id }).from(bookings).where(and(bookingFilter(query), sql`${key} > ${bound}`)).orderBy(...OLDEST_FIRST).limit(PAGE_SIZE)
  return rows.length ? rows.map((row) => row.id) : null
}

export interface AdminBookingsPage extends Paged<AdminBookingRow> {
  /** The edges of this page, for the Next (`after`) and Previous (`before`) links; null when empty. */
  cursors: { after: string; before: string } | null
}

/**
 * Every booking, newest first, filtered by status and a search over names, e-mail and reference.
 * A page named by its number is read from the position mark below it (or the nearer end); Next
 * and Previous carry the page's edge and read from it (docs/decisions/0022, 0036). A search
 * matching hundreds of people reads its first pages from the newest bookings; any other finds
 * its people once, then their bookings.
 */
export async function listAdminBookings(asked: AdminBookingsQuery, options: ListOptions = {}): Promise<AdminBookingsPage> {
  const dense = !asked.after && !asked.before ? await readDenseSearchPage(asked, options) : null
  if (dense) return pageOf(dense.page, dense.total, dense.ids)
  const search = asked.search?.trim()
  const query: AdminBookingsQuery & FilterQuery = search ? { ...asked, people: await findPeople(search, options.peopleAsIds) } : asked
  const nearStart =
    !query.after && !query.before && pageOffset(query.page) < nearStartOf(options)
      ? Promise.resolve(newestFirstPageIds(query, query.page)).then((rows) => rows.map((row) => row.id))
      : null
  // Not awaited when the page turns out to be past the end; a failure is then nobody's to report.
  nearStart?.catch(() => {})
  const total = await countAdminBookings(query, options)
  const totalPages = countPages(total.value)
  // A page past the end (a typed `page=9`, or a link kept while rows went away) shows the last
  // page, so the table never says 'Page 9 of 2' over nothing.
  const page = Math.min(query.page, totalPages)
  const byCursor = page === query.page && (query.after || query.before) ? await readPageByCursor(query) : null
  const ids = byCursor ?? (await (nearStart && page === query.page ? nearStart : readPageIds(query, page, total)))
  return pageOf(page, total, ids)
}

/** The page of these ids, with their people, newest first, and its edges for Next and Previous. */
async function pageOf(page: number, total: BookingCount, ids: number[]): Promise<AdminBookingsPage> {
  const rows = ids.length ? await bookingRows(inArray(bookings.id, ids)) : []
  return {
    page,
    totalPages: countPages(total.value),
    totalRows: total.value,
    rows: rows.map(toBookingRow),
    cursors: rows.length ? { before: pageCursor(rows[0]), after: pageCursor(rows[rows.length - 1]) } : null,
  }
}

export interface ListOptions extends MarkOptions {
  /** People a search must match to be read from the newest bookings (tests make it small). */
  densePeople?: number
  /** How many of the newest bookings such a search reads. */
  searchWindow?: number
  /** Above this many bookings a count may be an estimate (EXACT_COUNT_LIMIT). */
  exactCountLimit?: number
  /** Up to this many matched people a side are sent to the queries as ids (PEOPLE_AS_IDS). */
  peopleAsIds?: number
  /** A dense search holding up to this many accounts (estimated) uses its kept people (KEPT_PEOPLE_LIMIT). */
  keptPeople?: number
}

/**
 * A search whose words match at least this many people (a common last name: 6,201 people and
 * 61,048 bookings of a million) is read from the newest bookings first; fewer, through the
 * people's indexes (bookingFilter). Sorting tens of thousands of matches for a page of twenty, and
 * counting them, cost 100–200 ms; the newest 10,000 bookings are one index-only range.
 */
const DENSE_SEARCH_PEOPLE = 300
const SEARCH_WINDOW = 10_000

/**
 * A dense search's page from the newest bookings (docs/decisions/0036): the matches among them,
 * in the list's order, are the list's first matches. When the window is the whole table they are
 * all of them (an exact count); otherwise, when they reach past the page, the count is estimated
 * from their share of the window (past EXACT_COUNT_LIMIT, as other counts are). Null otherwise: a
 * sparse search, or a page deeper than the window, is read as before.
 */
async function readDenseSearchPage(query: AdminBookingsQuery, options: ListOptions) {
  const search = query.search?.trim()
  if (!search) return null
  const estimate = await estimatePeople(search)
  if (estimate < (options.densePeople ?? DENSE_SEARCH_PEOPLE)) return null
  // A search's people are kept between requests (search-people.server.ts), unless there are so
  // many ('a') that their ids would weigh more than reading them again in the window's query.
  const people = estimate <= (options.keptPeople ?? KEPT_PEOPLE_LIMIT) ? ((await readSearchPeople(search)) ?? undefined) : undefined
  const needed = pageOffset(query.page) + PAGE_SIZE
  let window = options.searchWindow ?? SEARCH_WINDOW
  for (let widened = false; ; widened = true) {
    const { ids, seen } = await readWindow(query, search, window, people)
    const slice = (page: number) => ids.slice(pageOffset(page), pageOffset(page) + PAGE_SIZE)
    if (seen < window) {
      const page = Math.min(query.page, countPages(ids.length))
      return { page, total: { value: ids.length, exact: true }, ids: slice(page) }
    }
    if (ids.length >= needed) {
      const scope = await countAdminBookings({ status: query.status }, options)
      const estimate = Math.round((ids.length / window) * scope.value)
      if (estimate <= (options.exactCountLimit ?? EXACT_COUNT_LIMIT)) return null
      return { page: query.page, total: { value: estimate, exact: false }, ids: slice(query.page) }
    }
    // Short of the page: once, a window wide enough at the density seen (at most 5 times wider).
    if (widened || ids.length * WIDEST_WINDOW_FACTOR < needed) return null
    window *= WIDEST_WINDOW_FACTOR
  }
}

/** A window short of a page is read once more this many times wider, if that should reach it. */
const WIDEST_WINDOW_FACTOR = 5

/**
 * The planner's estimate of the people a search matches: its statistics of the trigram indexes,
 * no index read (a common word in every e-mail, such as 'example.com', costs a scan to count).
 */
async function estimatePeople(search: string): Promise<number> {
  return plannedRows(sql`select 1 from ${users} where ${personHolds(search)}`)
}

/**
 * The search's matches among the newest `window` bookings of the status asked (or of all), in the
 * list's order: an index-only range of bookings_created_idx or bookings_status_created_idx, which
 * carry each booking's people (migration 0019).
 */
async function readWindow(query: AdminBookingsQuery, search: string, window: number, people?: SearchPeople) {
  const db = getDb()
  const status = query.status ? eq(bookings.status, query.status) : undefined
  const [rows, [{ seen }]] = await Promise.all([
    executeRows<{ id: number }>(db, searchWindowQuery(query, search, window, people)),
    // How many bookings the window held: fewer than asked, and it was all of them.
    executeRows<{ seen: number }>(db, sql`select count(*)::int as seen from (select 1 from ${bookings} where ${status ?? sql`true`} limit ${window}) as c`),
  ])
  return { ids: rows.map((row) => row.id), seen }
}

/**
 * The ids of a dense search's matches among the newest `window` bookings, newest first (exported
 * for its plan's test). A window row matches by its parent, its nurse, or the reference; each side
 * is a hash built once. The people are the kept ones when given (`people`: their ids, no account
 * read); otherwise the accounts the search holds are read once for both sides (materialized: a
 * common last name's 6,000 accounts cost about 10 ms to read; docs/decisions/0039).
 */
export function searchWindowQuery(
  query: Pick<AdminBookingsQuery, 'status'>,
  search: string,
  window: number,
  people?: SearchPeople,
): SQL {
  const status = query.status ? eq(bookings.status, query.status) : undefined
  const matches = people
    ? [sql`w.parent_id = any(${intArrayParam(people.accountIds)})`, sql`w.nurse_id = any(${intArrayParam(people.nurseIds)})`]
    : [
        sql`w.parent_id in (select id from people)`,
        sql`w.nurse_id in (${nurseIdsOfPeople})`,
      ]
  const id = bookingIdFromSearch(search)
  if (id !== null) matches.push(sql`w.id = ${id}`)
  const accounts = people
    ? sql``
    : sql`with people as materialized (${heldAccounts(search)}) `
  return sql`${accounts}select w.id from (
      select ${bookings.id} as id, ${bookings.createdAt} as created_at, ${bookings.parentId} as parent_id,
        ${bookings.nurseId} as nurse_id
      from ${bookings} where ${status ?? sql`true`}
      order by ${bookings.createdAt} desc, ${bookings.id} desc limit ${window}
    ) as w
    where ${sql.join(matches, sql` or `)}
    order by w.created_at desc, w.id desc`
}


/** Rows read per query of the export: a batch is held in memory, never the whole table. */
export const EXPORT_BATCH_SIZE = 2000

export interface ExportCursor {
  /** The last row's created_at as PostgreSQL writes it: microseconds, which a Date would lose. */
  cursor: string
  id: number
}

/** One batch of the export: the rows after `after` in the list's order (the scale bench prints its plan). */
export function adminBookingsBatchQuery(query: AdminExportQuery, after: ExportCursor | null, batchSize: number) {
  const keyset = after ? sql`(${bookings.createdAt}, ${bookings.id}) < (${after.cursor}::timestamptz, ${after.id})` : undefined
  return bookingRows(and(bookingFilter(query), keyset)).limit(batchSize)
}

/**
 * The same query as the list, every page of it (one query, many serializations:
 * docs/architecture.md), in batches of `batchSize` that follow one another by the order's key
 * (created_at, id): each batch is an index range, however deep, and a booking made while the
 * export runs moves no row into another batch.
 */
export async function* listAllAdminBookings(
  query: AdminExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<AdminBookingRow[]> {
  let after: ExportCursor | null = null
  for (;;) {
    const rows: BookingSelect[] = await adminBookingsBatchQuery(query, after, batchSize)
    if (rows.length) yield rows.map(toBookingRow)
    if (rows.length < batchSize) return
    const last: BookingSelect = rows[rows.length - 1]
    after = { cursor: last.cursor, id: last.id }
  }
}

export const BOOKINGS_CSV_COLUMNS = [
  'Booking ID',
  'Reference',
  'Nurse',
  'Parent',
  'Parent Email',
  'Start Date',
  'Status',
  'Total (USD)',
  'Created At',
] as const

function toCsvRecords(rows: readonly AdminBookingRow[]) {
  return rows.map((row) => [
    row.id,
    row.reference,
    // Names are typed by families and nurses: never let a spreadsheet run one as a formula.
    csvText(row.nurseName),
    csvText(row.parentName),
    csvText(row.parentEmail),
    row.startDate,
    row.status,
    (row.totalAmountCents / 100).toFixed(2),
    row.createdAt,
  ])
}

/** The bookings as a spreadsheet: dollars with two decimals, dates as ISO (machine-readable). */
export function toBookingsCsv(rows: readonly AdminBookingRow[]): string {
  return stringify(toCsvRecords(rows), { header: true, columns: [...BOOKINGS_CSV_COLUMNS] })
}

/**
 * The same file as toBookingsCsv, written batch by batch as the rows arrive: the header, then
 * each batch's lines. Only one batch is held at a time (docs/decisions/0022).
 */
export async function* toBookingsCsvChunks(batches: AsyncIterable<readonly AdminBookingRow[]>): AsyncGenerator<string> {
  yield stringify([], { header: true, columns: [...BOOKINGS_CSV_COLUMNS] })
  for await (const rows of batches) yield stringify(toCsvRecords(rows))
}

/**
 * An admin's booking status change (docs/decisions/0008). Cancelling releases the
 * nights not yet started and refunds them in full (cancellation.server.ts); the other changes
 * are checked by bookingStatusChangeProblem, so a paid booking never falls back to 'pending'
 * (where the unpaid-hold sweep would release its nights) and a cancelled one is never reopened
 * over nights another family may have booked since.
 */
export async function updateBookingStatus(
  input: UpdateBookingStatus & { actorId: number; now?: Date },
): Promise<{ ok: true; bookingId: number; status: BookingStatus } | Failure> {
  const now = input.now ?? new Date()
  if (input.status === 'cancelled') {
    const result = await cancelBookingAsAdmin({
      bookingId: input.bookingId,
      actorId: input.actorId,
      notes: input.notes || null,
      now,
    })
    return result.ok ? { ok: true, bookingId: input.bookingId, status: 'cancelled' } : result
  }
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, input.bookingId))
      .for('update')
    if (!current) return { ok: false, status: 404, error: BOOKING_NOT_FOUND } as const
    const charge = await findPaidCharge(tx, input.bookingId)
    const [ahead] = await tx
      .select({ value: count() })
      .from(bookingOccurrences)
      .where(
        and(
          eq(bookingOccurrences.bookingId, input.bookingId),
          sql`${bookingOccurrences.status} <> 'cancelled'`,
          gt(bookingOccurrences.endsAt, now),
        ),
      )
    const problem = bookingStatusChangeProblem(current.status, input.status, {
      paid: Boolean(charge),
      nightsAhead: ahead.value,
    })
    if (problem) return { ok: false, status: 409, error: problem } as const
    if (current.status === input.status) return { ok: true, bookingId: input.bookingId, status: input.status } as const
    // bookingStatusChangeProblem refused 'pending' and 'cancelled' as targets above.
    await changeBookingStatusByAdmin(
      tx,
      input.bookingId,
      current.status,
      input.status as PaidBookingStatus,
      now,
    )
    await tx.insert(adminAuditLog).values({
      actorId: input.actorId,
      action: 'booking.status_changed',
      entityType: 'booking',
      entityId: input.bookingId,
      notes: input.notes || null,
      data: { from: current.status, to: input.status },
    })
    return { ok: true, bookingId: input.bookingId, status: input.status } as const
  })
}

// ---------------------------------------------------------------------------------------------
// Nurses

export interface AdminNurseRow {
  nurseProfileId: number
  /** Her account, for the admin's member page (suspend or reinstate, issue 38). */
  userId: number
  /** When an admin suspended her account; null while it is active. */
  suspendedAt: string | null
  displayName: string
  email: string
  baseLocation: string
  verificationStatus: 'none' | 'pending' | 'approved' | 'rejected'
  rejectionReason: string | null
  submittedAt: string | null
  profileUpdatedAt: string | null
  /** The average of her reviews shown, one decimal; null until she has one (issue 16). */
  averageRating: number | null
  memberSince: string
  /** `/files/{id}`: readable by the nurse and admins only (docs/security.md); null when none was uploaded. */
  idDocumentUrl: string | null
  certificationDocumentUrl: string | null
}

const fileUrl = (fileId: number | null) => (fileId === null ? null : `/files/${fileId}`)

/**
 * Nurses with a profile, most recently changed first. The pending queue (verificationStatus
 * 'pending') is oldest submission first instead, so no applicant waits behind newer ones.
 * `counted.totalRows`: the filter's count when the caller reads it anyway (the dashboard's pending
 * tab shares it with the stats).
 */
export async function listAdminNurses(query: AdminNursesQuery, counted: { totalRows?: PromiseLike<number> } = {}): Promise<Paged<AdminNurseRow>> {
  const db = getDb()
  const where = query.verificationStatus ? eq(nurseProfiles.verificationStatus, query.verificationStatus) : undefined
  const paged = await readPage(
    query.page,
    (offset) =>
      db
        .select({
          nurseProfileId: nurseProfiles.id,
          userId: users.id,
          suspendedAt: users.suspendedAt,
          displayName: users.displayName,
          email: users.email,
          baseLocation: nurseProfiles.baseLocation,
          verificationStatus: nurseProfiles.verificationStatus,
          rejectionReason: nurseProfiles.rejectionReason,
          submittedAt: nurseProfiles.submittedAt,
          profileUpdatedAt: nurseProfiles.updatedAt,
          memberSince: users.createdAt,
          idDocumentFileId: nurseProfiles.idDocumentFileId,
          certificationFileId: nurseProfiles.certificationFileId,
          reviewAverage: nurseProfiles.reviewAverage,
        })
        .from(nurseProfiles)
        .innerJoin(users, eq(users.id, nurseProfiles.userId))
        .where(where)
        .orderBy(
          ...(query.verificationStatus === 'pending'
            ? [sql`${nurseProfiles.submittedAt} asc nulls last`, asc(nurseProfiles.id)]
            : [desc(nurseProfiles.updatedAt), desc(nurseProfiles.id)]),
        )
        .limit(PAGE_SIZE)
        .offset(offset),
    () => counted.totalRows ?? countOf(db.select({ value: count() }).from(nurseProfiles).where(where)),
  )
  return {
    ...paged,
    rows: paged.rows.map(({ idDocumentFileId, certificationFileId, reviewAverage, ...row }) => ({
      ...row,
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      profileUpdatedAt: row.profileUpdatedAt?.toISOString() ?? null,
      memberSince: row.memberSince.toISOString(),
      // The families' reviews shown, one decimal (issue 16); null until she has one.
      averageRating: reviewAverage === null ? null : Math.round(reviewAverage * 10) / 10,
      idDocumentUrl: fileUrl(idDocumentFileId),
      certificationDocumentUrl: fileUrl(certificationFileId),
    })),
  }
}

/**
 * Approve, reject (with the reason the nurse will read, kept in the audit log) or send back to pending.
 * The decision is audited, the nurse is e-mailed, and public listings forget their cached view
 * (only approved nurses are public).
 */
export async function updateNurseVerification(
  input: UpdateNurseVerification & { actorId: number; now: Date },
): Promise<
  { ok: true; nurseProfileId: number; verificationStatus: UpdateNurseVerification['verificationStatus'] } | Failure
> {
  const reason = input.reason?.trim() || null
  // The schema refuses this too; the domain keeps the rule for any other caller.
  if (input.verificationStatus === 'rejected' && !reason) {
    return { ok: false, status: 400, error: 'Please provide a reason for rejection' }
  }
  // Read before the transaction: the embedded database serves one connection at a time.
  const checked = input.verificationStatus === 'approved' && (await hasCurrentCheck(input.nurseProfileId, input.now))
  const outcome = await getDb().transaction(async (tx) => {
    const [nurse] = await tx
      .select({ status: nurseProfiles.verificationStatus, name: users.displayName, email: users.email })
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(eq(nurseProfiles.id, input.nurseProfileId))
      .for('update', { of: nurseProfiles })
    if (!nurse) return null
    // Approval stands on a background check: clear, or one an admin approved, and not expired
    // (docs/decisions/0061).
    if (input.verificationStatus === 'approved' && !checked) return 'no-check' as const
    await tx
      .update(nurseProfiles)
      .set({
        verificationStatus: input.verificationStatus,
        rejectionReason: input.verificationStatus === 'rejected' ? reason : null,
        // When the decision was made; a profile sent back to pending has none.
        verifiedAt: input.verificationStatus === 'pending' ? null : input.now,
        updatedAt: input.now,
      })
      .where(eq(nurseProfiles.id, input.nurseProfileId))
    await tx.insert(adminAuditLog).values({
      actorId: input.actorId,
      action: `nurse.verification_${input.verificationStatus}`,
      entityType: 'nurse_profile',
      entityId: input.nurseProfileId,
      notes: reason,
      data: { from: nurse.status, to: input.verificationStatus },
    })
    return nurse
  })
  if (!outcome) return { ok: false, status: 404, error: NURSE_PROFILE_NOT_FOUND }
  if (outcome === 'no-check') return { ok: false, status: 409, error: CHECK_MESSAGES.approvalNeedsCheck }
  clearPublicNurseCache()
  const decision = input.verificationStatus
  if (decision !== 'pending') {
    await sendEmail(
      outcome.email,
      (t) =>
        verificationDecisionEmail(
          {
            nurseName: outcome.name,
            decision,
            reason,
            dashboardUrl: `${getConfig().APP_ORIGIN}/nurse/dashboard`,
          },
          t,
        ),
    )
  }
  // An approval stands on her credentials too: one of a kind her profile depends on that already
  // lapsed keeps her out of search until renewed; a rejection clears a lapse (docs/decisions/0062).
  await refreshListing(input.nurseProfileId, input.now)
  return { ok: true, nurseProfileId: input.nurseProfileId, verificationStatus: input.verificationStatus }
}

// ---------------------------------------------------------------------------------------------
// Payments

export interface AdminPaymentRow {
  id: number
  createdAt: string
  amountCents: number
  status: string
  kind: 'charge' | 'refund' | 'payout' | 'reversal'
  provider: string
  /** Null for a reservation's deposit, its refund or its payout before the plan starts (decision 0073). */
  bookingId: number | null
  reservationId: number | null
  parentName: string
  nurseName: string
  /** The provider's id: a PaymentIntent for charges, a refund id for refunds, a transfer for payouts. */
  stripePaymentIntentId: string
}

export async function listAdminPayments(query: { page: number }): Promise<Paged<AdminPaymentRow>> {
  const db = getDb()
  const paged = await readPage(
    query.page,
    (offset) =>
      db
        .select({
          id: payments.id,
          createdAt: payments.createdAt,
          amountCents: payments.amountCents,
          status: payments.status,
          kind: payments.kind,
          provider: payments.provider,
          bookingId: payments.bookingId,
          reservationId: payments.reservationId,
          parentName: parentUsers.displayName,
          nurseName: nurseUsers.displayName,
          stripePaymentIntentId: payments.providerPaymentId,
        })
        .from(payments)
        // Every payment names a booking, or (a deposit before its plan starts) a reservation: its
        // people are that one's.
        .leftJoin(bookings, eq(bookings.id, payments.bookingId))
        .leftJoin(reservations, and(isNull(payments.bookingId), eq(reservations.id, payments.reservationId)))
        .innerJoin(parentUsers, eq(parentUsers.id, sql`coalesce(${bookings.parentId}, ${reservations.parentId})`))
        .innerJoin(nurseProfiles, eq(nurseProfiles.id, sql`coalesce(${bookings.nurseId}, ${reservations.nurseId})`))
        .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(PAGE_SIZE)
        .offset(offset),
    () => countOf(db.select({ value: count() }).from(payments)),
  )
  return {
    ...paged,
    rows: paged.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  }
}

// ---------------------------------------------------------------------------------------------
// The e-mail outbox: without SMTP every message is kept for admins to read

export interface OutboxEmailRow {
  id: number
  toAddress: string
  subject: string
  textBody: string
  createdAt: string
}

export async function listOutboxEmails(query: { page: number }): Promise<Paged<OutboxEmailRow>> {
  const db = getDb()
  const paged = await readPage(
    query.page,
    (offset) =>
      db
        .select({
          id: outboxEmails.id,
          toAddress: outboxEmails.toAddress,
          subject: outboxEmails.subject,
          textBody: outboxEmails.textBody,
          createdAt: outboxEmails.createdAt,
        })
        .from(outboxEmails)
        .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
        .limit(PAGE_SIZE)
        .offset(offset),
    () => countOf(db.select({ value: count() }).from(outboxEmails)),
  )
  return {
    ...paged,
    rows: paged.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  }
}

/** Whether e-mail leaves through SMTP, or stays in the outbox for admins to read. */
export function getEmailDelivery(): 'smtp' | 'outbox' {
  return getConfig().SMTP_URL ? 'smtp' : 'outbox'
}
