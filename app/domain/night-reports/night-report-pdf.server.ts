// A booking's night reports as one PDF (issue 16), for the family's records and their pediatrician:
// the receipts' letter style (platform/letter-pdf.server.ts), one block per night, more pages when
// the nights do not fit on one. The text is the same as the booking page's and the e-mail's.
import { formatBookingReference } from '../bookings/booking-rules'
import { formatNightDate, formatTime12, timeZoneName } from '../time/shift-times'
import { feedLine, sleepLine } from './night-report-emails'
import { BRAND, MUTED, startLetterPdf } from '../platform/letter-pdf.server'
import { inNightOrder, reportSummary, type ParentNightReport } from './night-report-rules'

export async function renderNightReportsPdf(input: {
  bookingId: number
  nurseName: string
  timezone: string
  reports: readonly ParentNightReport[]
  createdAt: Date
}): Promise<Uint8Array> {
  const reference = formatBookingReference(input.bookingId)
  const pen = await startLetterPdf({
    title: `Nightlight night reports ${reference}`,
    subject: `Night reports of booking ${reference} with ${input.nurseName}`,
    createdAt: input.createdAt,
  })
  const { bold } = pen

  pen.paragraph('Nightlight', { font: bold, size: 20, color: BRAND })
  pen.paragraph(`Night reports · booking ${reference}`, { font: bold, size: 13 })
  pen.paragraph(`Night nurse: ${input.nurseName}. Times are the nurse's local time (${timeZoneName(input.timezone)}).`, { size: 9, color: MUTED })
  pen.down(8)

  for (const report of input.reports) {
    pen.ensureRoom(80)
    pen.rule(6)
    pen.down(10)
    pen.paragraph(`${formatNightDate(report.date)}, ${formatTime12(report.startTimeLocal)} – ${formatTime12(report.endTimeLocal)}`, { font: bold, size: 12 })
    pen.paragraph(reportSummary(report), { color: MUTED })
    for (const feed of inNightOrder(report.feeds, (item) => item.time, report.startTimeLocal)) pen.paragraph(`Feed ${feedLine(feed)}`, { indent: 10 })
    pen.paragraph(`Diapers: ${report.wetDiapers} wet, ${report.dirtyDiapers} dirty`, { indent: 10 })
    for (const sleep of inNightOrder(report.sleeps, (item) => item.from, report.startTimeLocal)) pen.paragraph(`Sleep ${sleepLine(sleep)}`, { indent: 10 })
    if (report.notes) for (const paragraph of report.notes.split(/\n+/)) pen.paragraph(paragraph, { indent: 10 })
    pen.down(8)
  }
  return pen.save()
}
