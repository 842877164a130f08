// The nurse's answer to a start (issue 36, docs/decisions/0070): when a family's 'Our baby is here'
// has become a paid booking, she is told at once and may still turn the start down, within 12
// hours of it and before its first night begins, with a reason. The booking is cancelled with every
// night refunded in full, the reservation reads declined (after it had started) in the same
// transaction, and the family is e-mailed a link to the nurses open on every night of its plan,
// booked in one step (backup-nurses.server.ts). Money moves, so the use case lives in payments.
import { and, asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { bookings } from '../../db/schema'
import { accessDeniedMessage } from '../accounts/auth-redirects'
import { PAID_BOOKING_STATUSES } from '../bookings/life-cycle'
import { getReservationFor, markStartTurnedDown, RESERVATION_NOT_FOUND, tellStartTurnedDown, undoStartTurnedDown, type ReservationActor, type ReservationView } from '../reservations/reservations.server'
import { nightInstants } from '../time/night-instants'
import { cancelBookingInFull } from './cancellation.server'

/** How long after a start she may still turn it down. */
export const TURN_DOWN_WITHIN_HOURS = 12
export const NOT_STARTED = 'Only a start can be turned down: this reservation has not started.'
export const TOO_LATE_TO_TURN_DOWN = `A start can be turned down only within ${TURN_DOWN_WITHIN_HOURS} hours of it and before its first night begins. Message the family, or ask support to cancel.`
export const TURN_DOWN_REASON_MESSAGE = 'Please tell the family why you cannot start'

type Refusal = { ok: false; status: 400 | 403 | 404 | 409 | 502; error: string }

class NotStarted extends Error {}

export interface TurnDownWindow {
  /** Until when she may turn it down: 12 hours after the start, or the first night, if sooner. */
  until: Date
  open: boolean
}

/** Until when a start may be turned down, and whether it still can be now. Pure. */
export function turnDownWindow(startedAt: Date, firstNightStartsAt: Date, now: Date): TurnDownWindow {
  const until = new Date(Math.min(startedAt.getTime() + TURN_DOWN_WITHIN_HOURS * 3600_000, firstNightStartsAt.getTime()))
  return { until, open: now.getTime() < until.getTime() }
}

/** The paid booking a started reservation became with her, with when its first night begins. */
async function startedBookingOf(reservation: ReservationView) {
  const [row] = await getDb()
    .select({ id: bookings.id, startDate: bookings.startDate, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.reservationId, reservation.id), eq(bookings.nurseId, reservation.nurseId), inArray(bookings.status, [...PAID_BOOKING_STATUSES])))
    .orderBy(asc(bookings.id))
  if (!row) return null
  const firstNightStartsAt = nightInstants(row.startDate, reservation.startTimeLocal, reservation.endTimeLocal, reservation.timezone).startsAt
  return { ...row, firstNightStartsAt }
}

/** For her reservations page: until when each started reservation may still be turned down. */
export async function turnDownWindowOf(reservation: ReservationView, now = new Date()): Promise<TurnDownWindow | null> {
  if (reservation.status !== 'started' || !reservation.startedAt) return null
  const booking = await startedBookingOf(reservation)
  return booking ? turnDownWindow(new Date(reservation.startedAt), booking.firstNightStartsAt, now) : null
}

export async function turnDownStart(
  actor: ReservationActor,
  input: { reservationId: number; reason: string },
  now = new Date(),
): Promise<{ ok: true; refundCents: number } | Refusal> {
  if (actor.role !== 'nurse') return { ok: false, status: 403, error: accessDeniedMessage(actor.role) }
  const reason = input.reason.trim()
  if (!reason) return { ok: false, status: 400, error: TURN_DOWN_REASON_MESSAGE }
  const reservation = await getReservationFor(actor, input.reservationId, now)
  if (!reservation) return { ok: false, status: 404, error: RESERVATION_NOT_FOUND }
  if (reservation.status !== 'started' || !reservation.startedAt) return { ok: false, status: 409, error: NOT_STARTED }
  const booking = await startedBookingOf(reservation)
  if (!booking || !turnDownWindow(new Date(reservation.startedAt), booking.firstNightStartsAt, now).open) {
    return { ok: false, status: 409, error: TOO_LATE_TO_TURN_DOWN }
  }
  let result
  try {
    result = await cancelBookingInFull({
      bookingId: booking.id,
      actorId: actor.id,
      notes: `Turned down by the nurse: ${reason}`,
      now,
      cause: 'nurse-turn-down',
      alsoInClaim: async (tx) => {
        // Started no more (turned down a moment ago, or cancelled): the booking is left as it is.
        if (!(await markStartTurnedDown(tx, reservation.id, actor.id, reason, now))) throw new NotStarted()
      },
      alsoOnRestore: (tx) => undoStartTurnedDown(tx, reservation.id, now),
    })
  } catch (error) {
    if (error instanceof NotStarted) return { ok: false, status: 409, error: NOT_STARTED }
    throw error
  }
  if (!result.ok) return result
  // Two presses at once: the second found the booking already cancelled and changed nothing.
  if (result.nightsCancelled === 0 && result.refundCents === 0) return { ok: false, status: 409, error: NOT_STARTED }
  await tellStartTurnedDown(reservation, { firstNight: booking.startDate, refundCents: result.refundCents, reason })
  return { ok: true, refundCents: result.refundCents }
}
