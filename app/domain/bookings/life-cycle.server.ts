// The one module that writes a booking's or a night's status (issue 12). Every change is named
// here, guarded in SQL by the statuses it may leave (life-cycle.ts's tables), so two servers or a
// retried call racing each other change a row once. Callers pass their transaction; the money,
// e-mails and audit entries around a change stay with them. tests/unit/status-writes.test.ts
// fails when a status is written anywhere else. Queries that read by status ask the predicates at
// the end of this file, life-cycle.ts's named sets in SQL (docs/decisions/0052).
import { and, type Column, count, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.server'
import { bookingOccurrences, bookings } from '../../db/schema'
import {
  assertBookingChange,
  assertNightChange,
  BOOKED_NIGHT_STATUSES,
  type BookingStatus,
  bookingStatusesBefore,
  type Cause,
  isNightStatus,
  LIVE_NIGHT_STATUSES,
  type NightStatus,
  nightStatusesBefore,
  PAID_BOOKING_STATUSES,
  type PaidBookingStatus,
  TransitionRefused,
  WORKED_NIGHT_STATUSES,
  WORKED_OR_CANCELLED_NIGHT_STATUSES,
} from './life-cycle'

async function moveBookings(
  tx: DbOrTx,
  where: SQL | undefined,
  to: BookingStatus,
  cause: Cause,
  set: Partial<typeof bookings.$inferInsert>,
): Promise<number[]> {
  const rows = await tx
    .update(bookings)
    .set({ ...set, status: to })
    .where(and(where, inArray(bookings.status, bookingStatusesBefore(to, cause))))
    .returning({ id: bookings.id })
  return rows.map((row) => row.id)
}

async function moveNights(
  tx: DbOrTx,
  where: SQL | undefined,
  to: NightStatus,
  cause: Cause,
  set: Partial<typeof bookingOccurrences.$inferInsert> = {},
  from: readonly NightStatus[] = nightStatusesBefore(to, cause),
): Promise<number[]> {
  for (const status of from) assertNightChange(status, to, cause)
  const rows = await tx
    .update(bookingOccurrences)
    .set({ ...set, status: to })
    .where(and(where, inArray(bookingOccurrences.status, [...from])))
    .returning({ id: bookingOccurrences.id })
  return rows.map((row) => row.id)
}

/** A booking confirmed once stays marked so (calendar feeds, docs/decisions/0045): the first time is kept. */
const firstConfirmedAt = (now: Date) => sql`coalesce(${bookings.confirmedAt}, ${now.toISOString()}::timestamptz)`

/**
 * A payment went through: the pending booking is confirmed and its nights scheduled. `revive`:
 * a late payment for a released booking whose nights are still free (the caller checked).
 */
export async function confirmBooking(tx: DbOrTx, bookingId: number, now: Date, { revive = false } = {}) {
  const cause: Cause = revive ? 'late-payment' : 'payment'
  const from: BookingStatus = revive ? 'cancelled' : 'pending'
  assertBookingChange(from, 'confirmed', cause)
  // A revived booking is no longer a released one: a later replay of its payment must never
  // take the late-payment path again (payments/reconciliation.server.ts looks for released bookings).
  await tx
    .update(bookings)
    .set({ status: 'confirmed', holdExpiresAt: null, confirmedAt: firstConfirmedAt(now), updatedAt: now, ...(revive ? { holdReleasedAt: null } : {}) })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, from)))
  await moveNights(tx, eq(bookingOccurrences.bookingId, bookingId), 'scheduled', cause, { cancelledAt: null }, [
    revive ? 'cancelled' : 'pending',
  ])
}

/**
 * Unpaid holds give their nights back: the pending bookings among `bookingIds` become cancelled
 * (marked released, so a late payment follows the late-payment rule) with their pending nights.
 * `expiredAt`: only holds run out by then (the sweep); `parentId`: only that parent's (abandoning).
 */
export async function releaseHolds(
  tx: DbOrTx,
  bookingIds: readonly number[],
  now: Date,
  only: { expiredAt: Date } | { parentId: number },
): Promise<number[]> {
  if (!bookingIds.length) return []
  const released = await moveBookings(
    tx,
    and(
      inArray(bookings.id, [...bookingIds]),
      eq(bookings.status, 'pending'),
      'expiredAt' in only ? lte(bookings.holdExpiresAt, only.expiredAt) : eq(bookings.parentId, only.parentId),
    ),
    'cancelled',
    'hold-release',
    { holdReleasedAt: now, updatedAt: now },
  )
  if (released.length) {
    await moveNights(tx, inArray(bookingOccurrences.bookingId, released), 'cancelled', 'hold-release', { cancelledAt: now }, [
      'pending',
    ])
  }
  return released.sort((a, b) => a - b)
}

