// A nurse's monthly payout statement as files (issue 15): a CSV for her spreadsheet or her
// accountant and a PDF written with pdf-lib in the receipt's style (receipt-pdf.server.ts), both
// from the NurseStatement that getNurseStatement builds, so they show what her tab shows; and the
// year's earnings summary for taxes as a CSV. The PDF is in the language of the nurse downloading it
// (the request's): the `documents` catalogue's words; the CSVs stay English, for spreadsheets.
import { stringify } from 'csv-stringify/sync'
import { translator } from '~/i18n/i18n.server'
import { currentLanguage } from '~/i18n/current-language'
import { LANGUAGE_TAGS } from '~/i18n/languages'
import type { Translate } from '~/i18n/translate'
import { MARGIN, MUTED, paymentDate, startLetterPdf } from '../platform/letter-pdf.server'
import { csvText } from '../platform/csv'
import { formatBookingReference } from '../bookings/booking-rules'
import { formatCents } from '../bookings/pricing'
import { formatMonthYear, formatNightDate, localToday } from '../time/shift-times'
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

/** The totals as the PDF writes them, in its reader's language. */
function pdfTotalLines(statement: NurseStatement, t: Translate): Array<[string, number]> {
  const { totals } = statement
  return [
    [t('statement.state.paid'), totals.paidCents],
    [t('statement.state.payable'), totals.payableCents],
    [t('statement.state.on_hold'), totals.onHoldCents],
    [t('statement.state.upcoming'), totals.upcomingCents],
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
  const t = translator('documents')
  const state = (key: NurseStatement['nights'][number]['state']) => t(`statement.state.${key}`)
  const monthLabel = formatMonthYear(`${statement.month}-01`)
  const pen = await startLetterPdf({
    title: t('statement.title', { month: monthLabel }),
    subject: t('statement.subject', { nurse: statement.nurseName, month: monthLabel }),
    createdAt: new Date(statement.issuedAt),
    language: LANGUAGE_TAGS[currentLanguage()],
  })
  const { bold, xRight } = pen

  pen.letterhead(t('statement.heading'), monthLabel, t('statement.issued', { date: paymentDate(statement.issuedAt, statement.timezone) }), t('letter.tagline'))

  // Who and when
  const column = MARGIN + 260
  pen.text(t('receipt.nightNurse'), MARGIN, { font: bold, size: 9, color: MUTED })
  pen.text(t('statement.for'), column, { font: bold, size: 9, color: MUTED })
  pen.down(14)
  pen.text(statement.nurseName, MARGIN, { font: bold })
  pen.text(monthLabel, column, { font: bold })
  pen.down(13)
  const nightCount = statement.nights.length
  pen.text(t('statement.nights', { count: nightCount }), column, { color: MUTED })
  pen.down(28)

  // Nights
  const cols = { date: MARGIN, family: MARGIN + 130, state: MARGIN + 270, amount: xRight - 100, paidOn: xRight }
  const tableHeading = () => {
    pen.text(t('receipt.night'), cols.date, { font: bold, size: 9, color: MUTED })
    pen.text(t('statement.family'), cols.family, { font: bold, size: 9, color: MUTED })
    pen.text(t('statement.payoutStatus'), cols.state, { font: bold, size: 9, color: MUTED })
    pen.right(t('statement.amount'), cols.amount, { font: bold, size: 9, color: MUTED })
    pen.right(t('statement.paidOn'), cols.paidOn, { font: bold, size: 9, color: MUTED })
    pen.down(8)
    pen.rule()
    pen.down(15)
  }
  tableHeading()
  for (const night of statement.nights) {
    // A new page repeats the column headings, so its amounts can be read on their own.
    pen.ensureRoom(16, tableHeading)
    pen.text(formatNightDate(night.date), cols.date)
    pen.text(pen.fit(night.parentFirstName, cols.state - cols.family - 10), cols.family)
    pen.text(state(night.state), cols.state)
    pen.right(formatCents(night.payoutCents), cols.amount)
    pen.right(night.paidAt ? paymentDate(night.paidAt, statement.timezone) : '', cols.paidOn)
    pen.down(16)
  }
  pen.down(4)
  pen.rule()
  pen.down(18)

  // Totals
  for (const [label, cents] of pdfTotalLines(statement, t)) {
    pen.ensureRoom(16)
    pen.text(label, xRight - 250, { color: MUTED })
    pen.right(formatCents(cents), xRight)
    pen.down(16)
  }
  pen.down(12)

  // The footer, a line per sentence, each wrapped to the page's width, kept on one page.
  const footerLines = t('statement.footer').split(/(?<=\.) /).flatMap((sentence) => pen.wrap(sentence, xRight - MARGIN, pen.regular, 8))
  pen.ensureRoom(11 * footerLines.length)
  for (const footerLine of footerLines) {
    pen.text(footerLine, MARGIN, { size: 8, color: MUTED })
    pen.down(11)
  }

  return pen.save()
}
