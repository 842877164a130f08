// Cancellation fees are applied, not only warned about (docs/money.md). Pure: the dashboard's
// dialog, the bookings list, the /_api call and the cancellation itself all quote through here,
// so the amount a parent is shown is the amount that is refunded.
//
// The rule, for one night of a booking:
// - Only a booked night (life-cycle.ts) that has not started yet can be cancelled.
// - The night's share of what was paid is its price plus its part of the platform fee, i.e. the
//   fee is refunded in proportion: share = round(totalAmountCents × priceCents / subtotalCents).
// - More than 48 hours before the night starts: the share is refunded in full. Within 48 hours
//   (48:00 exactly included): 50% of the share, rounded half up to a cent. The 48 hours are
//   measured between instants (the night's start in the nurse's time zone and now), so a
//   daylight-saving change between the two does not move the boundary.
// - Refunds of one booking never add up to more than its total: a quote is capped by what is
//   left of the total after earlier refunds (rounding each share can overshoot by a few cents).
// - A night its reservation's deposit paid (the first week of a plan started from a reservation,
//   docs/decisions/0073), cancelled while that deposit would be kept had the family withdrawn the
//   reservation instead (within 30 days of the due date): nothing is refunded, and the night's
//   share is the nurse's, as the deposit would have been. Otherwise starting the plan and then
//   cancelling its first week would give back what withdrawing keeps.
import { isBookedNight } from './life-cycle'
import { formatCents } from './pricing'
import type { Translate } from '~/i18n/translate'

export const FULL_REFUND_NOTICE_HOURS = 48
const FULL_REFUND_NOTICE_MS = FULL_REFUND_NOTICE_HOURS * 60 * 60 * 1000

export type RefundPolicy = 'full' | 'half' | 'deposit'

export interface RefundableNight {
  status: string
  startsAt: Date | string
  priceCents: number
}

export interface BookingAmounts {
  subtotalCents: number
  totalAmountCents: number
}

export interface RefundQuote {
  /** What cancelling now refunds, in cents. */
  refundableCents: number
  policy: RefundPolicy
  /** The night's share of the booking's total (its price plus its part of the fee). */
  shareCents: number
}

/** The night's price plus its proportional part of the platform fee. */
export function nightShareCents(priceCents: number, booking: BookingAmounts): number {
  if (booking.subtotalCents <= 0 || priceCents <= 0) return 0
  return Math.round((booking.totalAmountCents * priceCents) / booking.subtotalCents)
}

export function canCancelNight(night: Pick<RefundableNight, 'status' | 'startsAt'>, now: Date): boolean {
  return isBookedNight(night.status) && new Date(night.startsAt).getTime() > now.getTime()
}

/**
 * What cancelling this night now would refund, or null when it cannot be cancelled.
 * `refundedSoFarCents` is what the booking has already had refunded.
 */
export function quoteNightRefund(
  night: RefundableNight,
  booking: BookingAmounts,
  now: Date,
  refundedSoFarCents = 0,
  { paidByKeptDeposit = false }: { paidByKeptDeposit?: boolean } = {},
): RefundQuote | null {
  if (!canCancelNight(night, now)) return null
  const shareCents = nightShareCents(night.priceCents, booking)
  if (paidByKeptDeposit) return { refundableCents: 0, policy: 'deposit', shareCents }
  const noticeMs = new Date(night.startsAt).getTime() - now.getTime()
  const policy: RefundPolicy = noticeMs > FULL_REFUND_NOTICE_MS ? 'full' : 'half'
  // Math.round rounds .5 up for positive amounts: half of 2,475 cents is 1,238.
  const amount = policy === 'full' ? shareCents : Math.round(shareCents / 2)
  const left = Math.max(0, booking.totalAmountCents - refundedSoFarCents)
  return { refundableCents: Math.min(amount, left), policy, shareCents }
}

/**
 * An admin cancelling a whole booking (docs/decisions/0008): the family did not choose it, so every
 * night that has not started is cancelled and, when the booking was paid, its share is refunded
 * in full whatever the notice, capped by what is left of the charge. Nights already started or
 * over stay as they are. Returns the nights to cancel, soonest first, with each one's refund.
 */
export function quotePlatformCancellation<Night extends RefundableNight & { id: number }>(
  nights: readonly Night[],
  booking: BookingAmounts & { paid: boolean },
  now: Date,
  refundedSoFarCents = 0,
): Array<{ night: Night; refundCents: number }> {
  let left = booking.paid ? Math.max(0, booking.totalAmountCents - refundedSoFarCents) : 0
  return nights
    .filter(
      (night) =>
        (isBookedNight(night.status) || night.status === 'pending') && new Date(night.startsAt).getTime() > now.getTime(),
    )
    .sort((a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime())
    .map((night) => {
      const refundCents = Math.min(nightShareCents(night.priceCents, booking), left)
      left -= refundCents
      return { night, refundCents }
    })
}


/** The server's answer after a cancellation; the dashboard's toast shows it. */
export function cancellationMessage(refundCents: number, t?: Translate): string {
  if (t) return refundCents <= 0 ? t('cancel.done') : t('cancel.doneRefund', { amount: formatCents(refundCents) })
  if (refundCents <= 0) return 'Night cancelled.'
  return `Night cancelled. ${formatCents(refundCents)} will be refunded to your card.`
}
