// Starting a booking, the one sequence behind /book's details step and POST /_api/bookings/create:
// the attempt is counted against the account's booking limit (docs/decisions/0012), then the
// booking is made, either held for payment or paid at once (docs/decisions/0045), and, for /book,
// the card form's payment intent is made in the same post.
import type { BookingRequest } from '../../schemas/booking'
import { createBookingPaidAtOnce, isPaidAtOnce, type PaidAtOnce, type PayAtOnceCard, type PayAtOnceFailure } from './pay-at-once.server'
import { createPaymentIntentForBooking } from './payments.server'
import { type BookingActor, type BookingFailure, type BookingView } from '../bookings/bookings.server'
import { bookNights } from './book-nights.server'

/**
 * Counts one booking attempt of an account and says whether it may go on. The counters belong to
 * the app's rate limits (app/utils/rate-limit.server.ts: limitBookingCreation), which sit above the
 * domain, so the caller hands the counter in.
 */
export type BookingAttemptLimit = (userId: number) => Promise<{ ok: true } | { ok: false; error: string; retryAfterSeconds: number }>

/** How a booking is paid for at once: a card (saved or entered), or what is wrong with the card entered. */
export type PayAtOnce = PayAtOnceCard | { problem: string }

export type StartBookingFailure =
  | BookingFailure
  | PayAtOnceFailure
  | { ok: false; status: 429; error: string; retryAfterSeconds: number; payAtOnce?: undefined; unpaidBookingId?: undefined; clashes?: undefined; reason?: undefined }
  | { ok: false; status: 400; error: string; payAtOnce: true; unpaidBookingId?: undefined; clashes?: undefined; reason?: undefined }

export type StartBookingResult = { ok: true; booking: BookingView } | PaidAtOnce | StartBookingFailure

export async function startBooking(
  actor: BookingActor & { email?: string },
  request: BookingRequest,
  options: {
    limit: BookingAttemptLimit
    /** Pay in the same step; without it the booking is held for payment. */
    payAtOnce?: PayAtOnce | null
    /** The unpaid booking of the same checkout that this one replaces ('Try Again'). */
    replacesBookingId?: number
    /** Make the card form's payment intent now (/book; an /_api caller pays later). */
    prepareCardForm?: boolean
  },
): Promise<StartBookingResult> {
  // Every attempt counts, refused or not, so nobody can churn unpaid holds.
  const limited = await options.limit(actor.id)
  if (!limited.ok) return { ok: false, status: 429, error: limited.error, retryAfterSeconds: limited.retryAfterSeconds }
  const card = options.payAtOnce
  if (card && 'problem' in card) return { ok: false, status: 400, error: card.problem, payAtOnce: true }
  const replacesBookingId = options.replacesBookingId
  const result = card
    ? await createBookingPaidAtOnce(actor, request, { replacesBookingId, card })
    : await bookNights(actor, request, { replacesBookingId })
  // If the provider fails here, /book's payment step offers to try again.
  if (result.ok && !isPaidAtOnce(result) && options.prepareCardForm) await createPaymentIntentForBooking(actor, result.booking.id)
  return result
}
