// Booking rules (DESIGN.md §5, §6.1, §6.11, §7; spec 000 §4, §5, §9). Pure: the clock and the
// nurse's data are passed in, so the /book page, the server and the tests share one definition.
import { addDays, checkShift, formatNightDate, localToday, nightInstants, shiftProblemMessage } from './shift-times'

/** An unpaid booking holds its nights this long (DESIGN.md §6.11). */
export const HOLD_MINUTES = 30
/** A weekly series runs for at most a year. */
export const MAX_WEEKS = 52
/** Upper bound on nights in one booking, so one request cannot insert thousands of rows. */
export const MAX_NIGHTS = 120

/** Times for dates picked on a profile, and for nights added in the form (spec 000 §9). */
export const LINK_DEFAULT_TIMES = { startTimeLocal: '20:00', endTimeLocal: '08:00' } as const
export const FORM_DEFAULT_TIMES = { startTimeLocal: '22:00', endTimeLocal: '06:00' } as const
/** Weeks shown when weekly repeat is turned on in the form; a booking from the link is 1 week. */
export const FORM_DEFAULT_WEEKS = 4

export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

export const OCCURRENCE_STATUSES = ['scheduled', 'confirmed', 'pending', 'completed', 'cancelled', 'no_show'] as const
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number]

const OCCURRENCE_LABELS: Record<OccurrenceStatus, string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No show',
}

/** Any status the app does not know displays 'Unknown' (spec 000 §4). */
export function occurrenceStatusLabel(status: string): string {
  return (OCCURRENCE_LABELS as Record<string, string>)[status] ?? 'Unknown'
}

export interface NightRequest {
  date: string
  startTimeLocal: string
  endTimeLocal: string
}

export interface NurseShiftLimits {
  minHours: number
  maxHours: number
}

/** '#NN-000042' (spec 000 §2 'Booking Confirmed!'). */
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

/** The first night whose shift does not fit: equal times, or outside the nurse's hours (§6.1). */
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
 * in the past (judged in the nurse's time zone, DESIGN.md §7), or overlapping a night already
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
