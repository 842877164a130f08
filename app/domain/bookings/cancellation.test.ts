import { describe, expect, test } from 'vitest'
import { cancellationMessage, canCancelNight, nightShareCents, quoteNightRefund, quotePlatformCancellation } from './cancellation'
import { priceNights } from './pricing'

const HOUR = 60 * 60 * 1000
const START = new Date('2026-12-10T03:00:00Z')
const night = { status: 'scheduled', startsAt: START, priceCents: 35000 }
// Two nights at $350: subtotal $700, fee $70, total $770.
const booking = { subtotalCents: 70000, totalAmountCents: 77000 }
const before = (ms: number) => new Date(START.getTime() - ms)

describe('the refund for cancelling a night', () => {
  test('more than 48 hours ahead refunds the night and its share of the fee in full', () => {
    expect(quoteNightRefund(night, booking, before(48 * HOUR + 60_000))).toEqual({
      refundableCents: 38500,
      policy: 'full',
      shareCents: 38500,
    })
  })

  test('47:59 before the start refunds half of the night', () => {
    expect(quoteNightRefund(night, booking, before(47 * HOUR + 59 * 60_000))).toMatchObject({
      refundableCents: 19250,
      policy: 'half',
    })
  })

  test('a night a kept deposit paid refunds nothing, however far ahead, and still only before it starts', () => {
    for (const ahead of [30 * 24 * HOUR, 48 * HOUR + 60_000, HOUR]) {
      expect(quoteNightRefund(night, booking, before(ahead), 0, { paidByKeptDeposit: true })).toEqual({ refundableCents: 0, policy: 'deposit', shareCents: 38500 })
    }
    expect(quoteNightRefund(night, booking, new Date(START.getTime() + HOUR), 0, { paidByKeptDeposit: true })).toBeNull()
    expect(quoteNightRefund(night, booking, before(30 * 24 * HOUR), 0, { paidByKeptDeposit: false })?.policy).toBe('full')
  })

  test('exactly 48 hours ahead is within 48 hours: half', () => {
    expect(quoteNightRefund(night, booking, before(48 * HOUR))?.policy).toBe('half')
  })

  test('half a share rounds half up to the cent', () => {
    // One night at $225.15: total $247.67; half of 24,767 cents is 12,383.5 → 12,384.
    const odd = priceNights(22515, 1)
    expect(odd.totalAmountCents).toBe(24767)
    const quote = quoteNightRefund({ ...night, priceCents: 22515 }, odd, before(2 * HOUR))
    expect(quote?.refundableCents).toBe(12384)
  })

  test('a night that has started, or is not scheduled, cannot be cancelled', () => {
    expect(quoteNightRefund(night, booking, START)).toBeNull()
    expect(quoteNightRefund(night, booking, new Date(START.getTime() + 1))).toBeNull()
    for (const status of ['cancelled', 'completed', 'pending', 'confirmed', 'no_show']) {
      expect(quoteNightRefund({ ...night, status }, booking, before(100 * HOUR)), status).toBeNull()
      expect(canCancelNight({ ...night, status }, before(100 * HOUR))).toBe(false)
    }
    expect(canCancelNight(night, before(1))).toBe(true)
  })

  test('the start may be given as an ISO string', () => {
    expect(quoteNightRefund({ ...night, startsAt: START.toISOString() }, booking, before(72 * HOUR))?.policy).toBe('full')
  })

  test('the fee is refunded in proportion to the night’s price', () => {
    // $300 + $500 nights: subtotal $800, fee $80, total $880.
    const mixed = { subtotalCents: 80000, totalAmountCents: 88000 }
    expect(nightShareCents(30000, mixed)).toBe(33000)
    expect(nightShareCents(50000, mixed)).toBe(55000)
    expect(nightShareCents(0, mixed)).toBe(0)
    expect(nightShareCents(100, { subtotalCents: 0, totalAmountCents: 0 })).toBe(0)
  })

  test('full refunds of every night never add up to more than the total', () => {
    for (const rate of [5, 7, 15, 333, 995, 25005, 24995, 35000]) {
      for (let nights = 1; nights <= 12; nights++) {
        const price = priceNights(rate, nights)
        let refunded = 0
        for (let i = 0; i < nights; i++) {
          const quote = quoteNightRefund({ ...night, priceCents: rate }, price, before(100 * HOUR), refunded)
          refunded += quote!.refundableCents
        }
        expect(refunded, `${nights} nights at ${rate}`).toBeLessThanOrEqual(price.totalAmountCents)
        expect(price.totalAmountCents - refunded, `${nights} nights at ${rate}`).toBeLessThanOrEqual(nights)
      }
    }
  })

  test('a quote is capped by what is left of the total after earlier refunds', () => {
    // Three nights at 5 cents: subtotal 15, fee 2, total 17; each share rounds to 6.
    const tiny = priceNights(5, 3)
    const tinyNight = { ...night, priceCents: 5 }
    expect(quoteNightRefund(tinyNight, tiny, before(100 * HOUR), 12)?.refundableCents).toBe(5)
    expect(quoteNightRefund(tinyNight, tiny, before(100 * HOUR), 17)?.refundableCents).toBe(0)
  })
})

describe('the message after a cancellation', () => {
  test('names the refund in dollars', () => {
    expect(cancellationMessage(12345)).toBe('Night cancelled. $123.45 will be refunded to your card.')
    expect(cancellationMessage(0)).toBe('Night cancelled.')
  })
})

describe('an admin cancelling a whole booking', () => {
  const nights = [
    { id: 2, status: 'scheduled', startsAt: new Date(START.getTime() + 24 * HOUR), priceCents: 35000 },
    { id: 1, status: 'scheduled', startsAt: START, priceCents: 35000 },
  ]

  test('refunds every night not yet started in full, even within 48 hours, soonest first', () => {
    const quote = quotePlatformCancellation(nights, { ...booking, paid: true }, before(2 * HOUR))
    expect(quote.map(({ night, refundCents }) => [night.id, refundCents])).toEqual([
      [1, 38500],
      [2, 38500],
    ])
  })

  test('leaves nights that have started, or were cancelled before, alone', () => {
    const started = quotePlatformCancellation(nights, { ...booking, paid: true }, new Date(START.getTime() + HOUR))
    expect(started.map(({ night }) => night.id)).toEqual([2])
    const earlier = quotePlatformCancellation(
      [{ ...nights[0], status: 'cancelled' }, nights[1]],
      { ...booking, paid: true },
      before(HOUR),
    )
    expect(earlier.map(({ night }) => night.id)).toEqual([1])
  })

  test('never refunds more than is left of the charge', () => {
    const quote = quotePlatformCancellation(nights, { ...booking, paid: true }, before(HOUR), 50000)
    expect(quote.map(({ refundCents }) => refundCents)).toEqual([27000, 0])
  })

  test('an unpaid booking releases its held nights and refunds nothing', () => {
    const held = nights.map((night) => ({ ...night, status: 'pending' }))
    const quote = quotePlatformCancellation(held, { ...booking, paid: false }, before(HOUR))
    expect(quote.map(({ night, refundCents }) => [night.id, refundCents])).toEqual([
      [1, 0],
      [2, 0],
    ])
  })
})
