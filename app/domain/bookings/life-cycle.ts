// The booking life cycle (issue 12): every status a booking and each of its nights can have, the
// named sets of them that other rules ask about, and every change between them, with who or what
// may cause it. Pure; life-cycle.server.ts is the one module that writes statuses (it checks each
// write against these tables) and holds the same sets as SQL predicates. Nowhere else lists
// statuses: tests/unit/status-vocabulary.test.ts fails when a list of them is written elsewhere
// (docs/decisions/0052).
import type { bookingOccurrences, bookings } from '../../db/schema'

export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const satisfies ReadonlyArray<
  (typeof bookings.$inferSelect)['status']
>
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

/**
 * The statuses a night is written with. The database's enum also holds 'confirmed' and 'no_show'
 * (RETIRED_NIGHT_STATUSES): no code ever wrote them and no change leads to them, so no row holds
 * them; they stay in the enum only because taking a value out of a Postgres enum means a new type
 * and a rewrite of booking_occurrences (docs/decisions/0052).
 */
export const NIGHT_STATUSES = ['pending', 'scheduled', 'completed', 'cancelled'] as const satisfies ReadonlyArray<StoredNightStatus>
export type NightStatus = (typeof NIGHT_STATUSES)[number]
type StoredNightStatus = (typeof bookingOccurrences.$inferSelect)['status']
export const RETIRED_NIGHT_STATUSES = ['confirmed', 'no_show'] as const satisfies ReadonlyArray<Exclude<StoredNightStatus, NightStatus>>

/** A booking that was paid for and stands: confirmed, or completed once its nights are over. */
export const PAID_BOOKING_STATUSES = ['confirmed', 'completed'] as const satisfies readonly BookingStatus[]
export type PaidBookingStatus = (typeof PAID_BOOKING_STATUSES)[number]

/** A night paid for and still to be worked: the one kind a parent may move. */
export const BOOKED_NIGHT_STATUSES = ['scheduled'] as const satisfies readonly NightStatus[]

/** A night that will be or was worked: paid for and not cancelled. */
export const WORKED_NIGHT_STATUSES = [...BOOKED_NIGHT_STATUSES, 'completed'] as const satisfies readonly NightStatus[]

/**
 * A night past its hold, whatever came of it: worked, or cancelled (a cancelled night of a paid
 * booking may still pay its nurse what the family was not refunded, docs/decisions/0027).
 */
export const WORKED_OR_CANCELLED_NIGHT_STATUSES = [...WORKED_NIGHT_STATUSES, 'cancelled'] as const satisfies readonly NightStatus[]

/** A night that holds its nurse's time: any night not cancelled (unpaid holds included). */
export type LiveNightStatus = Exclude<NightStatus, 'cancelled'>
export const LIVE_NIGHT_STATUSES = NIGHT_STATUSES.filter((status): status is LiveNightStatus => status !== 'cancelled')

function isOneOf<S extends string>(set: readonly S[], status: string): status is S {
  return (set as readonly string[]).includes(status)
}

export const isNightStatus = (status: string): status is NightStatus => isOneOf(NIGHT_STATUSES, status)
export const isPaidBooking = (status: string): status is PaidBookingStatus => isOneOf(PAID_BOOKING_STATUSES, status)
export const isBookedNight = (status: string): status is (typeof BOOKED_NIGHT_STATUSES)[number] => isOneOf(BOOKED_NIGHT_STATUSES, status)
export const isWorkedNight = (status: string): status is (typeof WORKED_NIGHT_STATUSES)[number] => isOneOf(WORKED_NIGHT_STATUSES, status)
export const isWorkedOrCancelledNight = (status: string) => isOneOf(WORKED_OR_CANCELLED_NIGHT_STATUSES, status)
export const isLiveNight = (status: string) => isOneOf(LIVE_NIGHT_STATUSES, status)

