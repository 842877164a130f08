// A nurse's monthly payout statement as files (issue 15): a CSV for her spreadsheet or her
// accountant and a PDF written with pdf-lib in the receipt's style (receipt-pdf.server.ts), both
// from the NurseStatement that getNurseStatement builds, so they show what her tab shows; and the
// year's earnings summary for taxes as a CSV.
import { stringify } from 'csv-stringify/sync'
import type { PDFFont, PDFPage } from 'pdf-lib'
import { BRAND, INK, MARGIN, MUTED, PAGE, RULE, startLetterPdf } from '../platform/letter-pdf.server'
import { csvText } from '../admin/admin'
import { formatBookingReference } from '../bookings/booking-rules'
import { formatCents } from '../bookings/pricing'
import { formatPaymentDate } from '../bookings/receipts'
import { formatMonthYear, formatNightDate, localToday } from '../bookings/shift-times'
import { nightStatus } from '../statuses'
import type { NurseStatement, NurseYearSummary } from './nurse-payouts.server'
import { PAYOUT_STATE_LABELS } from './payout-rules'

export const STATEMENT_CSV_COLUMNS = [
  'Night',
  'Family',
  'Night status',
  'Payout status',
  'Payout',
  'Paid on',
  'Transfer',
  'Booking reference',
] as const

export const STATEMENT_FOOTER =
  'Nights become payable 24 hours after they end, unless the family reported a problem. ' +
  'Amounts are what you receive; the platform fee is not deducted from them.'

function dollars(cents: number): string {
  return (cents / 100).toFixed(2)
}

/** The statement's totals, labelled as the nurse's tab labels the payout states. */
function totalLines(statement: NurseStatement): Array<[string, number]> {
  const { totals } = statement
  return [
    [PAYOUT_STATE_LABELS.paid, totals.paidCents],
    [PAYOUT_STATE_LABELS.payable, totals.payableCents],
    [PAYOUT_STATE_LABELS.on_hold, totals.onHoldCents],
    [PAYOUT_STATE_LABELS.upcoming, totals.upcomingCents],
  ]
}

/**
 * The statement as a spreadsheet: a line per night (dollars with two decimals, dates as
 * yyyy-MM-dd), an empty line, then the month's totals under the Payout column.
 */
export function statementCsv(statement: NurseStatement): string {
  const payoutColumn = STATEMENT_CSV_COLUMNS.indexOf('Payout')
  const nights = statement.nights.map((night) => [
    night.date,
    // Family names are typed by families: never let a spreadsheet run one as a formula.
    csvText(night.parentFirstName),
    nightStatus(night.nightStatus).label,
    PAYOUT_STATE_LABELS[night.state],
    dollars(night.payoutCents),
    night.paidAt ? localToday(statement.timezone, new Date(night.paidAt)) : '',
    night.transferId ? csvText(night.transferId) : '',
    formatBookingReference(night.bookingId),
  ])
  const totals = totalLines(statement).map(([label, cents]) => {
    const row: string[] = new Array<string>(payoutColumn + 1).fill('')
    row[0] = label
    row[payoutColumn] = dollars(cents)
    return row
  })
  return stringify([...nights, [], ...totals], { header: true, columns: [...STATEMENT_CSV_COLUMNS] })
}

export const YEAR_SUMMARY_CSV_COLUMNS = ['Paid on', 'Night', 'Family', 'Payout', 'Transfer', 'Booking reference'] as const

/** The year's earnings summary for taxes: every payout sent in the year, then its total. */
export function yearSummaryCsv(summary: NurseYearSummary): string {
  const rows = summary.nights.map((night) => [
    night.paidAt ? localToday(summary.timezone, new Date(night.paidAt)) : '',
    night.date,
    csvText(night.parentFirstName),
    dollars(night.payoutCents),
    night.transferId ? csvText(night.transferId) : '',
    formatBookingReference(night.bookingId),
  ])
  const total = [`Total paid in ${summary.year}`, '', '', dollars(summary.totals.paidCents), '', '']
  return stringify([...rows, [], total], { header: true, columns: [...YEAR_SUMMARY_CSV_COLUMNS] })
}

