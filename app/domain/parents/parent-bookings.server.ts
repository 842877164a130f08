// The parent's side of bookings (/parent/dashboard and the booking's page): the filtered list, one
// booking's detail, the dashboard's stats, the payment history and the receipts. Every read is
// scoped by the parent (docs/architecture.md). The dashboard, the /_api calls and the PDF route all
// read through here.
import { and, asc, desc, eq, exists, gt, inArray, isNull, ne, not, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client.server'
import { intArrayText, preparedPerDatabase } from '../../db/prepared.server'
import { bookingChargeWeeks, bookingOccurrences, bookings, nurseProfiles, payments, reservations } from '../../db/schema'
import { collectedCharge } from '../payments/payment-life-cycle.server'
import { joinBookingPeople, nurseUsers, parentUsers } from '../bookings/booking-people.server'
import type { BookingFilter } from '../../schemas/parent-bookings'
import { quoteNightRefund, type RefundPolicy } from '../bookings/cancellation'
import { isChargedWeekly, weekOfNight } from '../payments/charge-weeks'
import { formatInvoiceNumber, toDepositReceipt, toReceipt, type Receipt } from '../payments/receipts'
import { findKeptDepositWeeks, getRefundedSoFar, paidByKeptDeposit } from '../payments/cancellation.server'
import type { Translate } from '~/i18n/translate'

export interface ParentOccurrence {
  id: number
  date: string
  startTimeLocal: string
  endTimeLocal: string
  startsAt: string
  status: string
  priceCents: number
  /** The refund recorded when the night was cancelled. */
  refundCents: number | null
  /** What cancelling now would refund; null when the night cannot be cancelled. */
  refundableCents: number | null
  refundPolicy: RefundPolicy | null
  /** False for a night of a series paid week by week whose week is not charged yet (cancelling it refunds nothing: it is never charged). */
  charged: boolean
}

export interface ParentBooking {
  id: number
  nurseName: string
  nurseAvatarUrl: string | null
  nurseSlug: string
  status: string
  startDate: string
  createdAt: string
  pattern: 'one_time' | 'recurring'
  nightsPerWeek: number
  weeksCount: number | null
  totalAmountCents: number
  timezone: string
  /** How many babies the nights are for (issue 36), and her extra per additional baby as priced. */
  babies: number
  extraBabyCents: number
  occurrences: ParentOccurrence[]
}

export interface ParentPayment {
  id: number
  kind: 'charge' | 'refund'
  status: string
  amountCents: number
  createdAt: string
  /** Null for a reservation's deposit (or its refund) not on a booking (decision 0073). */
  bookingId: number | null
  /** The reservation a deposit was paid for. */
  reservationId: number | null
  /** 'Night Care with Nora Nightingale', or 'Deposit: night care with …'. */
  label: string
  nurseName: string
  timezone: string
  invoiceNumber: string
}

export interface ParentBookingDetail {
  booking: ParentBooking & {
    addressText: string
    notes: string | null
    contactName: string | null
    contactPhone: string | null
    nightlyRateCents: number
    subtotalCents: number
    platformFeeCents: number
    nurseHeadline: string | null
    nurseLocation: string
  }
  payments: ParentPayment[]
  refundedCents: number
  netPaidCents: number
}

export interface ParentStats {
  totalBookings: number
  upcoming: number
  /** Succeeded charges minus refunds. */
  totalSpentCents: number
  /** When the most recent booking was made, ISO; null without bookings. */
  lastBookingAt: string | null
}

// An uploaded photo wins over an external one; uploaded files are served by id (as nurses.server).
const nurseAvatarColumn = sql<string | null>`coalesce(case when ${nurseProfiles.photoFileId} is not null
  then '/files/' || ${nurseProfiles.photoFileId} else ${nurseProfiles.photoUrl} end, ${nurseUsers.avatarUrl})`

/**
 * A booking the parent made: one that was paid (a refunded charge was paid first), or one still
 * inside its checkout hold. Unpaid checkouts whose hold ran out never became bookings.
 */
/** A time a condition compares with: a value, or a prepared statement's placeholder. */
type Moment = Date | Placeholder

function isVisible(now: Moment): SQL {
  return or(
    exists(
      getDb()
        .select({ one: sql`1` })
        .from(payments)
        .where(
          and(
            eq(payments.bookingId, bookings.id),
            eq(payments.kind, 'charge'),
            collectedCharge(),
          ),
        ),
    ),
    and(eq(bookings.status, 'pending'), or(isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now))),
  )!
}

