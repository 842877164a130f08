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

describe('twins and triplets (issue 36)', () => {
  test('each baby after the first adds the nurse’s extra to every night, and the fee is on the whole', () => {
    const twins = priceNights(32000, 4, { babies: 2, extraBabyCents: 8000 })
    expect(twins).toMatchObject({ nightlyRateCents: 32000, babies: 2, extraBabyCents: 8000, nightPriceCents: 40000, subtotalCents: 160000 })
    expect(twins.platformFeeCents).toBe(16000)
    expect(twins.totalAmountCents).toBe(176000)
    expect(twins.nursePayoutCents).toBe(160000)
    expect(priceNights(32000, 2, { babies: 3, extraBabyCents: 5050 }).nightPriceCents).toBe(42100)
  })

  test('one baby costs the base rate whatever the extra, and nothing said means one baby', () => {
    expect(priceNights(32000, 3, { babies: 1, extraBabyCents: 9000 })).toEqual({ ...priceNights(32000, 3), extraBabyCents: 9000 })
    expect(priceNights(32000, 3).nightPriceCents).toBe(32000)
  })

  test('a night is for one to three babies', () => {
    expect(() => priceNights(32000, 1, { babies: 0 })).toThrow(RangeError)
    expect(() => priceNights(32000, 1, { babies: 4 })).toThrow(RangeError)
    expect(() => priceNights(32000, 1, { babies: 1.5 })).toThrow(RangeError)
  })
})