/** The statement as a PDF: US Letter, Helvetica, more pages when the nights do not fit on one. */
export async function renderStatementPdf(statement: NurseStatement): Promise<Uint8Array> {
  const monthLabel = formatMonthYear(`${statement.month}-01`)
  const { doc, regular, bold, clean } = await startLetterPdf({
    title: `Nightlight payout statement ${monthLabel}`,
    subject: `Payout statement for ${statement.nurseName}, ${monthLabel}`,
    createdAt: new Date(statement.issuedAt),
  })

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - MARGIN

  type TextOptions = { font?: PDFFont; size?: number; color?: typeof INK }
  const text = (value: string, x: number, opts: TextOptions = {}) => {
    page.drawText(clean(value), { x, y, font: opts.font ?? regular, size: opts.size ?? 10, color: opts.color ?? INK })
  }
  const right = (value: string, xRight: number, opts: TextOptions = {}) => {
    const font = opts.font ?? regular
    const size = opts.size ?? 10
    text(value, xRight - font.widthOfTextAtSize(clean(value), size), { ...opts, font, size })
  }
  /** The value shortened with '...' to fit the width, so a long name does not run into the next column. */
  const fit = (value: string, width: number, font = regular, size = 10) => {
    const cleaned = clean(value)
    if (font.widthOfTextAtSize(cleaned, size) <= width) return cleaned
    let cut = cleaned
    while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1)
    return `${cut}...`
  }
  const rule = () => {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.75, color: RULE })
  }
  const xRight = PAGE.width - MARGIN

  // Heading
  text('Nightlight', MARGIN, { font: bold, size: 20, color: BRAND })
  right('Payout statement', xRight, { font: bold, size: 18 })
  y -= 22
  text('Trusted night nurses for new families', MARGIN, { size: 9, color: MUTED })
  right(monthLabel, xRight, { size: 10 })
  y -= 14
  right(`Issued: ${formatPaymentDate(statement.issuedAt, statement.timezone)}`, xRight, { size: 10, color: MUTED })
  y -= 26
  rule()
  y -= 20

  // Who and when
  const column = MARGIN + 260
  text('Night nurse', MARGIN, { font: bold, size: 9, color: MUTED })
  text('Statement for', column, { font: bold, size: 9, color: MUTED })
  y -= 14
  text(statement.nurseName, MARGIN, { font: bold })
  text(monthLabel, column, { font: bold })
  y -= 13
  const nightCount = statement.nights.length
  text(`${nightCount} ${nightCount === 1 ? 'night' : 'nights'}`, column, { color: MUTED })
  y -= 28

  // Nights
  const cols = { date: MARGIN, family: MARGIN + 130, state: MARGIN + 270, amount: xRight - 100, paidOn: xRight }
  const tableHeading = () => {
    text('Night', cols.date, { font: bold, size: 9, color: MUTED })
    text('Family', cols.family, { font: bold, size: 9, color: MUTED })
    text('Payout status', cols.state, { font: bold, size: 9, color: MUTED })
    right('Amount', cols.amount, { font: bold, size: 9, color: MUTED })
    right('Paid on', cols.paidOn, { font: bold, size: 9, color: MUTED })
    y -= 8
    rule()
    y -= 15
  }
  tableHeading()
  for (const night of statement.nights) {
    if (y - 16 < MARGIN) {
      // A new page repeats the column headings, so its amounts can be read on their own.
      page = doc.addPage([PAGE.width, PAGE.height])
      y = PAGE.height - MARGIN
      tableHeading()
    }
    text(formatNightDate(night.date), cols.date)
    text(fit(night.parentFirstName, cols.state - cols.family - 10), cols.family)
    text(PAYOUT_STATE_LABELS[night.state], cols.state)
    right(formatCents(night.payoutCents), cols.amount)
    right(night.paidAt ? formatPaymentDate(night.paidAt, statement.timezone) : '', cols.paidOn)
    y -= 16
  }
  y -= 4
  rule()
  y -= 18

  // Totals
  const ensureRoom = (needed: number) => {
    if (y - needed >= MARGIN) return
    page = doc.addPage([PAGE.width, PAGE.height])
    y = PAGE.height - MARGIN
  }
  for (const [label, cents] of totalLines(statement)) {
    ensureRoom(16)
    text(label, xRight - 250, { color: MUTED })
    right(formatCents(cents), xRight)
    y -= 16
  }
  y -= 12

  // The footer, a line per sentence, each wrapped to the page's width.
  const footerLines: string[] = []
  for (const sentence of STATEMENT_FOOTER.split(/(?<=\.) /)) {
    let current = ''
    for (const word of sentence.split(' ')) {
      const longer = current ? `${current} ${word}` : word
      if (current && regular.widthOfTextAtSize(clean(longer), 8) > xRight - MARGIN) {
        footerLines.push(current)
        current = word
      } else current = longer
    }
    footerLines.push(current)
  }
  ensureRoom(11 * footerLines.length)
  for (const footerLine of footerLines) {
    text(footerLine, MARGIN, { size: 8, color: MUTED })
    y -= 11
  }

  return doc.save()
}
