// 'Our baby is here' (issue 36, docs/decisions/0069): the family turns its accepted due-date
// reservation into an ordinary booking from the first night it chooses inside the start window.
// The plan's nights are booked through bookNights, so her lock, her limits, no double booking and
// the weekly charge plan all apply, at the rates she quoted when she accepted. The booking then
// waits for its first week's payment like any other; the payment's confirmation marks the
// reservation started (booking-confirmation.server.ts). Payments sit above reservations and
// bookings, so the use case lives here.
import { bookPaidByDeposit } from './reservation-deposits.server'
import { and, asc, eq, gt, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { bookings, nurseProfiles } from '../../db/schema'
import type { BookingRequest } from '../../schemas/booking'
import { accessDeniedMessage } from '../accounts/auth-redirects'
import { getBookingForParent, type BookingActor, type BookingFailure, type ParentBookingView } from '../bookings/bookings.server'
import { isPaidBooking, PAID_BOOKING_STATUSES } from '../bookings/life-cycle'
import { getReservationFor, NOT_LIVE, RESERVATION_NOT_FOUND, tellBabyIsHere, type ReservationView } from '../reservations/reservations.server'
import { planNights, reservationWindow } from '../reservations/reservation-window'
import { nightInstants } from '../time/night-instants'
import { addDays, formatNightDate, localToday } from '../time/shift-times'
import { bookNights } from './book-nights.server'
import { createBookingPaidAtOnce, type PayAtOnceCard, type PayAtOnceFailure } from './pay-at-once.server'

export const NOT_ACCEPTED_YET = 'She has not accepted this reservation yet.'
export const ALREADY_STARTED = 'This reservation has already started.'
export const FIRST_NIGHT_IN_THE_PAST = 'The first night can be today or later.'

export type StartReservedPlanResult =
  | {
      ok: true
      booking: ParentBookingView
      /** An unpaid booking of this reservation already waited for payment. */
      existing: boolean
      /** Booked and paid in one step (a family that must pay as it books): confirmed already. */
      paidAtOnce?: boolean
      /** The deposit paid the whole first charge (decision 0073): confirmed already, no card asked for. */
      paidByDeposit?: boolean
    }
  | PayAtOnceFailure
  | BookingFailure
  | {
      ok: false
      status: 400 | 403 | 404 | 409
      error: string
      /** The first night is outside her window: backup nurses are the way on (decision 0070). */
      outsideWindow?: boolean
      unpaidBookingId?: undefined
      clashes?: undefined
      payAtOnce?: undefined
      reason?: undefined
    }

const refuse = (status: 403 | 404 | 409, error: string) => ({ ok: false as const, status, error })

/** 'Nora can start from Sat, Dec 5, 2026 to Sat, Jan 9, 2027. …': the page then lists backup nurses (decision 0070). */
export function outsideWindowMessage(nurseName: string, firstStart: string, lastStart: string): string {
  return `${nurseName.split(' ')[0]} can start from ${formatNightDate(firstStart)} to ${formatNightDate(lastStart)}. For another first night, book one of the nurses near you who are open from that date, listed on your reservation page.`
}

export function minNoticeMessage(nurseName: string, hours: number, earliest: string | null): string {
  const first = nurseName.split(' ')[0]
  const from = earliest ? ` The earliest first night she can start is ${formatNightDate(earliest)}.` : ''
  return `${first} needs ${hours} hours' notice before a first night.${from}`
}

/** The family's unpaid booking of this reservation still holding its nights, if any. */
async function heldBookingOf(reservationId: number, parentId: number, now: Date): Promise<number | null> {
  const [row] = await getDb()
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.reservationId, reservationId), eq(bookings.parentId, parentId), eq(bookings.status, 'pending'), gt(bookings.holdExpiresAt, now)))
    .orderBy(asc(bookings.id))
  return row?.id ?? null
}

/** The paid booking a started reservation became, for its page: its id and first night. */
export async function getStartedBooking(parentId: number, reservationId: number): Promise<{ id: number; startDate: string } | null> {
  const rows = await getDb()
    .select({ id: bookings.id, startDate: bookings.startDate, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.reservationId, reservationId), eq(bookings.parentId, parentId), inArray(bookings.status, [...PAID_BOOKING_STATUSES])))
    .orderBy(asc(bookings.id))
  const paid = rows.find((row) => isPaidBooking(row.status))
  return paid ? { id: paid.id, startDate: paid.startDate } : null
}

/**
 * The booking of a reservation's plan from a first night: one week's nights repeated for the plan's
 * weeks, so exactly planNights from that night, with its shift, address, notes and babies. The
 * reservation's own plan, checked when it was made: no form to read, so built as it is.
 */
