// Cancelling one night (docs/money.md): only the parent who booked it, only a scheduled night that
// has not started; the refund of cancellation.ts is made through the payment provider and recorded;
// the booking is cancelled with its last night; the parent (and the nurse) are told by e-mail when
// they want cancellation notices. The page action and POST /_api/bookings/cancel both call
// cancelOccurrence.
//
// Why the refund runs after the night's transaction commits, not inside it: refundPayment talks to
// the provider and writes its payments row through its own database handle. Inside our
// transaction that would hang on PGlite (one connection: its queries wait for the open
// transaction) and block on PostgreSQL (the refund row's foreign key needs a share lock on the
// night we hold FOR UPDATE), and a network call should not hold row locks anyway. So:
//   1. one transaction locks the booking and the night (FOR UPDATE), re-checks ownership, status
//      and time, and marks the night cancelled with its refund: a second cancel of the same night
//      waits, then finds it cancelled and is refused, so a night is refunded at most once;
//   2. the refund goes through the provider (refundPayment records the 'refund' payments row);
//   3. if the provider refuses, a second transaction restores the night (and the booking) and the
//      parent gets an error: nothing is cancelled without its refund.
import { and, eq, inArray, isNull, notLike, or, sql } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { type DbOrTx, getDb } from '../../db/client.server'
import { adminAuditLog, bookingOccurrences, bookings, nurseProfiles, payments, reservations } from '../../db/schema'
import { nurseUsers, readBookingPeople } from '../bookings/booking-people.server'
import { BOOKING_NOT_FOUND, formatBookingReference } from '../bookings/booking-rules'
import { formatCents } from '../bookings/pricing'
import * as lifeCycle from '../bookings/life-cycle.server'
import type { Translate } from '~/i18n/translate'
import { cancellationMessage, quoteNightRefund, quotePlatformCancellation, type RefundPolicy } from '../bookings/cancellation'
import { sendEmail } from '../notifications/email.server'
import { getNotificationPreferences } from '../notifications/notification-preferences.server'
import {
  cancellationNoticeEmail,
  nurseCancellationNoticeEmail,
  nursePlatformCancellationEmail,
  platformCancellationEmail,
} from '../bookings/parent-emails'
import { isUnsuccessfulPayment } from './payment-life-cycle'
import { livePayment } from './payment-life-cycle.server'
import { findPaidCharge, refundPayment } from './payments.server'
import { findWeekOfNight, isWeekPaid } from './charge-weeks.server'
import { weekOfNight } from './charge-weeks'
import { depositCountedFrom, familyCancelRefundsDeposit } from './deposit-rules'

export const NOT_CANCELLABLE_MESSAGE = 'Only a scheduled night that has not started can be cancelled.'
export const REFUND_FAILED_MESSAGE = 'The refund could not be made, so your night was not cancelled. Please try again.'
export const BOOKING_REFUND_FAILED_MESSAGE = 'The refund could not be made, so the booking was not cancelled. Please try again.'


export type CancelOccurrenceResult =
  | {
      ok: true
      occurrenceId: number
      bookingId: number
      refundCents: number
      policy: RefundPolicy
      bookingCancelled: boolean
      message: string
    }
  | { ok: false; status: 404 | 409 | 502; error: string }

export interface CancellationPreview {
  occurrenceId: number
  bookingId: number
  nurseName: string
  date: string
  startTimeLocal: string
  endTimeLocal: string
  refundableCents: number
  policy: RefundPolicy
  /** False for a night of a series paid week by week whose week is not charged yet: nothing to refund, it will not be charged. */
  charged: boolean
}

export const NOT_CHARGED_MESSAGE = 'Night cancelled. It will not be charged.'

/** How the audit log says what a family's cancellation refunded. */
const REFUND_POLICY_NOTES: Record<RefundPolicy, string> = {
  full: 'full refund',
  half: '50% refund within 48 hours',
  deposit: 'no refund: the night was paid by the deposit, kept within 30 days of the due date',
}


