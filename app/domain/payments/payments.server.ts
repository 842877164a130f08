// Payments (docs/money.md): a PaymentIntent per booking, confirmation checked against the provider,
// the Stripe webhook, and refunds. Every charge and refund is a `payments` row; the booking only
// becomes confirmed once its charge has succeeded at the provider.
import { and, asc, desc, eq, inArray, isNotNull, isNull, like, ne, or, sql } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { type DbOrTx, getDb } from '../../db/client.server'
import { bookingChargeWeeks, bookingOccurrences, bookings, nurseProfiles, payments, reservations, users } from '../../db/schema'
import { readBookingPeople } from '../bookings/booking-people.server'
import { getBookingForParent, type BookingActor, type ParentBookingView } from '../bookings/bookings.server'
import { weekFeeCents } from './charge-weeks'
import { isPaidBooking } from '../bookings/life-cycle'
import { findWeekOfNight, getWeekAmounts } from './charge-weeks.server'
import { latePaymentRefundEmail } from './booking-emails'
import { BOOKING_NOT_FOUND, formatBookingReference } from '../bookings/booking-rules'
import { sendEmail } from '../notifications/email.server'
import { confirmBookingPayment } from './booking-confirmation.server'
import { getPaymentProvider, getPaymentProviderNamed, type ProviderIntent } from './payment-provider.server'
import { isLivePayment, isUnsuccessfulPayment, OPEN_CHARGE_STATUSES } from './payment-life-cycle'
import {
  bookingIdOf,
  changePaymentStatus,
  collectedCharge,
  createPaymentUnlessTaken,
  livePayment,
  type PaymentRow,
  updatePayments,
} from './payment-life-cycle.server'
import { type Stripe, toProviderRefund } from './providers/stripe.server'
import { chargeTestCard } from './providers/test-provider.server'
import { ensureCustomer, getSavedCard, rememberCardThatPaid } from './saved-cards.server'
import { confirmDepositPaid, dropUnpaidReservation } from '../reservations/reservations.server'
import { depositCreditCents, depositFeeCents, findDeposit } from './deposit-ledger.server'

export const PAYMENT_INTENT_FAILED = 'Failed to create payment intent'
export const PAID_BY_DEPOSIT = 'Your deposit already pays for this.'
export const DEPOSIT_EXCESS_REFUND_REASON = 'Your deposit was more than the first week with your new nurse.'
export const LATE_DEPOSIT_REFUND_REASON = 'The reservation was given up before its deposit arrived.'
export const PAYMENT_CONFIRMATION_FAILED = 'Payment confirmation failed. Please contact support.'
export const HOLD_EXPIRED = 'This booking hold has expired. Please choose your nights again.'
export const BOOKING_CANCELLED = 'This booking is cancelled, so there is nothing to pay.'
export const LATE_PAYMENT_REFUND_REASON = 'The nights were released before the payment arrived and are no longer free.'
export const RELEASED_WEEK_REFUND_REASON = "The week's nights were released before its payment arrived."
export const WEEK_EXCESS_REFUND_REASON = 'Nights of the week were cancelled before its charge went through.'

export interface PaymentFailure {
  ok: false
  status: 400 | 402 | 404 | 409 | 502
  error: string
  /** What went wrong, in words for support and for the page under its message. */
  reason?: string
}

export type { PaymentRow }

const fail = (status: PaymentFailure['status'], error: string, reason?: string): PaymentFailure =>
  reason ? { ok: false, status, error, reason } : { ok: false, status, error }

const chargeKey = (bookingId: number) => `booking-${bookingId}-charge`

async function findCharge(where: { bookingId?: number; intentId?: string }): Promise<PaymentRow | undefined> {
  const [row] = await getDb()
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'charge'),
        where.bookingId !== undefined ? eq(payments.bookingId, where.bookingId) : undefined,
        where.intentId !== undefined ? eq(payments.providerPaymentId, where.intentId) : undefined,
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1)
  return row
}

// --- Refunds ------------------------------------------------------------------------------------

export class RefundError extends Error {
  constructor(message: string, readonly status: 400 | 404 | 409 | 502 = 409) {
    super(message)
  }
}

/**
 * Refunds part or all of what a booking was charged through the provider that took it, and records
 * 'refund' payments rows, each naming the charge it refunds (`chargeId`). The money comes from the
 * booking's own charge (a series paid week by week: the week's); what that charge no longer holds
 * comes from the booking's move charges of the same week, the named night's own first (the
 * difference of a night moved to a dearer one, docs/decisions/0034), one refund each under its
 * own key. Answers the first row. Idempotent per night (or per booking and amount when no night is
 * named): calling it again answers the same row and refunds nothing more. Throws RefundError when
 * there is nothing to refund or the amount is more than the charges hold.
 */
