// Booking and paying in one step (issue 33, docs/decisions/0045): how an account that left too many
// unpaid holds books. The booking is made and paid with the parent's saved card in the same request;
// if the card does not go through, its nights are released at once, so no unpaid hold is left.
import { createBooking, getBookingForParent, releaseHolds, type BookingActor, type BookingFailure, type BookingView } from '../bookings/bookings.server'
import type { BookingRequest } from '../../schemas/booking'
import { createPaymentIntentForBooking, payBookingWithSavedCard } from './payments.server'
import { getSavedCard } from './saved-cards.server'

export const NO_SAVED_CARD_MESSAGE =
  'To book and pay at once you need a saved card. Save one under Payment methods in your dashboard, then book again.'

export type PaidAtOnce = { ok: true; booking: BookingView; paymentIntentId: string; clientSecret: string }

/** A booking answer that was paid in the same step (its intent is the return URL's). */
export function isPaidAtOnce(result: { ok: boolean }): result is PaidAtOnce {
  return result.ok && 'paymentIntentId' in result && 'clientSecret' in result
}

export async function createBookingPaidAtOnce(
  actor: BookingActor & { email?: string },
  request: BookingRequest,
  options: { now?: Date; replacesBookingId?: number } = {},
): Promise<PaidAtOnce | (Omit<BookingFailure, 'status'> & { status: BookingFailure['status'] | 402 | 502 })> {
  const now = options.now ?? new Date()
  if (actor.role !== 'parent') return createBooking(actor, request, { ...options, now }) as Promise<BookingFailure>
  if (!(await getSavedCard(actor.id))) return { ok: false, status: 409, error: NO_SAVED_CARD_MESSAGE, payAtOnce: true }
  const created = await createBooking(actor, request, { ...options, now, payAtOnce: true })
  if (!created.ok) return created
  const bookingId = created.booking.id
  const intent = await createPaymentIntentForBooking(actor, bookingId, now)
  const paid = intent.ok ? await payBookingWithSavedCard(actor, bookingId, now) : intent
  if (!paid.ok) {
    // Paying was the condition of the hold: without it the nights go back at once.
    await releaseHolds([bookingId], now, actor.id)
    return { ok: false, status: paid.status, error: paid.reason ? `${paid.error} ${paid.reason}` : paid.error, payAtOnce: true }
  }
  // The booking as the plain call answers it, now confirmed with its nights scheduled.
  const { nurseName: _name, nurseSlug: _slug, nurseAvatarUrl: _avatar, ...booking } = (await getBookingForParent(bookingId, actor.id))!
  return { ok: true, booking, paymentIntentId: paid.paymentIntentId, clientSecret: paid.clientSecret }
}
