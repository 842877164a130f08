import { describe, expect, test } from 'vitest'
import { formatInvoiceNumber, formatPaymentDate, nightPriceLines, priceLineLabel, priceSummaryLines, receiptTotalLines, toReceipt, type ReceiptSource } from './receipts'

const source: ReceiptSource = {
  paymentId: 41,
  booking: {
    id: 7,
    createdAt: '2026-11-10T15:00:00Z',
    pattern: 'one_time',
    timezone: 'America/Chicago',
    addressText: '1408 Bouldin Ave, Austin, TX 78704',
    nightlyRateCents: 35000,
    subtotalCents: 70000,
    platformFeeCents: 7000,
    totalAmountCents: 77000,
  },
  parent: { displayName: 'Jordan Parent', email: 'parent@example.com' },
  nurse: { displayName: 'Nora Nightingale' },
  occurrences: [
    { id: 12, date: '2026-11-29', startTimeLocal: '21:00', endTimeLocal: '07:00', status: 'cancelled', priceCents: 35000, refundCents: 38500 },
    { id: 11, date: '2026-11-28', startTimeLocal: '21:00', endTimeLocal: '07:00', status: 'scheduled', priceCents: 35000, refundCents: null },
  ],
  payments: [
    { id: 41, kind: 'charge', status: 'succeeded', amountCents: 77000, occurrenceId: null, createdAt: '2026-11-10T15:01:00Z' },
    { id: 57, kind: 'refund', status: 'succeeded', amountCents: 38500, occurrenceId: 12, createdAt: '2026-11-20T10:00:00Z' },
    { id: 58, kind: 'refund', status: 'failed', amountCents: 100, occurrenceId: null, createdAt: '2026-11-20T10:00:00Z' },
  ],
}

describe('a receipt', () => {
  test('pads invoice numbers to 6 digits', () => {
    expect(formatInvoiceNumber(41)).toBe('000041')
    expect(formatInvoiceNumber(1234567)).toBe('1234567')
  })

  test('for a charge shows the real nights, rate, fee, total and the refunds made since', () => {
    const receipt = toReceipt(source)!
    expect(receipt).toMatchObject({
      invoiceNumber: '000041',
      kind: 'charge',
      title: 'Receipt',
      amountCents: 77000,
      bookingId: 7,
      pattern: 'One-time',
      parentName: 'Jordan Parent',
      nurseName: 'Nora Nightingale',
      nightlyRateCents: 35000,
      subtotalCents: 70000,
      platformFeeCents: 7000,
      totalAmountCents: 77000,
      refundedCents: 38500,
      netPaidCents: 38500,
    })
    expect(receipt.nights.map((n) => [n.dateLabel, n.timeLabel, n.status, n.refundCents])).toEqual([
      ['Sat, Nov 28, 2026', '9:00 PM – 7:00 AM', 'scheduled', null],
      ['Sun, Nov 29, 2026', '9:00 PM – 7:00 AM', 'cancelled', 38500],
    ])
    expect(receipt.refunds).toEqual([
      { invoiceNumber: '000057', date: '2026-11-20T10:00:00.000Z', amountCents: 38500, nightLabel: 'Sun, Nov 29, 2026' },
    ])
  })

  test('for a refund is titled as one and carries the refund’s own number and amount', () => {
    const receipt = toReceipt({ ...source, paymentId: 57 })!
    expect(receipt).toMatchObject({ invoiceNumber: '000057', kind: 'refund', title: 'Refund Receipt', amountCents: 38500 })
  })

  test('is null for a payment of another booking', () => {
    expect(toReceipt({ ...source, paymentId: 999 })).toBeNull()
  })

  test('dates payments in the booking’s time zone', () => {
    expect(formatPaymentDate('2026-11-21T03:00:00Z', 'America/Los_Angeles')).toBe('Nov 20, 2026')
    expect(formatPaymentDate('2026-11-21T03:00:00Z', 'America/New_York')).toBe('Nov 20, 2026')
    expect(formatPaymentDate('2026-11-21T06:00:00Z', 'America/New_York')).toBe('Nov 21, 2026')
  })

  test('of a series paid week by week names the week and what was charged so far, not the whole total', () => {
    const weekly: ReceiptSource = {
      ...source,
      paymentId: 61,
      booking: { ...source.booking, pattern: 'recurring' },
      payments: [
        { id: 60, kind: 'charge', status: 'succeeded', amountCents: 38500, occurrenceId: null, createdAt: '2026-11-10T15:01:00Z', week: 1 },
        { id: 61, kind: 'charge', status: 'succeeded', amountCents: 38500, occurrenceId: null, createdAt: '2026-11-17T15:01:00Z', week: 2 },
        { id: 62, kind: 'charge', status: 'failed', amountCents: 38500, occurrenceId: null, createdAt: '2026-11-17T15:00:00Z', week: 2 },
      ],
    }
    const receipt = toReceipt(weekly)!
    expect(receipt).toMatchObject({ week: 2, amountCents: 38500, chargedCents: 77000 })
    expect(receiptTotalLines(receipt)).toEqual([['Total charged', 77000]])
    const first = toReceipt({ ...weekly, paymentId: 60, payments: weekly.payments.slice(0, 1) })!
    expect(receiptTotalLines(first)).toEqual([
      ['Booking total', 77000],
      ['Charged so far (paid week by week)', 38500],
    ])
    expect(receiptTotalLines(toReceipt(source)!)).toEqual([['Total charged', 77000]])
  })

  test('a booking paid at once shows what the card was charged, even after a night moved to a cheaper one', () => {
    // The move lowered the total by $55 and refunded it: the card was still charged $770.
    const moved = toReceipt({ ...source, booking: { ...source.booking, totalAmountCents: 71500 } })!
    expect(receiptTotalLines(moved)).toEqual([['Total charged', 77000]])
  })
})

