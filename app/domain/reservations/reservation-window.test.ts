import { describe, expect, test } from 'vitest'
import { addDays } from '../time/shift-times'
import {
  clashingDates,
  datesBetween,
  describeWeekdays,
  heldDates,
  heldDatesAhead,
  heldNights,
  heldNightsAhead,
  planNights,
  quotePlan,
  reservationWindow,
  type ReservationPlan,
  weekdayOf,
} from './reservation-window'

const plan = (over: Partial<ReservationPlan> = {}): ReservationPlan => ({
  dueDate: '2027-03-15',
  windowBeforeDays: 14,
  windowAfterDays: 21,
  weeks: 4,
  nightsPerWeek: 3,
  weekdays: [1, 3, 5],
  startTimeLocal: '22:00',
  endTimeLocal: '06:00',
  ...over,
})

describe('the start window', () => {
  test('runs from the days before to the days after the due date, across month ends', () => {
    expect(reservationWindow(plan())).toEqual({ firstStart: '2027-03-01', lastStart: '2027-04-05' })
    expect(reservationWindow(plan({ dueDate: '2028-02-10', windowBeforeDays: 14, windowAfterDays: 21 }))).toEqual({
      firstStart: '2028-01-27',
      lastStart: '2028-03-02',
    })
    expect(reservationWindow(plan({ dueDate: '2027-12-31', windowBeforeDays: 0, windowAfterDays: 1 }))).toEqual({
      firstStart: '2027-12-31',
      lastStart: '2028-01-01',
    })
  })
})

describe("the plan's nights from one start date", () => {
  test('with weekdays: those weekdays only, for the weeks counted from the start', () => {
    // 2027-03-01 is a Monday: four weeks of Mon, Wed, Fri.
    const nights = planNights(plan(), '2027-03-01')
    expect(nights).toHaveLength(12)
    expect(nights.slice(0, 4)).toEqual(['2027-03-01', '2027-03-03', '2027-03-05', '2027-03-08'])
    expect(nights.at(-1)).toBe('2027-03-26')
    expect(new Set(nights.map(weekdayOf))).toEqual(new Set([1, 3, 5]))
  })

  test('starting on a day the plan does not use, it begins on the next chosen weekday', () => {
    // A Tuesday start: the first night is Wednesday, the last Monday of the fourth week.
    const nights = planNights(plan(), '2027-03-02')
    expect(nights[0]).toBe('2027-03-03')
    expect(nights.at(-1)).toBe('2027-03-29')
    expect(nights).toHaveLength(12)
  })

  test('without weekdays: the first nights of each week counted from the start date', () => {
    const nights = planNights(plan({ weekdays: [], nightsPerWeek: 2, weeks: 2 }), '2027-02-27')
    expect(nights).toEqual(['2027-02-27', '2027-02-28', '2027-03-06', '2027-03-07'])
  })

  test('every start date in the window gives a plan of weeks × nights a week, all held', () => {
    const p = plan()
    const held = new Set(heldDates(p))
    const { firstStart, lastStart } = reservationWindow(p)
    const starts = datesBetween(firstStart, lastStart)
    expect(starts).toHaveLength(36)
    for (const start of starts) {
      const nights = planNights(p, start)
      expect(nights).toHaveLength(12)
      for (const night of nights) expect(held.has(night)).toBe(true)
    }
  })
})

describe('the held nights', () => {
  test('are the chosen weekdays from the first start to the last start plus the weeks, nothing else', () => {
    const held = heldDates(plan())
    expect(held[0]).toBe('2027-03-01')
    // Last start Mon 2027-04-05 + 4 weeks: the last night is Fri 2027-04-30.
    expect(held.at(-1)).toBe('2027-04-30')
    expect(held.every((date) => [1, 3, 5].includes(weekdayOf(date)))).toBe(true)
    // A Tuesday inside the window is not held, nor the day after the last night.
    expect(held).not.toContain('2027-03-16')
    expect(held).not.toContain('2027-05-03')
    expect(held).not.toContain('2027-02-26')
  })

  test('without weekdays every day may be needed once the window is a week or longer', () => {
    const p = plan({ weekdays: [], nightsPerWeek: 2, weeks: 1, windowBeforeDays: 3, windowAfterDays: 3 })
    expect(heldDates(p)).toEqual(datesBetween('2027-03-12', '2027-03-19'))
  })

  test('without weekdays and a short window, a gap between weeks stays free', () => {
    // Starts Mar 15 or 16, two nights a week for two weeks: nights 15–17 and 22–24 at most.
    const p = plan({ weekdays: [], nightsPerWeek: 2, weeks: 2, windowBeforeDays: 0, windowAfterDays: 1 })
    expect(heldDates(p)).toEqual(['2027-03-15', '2027-03-16', '2027-03-17', '2027-03-22', '2027-03-23', '2027-03-24'])
  })

  test('a held night across the spring daylight-saving change is an hour shorter', () => {
    // New York springs forward early on Sunday 2027-03-14: Saturday 20:00 EST to Sunday 06:00 EDT is nine hours.
    const nights = heldNights(
      plan({ weekdays: [6], nightsPerWeek: 1, weeks: 1, dueDate: '2027-03-13', windowBeforeDays: 0, windowAfterDays: 0, startTimeLocal: '20:00' }),
      'America/New_York',
    )
    expect(nights).toHaveLength(1)
    expect(nights[0].startsAt.toISOString()).toBe('2027-03-14T01:00:00.000Z')
    expect(nights[0].endsAt.toISOString()).toBe('2027-03-14T10:00:00.000Z')
  })

  test('in the autumn a night is an hour longer, and each night is read in the nurse zone', () => {
    const nights = heldNights(
      plan({ weekdays: [6], nightsPerWeek: 1, weeks: 2, dueDate: '2027-10-30', windowBeforeDays: 0, windowAfterDays: 0 }),
      'America/Los_Angeles',
    )
    expect(nights.map((n) => n.date)).toEqual(['2027-10-30', '2027-11-06'])
    expect(nights[0].endsAt.getTime() - nights[0].startsAt.getTime()).toBe(8 * 3600_000)
    // Sat 2027-11-06 22:00 PST → 06:00 on the Sunday the clocks go back: nine hours.
    expect(nights[1].endsAt.getTime() - nights[1].startsAt.getTime()).toBe(9 * 3600_000)
  })

  test('a night that only touches a held night in time does not clash; one overlapping it does', () => {
    const held = heldNights(plan(), 'America/New_York')
    const monday = held.find((n) => n.date === '2027-03-08')!
    const morningAfter = { date: '2027-03-09', startsAt: monday.endsAt, endsAt: new Date(monday.endsAt.getTime() + 8 * 3600_000) }
    const eveningBefore = { date: '2027-03-08', startsAt: new Date(monday.startsAt.getTime() - 3 * 3600_000), endsAt: new Date(monday.startsAt.getTime() + 3600_000) }
    expect(clashingDates([morningAfter], held)).toEqual([])
    expect(clashingDates([eveningBefore, morningAfter], held)).toEqual(['2027-03-08'])
  })

  test('a plan ending on a leap day counts it', () => {
    const p = plan({ dueDate: '2028-02-22', windowBeforeDays: 0, windowAfterDays: 0, weeks: 1, weekdays: [2], nightsPerWeek: 1 })
    expect(heldDates(p)).toEqual(['2028-02-22'])
    expect(heldDates({ ...p, weeks: 2 })).toEqual(['2028-02-22', '2028-02-29'])
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01')
  })
})

