// A due-date reservation's deposit (issue 36, docs/decisions/0073): charged as the reservation is
// made, refunded when the reservation ends without the family at fault, kept for the nurse when the
// family withdraws within 30 days of the due date, and counted toward the first week when the plan
// starts (deposit-ledger.server.ts, the booking confirmation). The rule itself is pure:
// reservations/deposit-rules.ts.
import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb } from '../../db/client.server'
import { payments, reservations } from '../../db/schema'
import type { ReservationRequest } from '../../schemas/reservations'
import { releaseHolds, type BookingActor, type BookingFailure } from '../bookings/bookings.server'
import type { BookingRequest } from '../../schemas/booking'
import { bookNights } from './book-nights.server'
import { findDeposit } from './deposit-ledger.server'
import { depositCountedFrom, depositFate, depositFor, lastFullRefundDay } from './deposit-rules'
import {
  answerReservation,
  createReservation,
  dropUnpaidReservation,
  getReservationFor,
  lapseUnansweredReservations,
  listUnpaidPastDue,
  withdrawReservation,
  type ReservationActor,
  type ReservationFailure,
  type ReservationView,
} from '../reservations/reservations.server'
import { quotePayAtOnce, type PayAtOnceCard } from './pay-at-once.server'
import { collectedCharge, createPaymentUnlessTaken, livePayment, type PaymentRow } from './payment-life-cycle.server'
import { getPaymentProvider, getPaymentProviderNamed } from './payment-provider.server'
import { confirmPaidByDeposit, PAYMENT_CONFIRMATION_FAILED, PAYMENT_INTENT_FAILED, payWithTestCard, refundCharge, settleCharge } from './payments.server'
import { ensureCustomer, getSavedCard } from './saved-cards.server'

export const NO_SAVED_CARD_FOR_DEPOSIT = 'You have no saved card. Please enter a card to pay the deposit.'
export const DEPOSIT_REFUND_REASON = 'The reservation ended: its deposit goes back in full.'

export type DepositFailure = ReservationFailure | { ok: false; status: 402 | 409 | 502; error: string; reason?: string; reservationId?: number }

const depositKey = (reservationId: number) => `reservation-${reservationId}-deposit`

/**
 * `POST /_api/reservations/create` and /reserve: the reservation is made (its nights held for 15
 * minutes) and its deposit charged in the same request, with the saved card or a card entered
 * with the plan. Paid, it goes to the nurse; a card that does not go through takes the reservation
 * back at once. When the provider cannot be reached the card may have been charged: the
 * reservation waits, and the deposit sweep asks the provider before its 15 minutes are up.
 */
export async function reserveWithDeposit(
  actor: ReservationActor & { email?: string },
  input: ReservationRequest,
  card: PayAtOnceCard,
  now = new Date(),
): Promise<{ ok: true; reservation: ReservationView } | DepositFailure> {
  if (actor.role === 'parent' && 'savedCard' in card && !(await getSavedCard(actor.id))) {
    return { ok: false, status: 409, error: NO_SAVED_CARD_FOR_DEPOSIT }
  }
  const made = await createReservation(actor, input, now)
  if (!made.ok) return made
  const unpaid = made.reservation
  const paid = await payDeposit(actor as BookingActor & { email?: string }, unpaid, card, now)
  if (!paid.ok) {
    if (paid.status !== 502) await dropUnpaidReservation(unpaid.id)
    return { ...paid, reservationId: paid.status === 502 ? unpaid.id : undefined }
  }
  const reservation = await getReservationFor(actor, unpaid.id, now)
  if (!reservation) return { ok: false, status: 409, error: 'The nights were taken while your deposit was paid. It has been refunded in full.' }
  return { ok: true, reservation }
}

type Paid = { ok: true } | { ok: false; status: 402 | 409 | 502; error: string; reason?: string }