/** What cancelling this parent's night now would refund; null when it is not theirs or not cancellable. */
/** The booking's amounts, its row locked: cancellations of one booking take turns. */
function lockBookingAmounts(tx: DbOrTx, bookingId: number) {
  return tx
    .select({
      id: bookings.id,
      status: bookings.status,
      subtotalCents: bookings.subtotalCents,
      platformFeeCents: bookings.platformFeeCents,
      totalAmountCents: bookings.totalAmountCents,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update')
}

export async function getCancellationPreview(input: {
  parentId: number
  occurrenceId: number
  now: Date
}): Promise<CancellationPreview | null> {
  const db = getDb()
  const [row] = await db
    .select({
      night: bookingOccurrences,
      subtotalCents: bookings.subtotalCents,
      totalAmountCents: bookings.totalAmountCents,
      nurseName: nurseUsers.displayName,
    })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, bookings.nurseId))
    .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
    .where(and(eq(bookingOccurrences.id, input.occurrenceId), eq(bookings.parentId, input.parentId)))
  if (!row) return null
  const [refundedSoFar, keptWeeks] = await Promise.all([getRefundedSoFar(db, [row.night.bookingId]), findKeptDepositWeeks(db, [row.night.bookingId], input.now)])
  const refunded = refundedSoFar.get(row.night.bookingId) ?? 0
  const quote = quoteNightRefund(row.night, row, input.now, refunded, { paidByKeptDeposit: paidByKeptDeposit(keptWeeks, row.night) })
  if (!quote) return null
  const charged = isWeekPaid(await findWeekOfNight(db, row.night.id))
  return {
    occurrenceId: row.night.id,
    bookingId: row.night.bookingId,
    nurseName: row.nurseName,
    date: row.night.date,
    startTimeLocal: row.night.startTimeLocal,
    endTimeLocal: row.night.endTimeLocal,
    refundableCents: charged ? quote.refundableCents : 0,
    policy: quote.policy,
    charged,
  }
}

export async function cancelOccurrence(input: {
  parentId: number
  occurrenceId: number
  now: Date
  /** The refund the parent was shown; if it is no longer right, nothing is cancelled. */
  expectedRefundCents?: number
  /** The `parent` namespace's translator, for the answers that name an amount; English without. */
  t?: Translate
}): Promise<CancelOccurrenceResult> {
  const { parentId, occurrenceId, now } = input
  const db = getDb()

  // 1. Claim the night.
  const claim = await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ bookingId: bookingOccurrences.bookingId })
      .from(bookingOccurrences)
      .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
      .where(and(eq(bookingOccurrences.id, occurrenceId), eq(bookings.parentId, parentId)))
    // Another parent's night answers exactly like a missing one: its existence is not revealed.
    if (!owned) return { ok: false as const, status: 404 as const, error: BOOKING_NOT_FOUND }
    // The booking first, then the night: cancellations of one booking take turns, so the last
    // one sees every other night cancelled and each refund is capped against the ones before.
    const [booking] = await lockBookingAmounts(tx, owned.bookingId)
    const [night] = await tx
      .select()
      .from(bookingOccurrences)
      .where(eq(bookingOccurrences.id, occurrenceId))
      .for('update')
    const refunded = (await getRefundedSoFar(tx, [booking.id])).get(booking.id) ?? 0
    const keptWeeks = await findKeptDepositWeeks(tx, [booking.id], now)
    const quote = quoteNightRefund(night, booking, now, refunded, { paidByKeptDeposit: paidByKeptDeposit(keptWeeks, night) })
    if (!quote || booking.status === 'cancelled') {
      return { ok: false as const, status: 409 as const, error: NOT_CANCELLABLE_MESSAGE }
    }
    // A night of a week not charged yet is refunded nothing; what it would have refunded is taken
    // off the week's charge instead (the night's refundCents, charge-weeks.ts).
    const charged = isWeekPaid(await findWeekOfNight(tx, night.id))
    const refundCents = charged ? quote.refundableCents : 0
    if (input.expectedRefundCents !== undefined && input.expectedRefundCents !== refundCents) {
      return {
        ok: false as const,
        status: 409 as const,
        error: input.t
          ? input.t('cancel.refundChanged', { amount: formatCents(refundCents) })
          : `The refund for this night is now ${formatCents(refundCents)}. Please review it and confirm again.`,
      }
    }
    const { bookingCancelled } = await lifeCycle.cancelNightByParent(
      tx,
      { id: night.id, bookingId: booking.id },
      quote.refundableCents,
      now,
    )
    return { ok: true as const, night, booking, quote, bookingCancelled, refundCents, charged }
  })
  if (!claim.ok) return claim

  const { night, booking, quote, bookingCancelled, refundCents, charged } = claim

  // 2. Refund through the provider; 3. restore when it refuses.
  if (refundCents > 0) {
    try {
      const refund = await refundPayment({
        bookingId: booking.id,
        occurrenceId: night.id,
        amountCents: quote.refundableCents,
        // The platform fee inside the refund, in proportion (cancellation.ts).
        feeCents: booking.totalAmountCents > 0 ? Math.round((quote.refundableCents * booking.platformFeeCents) / booking.totalAmountCents) : 0,
        reason: `Night of ${night.date} cancelled by the parent (${REFUND_POLICY_NOTES[quote.policy]})`,
      })
      // A refund the provider answered as failed or canceled did not reach the card.
      if (isUnsuccessfulPayment(refund.status)) {
        throw new Error(`The provider answered the refund ${refund.providerPaymentId} as ${refund.status}`)
      }
    } catch (error) {
      console.error(`Refund for night ${night.id} failed; the night is restored:`, error)
      await db.transaction(async (tx) => {
        await lifeCycle.restoreNight(tx, night)
        if (bookingCancelled) await lifeCycle.restoreBooking(tx, booking.id, booking.status, now)
      })
      return { ok: false, status: 502, error: REFUND_FAILED_MESSAGE }
    }
  }

  await sendCancellationNotices({ occurrenceId: night.id, bookingId: booking.id, refundCents, policy: quote.policy, bookingCancelled })

  return {
    ok: true,
    occurrenceId: night.id,
    bookingId: booking.id,
    refundCents,
    policy: quote.policy,
    bookingCancelled,
    message: charged ? cancellationMessage(refundCents, input.t) : NOT_CHARGED_MESSAGE,
  }
}

