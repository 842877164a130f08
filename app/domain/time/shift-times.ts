// Nights and their times (docs/time.md). A night's date is a local date in the nurse's time
// zone; times are HH:mm on a 30-minute grid; an end earlier than the start ends the next morning.
// Plain functions without dayjs, so the pages that only name dates and times do not load it (issue
// 13); the instants of a night in a time zone are ./night-instants. Names of days, months and zones
// are in the current language (app/i18n/current-language.ts).
import { MONTH_NAMES, SHORT_MONTH_NAMES, SHORT_WEEKDAY_NAMES } from '~/i18n/calendar-words'
import { currentLanguage } from '~/i18n/current-language'

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** The 48 half-hour options of the time pickers. */
export const HALF_HOUR_OPTIONS: readonly string[] = Array.from({ length: 48 }, (_, i) => {
  const hours = String(Math.floor(i / 2)).padStart(2, '0')
  return `${hours}:${i % 2 === 0 ? '00' : '30'}`
})

// Calendar arithmetic on yyyy-MM-dd dates is plain UTC date arithmetic: no parsing with a format,
// no time zone. It runs for every day of a nurse's eleven-month window on each render of their
// dashboard, where dayjs's parse-with-format cost ten times as much (docs/decisions/0024).
/** The UTC midnight of a yyyy-MM-dd date, days later; null when the text is not such a date. */
function utcDay(date: string, days = 0): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return null
  const day = new Date(0)
  day.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days)
  return day
}

function isoDate(day: Date): string {
  const year = String(day.getUTCFullYear()).padStart(4, '0')
  return `${year}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${String(day.getUTCDate()).padStart(2, '0')}`
}

export function isValidDate(value: string): boolean {
  const day = utcDay(value)
  return day !== null && isoDate(day) === value
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number)
  return h * 60 + m
}

/** Length of a shift in minutes; an end before the start runs past midnight. 0 when equal. */
export function shiftMinutes(startTimeLocal: string, endTimeLocal: string): number {
  const start = minutesOf(startTimeLocal)
  const end = minutesOf(endTimeLocal)
  if (end === start) return 0
  return end > start ? end - start : 24 * 60 - start + end
}

export type ShiftProblem = 'same' | 'too-short' | 'too-long'

export function checkShift(
  startTimeLocal: string,
  endTimeLocal: string,
  limits: { minHours: number; maxHours: number },
): ShiftProblem | null {
  const minutes = shiftMinutes(startTimeLocal, endTimeLocal)
  if (minutes === 0) return 'same'
  if (minutes < limits.minHours * 60) return 'too-short'
  if (minutes > limits.maxHours * 60) return 'too-long'
  return null
}

export function shiftProblemMessage(problem: ShiftProblem, limits: { minHours: number; maxHours: number }) {
  if (problem === 'same') return 'End time must be after start time'
  return `This nurse works shifts of ${limits.minHours} to ${limits.maxHours} hours`
}

/** Whether a shift's end time falls on the next morning (an end at or before the start). */
export function endsNextDay(startTimeLocal: string, endTimeLocal: string): boolean {
  return minutesOf(endTimeLocal) <= minutesOf(startTimeLocal)
}

// dayjs's tz() builds a new Intl formatter on every call (a millisecond each, on every booking
// request); one formatter per zone, kept, answers the same.
const dateFormatters = new Map<string, Intl.DateTimeFormat>()

function dateFormatterFor(timeZone: string) {
  let formatter = dateFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dateFormatters.set(timeZone, formatter)
  }
  return formatter
}

