// Booking rules: nights, shifts, unpaid holds and what can be booked (docs/glossary.md,
// docs/time.md). Pure: the clock and the nurse's data are passed in, so the /book page, the server
// and the tests share one definition.
import { nightInstants } from '../time/night-instants'
import { addDays, checkShift, formatNightDate, localToday, shiftProblemMessage } from '../time/shift-times'

/** The one answer for a booking that does not exist or is not the asker's (never which of the two). */
export const BOOKING_NOT_FOUND = 'Booking not found'

/** An unpaid booking holds its nights this long (docs/decisions/0012). */
export const HOLD_MINUTES = 15
/** A weekly series runs for at most a year. */
export const MAX_WEEKS = 52
/**
 * Upper bound on nights in one booking: twelve weeks of five nights. It equals the nights a parent
 * may hold unpaid at once, so every booking the form allows can be held (docs/decisions/0012).
 */
export const MAX_NIGHTS = 60

// Unpaid holds cannot be hoarded (docs/decisions/0012). A hold is live until its expiry.
/** Live unpaid bookings one parent may have with one nurse. */
export const MAX_UNPAID_BOOKINGS_PER_NURSE = 1
/** Nights one parent may hold unpaid at once, over all nurses. */
export const MAX_HELD_NIGHTS_PER_PARENT = MAX_NIGHTS
/** Nights of one nurse that unpaid bookings (of every parent) may hold at once. */
export const MAX_HELD_NIGHTS_PER_NURSE = 90

export const UNPAID_BOOKING_WITH_NURSE =
  'You already have an unpaid booking with this nurse. Pay for it or abandon it on its page before booking again.'
export const TOO_MANY_HELD_NIGHTS_FOR_PARENT = `You can hold at most ${MAX_HELD_NIGHTS_PER_PARENT} unpaid nights at a time. Pay for or abandon an unpaid booking first.`
export const TOO_MANY_HELD_NIGHTS_FOR_NURSE =
  'Too many of this nurse’s nights are waiting for payment right now. Please choose fewer nights or try again in a few minutes.'

/** A live unpaid booking, as the hold limits see it. */
export interface LiveHold {
  bookingId: number
  parentId: number
  nurseId: number
  nights: number
}

export type HoldLimitProblem =
  | { limit: 'unpaid-with-nurse'; message: string; bookingId: number }
  | { limit: 'parent-nights' | 'nurse-nights'; message: string }

/**
 * Would a new unpaid booking of `nights` nights of this nurse by this parent break a hold limit?
 * `holds` are the live unpaid bookings of this parent (any nurse) and of this nurse (any parent).
 */
export function findHoldLimitProblem(input: {
  parentId: number
  nurseId: number
  nights: number
  holds: readonly LiveHold[]
}): HoldLimitProblem | null {
  const mine = input.holds.filter((hold) => hold.parentId === input.parentId)
  const withNurse = mine.filter((hold) => hold.nurseId === input.nurseId)
  if (withNurse.length >= MAX_UNPAID_BOOKINGS_PER_NURSE) {
    return { limit: 'unpaid-with-nurse', message: UNPAID_BOOKING_WITH_NURSE, bookingId: withNurse[0].bookingId }
  }
  const heldByParent = mine.reduce((sum, hold) => sum + hold.nights, 0)
  if (heldByParent + input.nights > MAX_HELD_NIGHTS_PER_PARENT) {
    return { limit: 'parent-nights', message: TOO_MANY_HELD_NIGHTS_FOR_PARENT }
  }
  const heldOfNurse = input.holds.filter((hold) => hold.nurseId === input.nurseId).reduce((sum, h) => sum + h.nights, 0)
  if (heldOfNurse + input.nights > MAX_HELD_NIGHTS_PER_NURSE) {
    return { limit: 'nurse-nights', message: TOO_MANY_HELD_NIGHTS_FOR_NURSE }
  }
  return null
}

/**
 * Times for dates picked on a profile (8 PM to 8 AM) when nothing is known of the nurse; /book
 * offers her own shift for each night instead (defaultShift, issue 38).
 */
export const LINK_DEFAULT_TIMES = { startTimeLocal: '20:00', endTimeLocal: '08:00' } as const
const LINK_DEFAULT_HOURS = 12
/** Weeks shown when weekly repeat is turned on in the form; a booking from the link is 1 week. */
export const FORM_DEFAULT_WEEKS = 4

export interface NightRequest {
  date: string
  startTimeLocal: string
  endTimeLocal: string
}

export interface NurseShiftLimits {
  minHours: number
  maxHours: number
}

/** '#NN-000042': the booking's reference on 'Booking Confirmed!' and everywhere after. */
export function formatBookingReference(bookingId: number): string {
  return `#NN-${String(bookingId).padStart(6, '0')}`
}

/**
 * The nights of a booking: each chosen night, and for a weekly series the same weekday and times
 * for `weeksCount` weeks in all (the chosen week counts as the first). A date generated twice keeps
 * the night the parent chose explicitly. Sorted by date.
 */
