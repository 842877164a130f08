import { describe, expect, test } from 'vitest'
import {
  canMoveNight,
  describeMoveCost,
  isFarEnoughAhead,
  movedMessage,
  priceMove,
  weekMoveProblem,
} from './move-night'

const HOUR = 60 * 60 * 1000
const now = new Date('2026-12-01T12:00:00Z')
const at = (hours: number) => new Date(now.getTime() + hours * HOUR)

describe('which nights can move', () => {
  test('a live night of a confirmed booking more than 48 hours away', () => {
    expect(canMoveNight({ status: 'scheduled', startsAt: at(48 + 1 / 60) }, 'confirmed', now)).toBe(true)
  })

  test('not at 48 hours exactly, nor a cancelled, pending or worked night, nor a night of an unpaid booking', () => {
    expect(canMoveNight({ status: 'scheduled', startsAt: at(48) }, 'confirmed', now)).toBe(false)
    // 'confirmed' and 'no_show': retired night statuses, never written (docs/decisions/0052).
    for (const status of ['cancelled', 'pending', 'completed', 'confirmed', 'no_show']) {
      expect(canMoveNight({ status, startsAt: at(100) }, 'confirmed', now)).toBe(false)
    }
    expect(canMoveNight({ status: 'scheduled', startsAt: at(100) }, 'pending', now)).toBe(false)
    expect(canMoveNight({ status: 'scheduled', startsAt: at(100) }, 'completed', now)).toBe(false)
  })
})

describe('which nights a night can move to', () => {
  test('more than 48 hours ahead, and the nurse’s notice', () => {
    expect(isFarEnoughAhead(at(48), 0, now)).toBe(false)
    expect(isFarEnoughAhead(at(49), 0, now)).toBe(true)
    expect(isFarEnoughAhead(at(71), 72, now)).toBe(false)
    expect(isFarEnoughAhead(at(72), 72, now)).toBe(true)
  })

  test('a night of a series paid week by week stays in its week', () => {
    const series = { startDate: '2026-12-01' }
    expect(weekMoveProblem(series, '2026-12-08', '2026-12-14')).toBeNull()
    expect(weekMoveProblem(series, '2026-12-08', '2026-12-15')).toMatch(/week 2 of your weekly series/)
    expect(weekMoveProblem(null, '2026-12-08', '2026-12-30')).toBeNull()
  })
})

describe('the price of a move', () => {
  const booking = { subtotalCents: 60000, platformFeeCents: 6000, totalAmountCents: 66000, nursePayoutCents: 60000 }

  test('the same rate changes nothing', () => {
    expect(priceMove(30000, booking, 30000)).toEqual({ priceCents: 30000, differenceCents: 0, totals: booking })
  })

  test('a dearer rate: the difference with the fee, and the booking’s amounts follow', () => {
    expect(priceMove(30000, booking, 32000)).toEqual({
      priceCents: 32000,
      differenceCents: 2200,
      totals: { subtotalCents: 62000, platformFeeCents: 6200, totalAmountCents: 68200, nursePayoutCents: 62000 },
    })
  })

  test('a cheaper rate: a negative difference', () => {
    expect(priceMove(30000, booking, 25000)).toMatchObject({ priceCents: 25000, differenceCents: -5500, totals: { totalAmountCents: 60500 } })
  })

  test('a twins night keeps its babies: her rate now plus the booking’s extra, nothing moves at the same price (issue 36)', () => {
    // Two twin nights at $300 + $80: subtotal $760, fee $76, total $836.
    const twins = { subtotalCents: 76000, platformFeeCents: 7600, totalAmountCents: 83600, nursePayoutCents: 76000 }
    const babies = { babies: 2, extraBabyCents: 8000 }
    expect(priceMove(38000, twins, 30000, babies)).toEqual({ priceCents: 38000, differenceCents: 0, totals: twins })
    expect(priceMove(38000, twins, 32000, babies)).toEqual({
      priceCents: 40000,
      differenceCents: 2200,
      totals: { subtotalCents: 78000, platformFeeCents: 7800, totalAmountCents: 85800, nursePayoutCents: 78000 },
    })
  })

  test('in words beside each night', () => {
    expect(describeMoveCost(0, { charged: true, cardLabel: null })).toBe('Same price')
    expect(describeMoveCost(1200, { charged: true, cardLabel: 'Visa ending 4242' })).toBe('+$12.00 charged to Visa ending 4242')
    expect(describeMoveCost(1200, { charged: true, cardLabel: null })).toBe('+$12.00 (needs a saved card)')
    expect(describeMoveCost(-1200, { charged: true, cardLabel: null })).toBe('$12.00 refunded')
    expect(describeMoveCost(1200, { charged: false, cardLabel: null })).toBe('+$12.00 on the week’s charge')
  })

  test('the answer after the move', () => {
    expect(movedMessage('2026-12-10', '2026-12-12', 0, true)).toBe('Your night of Thu, Dec 10, 2026 is now Sat, Dec 12, 2026.')
    expect(movedMessage('2026-12-10', '2026-12-12', -5500, true)).toMatch(/\$55\.00 will be refunded to your card\.$/)
    expect(movedMessage('2026-12-10', '2026-12-12', 2200, true)).toMatch(/\$22\.00 was charged to your card\.$/)
  })
})
