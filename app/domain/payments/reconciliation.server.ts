// Money is reconciled (docs/decisions/0013): our `payments` rows are brought in line with the
// payment provider's own records, so a crash, a lost webhook or a closed browser between "the card
// went through" and "the booking is confirmed" never leaves a family charged without a confirmed
// booking or a refund. Two jobs (app/jobs.server.ts), each taking the clock as a parameter and
// safe on several servers at once:
// - the hold sweep asks the provider about each expired unpaid booking's intent before it
//   releases the nights: a succeeded charge confirms the booking instead;
// - the reconciliation job settles charges left pending (or failed) for a few minutes from the
//   provider, and retries the full refund of a late payment whose refund did not go through; and
//   refunds a moved night's charge that no move applied (move-night.server.ts).
// Both end in settleCharge (payments.server.ts), the path of the confirm call and the webhook.
import { and, eq, gt, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb } from '../../db/client.server'
import { bookings, payments } from '../../db/schema'
import { getUnpaidBooking, listExpiredHolds, releaseHolds } from '../bookings/bookings.server'
import { BOOKING_NOT_FOUND, type NightRequest } from '../bookings/booking-rules'
import { OPEN_CHARGE_STATUSES } from './payment-life-cycle'
import { livePayment, updatePayments } from './payment-life-cycle.server'
import { settleCharge, type IntentOutcome, type PaymentRow } from './payments.server'
import { refundUnappliedMoveCharges } from './move-night.server'

/** A charge still pending this long is settled from the provider (the family's own confirm call comes first). */
export const RECONCILE_AFTER_MINUTES = 5
/** Charges older than this are no longer asked about (an abandoned intent stays pending at the provider). */
export const RECONCILE_FOR_DAYS = 7
const BATCH = 50

export interface SweepResult {
  releasedBookingIds: number[]
  confirmedBookingIds: number[]
}

/**
 * The unpaid-hold sweep (docs/decisions/0012, 0013): for each booking still pending past its hold,
 * the provider is asked whether its charge went through. Paid: the booking is confirmed. Not paid,
 * or no charge started: its nights are released. When the provider cannot be reached the nights are
 * released all the same; should that charge have gone through, the reconciliation job finds it
 * pending and the late-payment rule applies (the nights back if still free, else a full refund).
 */
export async function releaseExpiredHolds(now: Date = new Date()): Promise<SweepResult> {
  const { bookingIds, charges } = await listExpiredHolds(now)
  const confirmed: number[] = []
  for (const charge of charges) {
    if (charge.bookingId === null || confirmed.includes(charge.bookingId)) continue
    try {
      const outcome = await settleCharge(charge, now)
      if (outcome === 'confirmed' || outcome === 'already-confirmed') confirmed.push(charge.bookingId)
    } catch (error) {
      console.error(`Hold sweep: the provider could not say whether booking ${charge.bookingId} was paid:`, error)
    }
  }
  const released = await releaseHolds(
    bookingIds.filter((id) => !confirmed.includes(id)),
    now,
  )
  return { releasedBookingIds: released, confirmedBookingIds: confirmed.sort((a, b) => a - b) }
}

export interface ReconcileResult {
  /** Charges asked about at the provider. */
  checked: number
  confirmedBookingIds: number[]
  refundedBookingIds: number[]
  /** Moved nights' charges no move applied, refunded (refundUnappliedMoveCharges). */
  refundedMoveChargeIds: number[]
}

/**
 * Claims up to BATCH charges: marks them as looked at now, so no other server (and no other run
 * of this job) takes them for RECONCILE_AFTER_MINUTES. FOR UPDATE SKIP LOCKED lets several
 * servers claim side by side without waiting for each other.
 */
async function claimCharges(where: ReturnType<typeof and>, now: Date): Promise<PaymentRow[]> {
  const db = getDb()
  const candidates = db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(where)
    .orderBy(payments.id)
    .limit(BATCH)
    .for('update', { of: payments, skipLocked: true })
  return updatePayments(db, inArray(payments.id, candidates), { updatedAt: now })
}