export async function refundPayment(input: {
  bookingId: number
  occurrenceId: number | null
  amountCents: number
  reason: string
  /** The platform fee inside the refunded amount, when the caller knows it. */
  feeCents?: number
  idempotencyKey?: string
  /**
   * A series paid week by week: the week whose charge is refunded. Found from the night when one
   * is named; a week not charged has nothing to refund (RefundError 404).
   */
  week?: number | null
}): Promise<PaymentRow> {
  const db = getDb()
  const baseKey =
    input.idempotencyKey ??
    (input.occurrenceId != null
      ? `booking-${input.bookingId}-occurrence-${input.occurrenceId}-refund`
      : `booking-${input.bookingId}-refund-${input.amountCents}`)
  // Asking again returns the refund already made; a refund the provider failed or canceled is
  // tried anew under a fresh key, so one failure never blocks the night's refund for good. A part
  // taken from another charge than the booking's own has the key `{baseKey}-from-charge-{id}`.
  const attempts = await db
    .select()
    .from(payments)
    .where(
      or(
        eq(payments.idempotencyKey, baseKey),
        like(payments.idempotencyKey, `${baseKey}-retry-%`),
        like(payments.idempotencyKey, `${baseKey}-from-charge-%`),
      ),
    )
    .orderBy(payments.id)
  const live = attempts.filter((p) => !isUnsuccessfulPayment(p.status))
  const doneCents = live.reduce((sum, p) => sum + p.amountCents, 0)
  if (live.length > 0 && doneCents >= input.amountCents) return live[0]

  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
    throw new RefundError('The refund amount must be a positive whole number of cents.', 400)
  }
  const week = input.week !== undefined ? input.week : input.occurrenceId != null ? ((await findWeekOfNight(db, input.occurrenceId))?.week ?? null) : undefined
  const sources = await refundSources(db, input.bookingId, week, input.occurrenceId)
  if (sources.length === 0) throw new RefundError('This booking has no payment to refund.', 404)
  // What is still to refund, taken charge by charge; all of it checked before the provider is asked.
  let remaining = input.amountCents - doneCents
  const parts: Array<{ charge: PaymentRow; amountCents: number }> = []
  for (const { charge, leftCents } of sources) {
    const take = Math.min(leftCents, remaining)
    if (take <= 0) continue
    parts.push({ charge, amountCents: take })
    remaining -= take
  }
  if (remaining > 0) throw new RefundError('The refund is more than is left of the payment.', 409)

  const rows: PaymentRow[] = [...live]
  let feeLeft = input.feeCents ?? 0
  for (const [index, part] of parts.entries()) {
    const partBase = index === 0 && part.charge.occurrenceId === null ? baseKey : `${baseKey}-from-charge-${part.charge.id}`
    const tried = attempts.filter((p) => p.idempotencyKey === partBase || p.idempotencyKey?.startsWith(`${partBase}-retry-`)).length
    const feeCents = index === parts.length - 1 ? feeLeft : Math.round(((input.feeCents ?? 0) * part.amountCents) / input.amountCents)
    feeLeft -= feeCents
    const row = await refundCharge(part.charge, {
      bookingId: input.bookingId,
      occurrenceId: input.occurrenceId,
      amountCents: part.amountCents,
      feeCents,
      reason: input.reason,
      idempotencyKey: tried === 0 ? partBase : `${partBase}-retry-${tried}`,
    })
    rows.push(row)
    // A refund the provider answered failed or canceled: the caller sees it and undoes its change.
    if (isUnsuccessfulPayment(row.status)) return row
  }
  return rows[0]
}

/** A charge of this booking that took the family's money (refunded since, or not). */
function collectedChargeOf(bookingId: number) {
  return and(eq(payments.bookingId, bookingId), eq(payments.kind, 'charge'), collectedCharge())
}

/**
 * The charges a refund of this booking (or of this week of a series) can come from, in the order
 * it takes them, each with what is left of it: the booking's (or the week's) own charge, then the
 * move charges of the same week, the named night's own first. Empty when it was never paid.
 */
async function refundSources(db: DbOrTx, bookingId: number, week: number | null | undefined, occurrenceId: number | null) {
  const own = await findPaidCharge(db, bookingId, week)
  if (!own) return []
  const moves = await db
    .select()
    .from(payments)
    .where(
      and(
        collectedChargeOf(bookingId),
        // A moved night's difference, or the deposit that paid the first of the week (decision 0073).
        or(isNotNull(payments.occurrenceId), isNotNull(payments.reservationId)),
        ne(payments.id, own.id),
        sql`${payments.week} is not distinct from ${own.week}`,
      ),
    )
    .orderBy(asc(payments.id))
  const charges = [own, ...moves.filter((row) => row.occurrenceId === occurrenceId), ...moves.filter((row) => row.occurrenceId !== occurrenceId)]
  const refunded = await db
    .select({ chargeId: payments.chargeId, cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'refund'),
        livePayment(),
        inArray(payments.chargeId, charges.map((charge) => charge.id)),
      ),
    )
    .groupBy(payments.chargeId)
  const refundedOf = new Map(refunded.map((row) => [row.chargeId, Number(row.cents)]))
  return charges.map((charge) => ({ charge, leftCents: charge.amountCents - (refundedOf.get(charge.id) ?? 0) }))
}

