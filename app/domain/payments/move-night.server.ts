// Moving a night (issue 17, docs/decisions/0034; the rule: move-night.ts). The move page, its form
// and POST /_api/bookings/move-night all call moveOccurrence.
//
// The steps, like a cancellation's (cancellation.server.ts), never holding a lock over a network call:
//   1. a dearer night is charged first, off-session to the saved card, its `payments` row written
//      under its key before the provider is asked: a decline refuses the move and changes nothing;
//   2. one transaction takes the nurse's row lock (as createBooking does, so a move and a booking
//      of the same night queue up and the second sees the first), then the booking and the night,
//      re-checks everything, and moves the night; the exclusion constraint stays the backstop;
//   3. a cheaper night is refunded the difference from the night's charge; if the provider refuses,
//      the night goes back. If step 2 refused after step 1 charged, the charge is refunded in full.
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, notExists, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getConfig } from '../../config.server'
import type { Translate } from '~/i18n/translate'
import { getDb, type DbOrTx } from '../../db/client.server'
import { availabilityDates, bookingOccurrences, bookings, nurseProfiles, payments } from '../../db/schema'
import { clearPublicNurseCache, notBooked } from '../nurses/nurses.server'
import { refuseReservedNights } from '../reservations/reservations.server'
import { sendEmail } from '../notifications/email.server'
import { getNotificationPreferences } from '../notifications/notification-preferences.server'
import { moveChargeRefundedEmail, nightMovedEmail, nurseNightMovedEmail } from './move-emails'
import { isUnsuccessfulPayment } from './payment-life-cycle'
import {
  changePaymentStatus,
  createPayment,
  bookingIdOf,
  createPaymentUnlessTaken,
  livePayment,
  type PaymentDetails,
  updatePayments,
} from './payment-life-cycle.server'
import { getPaymentProviderNamed } from './payment-provider.server'
import { PaymentProviderError } from './providers/types'
import { getSavedCard, type SavedCard } from './saved-cards.server'
import { refundPayment } from './payments.server'
import { joinBookingPeople, nurseUsers, readBookingPeople } from '../bookings/booking-people.server'
import { BOOKING_NOT_FOUND, formatBookingReference, rangesOverlap } from '../bookings/booking-rules'
import { databaseErrorCode, NURSE_LAPSED } from '../bookings/bookings.server'
import { noticeMessage, overfullWeeks, weekLimitMessage, weeksOf } from '../nurses/booking-limits'
import { liveNightDatesInWeeks } from '../nurses/booking-limits.server'
import { isChargedWeekly, weekFeeCents } from './charge-weeks'
import { findWeekOfNight, isWeekPaid, rescheduleWeek } from './charge-weeks.server'
import * as lifeCycle from '../bookings/life-cycle.server'
import {
  canMoveNight,
  describeMoveCost,
  isFarEnoughAhead,
  MOVE_CHARGE_FAILED,
  MOVE_DECLINED,
  MOVE_REFUND_FAILED,
  movedMessage,
  NIGHT_JUST_TAKEN,
  NIGHT_NOT_MOVABLE,
  NO_SAVED_CARD_FOR_MOVE,
  notOpenMessage,
  priceMove,
  SAME_NIGHT,
  TARGET_TOO_SOON,
  weekMoveProblem,
} from './move-night'
import { nightInstants } from '../time/night-instants'
import { addDays, localToday } from '../time/shift-times'

export const PRICE_CHANGED = 'The price of this night has just changed. Please review it and move again.'
const RACE_CODES = new Set(['23P01', '40P01', '40001'])

type NightRow = typeof bookingOccurrences.$inferSelect
type BookingRow = typeof bookings.$inferSelect

export type MoveFailure = { ok: false; status: 404 | 409 | 402 | 502; error: string; needsCard?: boolean }
export type MoveResult =
  | { ok: true; occurrenceId: number; bookingId: number; date: string; differenceCents: number; message: string }
  | MoveFailure

const fail = (status: MoveFailure['status'], error: string, extra: Partial<MoveFailure> = {}): MoveFailure => ({
  ok: false,
  status,
  error,
  ...extra,
})

/** A moved night keeps the booking's babies and the extra per baby it was priced with (issue 36). */
const babiesOf = (booking: Pick<BookingRow, 'babies' | 'extraBabyCents'>) => ({ babies: booking.babies, extraBabyCents: booking.extraBabyCents })