/**
 * The reconciliation job: settles every charge left 'pending' or 'failed' for
 * RECONCILE_AFTER_MINUTES from the provider's record (a succeeded one confirms its booking, or is
 * refunded in full with an e-mail when its nights were released and taken), and retries the full
 * refund of a late payment whose refund did not go through (a succeeded charge of a booking the
 * sweep released, with no refund).
 */
export async function reconcilePayments(now: Date = new Date()): Promise<ReconcileResult> {
  const since = new Date(now.getTime() - RECONCILE_FOR_DAYS * 24 * 60 * 60 * 1000)
  const refunds = alias(payments, 'refunds')
  // Looked at again RECONCILE_AFTER_MINUTES after the last look, or a tenth of the charge's age
  // when that is longer: an abandoned intent is asked about some 75 times in its 7 days, not 2,000.
  const at = sql`${now.toISOString()}::timestamptz`
  const due = sql`${payments.updatedAt} <= ${at} - greatest(make_interval(mins => ${RECONCILE_AFTER_MINUTES}), (${at} - ${payments.createdAt}) / 10)`
  // A weekly charge claimed but not yet answered by the provider still carries its key as its id:
  // there is no intent to read yet (the weekly-charges job drives it again itself).
  const answered = sql`${payments.providerPaymentId} is distinct from ${payments.idempotencyKey}`
  // A moved night's difference (a charge naming its night) has its own reconciliation, below.
  const recent = and(eq(payments.kind, 'charge'), isNull(payments.occurrenceId), due, gt(payments.createdAt, since), answered)

  const unsettled = await claimCharges(and(recent, inArray(payments.status, [...OPEN_CHARGE_STATUSES])), now)
  const unrefunded = await claimCharges(
    and(
      recent,
      eq(payments.status, 'succeeded'),
      eq(bookings.status, 'cancelled'),
      isNotNull(bookings.holdReleasedAt),
      notExists(
        getDb()
          .select({ one: sql`1` })
          .from(refunds)
          .where(
            and(
              eq(refunds.bookingId, payments.bookingId),
              eq(refunds.kind, 'refund'),
              livePayment(refunds.status),
            ),
          ),
      ),
    ),
    now,
  )

  const result: ReconcileResult = { checked: 0, confirmedBookingIds: [], refundedBookingIds: [], refundedMoveChargeIds: [] }
  for (const charge of [...unsettled, ...unrefunded]) {
    let outcome: IntentOutcome
    try {
      result.checked++
      outcome = await settleCharge(charge, now)
    } catch (error) {
      console.error(`Reconciliation: charge ${charge.id} of booking ${charge.bookingId} is left for the next run:`, error)
      continue
    }
    // A deposit (no booking yet) is settled all the same; the lists name bookings.
    if (charge.bookingId === null) continue
    if (outcome === 'confirmed') result.confirmedBookingIds.push(charge.bookingId)
    if (outcome === 'refunded-late') result.refundedBookingIds.push(charge.bookingId)
  }
  result.refundedMoveChargeIds = await refundUnappliedMoveCharges(now)
  return result
}

// --- The parent's unpaid booking (/parent/bookings/{id}) ------------------------------------------

export interface UnpaidBookingView {
  bookingId: number
  nurseId: number
  nurseSlug: string
  holdExpiresAt: Date | null
  /** The hold has run out: the nights can no longer be paid for (the sweep releases them). */
  expired: boolean
  nights: NightRequest[]
  /** A charge was started for it (the card form was opened): it may have gone through unseen. */
  chargeStarted: boolean
}

function unpaidView(unpaid: NonNullable<Awaited<ReturnType<typeof getUnpaidBooking>>>, now: Date): UnpaidBookingView {
  const { id, nurseId, nurseSlug, holdExpiresAt, nights, charges } = unpaid
  return {
    bookingId: id,
    nurseId,
    nurseSlug,
    holdExpiresAt,
    expired: Boolean(holdExpiresAt && holdExpiresAt <= now),
    nights,
    chargeStarted: charges.length > 0,
  }
}

/**
 * The parent's booking if it is still waiting for payment, after asking the provider about any
 * charge started for it: one that went through (the confirm call lost to a crash or a closed tab)
 * confirms the booking here and now, and null is returned. Null for anyone else's booking.
 */