describe('the price lines of a booking', () => {
  test('nights at one price are the nightly rate and a count', () => {
    expect(nightPriceLines([{ priceCents: 35000 }, { priceCents: 35000 }])).toEqual([{ priceCents: 35000, nights: 2 }])
  })

  test('a night moved to another price has a line of its own, and the lines add up to the subtotal', () => {
    // Issue 38: 'Nightly rate $350' beside a $750 subtotal after a night moved to a $400 rate.
    const lines = nightPriceLines([{ priceCents: 35000 }, { priceCents: 40000 }])
    expect(lines).toEqual([
      { priceCents: 35000, nights: 1 },
      { priceCents: 40000, nights: 1 },
    ])
    expect(lines.reduce((sum, line) => sum + line.priceCents * line.nights, 0)).toBe(75000)
    expect(priceLineLabel(lines[0])).toBe('1 night at $350.00')
    expect(priceLineLabel({ priceCents: 35000, nights: 3 })).toBe('3 nights at $350.00')
  })
})

describe('the lines above the subtotal', () => {
  test('one price: the nightly rate and the number of nights', () => {
    expect(priceSummaryLines([{ priceCents: 35000 }, { priceCents: 35000 }])).toEqual([
      ['Nightly rate', '$350.00'],
      ['Nights', '2'],
    ])
  })

  test('twins come first with the extra a night; the night’s price already holds it (issue 36)', () => {
    expect(priceSummaryLines([{ priceCents: 38000 }, { priceCents: 38000 }], { babies: 2, extraBabyCents: 8000 })).toEqual([
      ['Twins', '+$80 a night'],
      ['Nightly rate', '$380.00'],
      ['Nights', '2'],
    ])
    expect(priceSummaryLines([{ priceCents: 38000 }], { babies: 1, extraBabyCents: 0 })).toEqual([
      ['Nightly rate', '$380.00'],
      ['Nights', '1'],
    ])
  })

  test('two prices: what the nights at each cost', () => {
    expect(priceSummaryLines([{ priceCents: 35000 }, { priceCents: 40000 }, { priceCents: 35000 }])).toEqual([
      ['2 nights at $350.00', '$700.00'],
      ['1 night at $400.00', '$400.00'],
    ])
  })
})