/** One refund of one charge at its provider, recorded as a row naming the charge (returned). */
export async function refundCharge(
  charge: PaymentRow,
  input: { bookingId: number | null; occurrenceId: number | null; amountCents: number; feeCents: number; reason: string; idempotencyKey: string },
): Promise<PaymentRow> {
  const db = getDb()
  const { idempotencyKey } = input
  let refund
  try {
    refund = await getPaymentProviderNamed(charge.provider).refund({
      intentId: charge.providerPaymentId,
      amountCents: input.amountCents,
      idempotencyKey,
      reason: input.reason,
    })
  } catch (error) {
    console.error(`Refund of charge ${charge.id} failed at the provider:`, error)
    throw new RefundError('The refund could not be made. Please try again or contact support.', 502)
  }
  await createPaymentUnlessTaken(db, {
    bookingId: input.bookingId,
    reservationId: charge.reservationId,
    occurrenceId: input.occurrenceId,
    kind: 'refund',
    provider: charge.provider,
    providerPaymentId: refund.id,
    amountCents: refund.amountCents,
    feeCents: input.feeCents,
    status: refund.status,
    reason: input.reason,
    idempotencyKey,
    week: charge.week,
    chargeId: charge.id,
  })
  // Either our row, or the webhook's record of the same refund made a moment earlier: that one
  // gets our key and night too, so asking again still finds it.
  const [row] = await updatePayments(db, eq(payments.providerPaymentId, refund.id), {
    idempotencyKey: sql`coalesce(${payments.idempotencyKey}, ${idempotencyKey})`,
    occurrenceId: sql`coalesce(${payments.occurrenceId}, ${input.occurrenceId})`,
    week: sql`coalesce(${payments.week}, ${charge.week})`,
    chargeId: sql`coalesce(${payments.chargeId}, ${charge.id})`,
  })
  if (isLivePayment(refund.status)) await markChargeRefundedWhenFull(charge.id)
  return row
}

/**
 * A charge whose live refunds add up to all of it reads 'refunded' (a partial refund leaves it
 * 'succeeded'; docs/decisions/0013). One statement that sums the refunds committed so far, run
 * after each refund row is written: of two refunds made at once, the later statement sees both,
 * so night-by-night cancellations in parallel still end 'refunded'.
 */
export async function markChargeRefundedWhenFull(chargeId: number, now: Date = new Date()): Promise<void> {
  await changePaymentStatus(getDb(), {
    where: and(
      eq(payments.id, chargeId),
      sql`${payments.amountCents} <= (select coalesce(sum(r.amount_cents), 0) from ${payments} r
        where r.charge_id = ${payments.id} and r.kind = 'refund' and ${livePayment(sql`r.status`)})`,
    ),
    kind: 'charge',
    from: ['succeeded'],
    to: 'refunded',
    cause: 'fully-refunded',
    set: { updatedAt: now },
  })
}

// --- Creating the intent ------------------------------------------------------------------------

export interface PaymentIntentAnswer {
  clientSecret: string
  paymentIntentId: string
  totalAmountCents: number
  platformFeeCents: number
  nursePayoutCents: number
  /** What this payment takes now: the total, or the first week of a series paid week by week. */
  amountDueCents: number
}

type BookingTotals = Pick<PaymentIntentAnswer, 'totalAmountCents' | 'platformFeeCents' | 'nursePayoutCents'>
type PayableBooking = { booking: typeof bookings.$inferSelect; nurseName: string; amounts: BookingTotals }

/** The parent's booking while it can still be paid for: pending and held. */
async function findPayableBooking(
  actor: Pick<BookingActor, 'id'>,
  bookingId: number,
  now: Date,
): Promise<({ ok: true } & PayableBooking) | PaymentFailure> {
  const [row] = await getDb()
    .select({ booking: bookings, nurseName: users.displayName })
    .from(bookings)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, bookings.nurseId))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.parentId, actor.id)))
  if (!row) return fail(404, BOOKING_NOT_FOUND)
  const { booking } = row
  if (isPaidBooking(booking.status)) {
    return fail(409, 'This booking is already paid.')
  }
  // A booking that was confirmed once and is cancelled now was paid and then cancelled: its hold
  // did not expire, and choosing the nights again is not what it needs.
  if (booking.status === 'cancelled' && booking.confirmedAt !== null) return fail(409, BOOKING_CANCELLED)
  if (booking.status !== 'pending' || (booking.holdExpiresAt && booking.holdExpiresAt <= now)) {
    return fail(409, HOLD_EXPIRED)
  }
  const { totalAmountCents, platformFeeCents, nursePayoutCents } = booking
  return { ok: true, booking, nurseName: row.nurseName, amounts: { totalAmountCents, platformFeeCents, nursePayoutCents } }
}

function intentAnswer(intent: ProviderIntent, amounts: BookingTotals): ({ ok: true } & PaymentIntentAnswer) | PaymentFailure {
  if (!intent.clientSecret) return fail(502, 'Failed to get payment client secret')
  return { ok: true, clientSecret: intent.clientSecret, paymentIntentId: intent.id, ...amounts, amountDueCents: intent.amountCents }
}

/**
 * `POST /_api/payments/create-intent` and the /book steps' posts: the booking's PaymentIntent,
 * created at the provider the first time and the same one on every later call.
 */
