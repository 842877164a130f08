// A nurse's weekly pattern and time off (issue 17). Pure: the page, the domain and the tests.
//
// - A weekly pattern publishes every chosen weekday between two dates (within the 11-month window),
//   at one start and end time and one rate, on top of the nights already published.
// - Time off unpublishes the open nights between two dates. Booked nights are never touched: they
//   stay on the calendar, and the nurse is told which.
import type { Translate } from '~/i18n/translate'
import { addDays, formatNightDate } from '../time/shift-times'
import { availabilityWindow, nameDates } from './nurse-profile'

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** 0 = Sunday … 6 = Saturday, for a calendar date (no time zone can move it). */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay()
}

/** The dates from `from` to `to` (both included) falling on the chosen weekdays, kept within the publishing window. */
export function patternDates(input: { from: string; to: string; weekdays: readonly number[]; today: string }): string[] {
  const { first, last } = availabilityWindow(input.today)
  const start = input.from < first ? first : input.from
  const end = input.to > last ? last : input.to
  const days = new Set(input.weekdays)
  const dates: string[] = []
  for (let date = start; date <= end; date = addDays(date, 1)) if (days.has(weekdayOf(date))) dates.push(date)
  return dates
}

/** What time off leaves: the published nights outside the range, and the booked nights inside it (which stay). */
export function planTimeOff(input: { published: readonly string[]; booked: readonly string[]; from: string; to: string }) {
  const inRange = (date: string) => date >= input.from && date <= input.to
  return {
    keep: input.published.filter((date) => !inRange(date)),
    removed: input.published.filter((date) => inRange(date) && !input.booked.includes(date)),
    bookedStaying: input.booked.filter(inRange).sort(),
  }
}

/** With `t` (the nurse namespace) in the reader's language; dates follow it already. */
export function timeOffMessage(removed: number, bookedStaying: readonly string[], t?: Translate): string {
  if (t) {
    const saved = t('pattern.timeOffSaved', { removed })
    if (bookedStaying.length === 0) return saved
    return `${saved} ${t('pattern.bookedStay', { dates: nameDates(bookedStaying, t), count: bookedStaying.length })}`
  }
  const nights = `${removed} open night${removed === 1 ? '' : 's'} removed`
  if (bookedStaying.length === 0) return `Time off saved: ${nights}.`
  return `Time off saved: ${nights}. ${nameDates(bookedStaying)} ${bookedStaying.length === 1 ? 'is' : 'are'} booked by a family and stay${bookedStaying.length === 1 ? 's' : ''} on your calendar.`
}

export function patternMessage(count: number, from: string, to: string, t?: Translate): string {
  if (t) return t('pattern.published', { count, from: formatNightDate(from), to: formatNightDate(to) })

  return `${count} night${count === 1 ? '' : 's'} published from ${formatNightDate(from)} to ${formatNightDate(to)}.`
}
