// When a family and a nurse may see each other's contact details in messages (issue 33.3,
// docs/decisions/0044). Pure: the facts of one booking in, yes or no out. Contact details are
// what lets a night be booked around the platform, so only a booking that is real and near unlocks
// them: confirmed (or completed), paid more than $0, and with its first night at most 14 days
// away or already worked. A booking cancelled later locks them again, since the facts are read
// each time a conversation is shown.

import { isPaidBooking, type BookingStatus } from '../bookings/life-cycle'

export const UNLOCK_DAYS_BEFORE_FIRST_NIGHT = 14

export interface UnlockFacts {
  status: BookingStatus
  /** What the family's succeeded charges for the booking came to. */
  paidCents: number
  /** The start of the booking's first night that is not cancelled; null when every night is. */
  firstNightStartsAt: Date | null
}

export function unlocksContactDetails(booking: UnlockFacts, now: Date): boolean {
  if (!isPaidBooking(booking.status)) return false
  if (booking.paidCents <= 0 || booking.firstNightStartsAt === null) return false
  return booking.firstNightStartsAt.getTime() - now.getTime() <= UNLOCK_DAYS_BEFORE_FIRST_NIGHT * 24 * 60 * 60 * 1000
}
