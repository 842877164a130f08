// The receipt as a PDF (docs/money.md), written with pdf-lib from the same model as the
// dashboard's receipt dialog (receipts.ts). US Letter, Helvetica, more pages when the nights do
// not fit on one.
import { INK, MARGIN, MUTED, startLetterPdf } from '../platform/letter-pdf.server'
import { formatCents } from '../bookings/pricing'
import { formatPaymentDate, receiptTotalLines, type Receipt } from './receipts'
import { nightStatus } from '../statuses'

function statusLabel(status: string): string {
  return nightStatus(status).label
}

export async function renderReceiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const pen = await startLetterPdf({
    title: `Nightlight ${receipt.title} ${receipt.invoiceNumber}`,
    subject: `${receipt.title}: ${receipt.forLine}`,
    createdAt: new Date(receipt.issuedAt),
  })
  const { bold, regular, xRight } = pen
  const zone = receipt.timezone

  pen.letterhead(receipt.title, `Invoice #${receipt.invoiceNumber}`, `Date: ${formatPaymentDate(receipt.issuedAt, zone)}`)

  // Parties
  const column = MARGIN + 260
  pen.text('Billed to', MARGIN, { font: bold, size: 9, color: MUTED })
  pen.text('Night nurse', column, { font: bold, size: 9, color: MUTED })
  pen.down(14)
  pen.text(receipt.parentName, MARGIN, { font: bold })
  pen.text(receipt.nurseName, column, { font: bold })
  pen.down(13)
  pen.text(receipt.parentEmail, MARGIN, { color: MUTED })
  pen.text(receipt.forLine, column, { color: MUTED })
  pen.down(13)
  pen.text(receipt.address, MARGIN, { color: MUTED, size: 9 })
  pen.text(receipt.datedLine, column, { color: MUTED, size: 9 })
  pen.down(28)

  // Nights (a deposit before its plan starts has none yet)
  if (receipt.nights.length > 0) writeNights(pen, receipt, xRight, bold)

  // Amounts
  const line = (label: string, value: string, strong = false) => {
    pen.ensureRoom(16)
    pen.text(label, xRight - 250, { font: strong ? bold : regular, color: strong ? INK : MUTED })
    pen.right(value, xRight, { font: strong ? bold : regular })
    pen.down(16)
  }
  for (const [label, value] of receipt.priceLines) line(label, value)
  line('Subtotal', formatCents(receipt.subtotalCents))
  line('Platform fee (10%)', formatCents(receipt.platformFeeCents))
  for (const [label, cents] of receiptTotalLines(receipt)) line(label, formatCents(cents), true)
  for (const refund of receipt.refunds) {
    line(
      `Refund #${refund.invoiceNumber}${refund.nightLabel ? ` (${refund.nightLabel})` : ''}`,
      `-${formatCents(refund.amountCents)}`,
    )
  }
  if (receipt.refunds.length > 0) line('Net paid', formatCents(receipt.netPaidCents), true)
  pen.down(12)

  pen.ensureRoom(40)
  const summary =
    receipt.kind === 'refund'
      ? `Refunded to Card: ${formatCents(receipt.amountCents)} on ${formatPaymentDate(receipt.issuedAt, zone)}.`
      : `Paid with Card: ${formatCents(receipt.amountCents)}${receipt.week ? ` for week ${receipt.week}` : ''} on ${formatPaymentDate(receipt.issuedAt, zone)}.`
  pen.text(summary, MARGIN, { font: bold })
  pen.down(16)
  pen.text('Night dates and times are the nurse’s local time.', MARGIN, {
    size: 8,
    color: MUTED,
  })

  return pen.save()
}

type Pen = Awaited<ReturnType<typeof startLetterPdf>>

function writeNights(pen: Pen, receipt: Receipt, xRight: number, bold: Pen['bold']) {
  const cols = { date: MARGIN, time: MARGIN + 130, status: MARGIN + 270, price: xRight - 90, refund: xRight }
  pen.text('Night', cols.date, { font: bold, size: 9, color: MUTED })
  pen.text('Time', cols.time, { font: bold, size: 9, color: MUTED })
  pen.text('Status', cols.status, { font: bold, size: 9, color: MUTED })
  pen.right('Price', cols.price, { font: bold, size: 9, color: MUTED })
  pen.right('Refunded', cols.refund, { font: bold, size: 9, color: MUTED })
  pen.down(8)
  pen.rule()
  pen.down(15)
  for (const night of receipt.nights) {
    pen.ensureRoom(16)
    pen.text(night.dateLabel, cols.date)
    pen.text(night.timeLabel, cols.time)
    pen.text(statusLabel(night.status), cols.status)
    pen.right(formatCents(night.priceCents), cols.price)
    pen.right(night.refundCents === null ? '' : formatCents(night.refundCents), cols.refund)
    pen.down(16)
  }
  pen.down(4)
  pen.rule()
  pen.down(18)
}
