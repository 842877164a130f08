// A booking's night reports as one PDF (issue 16), for the family's records and their pediatrician:
// the receipts' letter style (platform/letter-pdf.server.ts), one block per night, more pages when
// the nights do not fit on one. The text is the same as the booking page's and the e-mail's.
import type { PDFFont, PDFPage } from 'pdf-lib'
import { formatBookingReference } from '../bookings/booking-rules'
import { formatNightDate, formatTime12, timeZoneName } from '../bookings/shift-times'
import { feedLine, sleepLine } from '../notifications/night-report-emails'
import { BRAND, INK, MARGIN, MUTED, PAGE, RULE, startLetterPdf } from '../platform/letter-pdf.server'
import { inNightOrder, reportSummary, type ParentNightReport } from './night-report-rules'

export async function renderNightReportsPdf(input: {
  bookingId: number
  nurseName: string
  timezone: string
  reports: readonly ParentNightReport[]
  createdAt: Date
}): Promise<Uint8Array> {
  const reference = formatBookingReference(input.bookingId)
  const { doc, regular, bold, clean } = await startLetterPdf({
    title: `Nightlight night reports ${reference}`,
    subject: `Night reports of booking ${reference} with ${input.nurseName}`,
    createdAt: input.createdAt,
  })
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - MARGIN
  const ensureRoom = (needed: number) => {
    if (y - needed >= MARGIN) return
    page = doc.addPage([PAGE.width, PAGE.height])
    y = PAGE.height - MARGIN
  }
  const line = (value: string, opts: { font?: PDFFont; size?: number; color?: typeof INK; indent?: number } = {}) => {
    const size = opts.size ?? 10
    const font = opts.font ?? regular
    const width = PAGE.width - 2 * MARGIN - (opts.indent ?? 0)
    // Long notes wrap at the margin, word by word.
    const words = clean(value).split(/\s+/)
    let current = ''
    const flush = () => {
      ensureRoom(size + 4)
      page.drawText(current, { x: MARGIN + (opts.indent ?? 0), y, font, size, color: opts.color ?? INK })
      y -= size + 4
      current = ''
    }
    for (const word of words) {
      const next = current ? `${current} ${word}` : word
      if (font.widthOfTextAtSize(next, size) > width && current) {
        flush()
        current = word
      } else current = next
    }
    if (current) flush()
  }

  line('Nightlight', { font: bold, size: 20, color: BRAND })
  line(`Night reports · booking ${reference}`, { font: bold, size: 13 })
  line(`Night nurse: ${input.nurseName}. Times are the nurse's local time (${timeZoneName(input.timezone)}).`, { size: 9, color: MUTED })
  y -= 8

  for (const report of input.reports) {
    ensureRoom(80)
    page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: PAGE.width - MARGIN, y: y + 6 }, thickness: 0.75, color: RULE })
    y -= 10
    line(`${formatNightDate(report.date)}, ${formatTime12(report.startTimeLocal)} – ${formatTime12(report.endTimeLocal)}`, { font: bold, size: 12 })
    line(reportSummary(report), { color: MUTED })
    for (const feed of inNightOrder(report.feeds, (item) => item.time, report.startTimeLocal)) line(`Feed ${feedLine(feed)}`, { indent: 10 })
    line(`Diapers: ${report.wetDiapers} wet, ${report.dirtyDiapers} dirty`, { indent: 10 })
    for (const sleep of inNightOrder(report.sleeps, (item) => item.from, report.startTimeLocal)) line(`Sleep ${sleepLine(sleep)}`, { indent: 10 })
    if (report.notes) for (const paragraph of report.notes.split(/\n+/)) line(paragraph, { indent: 10 })
    y -= 8
  }
  return doc.save()
}
