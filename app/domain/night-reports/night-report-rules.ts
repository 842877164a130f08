// The morning night report (issue 16). Pure: the nurse's form, the parent's pages, the e-mail, the
// PDF and the reminder job all read these rules.
//
// - A report can be written once the night has started (a nurse may note feeds as they happen) and
//   until 7 days after it ended; within that window she can correct it.
// - Only a night that went ahead can have one: a worked night of a paid booking (life-cycle.ts),
//   never a cancelled or unpaid one.
// - A night that ended 12 hours ago with no report reminds its nurse, once.
// - Times are the night's own local times (the nurse's zone), 'HH:MM'; a sleep stretch that ends
//   at an earlier clock time than it began ran past midnight.
import type { NightReportFeed, NightReportSleep, nightReports } from '../../db/schema'
import { isPaidBooking, isWorkedNight } from '../bookings/life-cycle'
import { formatTime12 } from '../time/shift-times'
import type { Translate } from '~/i18n/translate'

/** A report with its night, as the family's pages, e-mail and PDF show it. */
export interface ParentNightReport extends ReportContent {
  id: number
  occurrenceId: number
  bookingId: number
  date: string
  startTimeLocal: string
  endTimeLocal: string
  createdAt: Date
  updatedAt: Date
}
export type NightReportRecord = typeof nightReports.$inferSelect

export const REPORT_WINDOW_DAYS = 7
export const REPORT_REMINDER_AFTER_HOURS = 12
export const MAX_FEEDS = 12
export const MAX_SLEEPS = 12
/** How many empty rows the form offers (it works without JavaScript: no 'add a row' button needed). */
export const FEED_ROWS = 6
export const SLEEP_ROWS = 4

const HOUR_MS = 60 * 60 * 1000

/** A night's shift, in its local clock times ('21:00' to '07:00' runs past midnight). */
export interface NightShift {
  startTimeLocal: string
  endTimeLocal: string
}

/** Is this clock time within the night, its first and last minute included? */
export function isWithinNight(time: string, night: NightShift): boolean {
  const start = minutesOf(night.startTimeLocal)
  const length = (minutesOf(night.endTimeLocal) - start + 24 * 60) % (24 * 60) || 24 * 60
  return (minutesOf(time) - start + 24 * 60) % (24 * 60) <= length
}

/** 'This time is outside the night (9:00 PM – 7:00 AM)'. */
export function outsideNightMessage(night: NightShift): string {
  return `This time is outside the night (${formatTime12(night.startTimeLocal)} – ${formatTime12(night.endTimeLocal)})`
}

// Short enough for a phone's select: a bottle of breast milk, a bottle of formula, or nursed.
export const FEED_KINDS = {
  breast_milk: 'Breast milk',
  formula: 'Formula',
  nursing: 'Nursed',
} as const satisfies Record<NightReportFeed['kind'], string>

export interface ReportableNight {
  status: string
  startsAt: Date
  endsAt: Date
}

const NOT_WENT_AHEAD = 'Only a night that went ahead can have a report.'

/** Why this night's report cannot be written now, or null when it can. */
export function reportProblem(bookingStatus: string, night: ReportableNight, now: Date): string | null {
  if (!isPaidBooking(bookingStatus) || !isWorkedNight(night.status)) return NOT_WENT_AHEAD
  if (now.getTime() < night.startsAt.getTime()) return 'The report can be written once the night has started.'
  if (now.getTime() > reportClosesAt(night).getTime()) return `Reports can be written until ${REPORT_WINDOW_DAYS} days after the night.`
  return null
}

export type FilingDecision = 'file' | 'already-received'

/**
 * A filing the nurse's phone sends again (the connection dropped before the answer came, or the
 * report waited on the phone and is sent once more) carries the key of the filing that was
 * applied: it is answered as received, and nothing is saved or e-mailed twice. A filing without a
 * key (a browser without JavaScript) or with a new one is filed (docs/decisions/0074).
 */
export function filingDecision(storedKey: string | null | undefined, key: string | null | undefined): FilingDecision {
  return key && storedKey === key ? 'already-received' : 'file'
}

export function reportClosesAt(night: Pick<ReportableNight, 'endsAt'>): Date {
  return new Date(night.endsAt.getTime() + REPORT_WINDOW_DAYS * 24 * HOUR_MS)
}

/** When a night with no report reminds its nurse. */
export function reportReminderAt(night: Pick<ReportableNight, 'endsAt'>): Date {
  return new Date(night.endsAt.getTime() + REPORT_REMINDER_AFTER_HOURS * HOUR_MS)
}

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/** A sleep stretch's length in minutes; past midnight when it ends at an earlier clock time. */
export function sleepMinutes(sleep: NightReportSleep): number {
  const length = minutesOf(sleep.to) - minutesOf(sleep.from)
  return length >= 0 ? length : length + 24 * 60
}

/** '3 h 10 min', '45 min' */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

/** '2:30 AM' from '02:30'. */
export function formatClock(time: string): string {
  const [hours, minutes] = time.split(':').map(Number)
  const suffix = hours < 12 ? 'AM' : 'PM'
  const hour = hours % 12 === 0 ? 12 : hours % 12
  return `${hour}:${String(minutes).padStart(2, '0')} ${suffix}`
}

export interface ReportContent {
  feeds: NightReportFeed[]
  wetDiapers: number
  dirtyDiapers: number
  sleeps: NightReportSleep[]
  notes: string
}

/**
 * The report in one line, for lists and e-mail subjects: '3 feeds (8 oz) · 4 diapers · longest
 * sleep 3 h 10 min'. With `t` (the `parent` namespace) in the reader's language; English without.
 */
export function reportSummary(report: ReportContent, t?: Translate): string {
  const ounces = report.feeds.reduce((sum, feed) => sum + (feed.ounces ?? 0), 0)
  const diapers = report.wetDiapers + report.dirtyDiapers
  const longest = Math.max(0, ...report.sleeps.map(sleepMinutes))
  if (t) {
    const parts = [
      ounces > 0
        ? t('report.summaryFeedsOunces', { count: report.feeds.length, ounces: formatOunces(ounces) })
        : t('report.summaryFeeds', { count: report.feeds.length }),
      t('report.summaryDiapers', { count: diapers }),
    ]
    if (longest > 0) parts.push(t('report.summaryLongestSleep', { duration: formatDuration(longest) }))
    return parts.join(' · ')
  }
  const parts = [
    `${report.feeds.length} feed${report.feeds.length === 1 ? '' : 's'}${ounces > 0 ? ` (${formatOunces(ounces)} oz)` : ''}`,
    `${diapers} diaper${diapers === 1 ? '' : 's'}`,
  ]
  if (longest > 0) parts.push(`longest sleep ${formatDuration(longest)}`)
  return parts.join(' · ')
}

export function formatOunces(ounces: number): string {
  return Number.isInteger(ounces) ? String(ounces) : ounces.toFixed(1)
}

/** Feeds and sleeps in the order of the night: clock times from the night's start, past midnight after. */
export function inNightOrder<T>(items: readonly T[], timeOf: (item: T) => string, nightStart: string): T[] {
  const start = minutesOf(nightStart)
  const key = (item: T) => (minutesOf(timeOf(item)) - start + 24 * 60) % (24 * 60)
  return [...items].sort((a, b) => key(a) - key(b))
}