export function reservedPlanRequest(
  reservation: Pick<ReservationView, 'nurseId' | 'weeks' | 'nightsPerWeek' | 'weekdays' | 'startTimeLocal' | 'endTimeLocal' | 'addressText' | 'notes' | 'babies'>,
  parentId: number,
  firstNight: string,
): BookingRequest {
  const nights = planNights(reservation, firstNight)
  const firstWeek = nights.filter((date) => date < addDays(firstNight, 7))
  const weekly = reservation.weeks > 1
  return {
    parentId,
    nurseId: reservation.nurseId,
    pattern: weekly ? 'recurring' : 'one_time',
    weeksCount: weekly ? reservation.weeks : null,
    nightsPerWeek: firstWeek.length,
    occurrences: firstWeek.map((date) => ({ date, startTimeLocal: reservation.startTimeLocal, endTimeLocal: reservation.endTimeLocal })),
    addressText: reservation.addressText,
    notes: reservation.notes,
    contactPhone: null,
    babies: reservation.babies,
  }
}

export async function startReservedPlan(
  actor: BookingActor & { email?: string },
  input: { reservationId: number; firstNight: string },
  now = new Date(),
  options: { card?: PayAtOnceCard } = {},
): Promise<StartReservedPlanResult> {
  if (actor.role !== 'parent') return refuse(403, accessDeniedMessage(actor.role))
  const reservation = await getReservationFor(actor, input.reservationId, now)
  if (!reservation) return refuse(404, RESERVATION_NOT_FOUND)
  if (reservation.status === 'requested') return refuse(409, NOT_ACCEPTED_YET)
  if (reservation.status === 'started') return refuse(409, ALREADY_STARTED)
  if (reservation.status !== 'accepted') return refuse(409, NOT_LIVE)

  // Pressed again while the first press waits for payment: the same booking, not a second one.
  const held = await heldBookingOf(reservation.id, actor.id, now)
  if (held) {
    const booking = await getBookingForParent(held, actor.id)
    if (booking) return { ok: true, booking, existing: true }
  }

  const firstNight = input.firstNight
  const { firstStart, lastStart } = reservationWindow(reservation)
  if (firstNight < firstStart || firstNight > lastStart) {
    return { ...refuse(409, outsideWindowMessage(reservation.nurseName, firstStart, lastStart)), outsideWindow: true }
  }
  const today = localToday(reservation.timezone, now)
  if (firstNight < today) return refuse(409, FIRST_NIGHT_IN_THE_PAST)
  const [nurse] = await getDb().select({ minNoticeHours: nurseProfiles.minNoticeHours }).from(nurseProfiles).where(eq(nurseProfiles.id, reservation.nurseId))
  const noticeHours = nurse?.minNoticeHours ?? 0
  const startsIn = (date: string) => nightInstants(date, reservation.startTimeLocal, reservation.endTimeLocal, reservation.timezone).startsAt.getTime() - now.getTime()
  if (startsIn(firstNight) < noticeHours * 3600_000) {
    let earliest: string | null = addDays(firstNight, 1)
    while (earliest <= lastStart && startsIn(earliest) < noticeHours * 3600_000) earliest = addDays(earliest, 1)
    return refuse(409, minNoticeMessage(reservation.nurseName, noticeHours, earliest <= lastStart ? earliest : null))
  }

  const request = reservedPlanRequest(reservation, actor.id, firstNight)
  const priceAt = { nightlyRateCents: reservation.nightlyRateCents, extraBabyCents: reservation.extraBabyCents }
  // The deposit pays the whole first charge (decision 0073): booked and confirmed at once.
  const byDeposit = await bookPaidByDeposit(actor, request, { reservationId: reservation.id, priceAt, now })
  if (byDeposit?.ok) {
    await tellBabyIsHere(reservation, firstNight)
    return { ok: true, booking: (await getBookingForParent(byDeposit.bookingId, actor.id))!, existing: false, paidAtOnce: true, paidByDeposit: true }
  }
  if (byDeposit) return byDeposit as StartReservedPlanResult
  // A family that must pay as it books (decision 0045) books and pays the first week in one step.
  if (options.card) {
    const paid = await createBookingPaidAtOnce(actor, request, { now, card: options.card, priceAt, reservationId: reservation.id })
    if (!paid.ok) return paid as StartReservedPlanResult
    await tellBabyIsHere(reservation, firstNight)
    return { ok: true, booking: (await getBookingForParent(paid.booking.id, actor.id))!, existing: false, paidAtOnce: true }
  }
  const result = await bookNights(actor, request, { now, priceAt, reservationId: reservation.id })
  if (!result.ok) {
    // Two presses at once: the other one's booking is the one unpaid booking with her.
    if (result.unpaidBookingId && (await heldBookingOf(reservation.id, actor.id, now)) === result.unpaidBookingId) {
      const booking = await getBookingForParent(result.unpaidBookingId, actor.id)
      if (booking) return { ok: true, booking, existing: true }
    }
    return result
  }
  await tellBabyIsHere(reservation, firstNight)
  const booking = (await getBookingForParent(result.booking.id, actor.id))!
  return { ok: true, booking, existing: false }
}
