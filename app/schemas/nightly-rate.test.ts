// The nightly rate field of fields.ts (issue 33, docs/decisions/0045): a plain decimal amount of
// whole cents, from $1 to $10,000, answered with the field's own message.
import { describe, expect, test } from 'vitest'
import { MAX_NIGHTLY_RATE_MESSAGE } from '../domain/bookings/pricing'
import { nightlyRateCents, nightlyRateDollars } from './fields'

const MESSAGE = 'Nightly rate must be positive'
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message)

describe('a nightly rate in dollars', () => {
  test.each([
    ['a tenth of a cent', '0.001'],
    ['an exponent', '1e-7'],
    ['an exponent of a whole amount', '1e2'],
    ['hex', '0x10'],
    ['a minus sign', '-5'],
    ['a plus sign', '+5'],
    ['a leading space', ' 5'],
    ['a trailing space', '5 '],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['a thousands separator', '1,200'],
    ['a dollar sign', '$85'],
    ['a lone dot', '.5'],
    ['nothing', ''],
    ['zero', '0'],
    ['less than a dollar', '0.99'],
    ['a JSON number below a cent', 0.001],
    ['a JSON number with an exponent', 1e-7],
    ['a negative JSON number', -5],
    ['missing', undefined],
  ])('refuses %s with the field message', (_, value) => {
    expect(messages(nightlyRateDollars(MESSAGE).safeParse(value))).toEqual([MESSAGE])
  })

  test.each([
    ['85', 85],
    ['85.5', 85.5],
    ['85.50', 85.5],
    ['1', 1],
    ['10000', 10000],
    ['9999.99', 9999.99],
    [150, 150],
  ])('accepts %s as %s dollars', (value, dollars) => {
    expect(nightlyRateDollars(MESSAGE).parse(value)).toBe(dollars)
  })

  test('above $10,000 answers the maximum message', () => {
    expect(messages(nightlyRateDollars(MESSAGE).safeParse('10000.01'))).toEqual([MAX_NIGHTLY_RATE_MESSAGE])
    expect(messages(nightlyRateDollars(MESSAGE).safeParse('250000'))).toEqual([MAX_NIGHTLY_RATE_MESSAGE])
  })
})

describe('a nightly rate in cents', () => {
  test.each([0, 99, -100, 150.5, 1e-7, Number.NaN, '15000'])('refuses %s', (value) => {
    expect(messages(nightlyRateCents(MESSAGE).safeParse(value))).toEqual([MESSAGE])
  })

  test('accepts whole cents from 100 to 1,000,000', () => {
    expect(nightlyRateCents(MESSAGE).parse(100)).toBe(100)
    expect(nightlyRateCents(MESSAGE).parse(32000)).toBe(32000)
    expect(messages(nightlyRateCents(MESSAGE).safeParse(1_000_001))).toEqual([MAX_NIGHTLY_RATE_MESSAGE])
  })
})
