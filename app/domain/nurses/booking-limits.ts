// A nurse's booking limits (issue 17). Pure: the booking checks them under the nurse's lock; her
// open nights hide what the notice rules out; the tests read them directly.
// - Minimum notice: a night starting within `minNoticeHours` of now cannot be booked.
// - Nights a week: at most `maxNightsPerWeek` live nights in a week, Monday to Sunday (by the
//   nights' own dates), her other bookings counted.
import { addDays, formatNightDate } from '../time/shift-times'

export function nightsTooSoon(nights: ReadonlyArray<{ date: string; startsAt: Date }>, minNoticeHours: number, now: Date): string[] {
  if (minNoticeHours <= 0) return []
  const earliest = now.getTime() + minNoticeHours * 60 * 60 * 1000
  return nights.filter((night) => night.startsAt.getTime() < earliest).map((night) => night.date)
}

export function noticeMessage(minNoticeHours: number, dates: readonly string[]): string {
  return `This nurse needs ${minNoticeHours} hours' notice: ${dates.map(formatNightDate).join(', ')} ${dates.length === 1 ? 'starts' : 'start'} too soon.`
}

/** The Monday of a date's week. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay()
  return addDays(date, weekday === 0 ? -6 : 1 - weekday)
}

/** The Mondays of the weeks these dates fall in. */
export function weeksOf(dates: readonly string[]): string[] {
  return [...new Set(dates.map(mondayOf))].sort()
}

/** The weeks (their Mondays) with more nights than the nurse accepts. */
export function overfullWeeks(dates: readonly string[], maxNightsPerWeek: number): string[] {
  const counts = new Map<string, number>()
  for (const date of new Set(dates)) counts.set(mondayOf(date), (counts.get(mondayOf(date)) ?? 0) + 1)
  return [...counts.entries()].filter(([, count]) => count > maxNightsPerWeek).map(([monday]) => monday).sort()
}

export function weekLimitMessage(maxNightsPerWeek: number, mondays: readonly string[]): string {
  return `This nurse takes at most ${maxNightsPerWeek} night${maxNightsPerWeek === 1 ? '' : 's'} a week: the week of ${mondays.map(formatNightDate).join(', ')} would have more.`
}