/** Today's date in a time zone, as yyyy-MM-dd. */
export function localToday(timeZone: string, now: Date): string {
  const parts = dateFormatterFor(timeZone).formatToParts(now)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

export function addDays(date: string, days: number): string {
  const day = utcDay(date, days)
  return day ? isoDate(day) : 'Invalid Date'
}

/** 12-hour label for a HH:mm value ('21:00' → '9:00 PM', in Spanish '9:00 p.m.'). */
export function formatTime12(time: string): string {
  const [h, m] = time.split(':').map(Number)
  const spanish = currentLanguage() === 'es'
  const suffix = h < 12 ? (spanish ? 'a.m.' : 'AM') : spanish ? 'p.m.' : 'PM'
  const hour = h % 12 === 0 ? 12 : h % 12
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`
}

/** 'Sat, Nov 28, 2026' for a local date; 'sáb, 28 nov 2026' in Spanish. */
export function formatNightDate(date: string): string {
  const day = utcDay(date)
  if (!day) return 'Invalid Date'
  const language = currentLanguage()
  const weekday = SHORT_WEEKDAY_NAMES[language][day.getUTCDay()]
  if (language === 'es') return `${weekday}, ${day.getUTCDate()} ${SHORT_MONTH_NAMES.es[day.getUTCMonth()]} ${day.getUTCFullYear()}`
  return `${weekday}, ${MONTH_NAMES.en[day.getUTCMonth()].slice(0, 3)} ${day.getUTCDate()}, ${day.getUTCFullYear()}`
}

/** 'November 2026' for a local date; 'noviembre de 2026' in Spanish. */
export function formatMonthYear(date: string): string {
  const day = utcDay(date)
  if (!day) return 'Invalid Date'
  const language = currentLanguage()
  const month = MONTH_NAMES[language][day.getUTCMonth()]
  return language === 'es' ? `${month} de ${day.getUTCFullYear()}` : `${month} ${day.getUTCFullYear()}`
}

/** Items grouped under the month of their date ('November 2026'), months and items in the order given. */
export function groupByMonth<T>(items: Iterable<T>, dateOf: (item: T) => string): Array<[string, T[]]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const month = formatMonthYear(dateOf(item))
    const group = groups.get(month)
    if (group) group.push(item)
    else groups.set(month, [item])
  }
  return [...groups]
}

/** The date `months` calendar months later, on the same day or the month's last day (Jan 31 + 1 → Feb 28). */
export function addMonths(date: string, months: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return 'Invalid Date'
  const monthIndex = Number(match[1]) * 12 + Number(match[2]) - 1 + months
  const lastDay = new Date(0)
  lastDay.setUTCFullYear(Math.floor(monthIndex / 12), monthIndex % 12 + 1, 0)
  const day = new Date(0)
  day.setUTCFullYear(Math.floor(monthIndex / 12), monthIndex % 12, Math.min(Number(match[3]), lastDay.getUTCDate()))
  return isoDate(day)
}

// US zones by the name families use; the same text on the server and in every browser (no ICU
// differences to upset hydration). Arizona keeps Mountain Standard Time all year.
const US_ZONE_NAMES: Record<string, string> = {
  'America/New_York': 'Eastern time',
  'America/Detroit': 'Eastern time',
  'America/Indiana/Indianapolis': 'Eastern time',
  'America/Kentucky/Louisville': 'Eastern time',
  'America/Chicago': 'Central time',
  'America/Denver': 'Mountain time',
  'America/Boise': 'Mountain time',
  'America/Phoenix': 'Arizona time',
  'America/Los_Angeles': 'Pacific time',
  'America/Anchorage': 'Alaska time',
  'Pacific/Honolulu': 'Hawaii time',
}

const US_ZONE_NAMES_ES: Record<string, string> = {
  'Eastern time': 'hora del Este',
  'Central time': 'hora del Centro',
  'Mountain time': 'hora de la Montaña',
  'Arizona time': 'hora de Arizona',
  'Pacific time': 'hora del Pacífico',
  'Alaska time': 'hora de Alaska',
  'Hawaii time': 'hora de Hawái',
}

/** 'Eastern time' for America/New_York (in Spanish 'hora del Este'): what a family reads instead of an IANA id. */
export function timeZoneName(timeZone: string): string {
  const english = US_ZONE_NAMES[timeZone]
  const place = timeZone.split('/').pop()!.replace(/_/g, ' ')
  if (currentLanguage() === 'es') return english ? US_ZONE_NAMES_ES[english] : `hora de ${place}`
  return english ?? `${place} time`
}

/** 'CST', 'PDT', … as the zone stands at an instant (a night's start): daylight saving may differ
 * between the nights of a series. The e-mails label their times with it. */
export function timeZoneLabel(timeZone: string, at: Date | string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName')
  return part?.value ?? timeZone
}