const cardLabel = (card: Pick<SavedCard, 'brand' | 'last4'>) => `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}`

/** The parent's night with its booking; null when it is not theirs (404, as if it did not exist). */
async function findOwnedNight(db: DbOrTx, input: { parentId: number; bookingId: number; occurrenceId: number }) {
  const [row] = await db
    .select({ night: bookingOccurrences, booking: bookings })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .where(
      and(
        eq(bookingOccurrences.id, input.occurrenceId),
        eq(bookings.id, input.bookingId),
        eq(bookings.parentId, input.parentId),
      ),
    )
  return row ?? null
}

const nurseColumns = {
  id: nurseProfiles.id,
  timezone: nurseProfiles.timezone,
  nightlyRateCents: nurseProfiles.nightlyRateCents,
  minNoticeHours: nurseProfiles.minNoticeHours,
  maxNightsPerWeek: nurseProfiles.maxNightsPerWeek,
  lapsedAt: nurseProfiles.lapsedAt,
}

/** Is the night's money taken? A week of a series not charged yet is not; one being charged right now answers 'busy'. */
async function chargeStateOf(db: DbOrTx, occurrenceId: number): Promise<'charged' | 'not-charged' | 'busy'> {
  const week = await findWeekOfNight(db, occurrenceId)
  if (week?.status === 'charging') return 'busy'
  return isWeekPaid(week) ? 'charged' : 'not-charged'
}

// --- What the move page shows -------------------------------------------------------------------

export interface MoveOption {
  date: string
  startTimeLocal: string
  endTimeLocal: string
  differenceCents: number
  costLabel: string
}

export interface MovePreview {
  bookingId: number
  occurrenceId: number
  nurseName: string
  timezone: string
  night: Pick<NightRow, 'date' | 'startTimeLocal' | 'endTimeLocal' | 'priceCents'>
  /** Why the night cannot move now, or null. */
  problem: string | null
  options: MoveOption[]
  /** A dearer night needs a saved card; this says whether there is one. */
  hasCard: boolean
}

/** The parent's night and the nights it can move to now, each priced; null when it is not theirs. */
export async function getMovePreview(input: {
  parentId: number
  bookingId: number
  occurrenceId: number
  now: Date
  /** The `parent` namespace's translator, for the options' words; English without. */
  t?: Translate
}): Promise<MovePreview | null> {
  const db = getDb()
  const owned = await findOwnedNight(db, input)
  if (!owned) return null
  const { night, booking } = owned
  const [[nurse], [people], card, chargeState] = await Promise.all([
    db.select(nurseColumns).from(nurseProfiles).where(eq(nurseProfiles.id, booking.nurseId)),
    joinBookingPeople(db.select({ nurseName: nurseUsers.displayName }).from(bookings).$dynamic()).where(eq(bookings.id, booking.id)),
    getSavedCard(input.parentId),
    chargeStateOf(db, night.id),
  ])
  const preview: MovePreview = {
    bookingId: booking.id,
    occurrenceId: night.id,
    nurseName: people?.nurseName ?? 'your nurse',
    timezone: booking.timezone,
    night: { date: night.date, startTimeLocal: night.startTimeLocal, endTimeLocal: night.endTimeLocal, priceCents: night.priceCents },
    problem: null,
    options: [],
    hasCard: Boolean(card),
  }
  if (!canMoveNight(night, booking.status, input.now)) return { ...preview, problem: NIGHT_NOT_MOVABLE }
  // The night keeps the family's own shift on its new date (issue 38: it took the open night's
  // published hours, 8 PM – 8 AM becoming 9 PM – 7 AM 'at the same price'); the shift was checked
  // against her limits when it was booked.
  const shift = { startTimeLocal: night.startTimeLocal, endTimeLocal: night.endTimeLocal }
  const open = await db
    .select({ date: availabilityDates.date })
    .from(availabilityDates)
    .where(and(eq(availabilityDates.nurseId, nurse.id), gte(availabilityDates.date, localToday(nurse.timezone, input.now)), notBooked(db)))
    .orderBy(asc(availabilityDates.date))
  const series = isChargedWeekly(booking) ? booking : null
  const price = priceMove(night.priceCents, booking, nurse.nightlyRateCents, babiesOf(booking))
  const charged = chargeState !== 'not-charged'
  preview.options = open
    .filter((row) => isFarEnoughAhead(nightInstants(row.date, shift.startTimeLocal, shift.endTimeLocal, nurse.timezone).startsAt, nurse.minNoticeHours, input.now))
    .filter((row) => weekMoveProblem(series, night.date, row.date) === null)
    .map((row) => ({
      date: row.date,
      ...shift,
      differenceCents: price.differenceCents,
      costLabel: describeMoveCost(price.differenceCents, { charged, cardLabel: card ? cardLabel(card) : null }, input.t),
    }))
  return preview
}

