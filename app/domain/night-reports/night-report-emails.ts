// The morning night report's e-mails (issue 16): the report itself to the family, and the nurse's
// one reminder when a night has none 12 hours after it ended. Pure: the origin is passed in, and
// `t` (the `emails` catalogue) writes them in the reader's language.
import type { Translate } from '~/i18n/translate'
import type { NightReportFeed, NightReportSleep } from '../../db/schema'
import { formatNightDate, formatTime12 } from '../time/shift-times'
import {
  FEED_KINDS,
  formatClock,
  formatDuration,
  formatOunces,
  inNightOrder,
  REPORT_WINDOW_DAYS,
  reportSummary,
  sleepMinutes,
  type ReportContent,
} from './night-report-rules'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { nightTimeLabel, type EmailNight } from '../bookings/parent-emails'

const trimOrigin = (origin: string) => origin.replace(/\/$/, '')

/** '2 h 30 min'; the same words in Spanish. */
function duration(minutes: number, t?: Translate): string {
  if (!t) return formatDuration(minutes)
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return t('report.minutes', { minutes: rest })
  return rest === 0 ? t('report.hours', { hours }) : t('report.hoursMinutes', { hours, minutes: rest })
}

/** '2:30 AM: Formula, 4 oz'; without `t`, English (the PDF of a report and the page share it). */
export function feedLine(feed: NightReportFeed, t?: Translate): string {
  const amount = feed.ounces !== null && feed.kind !== 'nursing' ? `, ${formatOunces(feed.ounces)} oz` : ''
  if (!t) return `${formatClock(feed.time)}: ${FEED_KINDS[feed.kind]}${amount}`
  return `${formatTime12(feed.time)}: ${t(`report.feedKind.${feed.kind}`)}${amount}`
}

export function sleepLine(sleep: NightReportSleep, t?: Translate): string {
  if (!t) return `${formatClock(sleep.from)} – ${formatClock(sleep.to)} (${formatDuration(sleepMinutes(sleep))})`
  return `${formatTime12(sleep.from)} – ${formatTime12(sleep.to)} (${duration(sleepMinutes(sleep), t)})`
}

/** '3 feeds (8 oz) · 4 diapers · longest sleep 2 h 30 min', in the reader's language. */
export function summaryLine(report: ReportContent, t?: Translate): string {
  if (!t) return reportSummary(report)
  const ounces = report.feeds.reduce((sum, feed) => sum + (feed.ounces ?? 0), 0)
  const diapers = report.wetDiapers + report.dirtyDiapers
  const parts = [
    `${t('report.feeds', { count: report.feeds.length })}${ounces > 0 ? ` (${formatOunces(ounces)} oz)` : ''}`,
    t('report.diapers', { count: diapers }),
  ]
  const longest = Math.max(0, ...report.sleeps.map(sleepMinutes))
  if (longest > 0) parts.push(t('report.longestSleep', { duration: duration(longest, t) }))
  return parts.join(' · ')
}

/** To the family: the nurse's report of their night. */
export function nightReportEmail(
  input: {
    origin: string
    parentName: string
    nurseName: string
    bookingId: number
    night: EmailNight
    report: { feeds: NightReportFeed[]; wetDiapers: number; dirtyDiapers: number; sleeps: NightReportSleep[]; notes: string }
  },
  t: Translate,
): EmailContent {
  const date = formatNightDate(input.night.date)
  const { report } = input
  const feeds = inNightOrder(report.feeds, (feed) => feed.time, input.night.startTimeLocal)
  const sleeps = inNightOrder(report.sleeps, (sleep) => sleep.from, input.night.startTimeLocal)
  return renderEmail(
    {
      subject: t('report.subject', { date, nurse: input.nurseName }),
      heading: t('report.heading', { date }),
      paragraphs: [
        t('report.hi', { name: input.parentName, nurse: input.nurseName, time: nightTimeLabel(input.night), summary: summaryLine(report, t) }),
        ...(report.notes ? [t('report.note', { nurse: input.nurseName, note: report.notes })] : []),
      ],
      details: [
        ...feeds.map((feed, i): [string, string] => [t('report.feedNumber', { number: i + 1 }), feedLine(feed, t)]),
        [t('report.diapersLabel'), t('report.diapersValue', { wet: report.wetDiapers, dirty: report.dirtyDiapers })],
        ...sleeps.map((sleep, i): [string, string] => [t('report.sleepNumber', { number: i + 1 }), sleepLine(sleep, t)]),
      ],
      action: { label: t('report.action'), url: `${trimOrigin(input.origin)}/parent/bookings/${input.bookingId}#night-reports` },
      footer: t('report.footer'),
    },
    t,
  )
}

/** To the nurse: a night ended 12 hours ago and has no report yet. Sent once. */
export function nightReportReminderEmail(
  input: {
    origin: string
    nurseName: string
    parentFirstName: string
    night: EmailNight
    occurrenceId: number
  },
  t: Translate,
): EmailContent {
  const date = formatNightDate(input.night.date)
  return renderEmail(
    {
      subject: t('reportReminder.subject', { date }),
      heading: t('reportReminder.heading'),
      paragraphs: [
        t('reportReminder.hi', { name: input.nurseName, first: input.parentFirstName, date }),
        t('reportReminder.takes', { days: REPORT_WINDOW_DAYS }),
      ],
      details: [
        [t('label.night'), date],
        [t('label.time'), nightTimeLabel(input.night)],
      ],
      action: { label: t('reportReminder.action'), url: `${trimOrigin(input.origin)}/nurse/reports/${input.occurrenceId}` },
      footer: t('reportReminder.footer'),
    },
    t,
  )
}