/** A parent cancels one night; answers whether the booking, with no night left, is cancelled too. */
export async function cancelNightByParent(
  tx: DbOrTx,
  night: { id: number; bookingId: number },
  refundCents: number,
  now: Date,
): Promise<{ bookingCancelled: boolean }> {
  await moveNights(tx, eq(bookingOccurrences.id, night.id), 'cancelled', 'parent-cancel', { refundCents, cancelledAt: now })
  const [{ left }] = await tx
    .select({ left: count() })
    .from(bookingOccurrences)
    .where(and(eq(bookingOccurrences.bookingId, night.bookingId), ne(bookingOccurrences.status, 'cancelled')))
  if (Number(left) > 0) return { bookingCancelled: false }
  const cancelled = await moveBookings(tx, eq(bookings.id, night.bookingId), 'cancelled', 'parent-cancel', { updatedAt: now })
  return { bookingCancelled: cancelled.length > 0 }
}

/**
 * A week of a series paid week by week stayed unpaid (issue 15): its nights still ahead are
 * released, each credited in full (nothing was charged for them), and the booking is cancelled
 * when no night is left. Answers the nights released.
 */
export async function releaseUnpaidWeek(
  tx: DbOrTx,
  bookingId: number,
  nights: ReadonlyArray<{ id: number; refundCents: number }>,
  now: Date,
): Promise<{ released: number[]; bookingCancelled: boolean }> {
  const released: number[] = []
  for (const night of nights) {
    released.push(
      ...(await moveNights(tx, eq(bookingOccurrences.id, night.id), 'cancelled', 'week-unpaid', {
        refundCents: night.refundCents,
        cancelledAt: now,
      })),
    )
  }
  const [{ left }] = await tx
    .select({ left: count() })
    .from(bookingOccurrences)
    .where(and(eq(bookingOccurrences.bookingId, bookingId), ne(bookingOccurrences.status, 'cancelled')))
  if (Number(left) > 0) return { released, bookingCancelled: false }
  const cancelled = await moveBookings(tx, eq(bookings.id, bookingId), 'cancelled', 'week-unpaid', { updatedAt: now })
  return { released, bookingCancelled: cancelled.length > 0 }
}

/**
 * An admin cancels a booking, or its nurse turns down the start of a due-date plan (decision 0070):
 * the given nights (those not yet begun) with their refunds, then the booking.
 */
export async function cancelBookingByAdmin(
  tx: DbOrTx,
  bookingId: number,
  nights: ReadonlyArray<{ id: number; refundCents: number }>,
  now: Date,
  cause: 'admin-cancel' | 'nurse-turn-down' = 'admin-cancel',
) {
  for (const night of nights) {
    await moveNights(tx, eq(bookingOccurrences.id, night.id), 'cancelled', cause, {
      refundCents: night.refundCents,
      cancelledAt: now,
    })
  }
  await moveBookings(tx, eq(bookings.id, bookingId), 'cancelled', cause, { updatedAt: now })
}

/** The provider refused a refund: a cancelled night goes back to what it was. */
export async function restoreNight(
  tx: DbOrTx,
  night: { id: number; status: string; refundCents: number | null; cancelledAt: Date | null },
) {
  // Never back to a retired status (life-cycle.ts): no night was ever written with one.
  if (!isNightStatus(night.status)) throw new TransitionRefused('night', 'cancelled', night.status, 'refund-failed')
  await moveNights(
    tx,
    eq(bookingOccurrences.id, night.id),
    night.status,
    'refund-failed',
    { refundCents: night.refundCents, cancelledAt: night.cancelledAt },
    ['cancelled'],
  )
}

/**
 * An admin refunded a worked night the family reported (issue 15): its status stays (it happened),
 * and what the family had back is added to its refund, so its payout settles on what is left.
 */
export async function addNightRefund(tx: DbOrTx, nightId: number, refundCents: number) {
  await tx
    .update(bookingOccurrences)
    .set({ refundCents: sql`coalesce(${bookingOccurrences.refundCents}, 0) + ${refundCents}` })
    .where(eq(bookingOccurrences.id, nightId))
}