// --- Moving ---------------------------------------------------------------------------------------

/** Thrown inside the move's transaction to roll it back and answer a failure. */
class MoveRefused extends Error {
  constructor(readonly failure: MoveFailure) {
    super(failure.error)
  }
}

interface MoveCharge {
  payment: typeof payments.$inferSelect
}

/**
 * Moves the parent's night to `date`, a night the same nurse has open. All or nothing: refused,
 * declined or raced, the night, the booking and the money stay as they were.
 */
export async function moveOccurrence(input: {
  parentId: number
  bookingId: number
  occurrenceId: number
  date: string
  now: Date
  /** The `parent` namespace's translator, for the answer's words; English without. */
  t?: Translate
}): Promise<MoveResult> {
  const { now } = input
  const db = getDb()
  const owned = await findOwnedNight(db, input)
  if (!owned) return fail(404, BOOKING_NOT_FOUND)
  if (!canMoveNight(owned.night, owned.booking.status, now)) return fail(409, NIGHT_NOT_MOVABLE)
  if (owned.night.date === input.date) return fail(409, SAME_NIGHT)
  const weekProblem = weekMoveProblem(isChargedWeekly(owned.booking) ? owned.booking : null, owned.night.date, input.date)
  if (weekProblem) return fail(409, weekProblem)
  const chargeState = await chargeStateOf(db, owned.night.id)
  if (chargeState === 'busy') return fail(409, 'This week’s payment is being taken right now. Please try again in a few minutes.')
  const charged = chargeState === 'charged'
  const [nurseNow] = await db.select(nurseColumns).from(nurseProfiles).where(eq(nurseProfiles.id, owned.booking.nurseId))
  // A move commits her to a date she was not booked for: a nurse out of search by a lapsed
  // credential takes none (docs/decisions/0062). The night itself stays booked where it is.
  if (nurseNow.lapsedAt !== null) return fail(409, NURSE_LAPSED)
  const quoted = priceMove(owned.night.priceCents, owned.booking, nurseNow.nightlyRateCents, babiesOf(owned.booking))

  // 1. A dearer night of a paid booking: the difference is charged before anything moves.
  let charge: MoveCharge | null = null
  if (charged && quoted.differenceCents > 0) {
    const charging = await chargeDifference(owned.booking, owned.night, quoted.differenceCents, now)
    if (!charging.ok) return charging
    charge = charging.charge
  }

  // 2. The move, under the nurse's lock.
  let moved: { from: NightRow; to: NightRow; differenceCents: number }
  try {
    moved = await db.transaction(async (tx) => {
      const [nurse] = await tx.select(nurseColumns).from(nurseProfiles).where(eq(nurseProfiles.id, owned.booking.nurseId)).for('update')
      // Then the booking and the night, in the order cancellations take them.
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, owned.booking.id)).for('update')
      const [night] = await tx.select().from(bookingOccurrences).where(eq(bookingOccurrences.id, owned.night.id)).for('update')
      if (!canMoveNight(night, booking.status, now)) throw new MoveRefused(fail(409, NIGHT_NOT_MOVABLE))
      if (nurse.lapsedAt !== null) throw new MoveRefused(fail(409, NURSE_LAPSED))
      const target = await judgeTarget(tx, nurse, night, input.date, now)
      // A night held for another family's due-date reservation is not open to this one (decision 0066).
      const reserved = await refuseReservedNights(tx, { nurseId: nurse.id, parentId: booking.parentId, nights: [target], now })
      if (reserved) throw new MoveRefused(fail(409, reserved.error))
      const price = priceMove(night.priceCents, booking, nurse.nightlyRateCents, babiesOf(booking))
      // The difference charged is the difference moved: a rate changed in between refuses the move.
      if (charged && (price.differenceCents > 0 || charge) && price.differenceCents !== (charge?.payment.amountCents ?? 0)) {
        throw new MoveRefused(fail(409, PRICE_CHANGED))
      }
      // A series charged week by week keeps its start: its weeks are counted from it, and its
      // nights move only within their week. Any other booking starts on its first night again.
      const done = await lifeCycle.moveNight(
        tx,
        night,
        { ...target, priceCents: price.priceCents },
        price.totals,
        now,
        { keepStartDate: isChargedWeekly(booking) },
      )
      if (!done) throw new MoveRefused(fail(409, NIGHT_NOT_MOVABLE))
      // The difference charged is now the move's: reconciliation refunds only a charge never applied.
      if (charge) await updatePayments(tx, eq(payments.id, charge.payment.id), { appliedAt: now, updatedAt: now })
      // A week of a series not charged yet is charged five days before its (new) first night.
      if (isChargedWeekly(booking)) await rescheduleWeek(tx, booking, night.date)
      const [after] = await tx.select().from(bookingOccurrences).where(eq(bookingOccurrences.id, night.id))
      return { from: night, to: after, differenceCents: price.differenceCents }
    })
  } catch (error) {
    const failure =
      error instanceof MoveRefused
        ? error.failure
        : RACE_CODES.has(databaseErrorCode(error) ?? '')
          ? fail(409, NIGHT_JUST_TAKEN)
          : null
    if (!failure) {
      if (charge) await refundMoveCharge(charge.payment, 'The night could not be moved.')
      throw error
    }
    if (charge) await refundMoveCharge(charge.payment, 'The night could not be moved.')
    return failure
  }

  // 3. A cheaper night of a paid booking: the difference back to the card, or the move undone.
  if (charged && moved.differenceCents < 0) {
    const refunded = await refundDifference(owned.booking, moved, now)
    if (!refunded) return fail(502, MOVE_REFUND_FAILED)
  }

  // The old night is open again and the new one booked on her public pages (decision 0004).
  clearPublicNurseCache()
  await sendMoveNotices(owned.booking.id, moved, charged)
  return {
    ok: true,
    occurrenceId: moved.to.id,
    bookingId: owned.booking.id,
    date: moved.to.date,
    differenceCents: moved.differenceCents,
    message: movedMessage(moved.from.date, moved.to.date, moved.differenceCents, charged, input.t),
  }
}

