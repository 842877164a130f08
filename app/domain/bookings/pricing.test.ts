import { describe, expect, test } from 'vitest'
import { formatCents, formatNightlyRate, isBookingTotalTooLow, priceNights } from './pricing'

describe('money on screen', () => {
  test('amounts show dollars and cents', () => {
    expect(formatCents(115500)).toBe('$1,155.00')
    expect(formatCents(38050)).toBe('$380.50')
  })

  test('a nightly rate shows whole dollars when it has no cents, and is never rounded', () => {
    expect(formatNightlyRate(38000)).toBe('$380')
    expect(formatNightlyRate(38050)).toBe('$380.50')
    expect(formatNightlyRate(38099)).toBe('$380.99')
    expect(formatNightlyRate(125000)).toBe('$1,250')
  })
})

describe('no booking costs nothing (issue 33)', () => {
  test('nights priced at a rate below $1 are too cheap to book', () => {
    expect(isBookingTotalTooLow(priceNights(0, 3))).toBe(true)
    expect(isBookingTotalTooLow(priceNights(99, 60))).toBe(true)
    expect(isBookingTotalTooLow(priceNights(100, 1))).toBe(false)
    expect(isBookingTotalTooLow(priceNights(32000, 2))).toBe(false)
  })
})
