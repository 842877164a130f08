// Booking nights: bookings' createBooking (the nurse's lock, her limits, no double booking) with the
// payment plan payments own written in the same transaction: the weeks of a long series paid week by
// week (charge-weeks.server.ts), and the nights a due-date reservation of another family holds refused
// under the same lock (decision 0066); a booking that starts a family's own reservation is refused
// under that lock too once the reservation no longer stands (decision 0069). Everything that makes
// a booking goes through here.
import type { BookingRequest } from '../../schemas/booking'
import { createBooking, type BookingActor } from '../bookings/bookings.server'
import { createChargeWeeks } from './charge-weeks.server'
import { isReservationBookable, NOT_LIVE, refuseReservedNights } from '../reservations/reservations.server'

type BookNightsOptions = Omit<Parameters<typeof createBooking>[2], 'writePaymentPlan' | 'reservedNights'>

export function bookNights(actor: BookingActor, request: BookingRequest, options: BookNightsOptions = {}) {
  const reservationId = options.reservationId
  const reservedNights: typeof refuseReservedNights = reservationId
    ? async (tx, input) => ((await isReservationBookable(tx, reservationId)) ? refuseReservedNights(tx, input) : { error: NOT_LIVE, clashes: [] })
    : refuseReservedNights
  return createBooking(actor, request, { ...options, writePaymentPlan: createChargeWeeks, reservedNights })
}