/** A night still to come (or under way) that is not cancelled. */
function hasNightAhead(now: Moment): SQL {
  return exists(
    getDb()
      .select({ one: sql`1` })
      .from(bookingOccurrences)
      .where(
        and(
          eq(bookingOccurrences.bookingId, bookings.id),
          ne(bookingOccurrences.status, 'cancelled'),
          gt(bookingOccurrences.endsAt, now),
        ),
      ),
  )
}

// Upcoming: not cancelled and a night still ahead. Past: not cancelled and every night over.
// Cancelled: the booking is cancelled (every night of it was).
function filterCondition(filter: BookingFilter, now: Moment): SQL {
  const notCancelled = ne(bookings.status, 'cancelled')
  if (filter === 'upcoming') return and(notCancelled, hasNightAhead(now))!
  if (filter === 'past') return and(notCancelled, not(hasNightAhead(now)))!
  return eq(bookings.status, 'cancelled')
}

const bookingColumns = {
  id: bookings.id,
  nurseName: nurseUsers.displayName,
  nurseAvatarUrl: nurseAvatarColumn,
  nurseSlug: nurseProfiles.slug,
  status: bookings.status,
  startDate: bookings.startDate,
  reservationId: bookings.reservationId,
  createdAt: bookings.createdAt,
  pattern: bookings.pattern,
  nightsPerWeek: bookings.nightsPerWeek,
  weeksCount: bookings.weeksCount,
  totalAmountCents: bookings.totalAmountCents,
  subtotalCents: bookings.subtotalCents,
  timezone: bookings.timezone,
  babies: bookings.babies,
  extraBabyCents: bookings.extraBabyCents,
}

type BookingRow = Omit<Awaited<ReturnType<typeof selectBookings>>[number], 'matching'> & { matching?: number }

/** Bookings with their nurse, and how many match in all (a window: a page's count in the same query). */
function selectBookings(where: SQL, orderBy: SQL[], db: DbOrTx = getDb()) {
  return db
    .select({ ...bookingColumns, matching: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(bookings)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, bookings.nurseId))
    .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
    .where(where)
    .orderBy(...orderBy)
}

async function withOccurrences(rows: BookingRow[], now: Date): Promise<ParentBooking[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const db = getDb()
  // Only a plan started from a reservation can have a week its deposit paid.
  const fromReservations = rows.filter((row) => row.reservationId !== null).map((row) => row.id)
  const [nightRows, refunded, weekRows, keptWeeks] = await Promise.all([
    nightsOfBookingsQuery().execute({ ids: intArrayText(ids) }),
    getRefundedSoFar(db, ids),
    rows.some(isChargedWeekly)
      ? db
          .select({ bookingId: bookingChargeWeeks.bookingId, week: bookingChargeWeeks.week, status: bookingChargeWeeks.status })
          .from(bookingChargeWeeks)
          .where(inArray(bookingChargeWeeks.bookingId, ids))
      : [],
    findKeptDepositWeeks(db, fromReservations, now),
  ])
  const weekStatus = new Map(weekRows.map((week) => [`${week.bookingId}:${week.week}`, week.status]))
  const nightsOf = new Map<number, typeof nightRows>()
  for (const night of nightRows) {
    const list = nightsOf.get(night.bookingId)
    if (list) list.push(night)
    else nightsOf.set(night.bookingId, [night])
  }
  return rows.map(({ subtotalCents, matching: _matching, reservationId: _reservationId, ...row }) => {
    const amounts = { subtotalCents, totalAmountCents: row.totalAmountCents }
    return {
      ...row,
      createdAt: row.createdAt.toISOString(),
      occurrences: (nightsOf.get(row.id) ?? []).map((night) => {
        const quote = quoteNightRefund(night, amounts, now, refunded.get(row.id) ?? 0, { paidByKeptDeposit: paidByKeptDeposit(keptWeeks, night) })
        // A night is paid for unless its week (a series paid week by week) is not charged yet;
        // bookings made before weekly charging have no weeks and were paid in full.
        const week = isChargedWeekly(row) ? weekStatus.get(`${row.id}:${weekOfNight(row.startDate, night.date)}`) : undefined
        const charged = week === undefined || week === 'paid'
        return {
          id: night.id,
          date: night.date,
          startTimeLocal: night.startTimeLocal,
          endTimeLocal: night.endTimeLocal,
          startsAt: night.startsAt.toISOString(),
          status: night.status,
          priceCents: night.priceCents,
          refundCents: night.refundCents,
          refundableCents: quote ? (charged ? quote.refundableCents : 0) : null,
          refundPolicy: quote?.policy ?? null,
          charged,
        }
      }),
    }
  })
}