export async function createPaymentIntentForBooking(
  actor: Pick<BookingActor, 'id'> & { email?: string },
  bookingId: number,
  now: Date = new Date(),
): Promise<({ ok: true } & PaymentIntentAnswer) | PaymentFailure> {
  const payable = await findPayableBooking(actor, bookingId, now)
  if (!payable.ok) return payable
  const { booking, amounts } = payable
  try {
    const existing = await findCharge({ bookingId })
    if (existing) return intentAnswer(await getPaymentProviderNamed(existing.provider).retrieveIntent(existing.providerPaymentId), amounts)
    const provider = getPaymentProvider()
    // A series paid week by week pays its first week now, with a card kept for the later weeks.
    const [firstWeek] = await getWeekAmounts(getDb(), bookingId)
    // A due-date reservation's deposit pays the first of it (decision 0073).
    const creditCents = await depositCreditCents(getDb(), booking)
    const amountCents = (firstWeek ? firstWeek.amountDueCents : booking.totalAmountCents) - creditCents
    if (amountCents <= 0) return fail(409, PAID_BY_DEPOSIT)
    const feeCents = firstWeek ? weekFeeCents(amountCents, booking) : booking.platformFeeCents - (await depositFeeCents(getDb(), booking))
    const intent = await provider.createIntent({
      bookingId,
      amountCents,
      platformFeeCents: feeCents,
      idempotencyKey: chargeKey(bookingId),
      description: `Night care with ${payable.nurseName} (${formatBookingReference(bookingId)})${firstWeek ? ', week 1' : ''}`,
      customerEmail: actor.email,
      metadata: firstWeek ? { bookingId: String(bookingId), week: '1' } : { bookingId: String(bookingId) },
      saveCardFor: firstWeek ? { customerId: await ensureCustomer(actor.id) } : undefined,
    })
    // Two calls at once get the same intent from the provider; the unique key keeps one row.
    await createPaymentUnlessTaken(getDb(), {
      bookingId,
      kind: 'charge',
      provider: provider.name,
      providerPaymentId: intent.id,
      amountCents,
      feeCents,
      status: 'pending',
      idempotencyKey: chargeKey(bookingId),
      week: firstWeek ? 1 : null,
      createdAt: now,
      updatedAt: now,
    })
    return intentAnswer(intent, amounts)
  } catch (error) {
    console.error(`Payment intent for booking ${bookingId} failed:`, error)
    return fail(502, PAYMENT_INTENT_FAILED)
  }
}

/**
 * The card form of /book's payment step, read only: the intent made when the booking was, or null
 * when none was made yet (a booking made through the API). A page's GET never creates one.
 */
export async function findPaymentIntentForBooking(
  actor: Pick<BookingActor, 'id'>,
  bookingId: number,
  now: Date = new Date(),
): Promise<({ ok: true } & PaymentIntentAnswer) | PaymentFailure | null> {
  const payable = await findPayableBooking(actor, bookingId, now)
  if (!payable.ok) return payable
  const existing = await findCharge({ bookingId })
  if (!existing) return null
  try {
    return intentAnswer(await getPaymentProviderNamed(existing.provider).retrieveIntent(existing.providerPaymentId), payable.amounts)
  } catch (error) {
    console.error(`Reading the payment intent of booking ${bookingId} failed:`, error)
    return fail(502, PAYMENT_INTENT_FAILED)
  }
}

/** The charge of this intent with its booking's parent, if the actor may see it (its parent or an admin). */
async function findOwnedCharge(actor: BookingActor, paymentIntentId: string) {
  const payment = await findCharge({ intentId: paymentIntentId })
  // A deposit still on its reservation is no booking's payment.
  if (!payment || payment.bookingId === null) return null
  const [booking] = await getDb().select({ parentId: bookings.parentId }).from(bookings).where(eq(bookings.id, bookingIdOf(payment)))
  return booking && (actor.role === 'admin' || booking.parentId === actor.id) ? { payment, parentId: booking.parentId } : null
}

/** The booking a returning card payment belongs to, if it is this parent's (read only). */
export async function findBookingOfIntent(actor: BookingActor, paymentIntentId: string): Promise<number | null> {
  return (await findOwnedCharge(actor, paymentIntentId))?.payment.bookingId ?? null
}

// --- Applying what the provider says ------------------------------------------------------------

export type IntentOutcome = 'confirmed' | 'already-confirmed' | 'refunded-late' | 'mismatch' | 'not-succeeded'

/**
 * Settles one charge from the provider's own record of its intent (the confirm call, the
 * webhook, the hold sweep and the reconciliation job all come here; docs/decisions/0013).
 * Idempotent: asking again confirms nothing twice and refunds nothing twice.
 */
export async function settleCharge(payment: PaymentRow, now: Date, intent?: ProviderIntent): Promise<IntentOutcome> {
  const current = intent ?? (await getPaymentProviderNamed(payment.provider).retrieveIntent(payment.providerPaymentId))
  return applyIntent(payment, current, now)
}

/**
 * Brings our records in line with the provider's intent. Status only moves forward: a charge
 * that succeeded never becomes failed again, whatever order the events arrive in.
 */