/**
 * Under the nurse's lock: the target is published, held by no live night of hers and overlaps
 * none, far enough ahead, and her nights a week still hold. Answers the new night's times.
 */
async function judgeTarget(
  tx: DbOrTx,
  nurse: { id: number; timezone: string; minNoticeHours: number; maxNightsPerWeek: number | null },
  night: NightRow,
  date: string,
  now: Date,
) {
  const [open] = await tx
    .select({ date: availabilityDates.date })
    .from(availabilityDates)
    .where(and(eq(availabilityDates.nurseId, nurse.id), eq(availabilityDates.date, date), notBooked(tx)))
  if (!open) throw new MoveRefused(fail(409, notOpenMessage(date)))
  // The family's own shift, on the new date (see getMovePreview).
  const instants = nightInstants(date, night.startTimeLocal, night.endTimeLocal, nurse.timezone)
  if (instants.startsAt.getTime() - now.getTime() <= 48 * 60 * 60 * 1000) throw new MoveRefused(fail(409, TARGET_TOO_SOON))
  if (!isFarEnoughAhead(instants.startsAt, nurse.minNoticeHours, now)) {
    throw new MoveRefused(fail(409, noticeMessage(nurse.minNoticeHours, [date])))
  }
  // Her live nights around it: a night of the day before running late, or of the next day starting early.
  const around = await tx
    .select({ id: bookingOccurrences.id, date: bookingOccurrences.date, startsAt: bookingOccurrences.startsAt, endsAt: bookingOccurrences.endsAt })
    .from(bookingOccurrences)
    .where(
      and(
        eq(bookingOccurrences.nurseId, nurse.id),
        ne(bookingOccurrences.status, 'cancelled'),
        ne(bookingOccurrences.id, night.id),
        inArray(bookingOccurrences.date, [addDays(date, -1), date, addDays(date, 1)]),
      ),
    )
  if (around.some((row) => rangesOverlap(instants, row))) throw new MoveRefused(fail(409, notOpenMessage(date)))
  if (nurse.maxNightsPerWeek !== null) {
    const others = await liveNightDatesInWeeks(tx, nurse.id, weeksOf([date]), { except: night.id })
    const full = overfullWeeks([...others, date], nurse.maxNightsPerWeek)
    if (full.length) throw new MoveRefused(fail(409, weekLimitMessage(nurse.maxNightsPerWeek, full)))
  }
  return { date, startTimeLocal: night.startTimeLocal, endTimeLocal: night.endTimeLocal, ...instants }
}