/** E-mails after a cancellation, each honouring its recipient's cancellationNotices. Never fails the cancellation. */
/** Who a booking's notices go to, and whether each wants cancellation notices. */
async function getBookingParties(bookingId: number) {
  const row = await readBookingPeople(bookingId)
  if (!row) return null
  const [parentPrefs, nursePrefs] = await Promise.all([
    getNotificationPreferences(row.parentId),
    getNotificationPreferences(row.nurseUserId),
  ])
  return { ...row, parentWantsNotices: parentPrefs.cancellationNotices, nurseWantsNotices: nursePrefs.cancellationNotices }
}

async function sendCancellationNotices(input: {
  occurrenceId: number
  bookingId: number
  refundCents: number
  policy: RefundPolicy
  bookingCancelled: boolean
}) {
  try {
    const [row, [night]] = await Promise.all([
      getBookingParties(input.bookingId),
      getDb().select().from(bookingOccurrences).where(eq(bookingOccurrences.id, input.occurrenceId)),
    ])
    if (!row || !night) return
    const origin = getConfig().APP_ORIGIN
    const emailNight = { ...night, timezone: row.booking.timezone }
    if (row.parentWantsNotices) {
      await sendEmail(
        row.parentEmail,
        (t) => cancellationNoticeEmail({
          origin,
          parentName: row.parentName,
          nurseName: row.nurseName,
          night: emailNight,
          refundCents: input.refundCents,
          policy: input.policy,
          bookingCancelled: input.bookingCancelled,
        }, t),
      )
    }
    if (row.nurseWantsNotices) {
      await sendEmail(
        row.nurseEmail,
        (t) => nurseCancellationNoticeEmail({ origin, nurseName: row.nurseName, parentName: row.parentName, night: emailNight }, t),
      )
    }
  } catch (error) {
    console.error(`Cancellation notice for night ${input.occurrenceId} was not sent:`, error)
  }
}

// --- An admin cancelling a whole booking ------------------------------------------------------------

export type CancelBookingResult =
  | { ok: true; bookingId: number; nightsCancelled: number; refundCents: number }
  | { ok: false; status: 404 | 502; error: string }

/**
 * An admin sets a booking to cancelled (docs/decisions/0008): its nights that have not started are
 * cancelled, so they are free again on the nurse's calendar, and what the family paid for them is
 * refunded in full through the provider. The same three steps as cancelOccurrence: claim in one
 * transaction, refund after it commits, restore everything if the provider refuses. The change
 * and any reversal are written to the audit log with the admin's notes.
 */
export function cancelBookingAsAdmin(input: {
  bookingId: number
  actorId: number
  notes: string | null
  now: Date
}): Promise<CancelBookingResult> {
  return cancelBookingInFull({ ...input, cause: 'admin-cancel' })
}

/**
 * A whole booking cancelled with every night ahead refunded in full: by an admin, or by its nurse
 * turning down the start of a due-date plan (decision 0070). `alsoInClaim` runs in the claim's
 * transaction and `alsoOnRestore` in the one that restores the booking when the provider refuses
 * the refund; a turn-down sends its own notices instead of the platform's.
 */
