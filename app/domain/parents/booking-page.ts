// What the parent's booking page (/parent/bookings/{id}) shows, worked out from what was read:
// pure, the clock passed in. The reads are in booking-page.server.ts.
import type { NightRequest } from '../bookings/booking-rules'
import type { ParentOccurrence } from './parent-bookings.server'
import { canMoveNight } from '../payments/move-night'

/** The night of a booking as the page reads it: what the parent's booking read gives of each night. */
export type PageNight = Pick<ParentOccurrence, 'id' | 'date' | 'startTimeLocal' | 'endTimeLocal' | 'startsAt' | 'status'>

/** A booking waiting for payment (docs/decisions/0012): what the 'Waiting for payment' card says and where 'Pay now' goes. */
export interface UnpaidPayment {
  /** The hold has run out: the nights can no longer be paid for (the sweep releases them). */
  expired: boolean
  /** A charge was started for it (the card form was opened): it may have gone through unseen. */
  chargeStarted: boolean
  /** Whole minutes left of the hold, rounded up; null for a booking with no hold. */
  minutesLeft: number | null
  /** The /book payment step of this booking: its nurse and its nights still to pay for. */
  resume: { bookingId: number; nurseId: number; slug: string; nights: NightRequest[]; babies: number }
}

/** Minutes left before the hold ends, rounded up and never below zero; null without a hold. */
export function minutesLeftOfHold(holdExpiresAt: Date | null, now: Date): number | null {
  return holdExpiresAt ? Math.max(0, Math.ceil((holdExpiresAt.getTime() - now.getTime()) / 60_000)) : null
}

/** The unpaid booking's card, or null once the booking is no longer waiting for payment. */
export function unpaidPaymentOf(
  booking: { id: number; status: string; nurseSlug: string; babies?: number; occurrences: readonly PageNight[] },
  hold: { nurseId: number; holdExpiresAt: Date | null; chargeStarted: boolean },
  now: Date,
): UnpaidPayment | null {
  if (booking.status !== 'pending') return null
  return {
    expired: Boolean(hold.holdExpiresAt && hold.holdExpiresAt <= now),
    chargeStarted: hold.chargeStarted,
    minutesLeft: minutesLeftOfHold(hold.holdExpiresAt, now),
    resume: {
      bookingId: booking.id,
      nurseId: hold.nurseId,
      slug: booking.nurseSlug,
      babies: booking.babies ?? 1,
      nights: booking.occurrences
        .filter((night) => night.status !== 'cancelled')
        .map(({ date, startTimeLocal, endTimeLocal }) => ({ date, startTimeLocal, endTimeLocal })),
    },
  }
}

/** 'Move' (docs/decisions/0034): the nights that can move now, by the move's own rule. */
export function movableNightIds(booking: { status: string; occurrences: readonly PageNight[] }, now: Date): number[] {
  return booking.occurrences
    .filter((night) => canMoveNight({ ...night, startsAt: new Date(night.startsAt) }, booking.status, now))
    .map((night) => night.id)
}

/** A series paid week by week: its weeks, the provider (the test card form offline) and the saved card; null for any other booking. */
export function weeklyPaymentsOf<Week>(
  weeks: Week[],
  provider: 'stripe' | 'test',
  card: { brand: string; last4: string } | null,
): { weeks: Week[]; provider: 'stripe' | 'test'; savedCard: { brand: string; last4: string } | null } | null {
  return weeks.length ? { weeks, provider, savedCard: card && { brand: card.brand, last4: card.last4 } } : null
}