const moveKey = (night: { bookingId: number; id: number }, now: Date, what: 'charge' | 'refund') =>
  `booking-${night.bookingId}-occurrence-${night.id}-move-${now.getTime()}-${what}`

/** Step 1: the difference charged off-session to the saved card, its row written first under its key. */
async function chargeDifference(
  booking: BookingRow,
  night: NightRow,
  amountCents: number,
  now: Date,
): Promise<{ ok: true; charge: MoveCharge } | MoveFailure> {
  const card = await getSavedCard(booking.parentId)
  if (!card) return fail(402, NO_SAVED_CARD_FOR_MOVE, { needsCard: true })
  const db = getDb()
  const key = moveKey(night, now, 'charge')
  const week = await findWeekOfNight(db, night.id)
  const payment = await createPayment(db, {
    bookingId: booking.id,
    // A charge naming its night: the difference of a move. findPaidCharge leaves it out; a refund
    // takes from it what the booking's (or the week's) own charge no longer holds (refundPayment).
    occurrenceId: night.id,
    kind: 'charge',
    provider: card.provider,
    providerPaymentId: key,
    amountCents,
    feeCents: weekFeeCents(amountCents, booking),
    status: 'pending',
    reason: `Night of ${night.date} moved`,
    idempotencyKey: key,
    week: week?.week ?? null,
    createdAt: now,
    updatedAt: now,
  })
  // The row was written 'pending' just now, for this call alone.
  const settle = (to: 'succeeded' | 'failed', set: PaymentDetails) =>
    changePaymentStatus(db, {
      where: eq(payments.id, payment.id),
      kind: 'charge',
      from: ['pending'],
      to,
      cause: 'provider-answer',
      set: { ...set, updatedAt: now },
    })
  try {
    const intent = await getPaymentProviderNamed(card.provider).chargeSavedCard({
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      amountCents,
      platformFeeCents: payment.feeCents,
      idempotencyKey: key,
      description: `Moved night (${formatBookingReference(booking.id)})`,
      metadata: { bookingId: String(booking.id), occurrenceId: String(night.id) },
      offSession: true,
    })
    if (intent.status !== 'succeeded') {
      await settle('failed', { providerPaymentId: intent.id, failureMessage: intent.lastError ?? 'Declined' })
      return fail(402, intent.lastError ? `${MOVE_DECLINED} (${intent.lastError})` : MOVE_DECLINED)
    }
    const [row] = await settle('succeeded', { providerPaymentId: intent.id })
    return { ok: true, charge: { payment: row } }
  } catch (error) {
    const refused = error instanceof PaymentProviderError || (error as { type?: string } | null)?.type === 'StripeCardError'
    await settle('failed', { failureMessage: error instanceof Error ? error.message : String(error) })
    if (refused) return fail(402, `${MOVE_DECLINED} (${error instanceof Error ? error.message : 'declined'})`)
    console.error(`Charging the move of night ${night.id} failed:`, error)
    return fail(502, MOVE_CHARGE_FAILED)
  }
}

/**
 * A move refused after its difference was charged: the charge is refunded in full. Answers whether
 * it was; when the provider could not be reached, reconciliation tries again (refundUnappliedMoveCharges).
 */