// The nights of a page of bookings (their ids as one int[] parameter): built once.
const nightsOfBookingsQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(bookingOccurrences)
    .where(sql`${bookingOccurrences.bookingId} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(bookingOccurrences.startsAt), asc(bookingOccurrences.id))
    .prepare('nights_of_bookings'),
)

/** The parent's bookings under one filter (the dashboard and GET /_api/bookings/list). */
export async function listParentBookings(parentId: number, status: BookingFilter, now: Date): Promise<ParentBooking[]> {
  const rows = await selectBookings(parentBookingsWhere(parentId, status, now), parentBookingsOrder(status))
  return withOccurrences(rows, now)
}

function parentBookingsWhere(parentId: number | Placeholder, status: BookingFilter, now: Moment) {
  return and(eq(bookings.parentId, parentId), isVisible(now), filterCondition(status, now))!
}

function parentBookingsOrder(status: BookingFilter) {
  return status === 'upcoming' ? [asc(bookings.startDate), asc(bookings.id)] : [desc(bookings.startDate), desc(bookings.id)]
}

/**
 * The first `shown` of the parent's bookings under one filter, with how many there are: the
 * dashboard shows a page at a time, so a family with hundreds of bookings does not wait for all
 * of them to be read and drawn (issue 13).
 */
export async function listParentBookingsPage(
  parentId: number,
  status: BookingFilter,
  now: Date,
  shown: number,
): Promise<{ list: ParentBooking[]; total: number }> {
  const rows = await bookingsPageQueries[status]().execute({ parentId, now: now.toISOString(), shown })
  // A page shows at least one: no row, no booking.
  return { list: await withOccurrences(rows, now), total: rows[0]?.matching ?? 0 }
}

// The dashboard's page of bookings under each filter, read on every view of it: built once.
function prepareBookingsPage(status: BookingFilter) {
  return preparedPerDatabase((db) =>
    selectBookings(parentBookingsWhere(sql.placeholder('parentId'), status, sql.placeholder('now')), parentBookingsOrder(status), db)
      .limit(sql.placeholder('shown'))
      .prepare(`parent_bookings_${status}`),
  )
}
const bookingsPageQueries = {
  upcoming: prepareBookingsPage('upcoming'),
  past: prepareBookingsPage('past'),
  cancelled: prepareBookingsPage('cancelled'),
} satisfies Record<BookingFilter, unknown>

const paymentColumns = {
  id: payments.id,
  kind: payments.kind,
  status: payments.status,
  amountCents: payments.amountCents,
  createdAt: payments.createdAt,
  bookingId: bookings.id,
  reservationId: payments.reservationId,
  nurseName: nurseUsers.displayName,
  timezone: bookings.timezone,
}

// Payment history shows money that moved: charges that went through and refunds made.
const movedMoney = or(
  and(eq(payments.kind, 'charge'), collectedCharge()),
  and(eq(payments.kind, 'refund'), eq(payments.status, 'succeeded')),
)!

function toParentPayment({
  matching: _matching,
  ...row
}: {
  id: number
  kind: string
  status: string
  amountCents: number
  createdAt: Date
  bookingId: number | null
  reservationId: number | null
  nurseName: string
  timezone: string
  matching?: number
}): ParentPayment {
  return {
    ...row,
    label: row.reservationId === null ? `Night Care with ${row.nurseName}` : `Deposit: night care with ${row.nurseName}`,
    kind: row.kind as 'charge' | 'refund',
    createdAt: row.createdAt.toISOString(),
    invoiceNumber: formatInvoiceNumber(row.id),
  }
}

/** The money that moved, newest first, and how many payments match in all (a window, as for bookings). */
function selectPayments(where: SQL, db: DbOrTx = getDb()) {
  return db
    .select({ ...paymentColumns, matching: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, bookings.nurseId))
    .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
    .where(and(where, movedMoney))
    .orderBy(desc(payments.createdAt), desc(payments.id))
}

/**
 * Payment History: the newest `shown` of the parent's charges and refunds, with how
 * many there are (a page at a time, as the bookings).
 */
export async function listParentPaymentsPage(parentId: number, shown: number): Promise<{ list: ParentPayment[]; total: number }> {
  const [rows, deposits] = await Promise.all([paymentsPageQuery().execute({ parentId, shown }), listReservationDeposits(parentId)])
  // A family holds a few reservations at most: their deposits join the page's rows in date order.
  const list = [...rows.map(toParentPayment), ...deposits]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
    .slice(0, shown)
  return { list, total: (rows[0]?.matching ?? 0) + deposits.length }
}

/** The deposits (and their refunds) still on the family's reservations, not yet part of a booking. */
async function listReservationDeposits(parentId: number): Promise<ParentPayment[]> {
  const rows = await getDb()
    .select({ ...paymentColumns, bookingId: payments.bookingId, timezone: reservations.timezone })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, reservations.nurseId))
    .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
    .where(and(eq(reservations.parentId, parentId), isNull(payments.bookingId), movedMoney))
  return rows.map(toParentPayment)
}

// The dashboard's payment history, read on every view of it: built once.
const paymentsPageQuery = preparedPerDatabase((db) =>
  selectPayments(eq(bookings.parentId, sql.placeholder('parentId')), db).limit(sql.placeholder('shown')).prepare('parent_payments_page'),
)

/** One booking of this parent with its nights, amounts, payments and nurse; null otherwise. */
export async function getParentBookingDetail(input: {
  parentId: number
  bookingId: number
  now: Date
}): Promise<ParentBookingDetail | null> {
  const found = await getParentBookingWithHold(input)
  if (!found) return null
  const { hold: _hold, ...detail } = found
  return detail
}

/**
 * The same, with what only the booking's own page needs besides: its nurse's id and when its hold
 * ends (an unpaid booking is paid or abandoned there).
 */
export async function getParentBookingWithHold(input: {
  parentId: number
  bookingId: number
  now: Date
}): Promise<(ParentBookingDetail & { hold: { nurseId: number; holdExpiresAt: Date | null } }) | null> {
  const [row] = await getDb()
    .select({
      ...bookingColumns,
      addressText: bookings.addressText,
      notes: bookings.notes,
      contactName: bookings.contactName,
      contactPhone: bookings.contactPhone,
      nightlyRateCents: bookings.nightlyRateCents,
      platformFeeCents: bookings.platformFeeCents,
      nurseHeadline: nurseProfiles.headline,
      nurseLocation: nurseProfiles.baseLocation,
      nurseId: bookings.nurseId,
      holdExpiresAt: bookings.holdExpiresAt,
    })
    .from(bookings)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, bookings.nurseId))
    .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.parentId, input.parentId)))
  if (!row) return null
  const { nurseId, holdExpiresAt, ...bookingRow } = row
  const [booking] = await withOccurrences([bookingRow], input.now)
  const paymentRows = (await selectPayments(eq(payments.bookingId, row.id))).map(toParentPayment)
  const charged = paymentRows.filter((p) => p.kind === 'charge').reduce((sum, p) => sum + p.amountCents, 0)
  const refundedCents = paymentRows.filter((p) => p.kind === 'refund').reduce((sum, p) => sum + p.amountCents, 0)
  return {
    booking: {
      ...booking,
      addressText: row.addressText,
      notes: row.notes,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      nightlyRateCents: row.nightlyRateCents,
      subtotalCents: row.subtotalCents,
      platformFeeCents: row.platformFeeCents,
      nurseHeadline: row.nurseHeadline,
      nurseLocation: row.nurseLocation,
    },
    payments: [...paymentRows].reverse(),
    refundedCents,
    netPaidCents: Math.max(0, charged - refundedCents),
    hold: { nurseId, holdExpiresAt },
  }
}

/** The dashboard's four numbers, computed from the same rules as the lists. */
export async function getParentStats(parentId: number, now: Date): Promise<ParentStats> {
  const [[counts], [money]] = await Promise.all([
    statsCountsQuery().execute({ parentId, now: now.toISOString() }),
    statsMoneyQuery().execute({ parentId }),
  ])
  return {
    totalBookings: Number(counts?.totalBookings ?? 0),
    upcoming: Number(counts?.upcoming ?? 0),
    totalSpentCents: Number(money?.totalSpentCents ?? 0),
    lastBookingAt: counts?.lastBookingAt ? new Date(counts.lastBookingAt).toISOString() : null,
  }
}

// The dashboard's numbers, read on every view of it: built once.
const statsCountsQuery = preparedPerDatabase((db) => {
  const now = sql.placeholder('now')
  return db
    .select({
      totalBookings: sql<number>`count(*)::int`,
      upcoming: sql<number>`(count(*) filter (where ${filterCondition('upcoming', now)}))::int`,
      lastBookingAt: sql<string | null>`max(${bookings.createdAt})`,
    })
    .from(bookings)
    .where(and(eq(bookings.parentId, sql.placeholder('parentId')), isVisible(now)))
    .prepare('parent_stats_counts')
})

const statsMoneyQuery = preparedPerDatabase((db) =>
  db
    .select({
      totalSpentCents: sql<number>`coalesce(sum(case when ${payments.kind} = 'charge' then ${payments.amountCents}
          else -${payments.amountCents} end), 0)::bigint`.mapWith(Number),
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(bookings.parentId, sql.placeholder('parentId')), movedMoney))
    .prepare('parent_stats_money'),
)

/** Who asks for a receipt: a parent, for her own payments, or an admin, for any family's (decision 0051). */
export interface ReceiptReader {
  id: number
  role: 'parent' | 'nurse' | 'admin'
}

/** A reservation's deposit (or its refund) before the plan starts, for its family or an admin (decision 0073). */
async function getDepositReceipt(input: { reader: ReceiptReader; paymentId: number; t?: Translate }): Promise<Receipt | null> {
  const { reader } = input
  const db = getDb()
  const [row] = await db
    .select({ payment: payments, reservation: reservations, parentName: parentUsers.displayName, parentEmail: parentUsers.email, nurseName: nurseUsers.displayName })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .innerJoin(parentUsers, eq(parentUsers.id, reservations.parentId))
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, reservations.nurseId))
    .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
    .where(
      and(
        eq(payments.id, input.paymentId),
        isNull(payments.bookingId),
        reader.role === 'admin' ? undefined : eq(reservations.parentId, reader.id),
        movedMoney,
      ),
    )
  if (!row) return null
  const chargeId = row.payment.kind === 'charge' ? row.payment.id : row.payment.chargeId
  if (chargeId === null) return null
  const deposit = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, row.reservation.id), or(eq(payments.id, chargeId), eq(payments.chargeId, chargeId))))
  return toDepositReceipt({
    paymentId: input.paymentId,
    reservation: row.reservation,
    parent: { displayName: row.parentName, email: row.parentEmail },
    nurse: { displayName: row.nurseName },
    payments: deposit,
  }, input.t)
}

/**
 * The receipt of a payment its reader may read; null for any other. With `t` (the `parent`
 * namespace) its words are in the reader's language, for the pages; the PDF's are its own.
 */
export async function getParentReceipt(input: { reader: ReceiptReader; paymentId: number; t?: Translate }): Promise<Receipt | null> {
  const { reader } = input
  if (reader.role !== 'parent' && reader.role !== 'admin') return null
  const ownBooking = reader.role === 'admin' ? undefined : eq(bookings.parentId, reader.id)
  const db = getDb()
  const [owned] = await db
    .select({ bookingId: bookings.id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.id, input.paymentId), ownBooking, movedMoney))
  if (!owned) return getDepositReceipt(input)
  const selected = db
    .select({
      id: bookings.id,
      createdAt: bookings.createdAt,
      pattern: bookings.pattern,
      timezone: bookings.timezone,
      addressText: bookings.addressText,
      nightlyRateCents: bookings.nightlyRateCents,
      babies: bookings.babies,
      extraBabyCents: bookings.extraBabyCents,
      subtotalCents: bookings.subtotalCents,
      platformFeeCents: bookings.platformFeeCents,
      totalAmountCents: bookings.totalAmountCents,
      parentName: parentUsers.displayName,
      parentEmail: parentUsers.email,
      nurseName: nurseUsers.displayName,
    })
    .from(bookings)
    .$dynamic()
  const [booking] = await joinBookingPeople(selected).where(eq(bookings.id, owned.bookingId))
  const [nights, paymentRows] = await Promise.all([
    db.select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, booking.id)),
    db.select().from(payments).where(eq(payments.bookingId, booking.id)),
  ])
  return toReceipt({
    paymentId: input.paymentId,
    booking,
    parent: { displayName: booking.parentName, email: booking.parentEmail },
    nurse: { displayName: booking.nurseName },
    occurrences: nights,
    payments: paymentRows,
  }, input.t)
}
