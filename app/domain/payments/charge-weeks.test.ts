import { describe, expect, test } from 'vitest'
import { priceNights } from '../bookings/pricing'
import {
  amountDueAtBooking,
  chargeDueAt,
  isChargedWeekly,
  planChargeWeeks,
  unpaidWeekReleaseAt,
  weekAmountDue,
  weekFeeCents,
  weekOfNight,
} from './charge-weeks'

const DAY = 24 * 60 * 60 * 1000

function night(id: number, date: string, extra: Partial<{ status: string; refundCents: number | null; priceCents: number }> = {}) {
  return { id, date, status: 'scheduled', startsAt: new Date(`${date}T02:00:00Z`), priceCents: 10000, refundCents: null, ...extra }
}

describe('weekly charging', () => {
  test('only weekly series longer than two weeks are charged week by week', () => {
    expect(isChargedWeekly({ pattern: 'recurring', weeksCount: 3 })).toBe(true)
    expect(isChargedWeekly({ pattern: 'recurring', weeksCount: 2 })).toBe(false)
    expect(isChargedWeekly({ pattern: 'one_time', weeksCount: null })).toBe(false)
    expect(isChargedWeekly({ pattern: 'recurring', weeksCount: null })).toBe(false)
  })

  test('a night belongs to the week counted in sevens from the series’ first night, across a month and a DST change', () => {
    expect(weekOfNight('2026-10-28', '2026-10-28')).toBe(1)
    expect(weekOfNight('2026-10-28', '2026-11-03')).toBe(1)
    expect(weekOfNight('2026-10-28', '2026-11-04')).toBe(2)
    expect(weekOfNight('2026-10-28', '2026-11-25')).toBe(5)
  })

  test('week 1 is due at booking; later weeks five days before their first night', () => {
    const booked = new Date('2026-11-01T12:00:00Z')
    const firstNight = new Date('2026-11-15T02:00:00Z')
    expect(chargeDueAt(1, firstNight, booked)).toBe(booked)
    expect(chargeDueAt(3, firstNight, booked).getTime()).toBe(firstNight.getTime() - 5 * DAY)
  })

  test('a declined week is held for exactly 48 hours', () => {
    const failedAt = new Date('2026-11-10T09:30:00Z')
    expect(unpaidWeekReleaseAt(failedAt).toISOString()).toBe('2026-11-12T09:30:00.000Z')
  })

  test('the weeks add up to the booking total exactly, the last week taking the rounding remainder', () => {
    // Three nights at $33.33: a subtotal of 9,999 cents and a fee of 1,000 (rounded half up).
    const booking = { startDate: '2026-12-01', subtotalCents: 9999, totalAmountCents: 10999 }
    const nights = ['2026-12-01', '2026-12-08', '2026-12-15'].map((date, i) => night(i + 1, date, { priceCents: 3333 }))
    const weeks = planChargeWeeks(booking, nights, new Date('2026-11-20T00:00:00Z'))
    expect(weeks.map((week) => week.week)).toEqual([1, 2, 3])
    expect(weeks.map((week) => week.grossCents)).toEqual([3666, 3666, 3667])
    expect(weeks.reduce((sum, week) => sum + week.grossCents, 0)).toBe(10999)
    expect(weeks[0].dueAt.toISOString()).toBe('2026-11-20T00:00:00.000Z')
  })

  test('a week with no night is left out, and nights are grouped whatever their order', () => {
    const booking = { startDate: '2026-12-01', subtotalCents: 30000, totalAmountCents: 33000 }
    const nights = [night(3, '2026-12-16'), night(1, '2026-12-01'), night(2, '2026-12-02')]
    const weeks = planChargeWeeks(booking, nights, new Date())
    expect(weeks.map((week) => [week.week, week.nights.map((n) => n.id)])).toEqual([
      [1, [1, 2]],
      [3, [3]],
    ])
  })

  test('what a week charges: less the refunds of nights cancelled before it, their whole share when none was recorded', () => {
    const booking = { subtotalCents: 40000, totalAmountCents: 44000 }
    const week = {
      grossCents: 44000,
      nights: [
        night(1, '2026-12-01'),
        night(2, '2026-12-02', { status: 'cancelled', refundCents: 11000 }),
        night(3, '2026-12-03', { status: 'cancelled', refundCents: 5500 }),
        night(4, '2026-12-04', { status: 'cancelled', refundCents: null }),
      ],
    }
    expect(weekAmountDue(week, booking)).toBe(44000 - 11000 - 5500 - 11000)
    expect(weekAmountDue({ grossCents: 100, nights: [night(1, '2026-12-01', { status: 'cancelled' })] }, booking)).toBe(0)
  })

  test('a week’s fee is its part of the booking’s fee', () => {
    expect(weekFeeCents(33000, { platformFeeCents: 6000, totalAmountCents: 66000 })).toBe(3000)
    expect(weekFeeCents(0, { platformFeeCents: 0, totalAmountCents: 0 })).toBe(0)
  })

  test('what a booking takes when it is made: the total, or week 1 of a series paid week by week', () => {
    const oneTime = { pattern: 'one_time', weeksCount: null, ...priceNights(30000, 2) }
    expect(amountDueAtBooking(oneTime, ['2026-12-10', '2026-12-11'])).toBe(oneTime.totalAmountCents)
    const twoWeeks = { pattern: 'recurring', weeksCount: 2, ...priceNights(30000, 2) }
    expect(amountDueAtBooking(twoWeeks, ['2026-12-10', '2026-12-17'])).toBe(twoWeeks.totalAmountCents)

    // Three weeks of two nights: week 1 is the first two nights' shares, as the first charge asks.
    const dates = ['2026-12-10', '2026-12-11', '2026-12-17', '2026-12-18', '2026-12-24', '2026-12-25']
    const series = { pattern: 'recurring', weeksCount: 3, ...priceNights(30000, dates.length), startDate: dates[0] }
    const planned = planChargeWeeks(series, dates.map((date, i) => night(i, date, { priceCents: 30000 })), new Date(0))
    expect(amountDueAtBooking(series, dates)).toBe(weekAmountDue(planned[0], series))
    expect(amountDueAtBooking(series, [...dates].reverse())).toBe(weekAmountDue(planned[0], series))
    expect(amountDueAtBooking(series, dates)).toBeLessThan(series.totalAmountCents)
  })
})
