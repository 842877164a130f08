// The receipt as a PDF (docs/money.md), written with pdf-lib from the same model as the
// dashboard's receipt dialog (receipts.ts). US Letter, Helvetica, more pages when the nights do
// not fit on one.
import type { PDFFont, PDFPage } from 'pdf-lib'
import { BRAND, INK, MARGIN, MUTED, PAGE, RULE, startLetterPdf } from '../platform/letter-pdf.server'
import { formatCents } from './pricing'
import { formatPaymentDate, priceSummaryLines, receiptTotalLines, type Receipt } from './receipts'
import { nightStatus } from '../statuses'

function statusLabel(status: string): string {
  return nightStatus(status).label
}

export async function renderReceiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const { doc, regular, bold, clean } = await startLetterPdf({
    title: `Nightlight ${receipt.title} ${receipt.invoiceNumber}`,
    subject: `${receipt.title} for booking ${receipt.bookingReference}`,
    createdAt: new Date(receipt.issuedAt),
  })

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - MARGIN

  const ensureRoom = (needed: number) => {
    if (y - needed >= MARGIN) return
    page = doc.addPage([PAGE.width, PAGE.height])
    y = PAGE.height - MARGIN
  }
  const text = (value: string, x: number, opts: { font?: PDFFont; size?: number; color?: typeof INK } = {}) => {
    page.drawText(clean(value), { x, y, font: opts.font ?? regular, size: opts.size ?? 10, color: opts.color ?? INK })
  }
  const right = (value: string, xRight: number, opts: { font?: PDFFont; size?: number; color?: typeof INK } = {}) => {
    const font = opts.font ?? regular
    const size = opts.size ?? 10
    text(value, xRight - font.widthOfTextAtSize(clean(value), size), { ...opts, font, size })
  }
  const rule = () => {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.75, color: RULE })
  }
  const xRight = PAGE.width - MARGIN
  const zone = receipt.timezone

  // Heading
  text('Nightlight', MARGIN, { font: bold, size: 20, color: BRAND })
  right(receipt.title, xRight, { font: bold, size: 18 })
  y -= 22
  text('Trusted night nurses for new families', MARGIN, { size: 9, color: MUTED })
  right(`Invoice #${receipt.invoiceNumber}`, xRight, { size: 10 })
  y -= 14
  right(`Date: ${formatPaymentDate(receipt.issuedAt, zone)}`, xRight, { size: 10, color: MUTED })
  y -= 26
  rule()
  y -= 20

  // Parties
  const column = MARGIN + 260
  text('Billed to', MARGIN, { font: bold, size: 9, color: MUTED })
  text('Night nurse', column, { font: bold, size: 9, color: MUTED })
  y -= 14
  text(receipt.parentName, MARGIN, { font: bold })
  text(receipt.nurseName, column, { font: bold })
  y -= 13
  text(receipt.parentEmail, MARGIN, { color: MUTED })
  text(`Booking ${receipt.bookingReference} (${receipt.pattern})`, column, { color: MUTED })
  y -= 13
  text(receipt.address, MARGIN, { color: MUTED, size: 9 })
  text(`Booked ${formatPaymentDate(receipt.bookedAt, zone)}`, column, { color: MUTED, size: 9 })
  y -= 28

  // Nights
  const cols = { date: MARGIN, time: MARGIN + 130, status: MARGIN + 270, price: xRight - 90, refund: xRight }
  text('Night', cols.date, { font: bold, size: 9, color: MUTED })
  text('Time', cols.time, { font: bold, size: 9, color: MUTED })
  text('Status', cols.status, { font: bold, size: 9, color: MUTED })
  right('Price', cols.price, { font: bold, size: 9, color: MUTED })
  right('Refunded', cols.refund, { font: bold, size: 9, color: MUTED })
  y -= 8
  rule()
  y -= 15
  for (const night of receipt.nights) {
    ensureRoom(16)
    text(night.dateLabel, cols.date)
    text(night.timeLabel, cols.time)
    text(statusLabel(night.status), cols.status)
    right(formatCents(night.priceCents), cols.price)
    right(night.refundCents === null ? '' : formatCents(night.refundCents), cols.refund)
    y -= 16
  }
  y -= 4
  rule()
  y -= 18

  // Amounts
  const line = (label: string, value: string, strong = false) => {
    ensureRoom(16)
    text(label, xRight - 250, { font: strong ? bold : regular, color: strong ? INK : MUTED })
    right(value, xRight, { font: strong ? bold : regular })
    y -= 16
  }
  for (const [label, value] of priceSummaryLines(receipt.nights)) line(label, value)
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
  y -= 12

  ensureRoom(40)
  const summary =
    receipt.kind === 'refund'
      ? `Refunded to Card: ${formatCents(receipt.amountCents)} on ${formatPaymentDate(receipt.issuedAt, zone)}.`
      : `Paid with Card: ${formatCents(receipt.amountCents)}${receipt.week ? ` for week ${receipt.week}` : ''} on ${formatPaymentDate(receipt.issuedAt, zone)}.`
  text(summary, MARGIN, { font: bold })
  y -= 16
  text('Night dates and times are the nurse’s local time.', MARGIN, {
    size: 8,
    color: MUTED,
  })

  return doc.save()
}
