// The receipt as a PDF (docs/money.md), written with pdf-lib from the same model as the
// dashboard's receipt dialog (receipts.ts). US Letter, Helvetica, more pages when the nights do
// not fit on one. In the language of the person downloading it: `t` (the `documents` catalogue)
// writes its words, and the model's English labels are put in that language here; the dates and
// amounts follow the current language.
import { currentLanguage } from '~/i18n/current-language'
import { LANGUAGE_TAGS } from '~/i18n/languages'
import type { Translate } from '~/i18n/translate'
import { INK, MARGIN, MUTED, paymentDate, startLetterPdf } from '../platform/letter-pdf.server'
import { formatCents } from '../bookings/pricing'
import { receiptTotalLines, type Receipt } from './receipts'
import { nightStatus } from '../statuses'

/** A night's status as the family's pages name it (statuses.ts), in the reader's language. */
function statusLabel(status: string, t: Translate): string {
  const english = nightStatus(status).label
  const key = `receipt.status.${status}`
  const words = t(key)
  return words === key ? english : words
}

const FIXED_LABELS: Record<string, string> = {
  'Nightly rate': 'receipt.nightlyRate',
  Nights: 'receipt.nights',
  'Deposit: her first week': 'receipt.depositFirstWeek',
  Twins: 'receipt.twins',
  Triplets: 'receipt.triplets',
  'Total charged': 'receipt.totalCharged',
  'Booking total': 'receipt.bookingTotal',
  'Charged so far (paid week by week)': 'receipt.chargedSoFar',
}

/** A label of the receipt's model ('Nightly rate', '3 nights at $350.00') in the reader's language. */
function label(english: string, t: Translate): string {
  const key = FIXED_LABELS[english]
  if (key) return t(key)
  const at = /^(\d+) nights? at (.+)$/.exec(english)
  if (at) return t('receipt.nightsAt', { count: Number(at[1]), price: at[2] })
  return english
}

/** A value of the price lines: '+$80 a night' for twins; amounts and counts are already written. */
function value(english: string, t: Translate): string {
  const perNight = /^\+(.+) a night$/.exec(english)
  return perNight ? t('receipt.perNight', { amount: perNight[1] }) : english
}

/** 'Booking #NN-000042 (Weekly)' or 'Deposit for reservation #R-000007'. */
function forLine(receipt: Receipt, t: Translate): string {
  if (receipt.bookingReference) {
    return t('receipt.forBooking', { reference: receipt.bookingReference, pattern: t(receipt.pattern === 'Weekly' ? 'receipt.weekly' : 'receipt.oneTime') })
  }
  const deposit = /^Deposit for reservation (\S+)$/.exec(receipt.forLine)
  return deposit ? t('receipt.forDeposit', { reference: deposit[1] }) : receipt.forLine
}

/** 'Booked Nov 28, 2026', or a deposit's 'Due date Sat, Dec 19, 2026' (its date already in the current language). */
function datedLine(receipt: Receipt, t: Translate): string {
  const due = /^Due date (.+)$/.exec(receipt.datedLine)
  if (due) return t('receipt.dueDate', { date: due[1] })
  return t('receipt.booked', { date: paymentDate(receipt.bookedAt, receipt.timezone) })
}