/** The provider refused a refund: a cancelled booking goes back to what it was. */
export async function restoreBooking(tx: DbOrTx, bookingId: number, status: BookingStatus, now: Date) {
  assertBookingChange('cancelled', status, 'refund-failed')
  await tx
    .update(bookings)
    .set({ status, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'cancelled')))
}

/**
 * An admin's status change other than cancelling (docs/decisions/0008; the caller checked it
 * with bookingStatusChangeProblem under a row lock). The nights follow: completing the booking
 * completes its worked nights; confirming it (again) schedules those waiting for payment or
 * marked completed.
 */
export async function changeBookingStatusByAdmin(
  tx: DbOrTx,
  bookingId: number,
  from: BookingStatus,
  to: PaidBookingStatus,
  now: Date,
) {
  assertBookingChange(from, to, 'admin')
  await tx
    .update(bookings)
    // A paid booking confirmed by hand no longer holds its nights for payment.
    .set({ status: to, confirmedAt: firstConfirmedAt(now), updatedAt: now, ...(to === 'confirmed' ? { holdExpiresAt: null } : {}) })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, from)))
  if (to === 'completed') {
    await moveNights(tx, eq(bookingOccurrences.bookingId, bookingId), 'completed', 'admin')
  } else {
    await moveNights(tx, eq(bookingOccurrences.bookingId, bookingId), 'scheduled', 'admin')
  }
}

/**
 * A parent moves a live night to another night of the same nurse (issue 17, docs/decisions/0034;
 * the caller judged it under the nurse's lock): the night takes its new date, times, instants and
 * price, keeping its status and id, and the booking's amounts follow the price. Answers whether the
 * night was still live to move; the exclusion constraint stays the backstop against an overlap.
 */
export async function moveNight(
  tx: DbOrTx,
  night: { id: number; bookingId: number },
  to: Pick<typeof bookingOccurrences.$inferInsert, 'date' | 'startTimeLocal' | 'endTimeLocal' | 'startsAt' | 'endsAt' | 'priceCents'>,
  totals: Pick<typeof bookings.$inferInsert, 'subtotalCents' | 'platformFeeCents' | 'totalAmountCents' | 'nursePayoutCents'>,
  now: Date,
  options: { keepStartDate?: boolean } = {},
): Promise<boolean> {
  const moved = await tx
    .update(bookingOccurrences)
    .set(to)
    .where(and(eq(bookingOccurrences.id, night.id), bookedNight()))
    .returning({ id: bookingOccurrences.id })
  if (!moved.length) return false
  // The booking starts on its first night, which may be the one moved (issue 38: the page, the
  // admin list and the CSV kept the old date), unless the caller keeps the start (a weekly series).
  const firstNight = sql<string>`(select min(${bookingOccurrences.date}) from ${bookingOccurrences} where ${bookingOccurrences.bookingId} = ${night.bookingId})`
  await tx
    .update(bookings)
    .set({ ...totals, ...(options.keepStartDate ? {} : { startDate: firstNight }), updatedAt: now })
    .where(and(eq(bookings.id, night.bookingId), eq(bookings.status, 'confirmed')))
  return true
}

// --- Reading by status ---------------------------------------------------------------------------
// life-cycle.ts's named sets as SQL, over the status column given (an alias's, or the table's).

/** A paid booking that stands (PAID_BOOKING_STATUSES). */
export const paidBooking = (status: Column = bookings.status) => inArray(status, [...PAID_BOOKING_STATUSES])

/** A night paid for and still to be worked (BOOKED_NIGHT_STATUSES). */
export const bookedNight = (status: Column = bookingOccurrences.status) => inArray(status, [...BOOKED_NIGHT_STATUSES])

/** A night that will be or was worked (WORKED_NIGHT_STATUSES). */
export const workedNight = (status: Column = bookingOccurrences.status) => inArray(status, [...WORKED_NIGHT_STATUSES])

/** A night worked or cancelled, never an unpaid hold's (WORKED_OR_CANCELLED_NIGHT_STATUSES). */
export const workedOrCancelledNight = (status: Column = bookingOccurrences.status) =>
  inArray(status, [...WORKED_OR_CANCELLED_NIGHT_STATUSES])

/** A night holding its nurse's time (LIVE_NIGHT_STATUSES). */
export const liveNight = (status: Column = bookingOccurrences.status) => inArray(status, [...LIVE_NIGHT_STATUSES])