async function applyIntent(payment: PaymentRow, intent: ProviderIntent, now: Date): Promise<IntentOutcome> {
  const db = getDb()
  if (payment.bookingId === null) return applyDepositIntent(payment, intent, now)
  if (intent.status === 'succeeded') {
    const [booking] = await db
      .select({ id: bookings.id, parentId: bookings.parentId, totalAmountCents: bookings.totalAmountCents, reservationId: bookings.reservationId })
      .from(bookings)
      .where(eq(bookings.id, bookingIdOf(payment)))
    const metadataBooking = intent.metadata.bookingId
    // One charge pays the booking total (less a reservation's deposit, decision 0073); a series
    // paid week by week pays each week's amount.
    const expectedCents = payment.week === null ? booking.totalAmountCents - (await depositCreditCents(db, booking, payment.id)) : payment.amountCents
    if (
      intent.amountCents !== expectedCents ||
      intent.amountCents !== payment.amountCents ||
      (metadataBooking !== undefined && metadataBooking !== String(booking.id))
    ) {
      await updatePayments(db, and(eq(payments.id, payment.id), inArray(payments.status, [...OPEN_CHARGE_STATUSES])), {
        failureMessage: `The amount paid (${intent.amountCents} cents) does not match the booking total.`,
        updatedAt: now,
      })
      return 'mismatch'
    }
    if (payment.week !== null && payment.week > 1) return settleWeekCharge(payment, now)
    const { outcome } = await confirmBookingPayment({ bookingId: booking.id, paymentId: payment.id, now })
    if (payment.week === 1 && outcome !== 'refund-required') {
      await markWeekPaid(payment, now)
      if (intent.paymentMethodId) await rememberCardThatPaid(booking.parentId, payment.provider, intent.paymentMethodId)
    }
    if (outcome === 'refund-required') {
      const idempotencyKey = `booking-${booking.id}-late-payment-refund`
      const [earlier] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.idempotencyKey, idempotencyKey), livePayment()))
      const refund = await refundPayment({
        bookingId: booking.id,
        occurrenceId: null,
        week: payment.week,
        amountCents: payment.amountCents,
        feeCents: payment.feeCents,
        reason: LATE_PAYMENT_REFUND_REASON,
        idempotencyKey,
      })
      if (!earlier && isLivePayment(refund.status)) {
        await sendLatePaymentRefundEmail(booking.id, refund.amountCents)
      }
      return 'refunded-late'
    }
    return outcome === 'already-confirmed' ? 'already-confirmed' : 'confirmed'
  }
  return applyUnpaidIntent(payment, intent, now)
}

/** An intent that did not go through: the charge reads failed or canceled with the provider's words. */
async function applyUnpaidIntent(payment: PaymentRow, intent: ProviderIntent, now: Date): Promise<IntentOutcome> {
  const db = getDb()
  const open = { where: eq(payments.id, payment.id), kind: 'charge', from: OPEN_CHARGE_STATUSES, cause: 'provider-answer' } as const
  if (intent.status === 'canceled') {
    await changePaymentStatus(db, { ...open, to: 'canceled', set: { updatedAt: now } })
  } else if (intent.lastError) {
    await changePaymentStatus(db, { ...open, to: 'failed', set: { failureMessage: intent.lastError, updatedAt: now } })
  }
  return 'not-succeeded'
}

// --- A due-date reservation's deposit (decision 0073) ---------------------------------------------

/**
 * A plan whose first charge its reservation's deposit pays in full (decision 0073): the booking is
 * confirmed with the deposit as that charge, nothing more is asked of the card, and what the
 * deposit paid beyond it (a backup nurse's cheaper week) goes back. False when the deposit does not
 * cover the charge, or there is none.
 */
export async function confirmPaidByDeposit(bookingId: number, now: Date = new Date()): Promise<boolean> {
  const db = getDb()
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId))
  if (!booking?.reservationId || booking.status !== 'pending') return false
  const deposit = await findDeposit(db, booking.reservationId)
  if (!deposit) return false
  const [firstWeek] = await getWeekAmounts(db, bookingId)
  const dueCents = firstWeek ? firstWeek.amountDueCents : booking.totalAmountCents
  if (deposit.amountCents < dueCents) return false
  const { outcome } = await confirmBookingPayment({ bookingId, paymentId: deposit.id, now })
  if (outcome !== 'confirmed' && outcome !== 'reconfirmed') return false
  const [paidWith] = await db.select().from(payments).where(eq(payments.id, deposit.id))
  if (firstWeek) await markWeekPaid(paidWith, now)
  if (deposit.amountCents > dueCents) {
    await refundPayment({
      bookingId,
      occurrenceId: null,
      week: paidWith.week,
      amountCents: deposit.amountCents - dueCents,
      reason: DEPOSIT_EXCESS_REFUND_REASON,
      idempotencyKey: `booking-${bookingId}-deposit-excess-refund`,
    })
  }
  return true
}

/**
 * Brings a deposit's charge in line with its intent: paid, the reservation goes to the nurse (or is
 * accepted at once); paid after the reservation was given up, or after its nights went to another
 * family, the whole deposit goes back.
 */