async function settleUnpaidBooking(input: { parentId: number; bookingId: number; now: Date }) {
  const unpaid = await getUnpaidBooking(input.bookingId, input.parentId)
  if (!unpaid) return null
  // A charge the provider could not be asked about may have gone through: never say it did not.
  let unchecked = false
  for (const charge of unpaid.charges) {
    try {
      const outcome = await settleCharge(charge, input.now)
      if (outcome === 'confirmed' || outcome === 'already-confirmed') return null
    } catch (error) {
      unchecked = true
      console.error(`Booking ${input.bookingId}: its payment could not be checked at the provider:`, error)
    }
  }
  return { ...unpaidView(unpaid, input.now), unchecked }
}

export const NOT_WAITING_FOR_PAYMENT = 'This booking is no longer waiting for payment.'
export const ALREADY_PAID = 'Your payment for this booking had already gone through, so it is confirmed.'
export const NOT_PAID_YET = 'No payment has gone through for this booking yet.'
export const PAYMENT_NOT_CHECKED = 'We could not check your payment just now. Please try again in a minute.'
export const BOOKING_ABANDONED = 'Booking abandoned. Its nights are free for others to book.'

type PaymentCheck =
  | { state: 'not-found' }
  | { state: 'not-waiting' }
  | { state: 'paid' }
  | { state: 'unpaid'; view: UnpaidBookingView & { unchecked: boolean } }

/** The parent's booking, settled from the provider: still unpaid, found paid just now, or neither. */
async function checkOwnedBooking(input: { parentId: number; bookingId: number; now: Date }): Promise<PaymentCheck> {
  const owned = () =>
    getDb()
      .select({ status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), eq(bookings.parentId, input.parentId)))
  const [before] = await owned()
  if (!before) return { state: 'not-found' }
  if (before.status !== 'pending') return { state: 'not-waiting' }
  const view = await settleUnpaidBooking(input)
  if (view) return { state: 'unpaid', view }
  const [after] = await owned()
  return after?.status === 'confirmed' ? { state: 'paid' } : { state: 'not-waiting' }
}

type PaymentCheckFailure = { ok: false; status: 404 | 409; error: string }

function checkFailure(check: { state: 'not-found' | 'not-waiting' }): PaymentCheckFailure {
  return check.state === 'not-found'
    ? { ok: false, status: 404, error: BOOKING_NOT_FOUND }
    : { ok: false, status: 409, error: NOT_WAITING_FOR_PAYMENT }
}

/**
 * 'Abandon' on the parent's unpaid booking: its nights are released at once. Only the parent who
 * made it, only while it is unpaid. A charge that went through meanwhile is honoured instead:
 * the booking is confirmed, never cancelled with the family's money taken.
 */
export async function abandonUnpaidBooking(input: {
  parentId: number
  bookingId: number
  now: Date
}): Promise<{ ok: true; outcome: 'abandoned' | 'already-paid'; message: string } | PaymentCheckFailure> {
  const check = await checkOwnedBooking(input)
  if (check.state === 'paid') return { ok: true, outcome: 'already-paid', message: ALREADY_PAID }
  if (check.state !== 'unpaid') return checkFailure(check)
  const released = await releaseHolds([input.bookingId], input.now, input.parentId)
  if (!released.length) return { ok: false, status: 409, error: NOT_WAITING_FOR_PAYMENT }
  return { ok: true, outcome: 'abandoned', message: BOOKING_ABANDONED }
}

/**
 * 'Check payment' on the parent's unpaid booking (a POST: reading the page changes nothing). The
 * provider is asked about each charge started for it; one that went through confirms the booking.
 */
export async function checkUnpaidBookingPayment(input: {
  parentId: number
  bookingId: number
  now: Date
}): Promise<{ ok: true; outcome: 'paid' | 'not-paid'; message: string } | PaymentCheckFailure> {
  const check = await checkOwnedBooking(input)
  if (check.state === 'paid') return { ok: true, outcome: 'paid', message: ALREADY_PAID }
  if (check.state === 'unpaid') {
    return { ok: true, outcome: 'not-paid', message: check.view.unchecked ? PAYMENT_NOT_CHECKED : NOT_PAID_YET }
  }
  return checkFailure(check)
}
