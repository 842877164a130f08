// Moving a night (issue 17, docs/decisions/0034). Pure: the booking page, the move page, the
// /_api call and the move itself judge a move and price it here, so what a parent is shown is what
// happens.
//
// The rule:
// - Only a night of a confirmed booking, scheduled or confirmed, starting more than 48 hours from
//   now, can move; and only to a night starting more than 48 hours from now (and after the nurse's
//   minimum notice) that the same nurse has open: published, and held by no live night.
// - The nurse's nights a week still hold after the move (the moved night no longer counts where it was).
// - A night of a series paid week by week moves within its week of the series: its week's charge,
//   paid or not, stays the charge of the same nights.
// - The new night costs what booking it now costs: the nurse's current rate plus the platform fee.
//   The difference with what the night cost (its share of the booking's total) is charged to the
//   saved card, or refunded to the card that paid; nothing moves for a week not charged yet, whose
//   charge is then computed with the new price. The booking's amounts follow the night's price, so
//   every later share, refund, week and payout reads the night at its new price.
// - A moved night keeps the booking's babies and the extra per baby it was booked with (issue 36):
//   twins change the price of a night, never its shape, so the new night is her rate now plus that
//   extra for each baby after the first.
import { FULL_REFUND_NOTICE_HOURS, nightShareCents, type BookingAmounts } from '../bookings/cancellation'
import { weekOfNight } from './charge-weeks'
import { isBookedNight } from '../bookings/life-cycle'
import { formatCents, priceNights, type Babies } from '../bookings/pricing'
import { formatNightDate } from '../time/shift-times'
import type { Translate } from '~/i18n/translate'

/** A night moves, and to a night, more than this many hours ahead: the full-refund line of a cancellation. */
export const MOVE_NOTICE_HOURS = FULL_REFUND_NOTICE_HOURS
const MOVE_NOTICE_MS = MOVE_NOTICE_HOURS * 60 * 60 * 1000

/** An admin on the move page: moving is the family's own call (decision 0034). */
export const ONLY_THE_FAMILY_MOVES = 'Only the family who booked can move its nights.'
export const NIGHT_NOT_MOVABLE = `Only a confirmed night more than ${MOVE_NOTICE_HOURS} hours away can be moved.`
export const TARGET_TOO_SOON = `A night can only move to a night more than ${MOVE_NOTICE_HOURS} hours away.`
export const SAME_NIGHT = 'This is already the night booked. Please choose another night.'
export const NO_SAVED_CARD_FOR_MOVE = 'You have no saved card for the difference. Please add a card on your payment page first.'
export const MOVE_DECLINED = 'Your card was declined, so your night was not moved.'
export const MOVE_REFUND_FAILED = 'The refund of the difference could not be made, so your night was not moved. Please try again.'
export const MOVE_CHARGE_FAILED = 'The difference could not be charged, so your night was not moved. Please try again.'
export const NIGHT_JUST_TAKEN = 'This night was just booked by someone else. Please choose another night.'

export interface MovableNight {
  status: string
  startsAt: Date
}

/** May this night move now? Its booking confirmed, the night live and more than 48 hours ahead. */
export function canMoveNight(night: MovableNight, bookingStatus: string, now: Date): boolean {
  return (
    bookingStatus === 'confirmed' &&
    isBookedNight(night.status) &&
    night.startsAt.getTime() - now.getTime() > MOVE_NOTICE_MS
  )
}

/** Is this start far enough ahead to move a night to: more than 48 hours, and the nurse's notice. */
export function isFarEnoughAhead(startsAt: Date, minNoticeHours: number, now: Date): boolean {
  const noticeMs = Math.max(MOVE_NOTICE_MS, minNoticeHours * 60 * 60 * 1000)
  const ahead = startsAt.getTime() - now.getTime()
  // Beyond 48 hours strictly; the nurse's own notice is 'at least' (nurses/booking-limits.ts).
  return ahead > MOVE_NOTICE_MS && ahead >= noticeMs
}

/** A night of a series paid week by week keeps to its week; null when the target is in it (or the booking is paid at once). */
export function weekMoveProblem(series: { startDate: string } | null, fromDate: string, toDate: string): string | null {
  if (!series) return null
  const week = weekOfNight(series.startDate, fromDate)
  if (weekOfNight(series.startDate, toDate) === week) return null
  return `This night is part of week ${week} of your weekly series, paid week by week, so it can only move to another night of that week.`
}