export function expandWeekly(nights: readonly NightRequest[], weeksCount: number): NightRequest[] {
  const weeks = Math.max(1, Math.floor(weeksCount))
  const byDate = new Map<string, NightRequest>()
  for (const night of nights) byDate.set(night.date, { ...night })
  for (let week = 1; week < weeks; week++) {
    for (const night of nights) {
      const date = addDays(night.date, week * 7)
      if (!byDate.has(date)) byDate.set(date, { ...night, date })
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date))
}

/** Every night whose shift does not fit, each with its own message (a form flags each one). */
export function findShiftProblems(nights: readonly NightRequest[], limits: NurseShiftLimits): Array<{ date: string; message: string }> {
  return nights.flatMap((night) => {
    const problem = checkShift(night.startTimeLocal, night.endTimeLocal, limits)
    return problem ? [{ date: night.date, message: shiftProblemMessage(problem, limits) }] : []
  })
}

export type Shift = Pick<NightRequest, 'startTimeLocal' | 'endTimeLocal'>

/**
 * The shift /book offers for a night before the family changes it (issue 38): the nurse's own
 * published hours for that night when they fit her limits, else the link's 8 PM start for as long
 * as her limits allow of its 12 hours (a nurse of 8 to 10 hours: 8 PM – 6 AM). Always fits.
 */
export function defaultShift(published: Shift | null | undefined, limits: NurseShiftLimits): Shift {
  if (published && !checkShift(published.startTimeLocal, published.endTimeLocal, limits)) {
    return { startTimeLocal: published.startTimeLocal, endTimeLocal: published.endTimeLocal }
  }
  const hours = Math.min(Math.max(LINK_DEFAULT_HOURS, limits.minHours), limits.maxHours)
  const [h, m] = LINK_DEFAULT_TIMES.startTimeLocal.split(':').map(Number)
  const end = (h * 60 + m + Math.round(hours * 60)) % (24 * 60)
  const endTimeLocal = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`
  return { startTimeLocal: LINK_DEFAULT_TIMES.startTimeLocal, endTimeLocal }
}

/** The first night whose shift does not fit: equal times, or outside the nurse's hours (docs/time.md). */
export function findShiftProblem(
  nights: readonly NightRequest[],
  limits: NurseShiftLimits,
): { date: string; message: string } | null {
  for (const night of nights) {
    const problem = checkShift(night.startTimeLocal, night.endTimeLocal, limits)
    if (problem) return { date: night.date, message: shiftProblemMessage(problem, limits) }
  }
  return null
}

export interface TimedNight extends NightRequest {
  startsAt: Date
  endsAt: Date
}

export function withInstants(nights: readonly NightRequest[], timeZone: string): TimedNight[] {
  return nights.map((night) => ({
    ...night,
    ...nightInstants(night.date, night.startTimeLocal, night.endTimeLocal, timeZone),
  }))
}

export function rangesOverlap(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) {
  // Half-open ranges, like the exclusion constraint's tstzrange: 08:00 end meets 08:00 start.
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt
}

/**
 * The nights that cannot be booked: not a published open night of the nurse, already started or
 * in the past (judged in the nurse's time zone), or overlapping a night already
 * booked. Sorted dates, each once.
 */
export function findUnavailableNights(input: {
  nights: readonly TimedNight[]
  openDates: ReadonlySet<string>
  booked: ReadonlyArray<{ startsAt: Date; endsAt: Date }>
  timeZone: string
  now: Date
}): string[] {
  const today = localToday(input.timeZone, input.now)
  const unavailable = new Set<string>()
  for (const night of input.nights) {
    if (
      !input.openDates.has(night.date) ||
      night.date < today ||
      night.startsAt.getTime() <= input.now.getTime() ||
      input.booked.some((taken) => rangesOverlap(night, taken))
    ) {
      unavailable.add(night.date)
    }
  }
  return [...unavailable].sort()
}

/**
 * The local dates whose nights could overlap these nights: each night's date and the dates on
 * either side (a night ends the next morning at the latest, since a shift is at most 24 hours).
 * Reading the live nights of these dates needs no time zone, so it can be asked for before the
 * nurse's row comes back; the overlap itself is then judged by instants (rangesOverlap).
 */
export function clashCandidateDates(nights: ReadonlyArray<{ date: string }>): string[] {
  const dates = new Set<string>()
  for (const night of nights) {
    dates.add(addDays(night.date, -1))
    dates.add(night.date)
    dates.add(addDays(night.date, 1))
  }
  return [...dates].sort()
}

export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * 60 * 1000)
}

/** Names nights in a message: 'Sat, Nov 28, 2026; Sun, Nov 29, 2026' (the dates hold commas). */
export function nameNights(dates: readonly string[]): string {
  return dates.map(formatNightDate).join('; ')
}