async function refundMoveCharge(charge: typeof payments.$inferSelect, reason: string): Promise<boolean> {
  const db = getDb()
  try {
    const key = `${charge.idempotencyKey}-refund` // …-move-{t}-charge-refund: not a refund of the booking's own charge
    const refund = await getPaymentProviderNamed(charge.provider).refund({ intentId: charge.providerPaymentId, amountCents: charge.amountCents, idempotencyKey: key, reason })
    await createPaymentUnlessTaken(db, {
      bookingId: charge.bookingId,
      occurrenceId: charge.occurrenceId,
      kind: 'refund',
      provider: charge.provider,
      providerPaymentId: refund.id,
      amountCents: refund.amountCents,
      feeCents: charge.feeCents,
      status: refund.status,
      reason,
      idempotencyKey: key,
      week: charge.week,
      chargeId: charge.id,
    })
    await changePaymentStatus(db, {
      where: eq(payments.id, charge.id),
      kind: 'charge',
      from: ['succeeded'],
      to: 'refunded',
      cause: 'fully-refunded',
      set: { updatedAt: new Date() },
    })
    return true
  } catch (error) {
    console.error(`The charge ${charge.id} of a refused move could not be refunded:`, error)
    return false
  }
}

/** A move's charge no move applied this long after its last change is refunded by reconciliation. */
export const UNAPPLIED_MOVE_CHARGE_MINUTES = 10
const UNAPPLIED_MOVE_CHARGE_DAYS = 7

/**
 * Reconciliation of moves (run by the reconciliation job): a dearer night's charge that no move
 * applied — the move was refused and its refund did not go through, or the server stopped between
 * the charge and the move, or before the provider answered — is settled from the provider and, when
 * the family was charged, refunded in full with an e-mail. Claimed row by row (skip locked), so
 * several servers share the work. Answers the charges refunded.
 */
export async function refundUnappliedMoveCharges(now: Date = new Date()): Promise<number[]> {
  const db = getDb()
  const refunds = alias(payments, 'refunds')
  const quietSince = new Date(now.getTime() - UNAPPLIED_MOVE_CHARGE_MINUTES * 60 * 1000)
  const since = new Date(now.getTime() - UNAPPLIED_MOVE_CHARGE_DAYS * 24 * 60 * 60 * 1000)
  const candidates = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'charge'),
        isNotNull(payments.occurrenceId),
        isNull(payments.appliedAt),
        livePayment(),
        lte(payments.updatedAt, quietSince),
        gt(payments.createdAt, since),
        notExists(
          db
            .select({ one: sql`1` })
            .from(refunds)
            .where(and(eq(refunds.chargeId, payments.id), eq(refunds.kind, 'refund'), livePayment(refunds.status))),
        ),
      ),
    )
    .orderBy(payments.id)
    .limit(50)
    .for('update', { of: payments, skipLocked: true })
  const claimed = await updatePayments(db, inArray(payments.id, candidates), { updatedAt: now })
  const refunded: number[] = []
  for (const claimedCharge of claimed) {
    try {
      const charge = claimedCharge.status === 'pending' ? await settleMoveCharge(claimedCharge, now) : claimedCharge
      if (charge?.status !== 'succeeded') continue
      if (await refundMoveCharge(charge, 'The night could not be moved.')) {
        refunded.push(charge.id)
        await sendUnappliedMoveRefundNotice(charge)
      }
    } catch (error) {
      console.error(`Reconciliation: the move charge ${claimedCharge.id} is left for the next run:`, error)
    }
  }
  return refunded
}

/**
 * A move's charge the provider never answered: asked again under its key (the provider answers a
 * repeated key with the first answer), or read back by its intent. Null while it is still unknown.
 */