export async function cancelBookingInFull(input: {
  bookingId: number
  actorId: number
  notes: string | null
  now: Date
  cause: 'admin-cancel' | 'nurse-turn-down'
  alsoInClaim?: (tx: DbOrTx) => Promise<void>
  alsoOnRestore?: (tx: DbOrTx) => Promise<void>
}): Promise<CancelBookingResult> {
  const { bookingId, now } = input
  const db = getDb()

  const claim = await db.transaction(async (tx) => {
    const [booking] = await lockBookingAmounts(tx, bookingId)
    if (!booking) return { ok: false as const, status: 404 as const, error: BOOKING_NOT_FOUND }
    if (booking.status === 'cancelled') return { ok: true as const, unchanged: true as const }
    const nights = await tx.select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, bookingId)).for('update')
    const charge = await findPaidCharge(tx, bookingId)
    const refundedSoFar = (await getRefundedSoFar(tx, [bookingId])).get(bookingId) ?? 0
    const quote = quotePlatformCancellation(nights, { ...booking, paid: Boolean(charge) }, now, refundedSoFar)
    await lifeCycle.cancelBookingByAdmin(
      tx,
      bookingId,
      quote.map(({ night, refundCents }) => ({ id: night.id, refundCents })),
      now,
      input.cause,
    )
    await input.alsoInClaim?.(tx)
    const refundCents = quote.reduce((sum, q) => sum + q.refundCents, 0)
    await tx.insert(adminAuditLog).values({
      actorId: input.actorId,
      action: 'booking.status_changed',
      entityType: 'booking',
      entityId: bookingId,
      notes: input.notes || null,
      data: { from: booking.status, to: 'cancelled', nightsCancelled: quote.map((q) => q.night.id), refundCents },
    })
    return { ok: true as const, unchanged: false as const, booking, cancelled: quote.map((q) => q.night), quote }
  })
  if (!claim.ok) return claim
  if (claim.unchanged) return { ok: true, bookingId, nightsCancelled: 0, refundCents: 0 }

  const { booking, cancelled } = claim
  // One refund per charge: the booking's, or each charged week's of a series paid week by week
  // (the nights of weeks not charged yet are simply never charged).
  const refundsByCharge = new Map<number | null, number>()
  for (const { night, refundCents: nightRefund } of claim.quote) {
    const week = await findWeekOfNight(db, night.id)
    if (!isWeekPaid(week)) continue
    refundsByCharge.set(week?.week ?? null, (refundsByCharge.get(week?.week ?? null) ?? 0) + nightRefund)
  }
  const refundCents = [...refundsByCharge.values()].reduce((sum, cents) => sum + cents, 0)
  if (refundCents > 0) {
    try {
      for (const [week, amountCents] of refundsByCharge) {
        if (amountCents <= 0) continue
        const refund = await refundPayment({
          bookingId,
          occurrenceId: null,
          week: week === null ? undefined : week,
          amountCents,
          feeCents: booking.totalAmountCents > 0 ? Math.round((amountCents * booking.platformFeeCents) / booking.totalAmountCents) : 0,
          reason: `Booking ${formatBookingReference(bookingId)} ${input.cause === 'admin-cancel' ? 'cancelled by Nightlight' : 'turned down by the nurse'} (full refund of ${cancelled.length} night${cancelled.length === 1 ? '' : 's'}${week === null ? '' : `, week ${week}`})`,
          idempotencyKey: week === null ? undefined : `booking-${bookingId}-week-${week}-refund-${amountCents}`,
        })
        if (isUnsuccessfulPayment(refund.status)) {
          throw new Error(`The provider answered the refund ${refund.providerPaymentId} as ${refund.status}`)
        }
      }
    } catch (error) {
      console.error(`Refund for booking ${bookingId} failed; the booking is restored:`, error)
      await db.transaction(async (tx) => {
        for (const night of cancelled) await lifeCycle.restoreNight(tx, night)
        await lifeCycle.restoreBooking(tx, bookingId, booking.status, now)
        await input.alsoOnRestore?.(tx)
        await tx.insert(adminAuditLog).values({
          actorId: input.actorId,
          action: 'booking.cancellation_reverted',
          entityType: 'booking',
          entityId: bookingId,
          notes: 'The payment provider refused the refund, so the booking was restored.',
          data: { restoredStatus: booking.status },
        })
      })
      return { ok: false, status: 502, error: BOOKING_REFUND_FAILED_MESSAGE }
    }
  }

  if (cancelled.length > 0 && input.cause === 'admin-cancel') await sendPlatformCancellationNotices(bookingId, cancelled, refundCents)
  return { ok: true, bookingId, nightsCancelled: cancelled.length, refundCents }
}

