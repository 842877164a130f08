// The parent's booking page (/parent/bookings/{id}) in one call: the booking is read once, scoped
// by its parent, and everything else the page shows is read by its id alongside. The page's
// loader only turns this into its answer; what is worked out from the reads is booking-page.ts.
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { bookingOccurrences, payments } from '../../db/schema'
import { listReportsOfBooking } from '../night-reports/night-reports.server'
import { getPaymentProvider } from '../payments/payment-provider.server'
import { getSavedCard } from '../payments/saved-cards.server'
import { getBookingProblems } from '../payouts/payouts.server'
import { getBookingReview } from '../reviews/reviews.server'
import { movableNightIds, unpaidPaymentOf, weeklyPaymentsOf } from './booking-page'
import { getCancellationPreview } from '../payments/cancellation.server'
import { getChargeSchedule } from '../payments/charge-weeks.server'
import { getParentBookingWithHold } from './parent-bookings.server'

export type BookingPage = NonNullable<Awaited<ReturnType<typeof getBookingPage>>>

/**
 * One booking of this parent as its page shows it: its nights, amounts and payments; the unpaid
 * card while it waits for payment; reported problems and the nights still reportable; a series'
 * weekly payments; the night reports; the review; the nights that can move; and, when the address
 * names one of its nights (?cancel=), the refund cancelling it would make. Null for a booking
 * that is not this parent's.
 */
export async function getBookingPage(input: { parentId: number; bookingId: number; now: Date; cancelNightId?: number | null }) {
  const { parentId, now } = input
  const found = await getParentBookingWithHold(input)
  if (!found) return null
  const { hold, ...detail } = found
  const { booking } = detail
  // The booking is this parent's (read by its parent above): what follows is read by its id. Its
  // nights' times are read once, for the problems that can be reported and the review.
  const nights = nightTimes(booking.id)
  const [chargeStarted, problems, weeks, card, reports, review, cancelPreview] = await Promise.all([
    booking.status === 'pending' ? hasStartedCharge(booking.id) : false,
    nights.then((read) => getBookingProblems(booking.id, read, now)),
    getChargeSchedule(booking.id),
    getSavedCard(parentId),
    listReportsOfBooking(booking.id),
    nights.then((read) => getBookingReview({ parentId, bookingId: booking.id, nurseId: hold.nurseId }, read, now)),
    input.cancelNightId ? getCancellationPreview({ parentId, occurrenceId: input.cancelNightId, now }) : null,
  ])
  return {
    ...detail,
    payment: unpaidPaymentOf(booking, { ...hold, chargeStarted }, now),
    ...problems,
    weekly: weeklyPaymentsOf(weeks, getPaymentProvider().name, card),
    reports,
    review,
    movable: movableNightIds(booking, now),
    // Only a night of this booking is asked about here; another's is ignored.
    cancelPreview: cancelPreview?.bookingId === booking.id ? cancelPreview : null,
  }
}

/** When each of the booking's nights starts and ends, and its status: read once, however often awaited. */
async function nightTimes(bookingId: number) {
  return getDb()
    .select({ id: bookingOccurrences.id, status: bookingOccurrences.status, startsAt: bookingOccurrences.startsAt, endsAt: bookingOccurrences.endsAt })
    .from(bookingOccurrences)
    .where(eq(bookingOccurrences.bookingId, bookingId))
}

/** A charge was started for the booking (its card form was opened), so it may have gone through unseen. */
async function hasStartedCharge(bookingId: number): Promise<boolean> {
  const [charge] = await getDb()
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'charge')))
    .limit(1)
  return Boolean(charge)
}