async function settleMoveCharge(charge: typeof payments.$inferSelect, now: Date) {
  const db = getDb()
  const provider = getPaymentProviderNamed(charge.provider)
  let intent
  if (charge.providerPaymentId === charge.idempotencyKey) {
    const [booking] = await db.select({ parentId: bookings.parentId }).from(bookings).where(eq(bookings.id, bookingIdOf(charge)))
    const card = booking ? await getSavedCard(booking.parentId) : null
    if (!card || !charge.idempotencyKey) return null
    intent = await provider.chargeSavedCard({
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      amountCents: charge.amountCents,
      platformFeeCents: charge.feeCents,
      idempotencyKey: charge.idempotencyKey,
      description: `Moved night (${formatBookingReference(bookingIdOf(charge))})`,
      metadata: { bookingId: String(charge.bookingId), occurrenceId: String(charge.occurrenceId) },
      offSession: true,
    })
  } else {
    intent = await provider.retrieveIntent(charge.providerPaymentId)
  }
  // Off-session, anything but success or 'processing' is a charge that did not go through.
  if (intent.status === 'processing') return null
  const status = intent.status === 'succeeded' ? ('succeeded' as const) : ('failed' as const)
  const [row] = await changePaymentStatus(db, {
    where: eq(payments.id, charge.id),
    kind: 'charge',
    from: ['pending'],
    to: status,
    cause: 'provider-answer',
    set: { providerPaymentId: intent.id, failureMessage: status === 'failed' ? (intent.lastError ?? 'Declined') : null, updatedAt: now },
  })
  return row ?? null
}

/** The family is told that a night they tried to move stayed put and its charge is refunded. */
async function sendUnappliedMoveRefundNotice(charge: typeof payments.$inferSelect) {
  try {
    const row = await readBookingPeople(bookingIdOf(charge))
    if (!row) return
    await sendEmail(
      row.parentEmail,
      (t) => moveChargeRefundedEmail({
        origin: getConfig().APP_ORIGIN,
        parentName: row.booking.contactName || row.parentName,
        nurseName: row.nurseName,
        bookingId: bookingIdOf(charge),
        amountCents: charge.amountCents,
      }, t),
    )
  } catch (error) {
    console.error(`The notice of the refunded move charge ${charge.id} was not sent:`, error)
  }
}

/** Step 3: the difference of a cheaper night refunded; when the provider refuses, the night goes back. */
async function refundDifference(booking: BookingRow, moved: { from: NightRow; to: NightRow; differenceCents: number }, now: Date) {
  const amountCents = -moved.differenceCents
  try {
    const refund = await refundPayment({
      bookingId: booking.id,
      occurrenceId: moved.to.id,
      amountCents,
      feeCents: weekFeeCents(amountCents, booking),
      reason: `Night of ${moved.from.date} moved to ${moved.to.date}, which costs less`,
      idempotencyKey: moveKey(moved.to, now, 'refund'),
    })
    if (isUnsuccessfulPayment(refund.status)) throw new Error(`The refund was answered ${refund.status}`)
    return true
  } catch (error) {
    console.error(`The refund of the move of night ${moved.to.id} failed; the night goes back:`, error)
    await getDb().transaction(async (tx) => {
      await tx.select({ id: nurseProfiles.id }).from(nurseProfiles).where(eq(nurseProfiles.id, booking.nurseId)).for('update')
      const [current] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for('update')
      await lifeCycle.moveNight(
        tx,
        moved.to,
        {
          date: moved.from.date,
          startTimeLocal: moved.from.startTimeLocal,
          endTimeLocal: moved.from.endTimeLocal,
          startsAt: moved.from.startsAt,
          endsAt: moved.from.endsAt,
          priceCents: moved.from.priceCents,
        },
        priceMove(moved.to.priceCents, current, moved.from.priceCents).totals,
        now,
      )
    })
    return false
  }
}

/** The nurse is told which night moved where; the family gets the confirmation. Never fails the move. */
async function sendMoveNotices(bookingId: number, moved: { from: NightRow; to: NightRow; differenceCents: number }, charged: boolean) {
  try {
    const row = await readBookingPeople(bookingId)
    if (!row) return
    const common = {
      origin: getConfig().APP_ORIGIN,
      parentName: row.booking.contactName || row.parentName,
      nurseName: row.nurseName,
      bookingId,
      from: { ...moved.from, timezone: row.booking.timezone },
      to: { ...moved.to, timezone: row.booking.timezone },
    }
    // The nurse is always told (her night changed); the family's confirmation follows their
    // booking-confirmation setting, as the booking's own confirmation does.
    await sendEmail(row.nurseEmail, (t) => nurseNightMovedEmail(common, t))
    if ((await getNotificationPreferences(row.parentId)).bookingConfirmations) {
      await sendEmail(row.parentEmail, (t) => nightMovedEmail({ ...common, differenceCents: moved.differenceCents, charged }, t))
    }
  } catch (error) {
    console.error(`The notices of the moved night ${moved.to.id} were not sent:`, error)
  }
}