async function payDeposit(actor: BookingActor & { email?: string }, reservation: ReservationView, card: PayAtOnceCard, now: Date): Promise<Paid> {
  const db = getDb()
  const key = depositKey(reservation.id)
  const { amountCents, feeCents } = depositFor(reservation, reservation)
  const description = `Deposit for night care with ${reservation.nurseName} (reservation ${reservation.id})`
  const metadata = { reservationId: String(reservation.id) }
  let charge: PaymentRow | undefined
  try {
    const provider = getPaymentProvider()
    const intent = await provider.createIntent({
      amountCents,
      platformFeeCents: feeCents,
      idempotencyKey: key,
      description,
      customerEmail: actor.email,
      metadata,
      // The card that pays the deposit pays the later weeks of the plan too.
      saveCardFor: { customerId: await ensureCustomer(actor.id) },
    })
    charge = await createPaymentUnlessTaken(db, {
      bookingId: null,
      reservationId: reservation.id,
      kind: 'charge',
      provider: provider.name,
      providerPaymentId: intent.id,
      amountCents,
      feeCents,
      status: 'pending',
      idempotencyKey: key,
      createdAt: now,
      updatedAt: now,
    })
    if (!charge) [charge] = await db.select().from(payments).where(eq(payments.idempotencyKey, key))
    if ('cardNumber' in card) {
      const result = await payWithTestCard({ paymentIntentId: intent.id, clientSecret: intent.clientSecret, cardNumber: card.cardNumber })
      if (!result.ok) return { ok: false, status: result.status === 402 ? 402 : 409, error: PAYMENT_CONFIRMATION_FAILED, reason: result.error }
    } else if ('paymentMethodId' in card) {
      const result = await provider.payIntentWithNewCard({ intentId: intent.id, paymentMethodId: card.paymentMethodId, idempotencyKey: `${key}-new-card-${card.paymentMethodId}` })
      if (result.status !== 'succeeded') {
        await settleCharge(charge, now, result)
        return { ok: false, status: 402, error: PAYMENT_CONFIRMATION_FAILED, reason: result.lastError ?? 'Your bank wants to approve this card first. Save it under Payment methods, then reserve with it.' }
      }
    } else {
      const saved = await getSavedCard(actor.id)
      if (!saved || saved.provider !== provider.name) return { ok: false, status: 409, error: NO_SAVED_CARD_FOR_DEPOSIT }
      const result = await provider.chargeSavedCard({
        customerId: saved.customerId,
        paymentMethodId: saved.paymentMethodId,
        amountCents,
        platformFeeCents: feeCents,
        idempotencyKey: `${key}-saved-card-${saved.id}`,
        description,
        metadata,
        intentId: intent.id,
        offSession: false,
      })
      if (result.status !== 'succeeded') {
        await settleCharge(charge, now, result)
        return { ok: false, status: 402, error: PAYMENT_CONFIRMATION_FAILED, reason: result.lastError ?? 'The payment has not gone through.' }
      }
    }
    const outcome = await settleCharge(charge, now)
    return outcome === 'confirmed' || outcome === 'already-confirmed' ? { ok: true } : { ok: false, status: 409, error: PAYMENT_CONFIRMATION_FAILED }
  } catch (error) {
    console.error(`The deposit of reservation ${reservation.id} could not be paid:`, error)
    return { ok: false, status: 502, error: charge ? PAYMENT_CONFIRMATION_FAILED : PAYMENT_INTENT_FAILED, reason: 'The payment provider could not be reached.' }
  }
}

// --- When a reservation ends ------------------------------------------------------------------------

const refunds = alias(payments, 'deposit_refunds')

/**
 * Refunds every paid deposit its reservation's end gives back (declined, lapsed, withdrawn by the
 * nurse, or by the family more than 30 days before the due date) and not refunded yet: after each
 * answer or withdrawal, and by the sweep, so a refund the provider refused is asked again.
 */
export async function refundEndedDeposits(only?: number): Promise<number> {
  const db = getDb()
  const rows = await db
    .select({ charge: payments, reservation: reservations })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .where(
      and(
        eq(payments.kind, 'charge'),
        eq(payments.status, 'succeeded'),
        isNull(payments.bookingId),
        inArray(reservations.status, ['declined', 'lapsed', 'cancelled']),
        only === undefined ? undefined : eq(reservations.id, only),
        notExists(db.select({ one: sql`1` }).from(refunds).where(and(eq(refunds.chargeId, payments.id), eq(refunds.kind, 'refund'), livePayment(refunds.status)))),
      ),
    )
    .limit(100)
  let refunded = 0
  for (const { charge, reservation } of rows) {
    if (depositFate(reservation) !== 'refund') continue
    try {
      await refundCharge(charge, {
        bookingId: null,
        occurrenceId: null,
        amountCents: charge.amountCents,
        feeCents: charge.feeCents,
        reason: DEPOSIT_REFUND_REASON,
        idempotencyKey: `${depositKey(reservation.id)}-refund`,
      })
      refunded++
    } catch (error) {
      console.error(`The deposit of reservation ${reservation.id} could not be refunded; the sweep asks again:`, error)
    }
  }
  return refunded
}

/** The nurse answers a request; a decline gives the deposit back. */
export async function answerReservationWithDeposit(...args: Parameters<typeof answerReservation>) {
  const result = await answerReservation(...args)
  await refundEndedDeposits(args[1].reservationId)
  return result
}

