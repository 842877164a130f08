import { describe, expect, test } from 'vitest'
import { quotePlan } from '../reservations/reservation-window'
import { addDays } from '../time/shift-times'
import { amountDueAtBooking } from './charge-weeks'
import { depositDueBy, depositFate, depositFor, depositSentence, familyCancelRefundsDeposit, lastFullRefundDay, type DepositReservation } from './deposit-rules'

const RATES = { nightlyRateCents: 30_000, extraBabyCents: 5_000, babies: 1 }
const NEW_YORK = 'America/New_York'

function reservation(overrides: Partial<DepositReservation> = {}): DepositReservation {
  return { status: 'accepted', parentId: 7, dueDate: '2027-03-15', timezone: NEW_YORK, cancelledBy: null, cancelledAt: null, ...overrides }
}

describe('the deposit', () => {
  test('is the plan’s first week at the quoted rates, fee included, twins priced per baby', () => {
    const short = { weeks: 2, nightsPerWeek: 3, weekdays: [] as number[] }
    const week = quotePlan(short, RATES).week
    expect(depositFor(short, RATES)).toEqual({ amountCents: week.totalAmountCents, feeCents: week.platformFeeCents })
    expect(depositFor(short, { ...RATES, babies: 2 }).amountCents).toBeGreaterThan(week.totalAmountCents)
  })

  test('a plan paid week by week takes what its booking’s first week will charge, to the cent', () => {
    for (const [nightlyRateCents, nightsPerWeek, weeks] of [[30_000, 3, 6], [33_333, 5, 4], [28_751, 7, 3], [19_999, 1, 26]]) {
      const plan = { weeks, nightsPerWeek, weekdays: [] as number[] }
      const rates = { ...RATES, nightlyRateCents }
      const { total } = quotePlan(plan, rates)
      const dates = Array.from({ length: total.nights }, (_, index) => addDays('2027-05-03', Math.floor(index / nightsPerWeek) * 7 + (index % nightsPerWeek)))
      const booking = { pattern: 'recurring', weeksCount: weeks, ...total }
      expect(depositFor(plan, rates).amountCents).toBe(amountDueAtBooking(booking, dates))
      expect(Math.abs(depositFor(plan, rates).amountCents - quotePlan(plan, rates).week.totalAmountCents)).toBeLessThanOrEqual(nightsPerWeek)
    }
  })

  test('an unpaid reservation holds its nights for 15 minutes', () => {
    const now = new Date('2027-01-01T12:00:00Z')
    expect(depositDueBy(now).toISOString()).toBe('2027-01-01T12:15:00.000Z')
  })

  test('the family gets it back only more than 30 days before the due date, counted in the nurse’s zone', () => {
    // 31 days before the due date in New York, though already 30 days before in UTC.
    expect(familyCancelRefundsDeposit('2027-03-15', NEW_YORK, new Date('2027-02-12T03:00:00Z'))).toBe(true)
    expect(familyCancelRefundsDeposit('2027-03-15', NEW_YORK, new Date('2027-02-13T05:00:00Z'))).toBe(false)
    expect(familyCancelRefundsDeposit('2027-03-15', NEW_YORK, new Date('2027-03-20T12:00:00Z'))).toBe(false)
    expect(lastFullRefundDay('2027-03-15')).toBe('2027-02-12')
    // Across a month end and a leap day.
    expect(lastFullRefundDay('2028-03-30')).toBe('2028-02-28')
  })

  test('what becomes of it when the reservation ends', () => {
    expect(depositFate(reservation({ status: 'requested' }))).toBe('held')
    expect(depositFate(reservation({ status: 'accepted' }))).toBe('held')
    expect(depositFate(reservation({ status: 'started' }))).toBe('applied')
    expect(depositFate(reservation({ status: 'declined' }))).toBe('refund')
    expect(depositFate(reservation({ status: 'lapsed' }))).toBe('refund')
    // She withdrew: always back, even the day before.
    expect(depositFate(reservation({ status: 'cancelled', cancelledBy: 99, cancelledAt: new Date('2027-03-14T12:00:00Z') }))).toBe('refund')
    expect(depositFate(reservation({ status: 'cancelled', cancelledBy: 7, cancelledAt: new Date('2027-01-10T12:00:00Z') }))).toBe('refund')
    expect(depositFate(reservation({ status: 'cancelled', cancelledBy: 7, cancelledAt: new Date('2027-03-01T12:00:00Z') }))).toBe('keep')
  })
})

describe('the deposit in words', () => {
  const held = { amountCents: 105_600, state: 'held' as const, refundUntil: '2027-02-12' }

  test('until the last day for a full refund, both sides read that day; after it, that it is hers if the family cancels', () => {
    expect(depositSentence(held, 'parent', '2027-02-12')).toBe(
      '$1,056.00 paid. It counts toward your first week. Cancel by Fri, Feb 12, 2027 and it comes back in full; after that it is hers.',
    )
    expect(depositSentence(held, 'parent', '2027-02-13')).toBe(
      '$1,056.00 paid. It counts toward your first week. Your due date is less than 31 days away, so it is hers if you cancel.',
    )
    expect(depositSentence(held, 'nurse', '2027-02-01')).toBe('$1,056.00 paid by the family. If they cancel after Fri, Feb 12, 2027, it is yours, less the platform fee.')
    expect(depositSentence(held, 'nurse', '2027-03-01')).toBe('$1,056.00 paid by the family. If they cancel now, it is yours, less the platform fee.')
  })

  test('once it is refunded, kept or counted toward the first week, the day no longer matters', () => {
    expect(depositSentence({ ...held, state: 'refunded' }, 'parent', '2027-03-01')).toBe('$1,056.00, refunded to your card in full.')
    expect(depositSentence({ ...held, state: 'kept' }, 'parent', '2027-03-01')).toBe('$1,056.00, kept for her: you cancelled within 30 days of your due date.')
    expect(depositSentence({ ...held, state: 'applied' }, 'nurse', '2027-01-01')).toBe("$1,056.00, part of the first week's payment.")
  })
})
