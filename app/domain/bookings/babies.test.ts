import { describe, expect, test } from 'vitest'
import { babiesChoices, babiesLabel, babiesPriceLine, takesBabiesLabel, tooManyBabiesMessage, twinPriceLines } from './babies'
import { priceNights } from './pricing'

describe('twins and triplets in words (issue 36)', () => {
  test('a booking for twins says so, with the extra a night', () => {
    expect(babiesLabel(2)).toBe('Twins')
    expect(babiesPriceLine(2, 8000)).toBe('Twins · +$80 a night')
    expect(babiesPriceLine(3, 8000)).toBe('Triplets · +$160 a night')
    expect(babiesPriceLine(1, 8000)).toBeNull()
  })

  test('the profile shows her twin and triplet prices, only for what she takes', () => {
    expect(twinPriceLines(1, 8000)).toEqual([])
    expect(twinPriceLines(2, 8000)).toEqual(['Twins: +$80 a night'])
    expect(twinPriceLines(3, 7550)).toEqual(['Twins: +$75.50 a night', 'Triplets: +$151 a night'])
    expect(twinPriceLines(2, 0)).toEqual(['Twins: no extra charge'])
  })

  test('/book offers no more babies than she takes', () => {
    expect(babiesChoices(1).map((choice) => choice.label)).toEqual(['One baby'])
    expect(babiesChoices(3).map((choice) => choice.label)).toEqual(['One baby', 'Twins', 'Triplets'])
    expect(takesBabiesLabel(2)).toBe('Twins')
  })

  test('a refusal names the nurse and what she takes', () => {
    expect(tooManyBabiesMessage('Sarah Whitfield', 1)).toBe('Sarah Whitfield takes single babies only.')
    expect(tooManyBabiesMessage('Sarah Whitfield', 2)).toBe('Sarah Whitfield takes twins, not triplets.')
  })

  test('the twin line and the priced night agree: base rate plus the extra per additional baby', () => {
    const price = priceNights(30000, 2, { babies: 3, extraBabyCents: 8000 })
    expect(price.nightPriceCents - price.nightlyRateCents).toBe(16000)
    expect(babiesPriceLine(price.babies, price.extraBabyCents)).toBe('Triplets · +$160 a night')
  })
})