export function notOpenMessage(date: string): string {
  return `${formatNightDate(date)} is not open with this nurse. Please choose another night.`
}

export interface MovePrice {
  /** The nurse's price for the new night: her rate now. */
  priceCents: number
  /** What the family pays for the new night less what they paid for the old one, fee included. */
  differenceCents: number
  /** The booking's amounts once the night has moved. */
  totals: { subtotalCents: number; platformFeeCents: number; totalAmountCents: number; nursePayoutCents: number }
}

/**
 * What moving a night priced `oldPriceCents` to one at the nurse's rate now costs (with the
 * booking's babies and extra per baby), and the booking's new amounts.
 */
export function priceMove(
  oldPriceCents: number,
  booking: BookingAmounts & { platformFeeCents: number; nursePayoutCents: number },
  nightlyRateCents: number,
  babies: Babies = {},
): MovePrice {
  const night = priceNights(nightlyRateCents, 1, babies)
  const oldShareCents = nightShareCents(oldPriceCents, booking)
  // The same price: nothing changes, not even a cent of rounding.
  if (night.nightPriceCents === oldPriceCents) {
    const { subtotalCents, platformFeeCents, totalAmountCents, nursePayoutCents } = booking
    return { priceCents: oldPriceCents, differenceCents: 0, totals: { subtotalCents, platformFeeCents, totalAmountCents, nursePayoutCents } }
  }
  const differenceCents = night.totalAmountCents - oldShareCents
  const priceDelta = night.nightPriceCents - oldPriceCents
  return {
    priceCents: night.nightPriceCents,
    differenceCents,
    totals: {
      subtotalCents: booking.subtotalCents + priceDelta,
      platformFeeCents: booking.platformFeeCents + differenceCents - priceDelta,
      totalAmountCents: booking.totalAmountCents + differenceCents,
      nursePayoutCents: booking.nursePayoutCents + priceDelta,
    },
  }
}

/**
 * The price difference in words, as the move page shows it beside each night. `charged`: the
 * night's charge has been taken (false for a week of a series not charged yet).
 */
export function describeMoveCost(differenceCents: number, options: { charged: boolean; cardLabel: string | null }, t?: Translate): string {
  if (t) return moveCostIn(differenceCents, options, t)
  if (differenceCents === 0) return 'Same price'
  if (!options.charged) {
    return differenceCents > 0
      ? `+${formatCents(differenceCents)} on the week’s charge`
      : `${formatCents(-differenceCents)} less on the week’s charge`
  }
  if (differenceCents < 0) return `${formatCents(-differenceCents)} refunded`
  return options.cardLabel ? `+${formatCents(differenceCents)} charged to ${options.cardLabel}` : `+${formatCents(differenceCents)} (needs a saved card)`
}

/** describeMoveCost's words in the reader's language (`t` of the `parent` namespace). */
function moveCostIn(differenceCents: number, options: { charged: boolean; cardLabel: string | null }, t: Translate): string {
  if (differenceCents === 0) return t('move.samePrice')
  const amount = formatCents(Math.abs(differenceCents))
  if (!options.charged) return differenceCents > 0 ? t('move.moreOnWeek', { amount }) : t('move.lessOnWeek', { amount })
  if (differenceCents < 0) return t('move.refunded', { amount })
  return options.cardLabel ? t('move.chargedTo', { amount, card: options.cardLabel }) : t('move.needsCard', { amount })
}

/** The parent's answer once the night has moved (with `t`, of the `parent` namespace, in the reader's language). */
export function movedMessage(fromDate: string, toDate: string, differenceCents: number, charged: boolean, t?: Translate): string {
  if (t) {
    const moved = t('move.moved', { from: formatNightDate(fromDate), to: formatNightDate(toDate) })
    if (differenceCents === 0 || !charged) return moved
    const amount = formatCents(Math.abs(differenceCents))
    return `${moved} ${differenceCents > 0 ? t('move.movedCharged', { amount }) : t('move.movedRefunded', { amount })}`
  }
  const moved = `Your night of ${formatNightDate(fromDate)} is now ${formatNightDate(toDate)}.`
  if (differenceCents === 0 || !charged) return moved
  return differenceCents > 0
    ? `${moved} ${formatCents(differenceCents)} was charged to your card.`
    : `${moved} ${formatCents(-differenceCents)} will be refunded to your card.`
}
