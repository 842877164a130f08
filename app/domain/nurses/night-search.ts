// Search by nights (issue 17, decision 0035): a family asks for the nights it needs (a date range,
// optionally only some weekdays, optionally only so many nights a week) and finds the nurses with
// every one of them open, then those with most of them. Pure and safe in the browser: the search's
// SQL counts what `chooseNights` would pick, and the profile and /book links carry what it picks.
import { mondayOf } from './booking-limits'
import { addDays, formatNightDate, isValidDate } from '../time/shift-times'
import type { Translate } from '~/i18n/translate'

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
}

/** A search covers at most this many nights, a season of newborn care. */
export const MAX_SEARCH_NIGHTS = 92

/** What the family asked for. No weekdays means every night; no nights a week means all of them. */
export interface WantedNights {
  from: string
  to: string
  weekdays: readonly Weekday[]
  nightsPerWeek?: number
}

/** The nights of one week (Monday to Sunday, as the nurse's weekly limit counts them). */
export interface WantedWeek {
  monday: string
  /** The week's requested nights, in order. */
  dates: string[]
  /** How many of them the family needs. */
  need: number
}

export interface NightsPlan {
  wanted: WantedNights
  /** Every requested night, in order. */
  dates: string[]
  weeks: WantedWeek[]
  /** The nights the family needs in all: every requested night, or so many a week. */
  required: number
  /** A nurse with at least this many of them open is in the second group, 'most of your nights'. */
  threshold: number
  /** The Monday of the first week: the weeks are numbered from it (0, 1, …). */
  firstMonday: string
}

function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay()
  return WEEKDAYS[(day + 6) % 7]
}

/** The nights between `from` and `to` (both included) on the chosen weekdays. */
export function requestedDates(wanted: Pick<WantedNights, 'from' | 'to' | 'weekdays'>): string[] {
  const days = new Set(wanted.weekdays.length > 0 ? wanted.weekdays : WEEKDAYS)
  const dates: string[] = []
  if (!isValidDate(wanted.from) || !isValidDate(wanted.to)) return dates
  for (let date = wanted.from; date <= wanted.to && dates.length <= MAX_SEARCH_NIGHTS; date = addDays(date, 1)) {
    if (days.has(weekdayOf(date))) dates.push(date)
  }
  return dates
}

/** The nights asked for, week by week, and how many a nurse needs open to be shown. */
export function planNights(wanted: WantedNights): NightsPlan {
  const dates = requestedDates(wanted)
  const byWeek = new Map<string, string[]>()
  for (const date of dates) {
    const monday = mondayOf(date)
    byWeek.set(monday, [...(byWeek.get(monday) ?? []), date])
  }
  const weeks = [...byWeek.entries()].map(([monday, weekDates]) => ({
    monday,
    dates: weekDates,
    need: Math.min(wanted.nightsPerWeek ?? weekDates.length, weekDates.length),
  }))
  const required = weeks.reduce((sum, week) => sum + week.need, 0)
  return {
    wanted,
    dates,
    weeks,
    required,
    // The second group is every nurse open on at least one of the nights, most nights first: a
    // family may share a long stretch between nurses (issue 38). One night has no second group.
    threshold: required <= 1 ? required : 1,
    firstMonday: mondayOf(wanted.from),
  }
}

/**
 * The nights of the plan a nurse would take: in each week, the first `need` of the requested
 * nights that are open, no more than the week still has room for under her weekly limit.
 */
export function chooseNights(
  plan: NightsPlan,
  open: ReadonlySet<string>,
  roomInWeek: (monday: string) => number = () => Infinity,
): string[] {
  return plan.weeks.flatMap((week) => {
    const take = Math.max(0, Math.min(week.need, roomInWeek(week.monday)))
    return week.dates.filter((date) => open.has(date)).slice(0, take)
  })
}

/** 'Open all 6 of your nights' or 'Open 4 of your 6 nights'; with `t` (of `common`), in its language. */
export function matchLabel(open: number, required: number, t?: Translate): string {
  if (t) return open >= required ? t('search.openAll', { required }) : t('search.openSome', { open, required })
  if (open >= required) return required === 1 ? 'Open on your night' : `Open all ${required} of your nights`
  return `Open ${open} of your ${required} nights`
}

function weekdayList(weekdays: readonly Weekday[], t?: Translate): string {
  if (t) {
    const days = WEEKDAYS.filter((day) => weekdays.includes(day)).map((day) => t(`search.weekdays.${day}`))
    if (days.length <= 1) return days.join('')
    return t('search.weekdayList', { first: days.slice(0, -1).join(', '), last: days[days.length - 1] })
  }
  const names = WEEKDAYS.filter((day) => weekdays.includes(day)).map((day) => `${WEEKDAY_NAMES[day]}s`)
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** 'Tue, Dec 1 – Mon, Dec 14, Mondays and Fridays, 2 nights a week'. */
export function describeWanted(wanted: WantedNights, t?: Translate): string {
  const range = wanted.from === wanted.to ? formatNightDate(wanted.from) : `${formatNightDate(wanted.from)} – ${formatNightDate(wanted.to)}`
  const parts = [range]
  if (wanted.weekdays.length > 0 && wanted.weekdays.length < WEEKDAYS.length) parts.push(weekdayList(wanted.weekdays, t))
  if (wanted.nightsPerWeek) {
    parts.push(t ? t('search.nightsAWeek', { count: wanted.nightsPerWeek }) : `${wanted.nightsPerWeek} ${wanted.nightsPerWeek === 1 ? 'night' : 'nights'} a week`)
  }
  return parts.join(', ')
}

/** The query string that carries the nights from a search to a profile (and back): from, to, weekdays, nightsPerWeek. */
export function wantedNightsParams(wanted: WantedNights | null | undefined): URLSearchParams {
  const params = new URLSearchParams()
  if (!wanted) return params
  params.set('from', wanted.from)
  params.set('to', wanted.to)
  if (wanted.weekdays.length > 0) params.set('weekdays', WEEKDAYS.filter((day) => wanted.weekdays.includes(day)).join(','))
  if (wanted.nightsPerWeek) params.set('nightsPerWeek', String(wanted.nightsPerWeek))
  return params
}

/** A nurse's profile path, with the nights searched for when there are some. */
export function profilePath(slug: string, wanted?: WantedNights | null): string {
  const query = wantedNightsParams(wanted).toString().replace(/%2C/g, ',')
  return query ? `/nurse/${slug}?${query}` : `/nurse/${slug}`
}

/** The earliest night a search may start on: today somewhere in the United States. */
export function searchableFrom(now: Date): string {
  // Hawaii is the last US time zone to reach a date: before its today, a night is past everywhere.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Honolulu' }).format(now)
}