async function applyDepositIntent(payment: PaymentRow, intent: ProviderIntent, now: Date): Promise<IntentOutcome> {
  const db = getDb()
  if (intent.status !== 'succeeded') return applyUnpaidIntent(payment, intent, now)
  const metadataReservation = intent.metadata.reservationId
  if (intent.amountCents !== payment.amountCents || (metadataReservation !== undefined && metadataReservation !== String(payment.reservationId))) {
    await updatePayments(db, and(eq(payments.id, payment.id), inArray(payments.status, [...OPEN_CHARGE_STATUSES])), {
      failureMessage: `The amount paid (${intent.amountCents} cents) does not match the deposit.`,
      updatedAt: now,
    })
    return 'mismatch'
  }
  await changePaymentStatus(db, {
    where: eq(payments.id, payment.id),
    kind: 'charge',
    from: OPEN_CHARGE_STATUSES,
    to: 'succeeded',
    cause: 'provider-answer',
    set: { failureMessage: null, updatedAt: now },
  })
  const [charge] = await db.select().from(payments).where(eq(payments.id, payment.id))
  if (charge.status !== 'succeeded') return 'already-confirmed'
  const outcome = charge.reservationId === null ? 'missing' : await confirmDepositPaid(charge.reservationId, charge.amountCents, now)
  if (outcome === 'requested' || outcome === 'accepted') {
    // The card that paid the deposit pays the plan's later weeks too.
    const [reservation] = await db.select({ parentId: reservations.parentId }).from(reservations).where(eq(reservations.id, charge.reservationId!))
    if (reservation && intent.paymentMethodId) await rememberCardThatPaid(reservation.parentId, charge.provider, intent.paymentMethodId)
    return 'confirmed'
  }
  if (outcome === 'gone') return 'already-confirmed'
  if (outcome === 'taken') await dropUnpaidReservation(charge.reservationId!)
  await refundCharge(charge, {
    bookingId: null,
    occurrenceId: null,
    amountCents: charge.amountCents,
    feeCents: charge.feeCents,
    reason: LATE_DEPOSIT_REFUND_REASON,
    idempotencyKey: `deposit-${charge.id}-late-refund`,
  })
  return 'refunded-late'
}

/** The week's charge went through: the week is paid (answers false when it was not waiting for it). */
async function markWeekPaid(payment: PaymentRow, now: Date): Promise<boolean> {
  const [week] = await getDb()
    .update(bookingChargeWeeks)
    .set({ status: 'paid', paymentId: payment.id, failedAt: null, lastError: null, updatedAt: now })
    .where(
      and(
        eq(bookingChargeWeeks.bookingId, bookingIdOf(payment)),
        eq(bookingChargeWeeks.week, payment.week!),
        inArray(bookingChargeWeeks.status, ['scheduled', 'charging', 'failed']),
      ),
    )
    .returning()
  return Boolean(week)
}

/**
 * A later week's charge went through (the job's off-session charge, or the parent paying after a
 * decline). The week becomes paid; if its nights were released meanwhile the charge is refunded in
 * full, and if some of its nights were cancelled after the charge was prepared, the difference is.
 */
async function settleWeekCharge(payment: PaymentRow, now: Date): Promise<IntentOutcome> {
  const db = getDb()
  const [changed] = await changePaymentStatus(db, {
    where: eq(payments.id, payment.id),
    kind: 'charge',
    from: OPEN_CHARGE_STATUSES,
    to: 'succeeded',
    cause: 'provider-answer',
    set: { failureMessage: null, updatedAt: now },
  })
  const settled = changed ?? payment
  const weekKey = `booking-${payment.bookingId}-week-${payment.week}`
  if (await markWeekPaid(settled, now)) {
    const weeks = await getWeekAmounts(db, bookingIdOf(payment))
    const due = weeks.find((week) => week.week === payment.week)?.amountDueCents ?? payment.amountCents
    if (settled.amountCents > due) {
      await refundPayment({
        bookingId: bookingIdOf(payment),
        occurrenceId: null,
        week: payment.week,
        amountCents: settled.amountCents - due,
        reason: WEEK_EXCESS_REFUND_REASON,
        idempotencyKey: `${weekKey}-excess-refund`,
      })
    }
    return 'confirmed'
  }
  const [week] = await db
    .select()
    .from(bookingChargeWeeks)
    .where(and(eq(bookingChargeWeeks.bookingId, bookingIdOf(payment)), eq(bookingChargeWeeks.week, payment.week!)))
  // Paid before by this charge: nothing to do. Released, waived, or paid by another charge: this one goes back.
  if (week?.status === 'paid' && week.paymentId === payment.id) return 'already-confirmed'
  await refundPayment({
    bookingId: bookingIdOf(payment),
    occurrenceId: null,
    week: payment.week,
    amountCents: settled.amountCents,
    reason: RELEASED_WEEK_REFUND_REASON,
    idempotencyKey: `${weekKey}-charge-${payment.id}-refund`,
  })
  return 'refunded-late'
}

/**
 * `POST /_api/payments/confirm` and the return from the card form: re-reads the intent from the
 * provider, checks its amount and status, then confirms the booking. Idempotent.
 * Only the booking's parent (or an admin) may confirm.
 */