describe('the quote and the words', () => {
  test("a plan is priced per week and in all with the booking's one rule, twins included", () => {
    const quote = quotePlan(plan(), { nightlyRateCents: 30000, extraBabyCents: 5000, babies: 2 })
    expect(quote.nights).toBe(12)
    expect(quote.week.subtotalCents).toBe(3 * 35000)
    expect(quote.total.subtotalCents).toBe(12 * 35000)
    expect(quote.total.totalAmountCents).toBe(462000)
  })

  test('weekdays read as a family says them', () => {
    expect(describeWeekdays(plan())).toBe('Mondays, Wednesdays and Fridays')
    expect(describeWeekdays(plan({ weekdays: [], nightsPerWeek: 1 }))).toBe('1 night a week')
  })
})

describe('the held nights, counted fast', () => {
  // The definition, as it reads: the union over every start date in the window of that start's nights.
  const byDefinition = (p: ReservationPlan) => {
    const { firstStart, lastStart } = reservationWindow(p)
    const held = new Set<string>()
    for (const start of datesBetween(firstStart, lastStart)) for (const night of planNights(p, start)) held.add(night)
    return [...held].sort()
  }

  test('are the same dates as the definition for plans of every shape, across month, year and leap-day ends', () => {
    const dueDates = ['2027-03-15', '2027-12-30', '2028-02-27', '2026-11-01', '2027-03-14']
    const shapes: Array<Partial<ReservationPlan>> = [
      { weekdays: [], nightsPerWeek: 1, weeks: 1, windowBeforeDays: 0, windowAfterDays: 0 },
      { weekdays: [], nightsPerWeek: 3, weeks: 2, windowBeforeDays: 3, windowAfterDays: 2 },
      { weekdays: [], nightsPerWeek: 7, weeks: 26, windowBeforeDays: 28, windowAfterDays: 42 },
      { weekdays: [0], nightsPerWeek: 1, weeks: 3, windowBeforeDays: 7, windowAfterDays: 7 },
      { weekdays: [1, 3, 5], nightsPerWeek: 3, weeks: 4, windowBeforeDays: 14, windowAfterDays: 21 },
      { weekdays: [6, 0], nightsPerWeek: 2, weeks: 12, windowBeforeDays: 1, windowAfterDays: 40 },
    ]
    for (const dueDate of dueDates) {
      for (const shape of shapes) {
        const p = plan({ dueDate, ...shape })
        expect(heldDates(p), `${dueDate} ${JSON.stringify(shape)}`).toEqual(byDefinition(p))
      }
    }
  })

  test('ahead of now: the nights not ended yet, the same as reading every night’s end', () => {
    const p = plan({ dueDate: '2027-03-15', weekdays: [], nightsPerWeek: 7, weeks: 2, windowBeforeDays: 3, windowAfterDays: 3 })
    for (const [zone, times] of [
      ['America/New_York', { startTimeLocal: '22:00', endTimeLocal: '06:00' }],
      ['America/Los_Angeles', { startTimeLocal: '01:00', endTimeLocal: '07:00' }],
      ['Pacific/Honolulu', { startTimeLocal: '19:00', endTimeLocal: '23:30' }],
    ] as const) {
      const shaped = { ...p, ...times }
      // Every hour across the held span and its daylight saving change (2027-03-14 in the US).
      for (let hour = 0; hour < 24 * 30; hour += 5) {
        const now = new Date(Date.parse('2027-03-11T00:00:00Z') + hour * 3_600_000)
        const expected = heldNights(shaped, zone).filter((night) => night.endsAt.getTime() > now.getTime())
        expect(heldDatesAhead(shaped, zone, now), `${zone} ${now.toISOString()}`).toEqual(expected.map((night) => night.date))
        expect(heldNightsAhead(shaped, zone, now)).toEqual(expected)
      }
    }
  })
})