/** Either side withdraws; the deposit goes back unless the family withdrew within 30 days of the due date. */
export async function withdrawReservationWithDeposit(...args: Parameters<typeof withdrawReservation>) {
  const result = await withdrawReservation(...args)
  if (result.ok) await refundEndedDeposits(result.reservation.id)
  return result
}

/**
 * The reservations job: unanswered requests lapse (their deposits go back), an unpaid reservation
 * past its 15 minutes is settled from the provider's own record (paid: it goes to the nurse; not:
 * it is taken back), and any refund still owed is asked again.
 */
export async function sweepReservations(now = new Date()): Promise<number> {
  const lapsed = await lapseUnansweredReservations(now)
  for (const id of await listUnpaidPastDue(now)) {
    const [charge] = await getDb().select().from(payments).where(and(eq(payments.reservationId, id), eq(payments.kind, 'charge')))
    try {
      const outcome = charge ? await settleCharge(charge, now, await getPaymentProviderNamed(charge.provider).retrieveIntent(charge.providerPaymentId)) : null
      if (outcome !== 'confirmed' && outcome !== 'already-confirmed') await dropUnpaidReservation(id)
    } catch (error) {
      console.error(`Reservation ${id}: the provider could not say whether its deposit was paid; asked again next run:`, error)
    }
  }
  await refundEndedDeposits()
  return lapsed
}

// --- When the plan starts -------------------------------------------------------------------------

/**
 * 'Our baby is here' or a backup nurse, when the deposit pays the whole first charge (decision
 * 0073): the plan is booked and confirmed at once with the deposit as its first-week charge, and
 * no card is asked for. Null when there is no deposit or it does not cover the charge (the plan is
 * then booked and paid as before, less the deposit).
 */
export async function bookPaidByDeposit(
  actor: BookingActor,
  request: BookingRequest,
  options: { reservationId: number; priceAt?: { nightlyRateCents: number; extraBabyCents: number }; now: Date },
): Promise<{ ok: true; bookingId: number } | BookingFailure | { ok: false; status: 409; error: string } | null> {
  const deposit = await findDeposit(getDb(), options.reservationId)
  if (!deposit) return null
  const quote = await quotePayAtOnce(request, options.priceAt)
  // What the first charge would take without the deposit: it must all be covered.
  if (!quote || quote.amountDueCents > deposit.amountCents) return null
  // Paid the moment it is made, so no hold is left unpaid: booked as one that pays at once.
  const created = await bookNights(actor, request, { now: options.now, payAtOnce: true, priceAt: options.priceAt, reservationId: options.reservationId })
  if (!created.ok) return created
  if (await confirmPaidByDeposit(created.booking.id, options.now)) return { ok: true, bookingId: created.booking.id }
  await releaseHolds([created.booking.id], options.now, actor.id)
  return { ok: false, status: 409, error: PAYMENT_CONFIRMATION_FAILED }
}

// --- What both sides read ---------------------------------------------------------------------------

export interface DepositView {
  amountCents: number
  paidAt: Date
  /**
   * held: waiting for the plan; applied: part of the booking's first week; refunded (or being
   * refunded); kept: the family withdrew within 30 days of the due date, so it is the nurse's.
   */
  state: 'held' | 'applied' | 'refunding' | 'refunded' | 'kept'
  /** The last day the family can withdraw and get it back. */
  refundUntil: string
}

/**
 * The deposits of these reservations as their families and nurses read them, by reservation; a
 * reservation without one (made before deposits) is left out. One query for a whole list.
 */
export async function readDeposits(reservationIds: readonly number[]): Promise<Map<number, DepositView>> {
  const found = new Map<number, DepositView>()
  if (!reservationIds.length) return found
  const rows = await getDb()
    .select({ charge: payments, reservation: reservations })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .where(and(inArray(payments.reservationId, [...reservationIds]), eq(payments.kind, 'charge'), collectedCharge()))
    .orderBy(asc(payments.id))
  for (const { charge, reservation } of rows) {
    if (found.has(reservation.id)) continue
    found.set(reservation.id, { amountCents: charge.amountCents, paidAt: charge.createdAt, refundUntil: lastFullRefundDay(depositCountedFrom(reservation)), state: stateOf(charge, reservation) })
  }
  return found
}

function stateOf(charge: PaymentRow, reservation: typeof reservations.$inferSelect): DepositView['state'] {
  if (charge.bookingId !== null) return 'applied'
  if (charge.status === 'refunded') return 'refunded'
  const fate = depositFate(reservation)
  return fate === 'keep' ? 'kept' : fate === 'refund' ? 'refunding' : fate === 'applied' ? 'applied' : 'held'
}

/** One reservation's deposit (its page). */
export async function readDeposit(reservationId: number): Promise<DepositView | null> {
  return (await readDeposits([reservationId])).get(reservationId) ?? null
}
