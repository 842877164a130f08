// The morning night report's e-mails (issue 16): the report itself to the family, and the nurse's
// one reminder when a night has none 12 hours after it ended. Pure: the origin is passed in.
import type { NightReportFeed, NightReportSleep } from '../../db/schema'
import { formatNightDate } from '../time/shift-times'
import {
  FEED_KINDS,
  formatClock,
  formatDuration,
  formatOunces,
  inNightOrder,
  REPORT_WINDOW_DAYS,
  reportSummary,
  sleepMinutes,
} from './night-report-rules'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { nightTimeLabel, type EmailNight } from '../bookings/parent-emails'

const trimOrigin = (origin: string) => origin.replace(/\/$/, '')

export function feedLine(feed: NightReportFeed): string {
  const amount = feed.ounces !== null && feed.kind !== 'nursing' ? `, ${formatOunces(feed.ounces)} oz` : ''
  return `${formatClock(feed.time)}: ${FEED_KINDS[feed.kind]}${amount}`
}

export function sleepLine(sleep: NightReportSleep): string {
  return `${formatClock(sleep.from)} – ${formatClock(sleep.to)} (${formatDuration(sleepMinutes(sleep))})`
}

/** To the family: the nurse's report of their night. */
export function nightReportEmail(input: {
  origin: string
  parentName: string
  nurseName: string
  bookingId: number
  night: EmailNight
  report: { feeds: NightReportFeed[]; wetDiapers: number; dirtyDiapers: number; sleeps: NightReportSleep[]; notes: string }
}): EmailContent {
  const date = formatNightDate(input.night.date)
  const { report } = input
  const feeds = inNightOrder(report.feeds, (feed) => feed.time, input.night.startTimeLocal)
  const sleeps = inNightOrder(report.sleeps, (sleep) => sleep.from, input.night.startTimeLocal)
  return renderEmail({
    subject: `Night report: ${date} with ${input.nurseName}`,
    heading: `How the night of ${date} went`,
    paragraphs: [
      `Hi ${input.parentName}, ${input.nurseName} wrote the report of your night (${nightTimeLabel(input.night)}): ${reportSummary(report)}.`,
      ...(report.notes ? [`${input.nurseName}'s note: ${report.notes}`] : []),
    ],
    details: [
      ...feeds.map((feed, i): [string, string] => [`Feed ${i + 1}`, feedLine(feed)]),
      ['Diapers', `${report.wetDiapers} wet, ${report.dirtyDiapers} dirty`],
      ...sleeps.map((sleep, i): [string, string] => [`Sleep ${i + 1}`, sleepLine(sleep)]),
    ],
    action: { label: 'See it on your booking', url: `${trimOrigin(input.origin)}/parent/bookings/${input.bookingId}#night-reports` },
    footer: 'You receive this because you booked this night on Nightlight. You can turn night report e-mails off in your notification settings.',
  })
}

/** To the nurse: a night ended 12 hours ago and has no report yet. Sent once. */
export function nightReportReminderEmail(input: {
  origin: string
  nurseName: string
  parentFirstName: string
  night: EmailNight
  occurrenceId: number
}): EmailContent {
  const date = formatNightDate(input.night.date)
  return renderEmail({
    subject: `Night report to write: ${date}`,
    heading: 'The family is waiting for your night report',
    paragraphs: [
      `Hi ${input.nurseName}, ${input.parentFirstName}'s family has not had the report of the night of ${date} yet.`,
      `It takes under a minute: feeds, diapers, sleep and a note. You can write it until ${REPORT_WINDOW_DAYS} days after the night.`,
    ],
    details: [
      ['Night', date],
      ['Time', nightTimeLabel(input.night)],
    ],
    action: { label: 'Write the report', url: `${trimOrigin(input.origin)}/nurse/reports/${input.occurrenceId}` },
    footer: 'You receive this because you were the nurse of this night on Nightlight.',
  })
}
