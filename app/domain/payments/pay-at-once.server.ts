// Booking and paying in one step (issue 33, docs/decisions/0045): how an account that left too many
// unpaid holds books. The booking is made and paid in the same request, with the parent's saved card
// or a card entered in that step; if the card does not go through, its nights are released at once,
// so no unpaid hold is left.
import { expandRequest, getBookingForParent, releaseHolds, type BookingActor, type BookingFailure, type BookingView } from '../bookings/bookings.server'
import { bookNights } from './book-nights.server'
import type { BookingRequest } from '../../schemas/booking'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { nurseProfiles } from '../../db/schema'
import { amountDueAtBooking } from './charge-weeks'
import { priceNights } from '../bookings/pricing'
import { createPaymentIntentForBooking, payBookingWithNewCard, payBookingWithSavedCard, type NewCard } from './payments.server'
import { getSavedCard } from './saved-cards.server'
import { findDeposit } from './deposit-ledger.server'

export const NO_SAVED_CARD_MESSAGE =
  'To book and pay at once you need a saved card. Save one under Payment methods in your dashboard, then book again.'

/** How the booking is paid: the saved card, or a card entered in the same step. */
export type PayAtOnceCard = { savedCard: true } | NewCard

/** A refusal, or a card that did not go through (`reason`: the bank's or the provider's words). */
export type PayAtOnceFailure = Omit<BookingFailure, 'status'> & { status: BookingFailure['status'] | 402 | 502; reason?: string }

export type PaidAtOnce = { ok: true; booking: BookingView; paymentIntentId: string; clientSecret: string }

/** A booking answer that was paid in the same step (its intent is the return URL's). */
export function isPaidAtOnce(result: { ok: boolean }): result is PaidAtOnce {
  return result.ok && 'paymentIntentId' in result && 'clientSecret' in result
}

export async function createBookingPaidAtOnce(
  actor: BookingActor & { email?: string },
  request: BookingRequest,
  options: {
    now?: Date
    replacesBookingId?: number
    card?: PayAtOnceCard
    /** A due-date reservation's plan (decision 0069): its quoted rates and the reservation it starts. */
    priceAt?: { nightlyRateCents: number; extraBabyCents: number }
    reservationId?: number
  } = {},
): Promise<PaidAtOnce | PayAtOnceFailure> {
  const now = options.now ?? new Date()
  if (actor.role !== 'parent') return bookNights(actor, request, { ...options, now }) as Promise<BookingFailure>
  const card = options.card ?? { savedCard: true }
  if ('savedCard' in card && !(await getSavedCard(actor.id))) {
    return { ok: false, status: 409, error: NO_SAVED_CARD_MESSAGE, payAtOnce: true }
  }
  const created = await bookNights(actor, request, {
    replacesBookingId: options.replacesBookingId,
    now,
    payAtOnce: true,
    priceAt: options.priceAt,
    reservationId: options.reservationId,
  })
  if (!created.ok) return created
  const bookingId = created.booking.id
  const paid = await pay(actor, bookingId, card, now)
  if (!paid.ok) {
    const error = paid.reason ? `${paid.error} ${paid.reason}` : paid.error
    // The provider could not be reached (502): the card may have been charged. The hold stays and
    // runs its course; before it is released the sweep asks the provider, and a charge that went
    // through confirms the booking (docs/decisions/0013). The family is sent to the booking's page.
    if (paid.status === 502) return { ok: false, status: 502, error, reason: paid.reason, unpaidBookingId: bookingId }
    // Otherwise the card was not charged, and paying was the condition of the hold: the nights go back at once.
    await releaseHolds([bookingId], now, actor.id)
    return { ok: false, status: paid.status, error, reason: paid.reason, payAtOnce: true }
  }
  // The booking as the plain call answers it, now confirmed with its nights scheduled.
  const { nurseName: _name, nurseSlug: _slug, nurseAvatarUrl: _avatar, ...booking } = (await getBookingForParent(bookingId, actor.id))!
  return { ok: true, booking, paymentIntentId: paid.paymentIntentId, clientSecret: paid.clientSecret }
}

async function pay(actor: BookingActor & { email?: string }, bookingId: number, card: PayAtOnceCard, now: Date) {
  if (!('savedCard' in card)) return payBookingWithNewCard(actor, bookingId, card, now)
  const intent = await createPaymentIntentForBooking(actor, bookingId, now)
  return intent.ok ? payBookingWithSavedCard(actor, bookingId, now) : intent
}

/**
 * What paying at once for this request would charge, with the nights and amounts it is for (the
 * card form shows them, and Stripe's form is made for the amount), or null when the nights cannot
 * be priced. The booking itself prices them again when it is made.
 */
export async function quotePayAtOnce(
  request: Pick<BookingRequest, 'nurseId' | 'pattern' | 'weeksCount' | 'occurrences'> & { babies?: number },
  /** A due-date reservation's quoted rates instead of hers today (decision 0069). */
  priceAt?: { nightlyRateCents: number; extraBabyCents: number },
  /** The reservation whose deposit pays the first of it (decision 0073). */
  reservationId?: number,
) {
  const weeks = request.pattern === 'recurring' ? (request.weeksCount ?? 1) : 1
  const expanded = expandRequest(request.occurrences, weeks)
  if (!expanded.ok) return null
  const [nurse] = await getDb()
    .select({
      nightlyRateCents: nurseProfiles.nightlyRateCents,
      maxBabies: nurseProfiles.maxBabies,
      extraBabyCents: nurseProfiles.extraBabyCents,
      timezone: nurseProfiles.timezone,
    })
    .from(nurseProfiles)
    .where(eq(nurseProfiles.id, request.nurseId))
  const babies = request.babies ?? 1
  // More babies than she takes cannot be booked, so there is nothing to quote.
  if (!nurse || babies > nurse.maxBabies) return null
  const { nights } = expanded
  const rates = priceAt ?? nurse
  const price = priceNights(rates.nightlyRateCents, nights.length, { babies, extraBabyCents: babies > 1 ? rates.extraBabyCents : 0 })
  const { nightlyRateCents, extraBabyCents, subtotalCents, platformFeeCents, totalAmountCents } = price
  const amounts = { nightlyRateCents, babies: price.babies, extraBabyCents, subtotalCents, platformFeeCents, totalAmountCents }
  const series = { ...amounts, pattern: request.pattern, weeksCount: request.weeksCount ?? null }
  const deposit = reservationId === undefined ? undefined : await findDeposit(getDb(), reservationId)
  const amountDueCents = Math.max(0, amountDueAtBooking(series, nights.map((night) => night.date)) - (deposit?.amountCents ?? 0))
  return { amountDueCents, amounts, nights, timeZone: nurse.timezone }
}