/** What causes a change: a person's action, a payment, or a background job. */
export type Cause =
  | 'payment' // the charge went through (the card form, the webhook, reconciliation)
  | 'late-payment' // a payment arrived after the hold was released and the nights were still free
  | 'hold-release' // the unpaid hold ran out, or the parent abandoned it
  | 'parent-cancel' // the parent cancelled a night (the booking follows when none is left)
  | 'admin' // an admin's status change (docs/decisions/0008)
  | 'admin-cancel' // an admin cancelled the booking (nights ahead refunded in full)
  | 'nurse-turn-down' // the nurse turned down the start of a due-date plan within 12 hours (nights ahead refunded in full)
  | 'refund-failed' // the provider refused a refund: the cancellation is undone
  | 'week-unpaid' // a weekly charge stayed unpaid 48 hours after it was declined: the week's nights are released

type Table<S extends string> = ReadonlyArray<readonly [from: S, to: S, causes: readonly Cause[]]>

export const BOOKING_TRANSITIONS: Table<BookingStatus> = [
  ['pending', 'confirmed', ['payment', 'admin']],
  ['pending', 'cancelled', ['hold-release', 'parent-cancel', 'admin-cancel', 'nurse-turn-down']],
  ['pending', 'completed', ['admin']],
  ['confirmed', 'cancelled', ['parent-cancel', 'admin-cancel', 'nurse-turn-down', 'week-unpaid']],
  ['confirmed', 'completed', ['admin']],
  ['completed', 'confirmed', ['admin']],
  ['completed', 'cancelled', ['parent-cancel', 'admin-cancel', 'nurse-turn-down']],
  ['cancelled', 'confirmed', ['late-payment', 'refund-failed']],
  ['cancelled', 'pending', ['refund-failed']],
  ['cancelled', 'completed', ['refund-failed']],
]

export const NIGHT_TRANSITIONS: Table<NightStatus> = [
  ['pending', 'scheduled', ['payment', 'admin']],
  ['pending', 'cancelled', ['hold-release', 'parent-cancel', 'admin-cancel', 'nurse-turn-down']],
  ['pending', 'completed', ['admin']],
  ['scheduled', 'cancelled', ['parent-cancel', 'admin-cancel', 'nurse-turn-down', 'week-unpaid']],
  ['scheduled', 'completed', ['admin']],
  ['completed', 'scheduled', ['admin']],
  ['cancelled', 'scheduled', ['late-payment', 'refund-failed']],
  ['cancelled', 'pending', ['refund-failed']],
  ['cancelled', 'completed', ['refund-failed']],
]

export class TransitionRefused extends Error {
  constructor(
    readonly subject: 'booking' | 'night',
    readonly from: string,
    readonly to: string,
    readonly cause: Cause,
  ) {
    super(`A ${subject} may not go from '${from}' to '${to}' by ${cause}`)
  }
}

function allows<S extends string>(table: Table<S>, from: S, to: S, cause: Cause): boolean {
  return table.some(([f, t, causes]) => f === from && t === to && causes.includes(cause))
}

export function bookingMayChange(from: BookingStatus, to: BookingStatus, cause: Cause): boolean {
  return allows(BOOKING_TRANSITIONS, from, to, cause)
}

export function nightMayChange(from: NightStatus, to: NightStatus, cause: Cause): boolean {
  return allows(NIGHT_TRANSITIONS, from, to, cause)
}

/** The statuses a booking may leave for `to` by `cause`: the guard of a status write. */
export function bookingStatusesBefore(to: BookingStatus, cause: Cause): BookingStatus[] {
  return BOOKING_TRANSITIONS.filter(([, t, causes]) => t === to && causes.includes(cause)).map(([f]) => f)
}

/** The statuses a night may leave for `to` by `cause`. */
export function nightStatusesBefore(to: NightStatus, cause: Cause): NightStatus[] {
  return NIGHT_TRANSITIONS.filter(([, t, causes]) => t === to && causes.includes(cause)).map(([f]) => f)
}

/** Throws when a write the code is about to make is not in the tables: a bug, never user input. */
export function assertBookingChange(from: BookingStatus, to: BookingStatus, cause: Cause): void {
  if (!bookingMayChange(from, to, cause)) throw new TransitionRefused('booking', from, to, cause)
}

export function assertNightChange(from: NightStatus, to: NightStatus, cause: Cause): void {
  if (!nightMayChange(from, to, cause)) throw new TransitionRefused('night', from, to, cause)
}
