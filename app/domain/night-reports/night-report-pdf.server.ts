// A booking's night reports as one PDF (issue 16), for the family's records and their pediatrician:
// the receipts' letter style (platform/letter-pdf.server.ts), one block per night, more pages when
// the nights do not fit on one. The text is the same as the booking page's and the e-mail's, in the
// language of the person downloading it (the request's): the `documents` catalogue's words, the
// e-mail's lines of a feed and a sleep.
import { translator } from '~/i18n/i18n.server'
import { currentLanguage } from '~/i18n/current-language'
import { LANGUAGE_TAGS } from '~/i18n/languages'
import { formatBookingReference } from '../bookings/booking-rules'
import { formatNightDate, formatTime12, timeZoneName } from '../time/shift-times'
import { feedLine, sleepLine, summaryLine } from './night-report-emails'
import { BRAND, MUTED, startLetterPdf } from '../platform/letter-pdf.server'
import { inNightOrder, type ParentNightReport } from './night-report-rules'

export async function renderNightReportsPdf(input: {
  bookingId: number
  nurseName: string
  timezone: string
  reports: readonly ParentNightReport[]
  createdAt: Date
}): Promise<Uint8Array> {
  const t = translator('documents')
  const lines = translator('emails')
  const reference = formatBookingReference(input.bookingId)
  const pen = await startLetterPdf({
    title: t('nightReports.title', { reference }),
    subject: t('nightReports.subject', { reference, nurse: input.nurseName }),
    createdAt: input.createdAt,
    language: LANGUAGE_TAGS[currentLanguage()],
  })
  const { bold } = pen

  pen.paragraph('Nightlight', { font: bold, size: 20, color: BRAND })
  pen.paragraph(t('nightReports.heading', { reference }), { font: bold, size: 13 })
  pen.paragraph(t('nightReports.nurseLine', { nurse: input.nurseName, zone: timeZoneName(input.timezone) }), { size: 9, color: MUTED })
  pen.down(8)

  for (const report of input.reports) {
    pen.ensureRoom(80)
    pen.rule(6)
    pen.down(10)
    pen.paragraph(`${formatNightDate(report.date)}, ${formatTime12(report.startTimeLocal)} – ${formatTime12(report.endTimeLocal)}`, { font: bold, size: 12 })
    pen.paragraph(summaryLine(report, lines), { color: MUTED })
    for (const feed of inNightOrder(report.feeds, (item) => item.time, report.startTimeLocal)) {
      pen.paragraph(t('nightReports.feed', { line: feedLine(feed, lines) }), { indent: 10 })
    }
    pen.paragraph(t('nightReports.diapers', { wet: report.wetDiapers, dirty: report.dirtyDiapers }), { indent: 10 })
    for (const sleep of inNightOrder(report.sleeps, (item) => item.from, report.startTimeLocal)) {
      pen.paragraph(t('nightReports.sleep', { line: sleepLine(sleep, lines) }), { indent: 10 })
    }
    if (report.notes) for (const paragraph of report.notes.split(/\n+/)) pen.paragraph(paragraph, { indent: 10 })
    pen.down(8)
  }
  return pen.save()
}