export async function confirmPayment(
  actor: BookingActor,
  paymentIntentId: string,
  now: Date = new Date(),
): Promise<{ ok: true; booking: ParentBookingView } | PaymentFailure> {
  const owned = await findOwnedCharge(actor, paymentIntentId)
  if (!owned) return fail(404, PAYMENT_CONFIRMATION_FAILED, 'No payment with this id belongs to you.')
  const { payment } = owned
  let outcome: IntentOutcome
  try {
    const intent = await getPaymentProviderNamed(payment.provider).retrieveIntent(paymentIntentId)
    outcome = await applyIntent(payment, intent, now)
    if (outcome === 'not-succeeded') {
      return fail(402, PAYMENT_CONFIRMATION_FAILED, intent.lastError ?? 'The payment has not gone through.')
    }
  } catch (error) {
    console.error(`Confirming payment ${paymentIntentId} failed:`, error)
    return fail(502, PAYMENT_CONFIRMATION_FAILED, 'The payment provider could not be reached.')
  }
  if (outcome === 'mismatch') {
    return fail(409, PAYMENT_CONFIRMATION_FAILED, 'The amount paid does not match the booking total.')
  }
  if (outcome === 'refunded-late') {
    return fail(
      409,
      PAYMENT_CONFIRMATION_FAILED,
      'These nights were released before your payment arrived, so it has been refunded in full.',
    )
  }
  const view = await getBookingForParent(bookingIdOf(payment), owned.parentId)
  return { ok: true, booking: view! }
}

/** The family hears that their late payment was refunded in full. Never fails the refund. */
async function sendLatePaymentRefundEmail(bookingId: number, refundCents: number) {
  try {
    const row = await readBookingPeople(bookingId)
    if (!row) return
    const nights = await getDb()
      .select()
      .from(bookingOccurrences)
      .where(eq(bookingOccurrences.bookingId, bookingId))
      .orderBy(asc(bookingOccurrences.startsAt))
    await sendEmail(
      row.parentEmail,
      (t) => latePaymentRefundEmail({
        bookingId,
        parentName: row.booking.contactName || row.parentName,
        nurseName: row.nurseName,
        timeZone: row.booking.timezone,
        nights,
        refundCents,
        bookUrl: `${getConfig().APP_ORIGIN}/nurse/${row.nurseSlug}`,
      }, t),
    )
  } catch (error) {
    console.error(`Booking ${bookingId}: the late-payment refund e-mail could not be sent:`, error)
  }
}

// --- Paying with the saved card -------------------------------------------------------------------

/**
 * /book's 'Pay with your saved card': the booking's own intent (made at the details step) is paid
 * with the parent's saved card, on-session. Answers like confirmPayment; a decline is a 402 with
 * the bank's words, and the intent stays open for another card.
 */
export async function payBookingWithSavedCard(
  actor: BookingActor,
  bookingId: number,
  now: Date = new Date(),
): Promise<{ ok: true; paymentIntentId: string; clientSecret: string } | PaymentFailure> {
  const payable = await findPayableBooking(actor, bookingId, now)
  if (!payable.ok) return payable
  const [charge, card] = await Promise.all([findCharge({ bookingId }), getSavedCard(actor.id)])
  if (!charge) return fail(409, PAYMENT_INTENT_FAILED, 'Continue to payment first.')
  if (!card || card.provider !== charge.provider) return fail(409, PAYMENT_CONFIRMATION_FAILED, 'You have no saved card. Please enter a card.')
  try {
    const intent = await getPaymentProviderNamed(charge.provider).chargeSavedCard({
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      amountCents: charge.amountCents,
      platformFeeCents: charge.feeCents,
      idempotencyKey: `${charge.idempotencyKey}-saved-card-${card.id}`,
      description: `Booking ${formatBookingReference(bookingId)}`,
      metadata: { bookingId: String(bookingId) },
      intentId: charge.providerPaymentId,
      offSession: false,
    })
    if (intent.status !== 'succeeded') {
      await applyIntent(charge, intent, now)
      return fail(402, PAYMENT_CONFIRMATION_FAILED, intent.lastError ?? 'The payment has not gone through.')
    }
    const confirmed = await confirmPayment(actor, charge.providerPaymentId, now)
    return confirmed.ok ? { ok: true, paymentIntentId: intent.id, clientSecret: intent.clientSecret } : confirmed
  } catch (error) {
    console.error(`Paying booking ${bookingId} with the saved card failed:`, error)
    return fail(502, PAYMENT_CONFIRMATION_FAILED, 'The payment provider could not be reached.')
  }
}

// --- Paying with a card entered as the parent books ---------------------------------------------

/** A card entered in the booking step itself: a number (the test provider's form) or Stripe's PaymentMethod. */
export type NewCard = { cardNumber: string } | { paymentMethodId: string }

/**
 * Booking and paying in one step with a card just entered (decision 0045): the booking's intent
 * is paid with it on-session, then confirmed. Answers like payBookingWithSavedCard; a decline is a
 * 402 with the bank's words.
 */