export async function renderReceiptPdf(receipt: Receipt, t: Translate): Promise<Uint8Array> {
  const title = t(receipt.kind === 'refund' ? 'receipt.refundTitle' : 'receipt.title')
  const what = forLine(receipt, t)
  const pen = await startLetterPdf({
    title: `Nightlight ${title} ${receipt.invoiceNumber}`,
    subject: `${title}: ${what}`,
    createdAt: new Date(receipt.issuedAt),
    language: LANGUAGE_TAGS[currentLanguage()],
  })
  const { bold, regular, xRight } = pen
  const zone = receipt.timezone
  const issued = paymentDate(receipt.issuedAt, zone)

  pen.letterhead(title, t('receipt.invoice', { number: receipt.invoiceNumber }), t('receipt.date', { date: issued }), t('letter.tagline'))

  // Parties
  const column = MARGIN + 260
  pen.text(t('receipt.billedTo'), MARGIN, { font: bold, size: 9, color: MUTED })
  pen.text(t('receipt.nightNurse'), column, { font: bold, size: 9, color: MUTED })
  pen.down(14)
  pen.text(receipt.parentName, MARGIN, { font: bold })
  pen.text(receipt.nurseName, column, { font: bold })
  pen.down(13)
  pen.text(receipt.parentEmail, MARGIN, { color: MUTED })
  pen.text(what, column, { color: MUTED })
  pen.down(13)
  pen.text(receipt.address, MARGIN, { color: MUTED, size: 9 })
  pen.text(datedLine(receipt, t), column, { color: MUTED, size: 9 })
  pen.down(28)

  // Nights (a deposit before its plan starts has none yet)
  if (receipt.nights.length > 0) writeNights(pen, receipt, xRight, bold, t)

  // Amounts
  const line = (text: string, amount: string, strong = false) => {
    pen.ensureRoom(16)
    pen.text(text, xRight - 250, { font: strong ? bold : regular, color: strong ? INK : MUTED })
    pen.right(amount, xRight, { font: strong ? bold : regular })
    pen.down(16)
  }
  for (const [text, amount] of receipt.priceLines) line(label(text, t), value(amount, t))
  line(t('receipt.subtotal'), formatCents(receipt.subtotalCents))
  line(t('receipt.platformFee'), formatCents(receipt.platformFeeCents))
  for (const [text, cents] of receiptTotalLines(receipt)) line(label(text, t), formatCents(cents), true)
  for (const refund of receipt.refunds) {
    line(
      refund.nightLabel
        ? t('receipt.refundLineNight', { number: refund.invoiceNumber, night: refund.nightLabel })
        : t('receipt.refundLine', { number: refund.invoiceNumber }),
      `-${formatCents(refund.amountCents)}`,
    )
  }
  if (receipt.refunds.length > 0) line(t('receipt.netPaid'), formatCents(receipt.netPaidCents), true)
  pen.down(12)

  pen.ensureRoom(40)
  const amount = formatCents(receipt.amountCents)
  const summary =
    receipt.kind === 'refund'
      ? t('receipt.refundedSummary', { amount, date: issued })
      : receipt.week
        ? t('receipt.paidWeekSummary', { amount, week: receipt.week, date: issued })
        : t('receipt.paidSummary', { amount, date: issued })
  pen.text(summary, MARGIN, { font: bold })
  pen.down(16)
  pen.text(t('receipt.localTime'), MARGIN, {
    size: 8,
    color: MUTED,
  })

  return pen.save()
}

type Pen = Awaited<ReturnType<typeof startLetterPdf>>

function writeNights(pen: Pen, receipt: Receipt, xRight: number, bold: Pen['bold'], t: Translate) {
  const cols = { date: MARGIN, time: MARGIN + 130, status: MARGIN + 270, price: xRight - 90, refund: xRight }
  pen.text(t('receipt.night'), cols.date, { font: bold, size: 9, color: MUTED })
  pen.text(t('receipt.time'), cols.time, { font: bold, size: 9, color: MUTED })
  pen.text(t('receipt.status'), cols.status, { font: bold, size: 9, color: MUTED })
  pen.right(t('receipt.price'), cols.price, { font: bold, size: 9, color: MUTED })
  pen.right(t('receipt.refunded'), cols.refund, { font: bold, size: 9, color: MUTED })
  pen.down(8)
  pen.rule()
  pen.down(15)
  for (const night of receipt.nights) {
    pen.ensureRoom(16)
    pen.text(night.dateLabel, cols.date)
    pen.text(night.timeLabel, cols.time)
    pen.text(statusLabel(night.status, t), cols.status)
    pen.right(formatCents(night.priceCents), cols.price)
    pen.right(night.refundCents === null ? '' : formatCents(night.refundCents), cols.refund)
    pen.down(16)
  }
  pen.down(4)
  pen.rule()
  pen.down(18)
}
