// The deposit of a due-date reservation (issue 36, docs/decisions/0073). Pure: what it is, how long
// an unpaid reservation holds its nights, and what becomes of the deposit when the reservation ends.
//
// The rule:
// - The deposit is the plan's first week at the nurse's rates when the family asked, fee included;
//   it is charged as the reservation is made, with the saved card or a card entered then.
// - Until it is paid the reservation holds her nights for 15 minutes and nobody else sees it.
// - It is refunded in full when the nurse declines, lets the request lapse or withdraws, and when
//   the family withdraws more than 30 days before the due date. A family that withdraws later
//   leaves it to the nurse: it is paid to her, less the platform's fee, like a night's pay.
// - When the plan starts (with her, or with a backup nurse) it counts toward the first week: the
//   booking charges only the rest, and the deposit becomes one of that week's charges.
import {
  DEPOSIT_REFUND_DAYS_BEFORE_DUE,
  depositCountedFrom,
  familyCancelRefundsDeposit,
  lastFullRefundDay,
  quotePlan,
  type ReservationPlan,
  UNPAID_HOLD_MINUTES,
  unpaidHoldUntil,
} from '../reservations/reservation-window'

export { DEPOSIT_REFUND_DAYS_BEFORE_DUE, depositCountedFrom, familyCancelRefundsDeposit, lastFullRefundDay }
import { formatCents } from '../bookings/pricing'
import { addDays, formatNightDate } from '../time/shift-times'
import { amountDueAtBooking, isChargedWeekly, weekFeeCents } from './charge-weeks'
import type { Translate } from '~/i18n/translate'

export const DEPOSIT_HOLD_MINUTES = UNPAID_HOLD_MINUTES

/**
 * The deposit of this plan at these rates: the first week, and the platform's fee inside it. A plan
 * paid week by week takes the same first-week amount its booking will charge (each night's share
 * of the total), so that with her the deposit pays that week to the cent.
 */
export function depositFor(
  plan: Pick<ReservationPlan, 'weeks' | 'nightsPerWeek' | 'weekdays'>,
  rates: { nightlyRateCents: number; extraBabyCents: number; babies: number },
): { amountCents: number; feeCents: number } {
  const { week, total } = quotePlan(plan, rates)
  const series = { pattern: 'recurring', weeksCount: plan.weeks, ...total }
  if (!isChargedWeekly(series)) return { amountCents: week.totalAmountCents, feeCents: week.platformFeeCents }
  const perWeek = total.nights / plan.weeks
  // Any dates with the plan's nights in each week: the first week's share depends on their count only.
  const dates = Array.from({ length: total.nights }, (_, index) => addDays('2001-01-01', Math.floor(index / perWeek) * 7 + (index % perWeek)))
  const amountCents = amountDueAtBooking(series, dates)
  return { amountCents, feeCents: weekFeeCents(amountCents, series) }
}

/** Until when a reservation made now holds its nights while its deposit is paid. */
export const depositDueBy = unpaidHoldUntil

export type DepositFate =
  /** The reservation stands: the deposit waits for the plan to start. */
  | 'held'
  /** The plan started: the deposit is part of its booking's first week (its refunds follow the booking). */
  | 'applied'
  | 'refund'
  /** The family withdrew within 30 days of the due date: the deposit is the nurse's. */
  | 'keep'

export interface DepositReservation {
  status: string
  parentId: number
  dueDate: string
  /** The due date the deposit counts from when a late change of due date left it (null: the due date). */
  refundDueDate?: string | null
  timezone: string
  cancelledBy: number | null
  cancelledAt: Date | null
}

/** What becomes of a paid deposit still on its reservation (not moved to a booking). */
export function depositFate(reservation: DepositReservation): DepositFate {
  switch (reservation.status) {
    case 'unpaid':
    case 'requested':
    case 'accepted':
      return 'held'
    case 'started':
      return 'applied'
    case 'cancelled':
      if (reservation.cancelledBy !== reservation.parentId) return 'refund'
      return familyCancelRefundsDeposit(depositCountedFrom(reservation), reservation.timezone, reservation.cancelledAt ?? new Date(0)) ? 'refund' : 'keep'
    default:
      // Declined, lapsed, or taken back: nothing was kept for the family.
      return 'refund'
  }
}

/**
 * The deposit in one sentence, as the family or the nurse reads it on the reservation, on `today`
 * in her zone: past the last day for a full refund, a held deposit is said to be hers if the family
 * cancels.
 */
export function depositSentence(
  deposit: { amountCents: number; state: 'held' | 'applied' | 'refunding' | 'refunded' | 'kept'; refundUntil: string },
  side: 'parent' | 'nurse',
  today: string,
  t?: Translate,
): string {
  const amount = formatCents(deposit.amountCents)
  const until = formatNightDate(deposit.refundUntil)
  const refundable = today <= deposit.refundUntil
  if (side === 'parent' && t) {
    switch (deposit.state) {
      case 'held':
        return refundable ? t('deposit.heldRefundable', { amount, until }) : t('deposit.heldKept', { amount })
      case 'applied':
        return t('deposit.applied', { amount })
      case 'refunding':
        return t('deposit.refunding', { amount })
      case 'refunded':
        return t('deposit.refunded', { amount })
      case 'kept':
        return t('deposit.kept', { amount, days: DEPOSIT_REFUND_DAYS_BEFORE_DUE })
    }
  }
  if (side === 'parent') {
    switch (deposit.state) {
      case 'held':
        return refundable
          ? `${amount} paid. It counts toward your first week. Cancel by ${until} and it comes back in full; after that it is hers.`
          : `${amount} paid. It counts toward your first week. Your due date is less than 31 days away, so it is hers if you cancel.`
      case 'applied':
        return `${amount}, counted toward your first week.`
      case 'refunding':
        return `${amount}, being refunded to your card in full.`
      case 'refunded':
        return `${amount}, refunded to your card in full.`
      case 'kept':
        return `${amount}, kept for her: you cancelled within ${DEPOSIT_REFUND_DAYS_BEFORE_DUE} days of your due date.`
    }
  }
  switch (deposit.state) {
    case 'held':
      return refundable
        ? `${amount} paid by the family. If they cancel after ${until}, it is yours, less the platform fee.`
        : `${amount} paid by the family. If they cancel now, it is yours, less the platform fee.`
    case 'applied':
      return `${amount}, part of the first week's payment.`
    case 'refunding':
    case 'refunded':
      return `${amount}, refunded to the family.`
    case 'kept':
      return `${amount}, yours less the platform fee: the family cancelled within ${DEPOSIT_REFUND_DAYS_BEFORE_DUE} days of the due date. It is sent with your payouts.`
  }
}

/** The nurse's sentence of depositSentence in the reader's language, by `t` of the nurse namespace. */
export function nurseDepositSentenceIn(
  deposit: { amountCents: number; state: 'held' | 'applied' | 'refunding' | 'refunded' | 'kept'; refundUntil: string },
  today: string,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  const amount = formatCents(deposit.amountCents)
  const until = formatNightDate(deposit.refundUntil)
  switch (deposit.state) {
    case 'held':
      return today <= deposit.refundUntil ? t('deposit.heldRefundable', { amount, until }) : t('deposit.held', { amount })
    case 'applied':
      return t('deposit.applied', { amount })
    case 'refunding':
    case 'refunded':
      return t('deposit.refunded', { amount })
    case 'kept':
      return t('deposit.kept', { amount, days: DEPOSIT_REFUND_DAYS_BEFORE_DUE })
  }
}