export async function payBookingWithNewCard(
  actor: BookingActor,
  bookingId: number,
  card: NewCard,
  now: Date = new Date(),
): Promise<{ ok: true; paymentIntentId: string; clientSecret: string } | PaymentFailure> {
  const intent = await createPaymentIntentForBooking(actor, bookingId, now)
  if (!intent.ok) return intent
  const { paymentIntentId, clientSecret } = intent
  if ('cardNumber' in card) {
    const paid = await payWithTestCard({ paymentIntentId, clientSecret, cardNumber: card.cardNumber })
    if (!paid.ok) return fail(paid.status, PAYMENT_CONFIRMATION_FAILED, paid.error)
  } else {
    const charge = await findCharge({ bookingId })
    if (!charge) return fail(409, PAYMENT_INTENT_FAILED)
    try {
      const paid = await getPaymentProviderNamed(charge.provider).payIntentWithNewCard({
        intentId: paymentIntentId,
        paymentMethodId: card.paymentMethodId,
        idempotencyKey: `${charge.idempotencyKey}-new-card-${card.paymentMethodId}`,
      })
      if (paid.status !== 'succeeded') {
        await applyIntent(charge, paid, now)
        return fail(402, PAYMENT_CONFIRMATION_FAILED, paid.lastError ?? NEEDS_BANK_APPROVAL)
      }
    } catch (error) {
      console.error(`Paying booking ${bookingId} with a new card failed:`, error)
      return fail(502, PAYMENT_CONFIRMATION_FAILED, 'The payment provider could not be reached.')
    }
  }
  const confirmed = await confirmPayment(actor, paymentIntentId, now)
  return confirmed.ok ? { ok: true, paymentIntentId, clientSecret } : confirmed
}

const NEEDS_BANK_APPROVAL =
  'Your bank wants to approve this card first. Save it under Payment methods in your dashboard, where your bank can ask, then book with it.'

// --- The test provider's card form --------------------------------------------------------------

export async function payWithTestCard(input: { paymentIntentId: string; clientSecret: string; cardNumber: string }) {
  if (getPaymentProvider().name !== 'test') {
    return { ok: false as const, status: 404 as const, error: 'Test payments are not available on this server.' }
  }
  const result = await chargeTestCard(input)
  if (!result.ok && result.status === 402) {
    await changePaymentStatus(getDb(), {
      where: eq(payments.providerPaymentId, input.paymentIntentId),
      kind: 'charge',
      from: OPEN_CHARGE_STATUSES,
      to: 'failed',
      cause: 'test-card',
      set: { failureMessage: result.error, updatedAt: new Date() },
    })
  }
  return result
}

// --- Stripe's payment events (the webhook itself: stripe-webhook.server.ts) ----------------------

/** Applies a payment event; false when the event is not about a charge or a refund. */
export async function handlePaymentEvent(event: Stripe.Event, now: Date = new Date()): Promise<boolean> {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
    case 'payment_intent.processing': {
      const payment = await findCharge({ intentId: event.data.object.id })
      if (!payment) return true // Not one of ours (another app on the same Stripe account).
      const intent = await getPaymentProviderNamed(payment.provider).retrieveIntent(payment.providerPaymentId)
      await applyIntent(payment, intent, now)
      return true
    }
    case 'charge.refunded':
      await recordChargeRefunds(event.data.object, now)
      return true
    default:
      return false
  }
}

/** Refunds made at Stripe (ours, or from its dashboard) are recorded once each. */
async function recordChargeRefunds(charge: Stripe.Charge, now: Date) {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
  if (!intentId) return
  const payment = await findCharge({ intentId })
  if (!payment) return
  const db = getDb()
  for (const refund of charge.refunds?.data ?? []) {
    await createPaymentUnlessTaken(db, {
      bookingId: payment.bookingId,
      kind: 'refund',
      provider: payment.provider,
      providerPaymentId: refund.id,
      amountCents: refund.amount,
      status: toProviderRefund(refund).status,
      week: payment.week,
      // The charge of the refunded intent: the booking's, a week's or a move's.
      chargeId: payment.id,
      reason: refund.metadata?.reason ?? 'Refunded at the payment provider',
      createdAt: now,
      updatedAt: now,
    })
  }
  if (charge.amount_refunded >= charge.amount) {
    await changePaymentStatus(db, {
      where: eq(payments.id, payment.id),
      kind: 'charge',
      from: ['succeeded'],
      to: 'refunded',
      cause: 'fully-refunded',
      set: { updatedAt: now },
    })
  }
}

/**
 * The booking's paid charge: the latest charge that went through (refunded in part or whole
 * included), or undefined when the booking was never paid. The one query for it: refunds,
 * cancellations and the admin's status changes all ask.
 */
export async function findPaidCharge(db: DbOrTx, bookingId: number, week?: number | null) {
  const [charge] = await db
    .select()
    .from(payments)
    .where(
      and(
        collectedChargeOf(bookingId),
        // Not the difference charged for a moved night, which names its night (docs/decisions/0034).
        isNull(payments.occurrenceId),
        // A series paid week by week: the week's own charge (undefined: the latest of any).
        week === undefined ? undefined : sql`${payments.week} is not distinct from ${week}`,
      ),
    )
    // The card's own charge before a deposit that paid part of the same week (decision 0073).
    .orderBy(sql`${payments.reservationId} is null desc`, desc(payments.id))
    .limit(1)
  return charge
}