/** The family and the nurse hear of it, each when they want cancellation notices. Never fails the cancellation. */
async function sendPlatformCancellationNotices(
  bookingId: number,
  nights: ReadonlyArray<typeof bookingOccurrences.$inferSelect>,
  refundCents: number,
) {
  try {
    const row = await getBookingParties(bookingId)
    if (!row) return
    const origin = getConfig().APP_ORIGIN
    const reference = formatBookingReference(bookingId)
    const emailNights = nights.map((night) => ({ ...night, timezone: row.booking.timezone }))
    if (row.parentWantsNotices) {
      await sendEmail(
        row.parentEmail,
        (t) => platformCancellationEmail({ origin, parentName: row.parentName, nurseName: row.nurseName, reference, nights: emailNights, refundCents }, t),
      )
    }
    if (row.nurseWantsNotices) {
      await sendEmail(
        row.nurseEmail,
        (t) => nursePlatformCancellationEmail({ origin, nurseName: row.nurseName, parentName: row.parentName, reference, nights: emailNights }, t),
      )
    }
  } catch (error) {
    console.error(`Cancellation notices for booking ${bookingId} were not sent:`, error)
  }
}

/**
 * What each booking has had refunded so far: the larger of the refunds recorded on its nights and
 * the refund payments made (pending ones included), so a new quote can never push the refunds of
 * a booking past its total.
 */
/**
 * Of these bookings, those whose first week a reservation's deposit paid and whose deposit would be
 * kept now had the family withdrawn the reservation instead (within 30 days of the due date it
 * counts from, in the nurse's zone), each with its first night's date: a night of that week the
 * family cancels refunds nothing (cancellation.ts, docs/decisions/0083).
 */
export async function findKeptDepositWeeks(db: DbOrTx, bookingIds: number[], now: Date): Promise<Map<number, string>> {
  const kept = new Map<number, string>()
  if (bookingIds.length === 0) return kept
  const rows = await db
    .selectDistinct({
      bookingId: bookings.id,
      startDate: bookings.startDate,
      dueDate: reservations.dueDate,
      refundDueDate: reservations.refundDueDate,
      timezone: reservations.timezone,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.kind, 'charge'), eq(payments.status, 'succeeded')))
  for (const row of rows) {
    if (!familyCancelRefundsDeposit(depositCountedFrom(row), row.timezone, now)) kept.set(row.bookingId, row.startDate)
  }
  return kept
}

/** Whether the family cancelling this night leaves it to the nurse: a night of a kept deposit's week. */
export function paidByKeptDeposit(keptWeeks: ReadonlyMap<number, string>, night: { bookingId: number; date: string }): boolean {
  const firstNight = keptWeeks.get(night.bookingId)
  return firstNight !== undefined && weekOfNight(firstNight, night.date) === 1
}

export async function getRefundedSoFar(db: DbOrTx, bookingIds: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>()
  if (bookingIds.length === 0) return result
  const [nights, refunds] = await Promise.all([
    db
      .select({ bookingId: bookingOccurrences.bookingId, cents: sql<number>`coalesce(sum(${bookingOccurrences.refundCents}), 0)::int` })
      .from(bookingOccurrences)
      .where(and(inArray(bookingOccurrences.bookingId, bookingIds), eq(bookingOccurrences.status, 'cancelled')))
      .groupBy(bookingOccurrences.bookingId),
    db
      .select({ bookingId: payments.bookingId, cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
      .from(payments)
      .where(
        and(
          inArray(payments.bookingId, bookingIds),
          eq(payments.kind, 'refund'),
          livePayment(),
          // Not the refund of a cheaper night's difference, which the booking's total already lost,
          // nor that of a refused move's charge, never in it (keys `…-move-{t}-…`; docs/decisions/0034).
          // A cancellation's refund taken from a move charge (`…-from-charge-{id}`) counts: the
          // booking's total holds the difference that charge paid.
          or(isNull(payments.idempotencyKey), notLike(payments.idempotencyKey, '%-move-%')),
        ),
      )
      .groupBy(payments.bookingId),
  ])
  for (const row of [...nights, ...refunds]) {
    if (row.bookingId === null) continue
    result.set(row.bookingId, Math.max(result.get(row.bookingId) ?? 0, Number(row.cents)))
  }
  return result
}
