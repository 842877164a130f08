import { describe, expect, test } from 'vitest'
import {
  chooseNights,
  describeWanted,
  matchLabel,
  planNights,
  profilePath,
  requestedDates,
  searchableFrom,
  wantedNightsParams,
} from './night-search'

// 2027-03-01 is a Monday.
describe('planNights', () => {
  test('a range is every night of it, each needed, week by week from Monday', () => {
    const plan = planNights({ from: '2027-03-03', to: '2027-03-09', weekdays: [] })
    expect(plan.dates).toEqual(['2027-03-03', '2027-03-04', '2027-03-05', '2027-03-06', '2027-03-07', '2027-03-08', '2027-03-09'])
    expect(plan.weeks).toEqual([
      { monday: '2027-03-01', dates: plan.dates.slice(0, 5), need: 5 },
      { monday: '2027-03-08', dates: plan.dates.slice(5), need: 2 },
    ])
    expect(plan).toMatchObject({ required: 7, threshold: 1, firstMonday: '2027-03-01' })
  })

  test('weekdays keep only those nights', () => {
    expect(requestedDates({ from: '2027-03-01', to: '2027-03-14', weekdays: ['mon', 'fri'] })).toEqual([
      '2027-03-01',
      '2027-03-05',
      '2027-03-08',
      '2027-03-12',
    ])
  })

  test('nights a week need that many of each week, fewer in a short week', () => {
    const plan = planNights({ from: '2027-03-06', to: '2027-03-14', weekdays: [], nightsPerWeek: 3 })
    expect(plan.weeks.map((week) => week.need)).toEqual([2, 3])
    expect(plan.required).toBe(5)
  })

  test('one night has no second group', () => {
    expect(planNights({ from: '2027-03-01', to: '2027-03-01', weekdays: [] })).toMatchObject({ required: 1, threshold: 1 })
  })

  test('a date that is not one gives no nights, and never loops', () => {
    expect(requestedDates({ from: 'next-monday', to: 'next-monday', weekdays: [] })).toEqual([])
  })
})

describe('chooseNights', () => {
  const plan = planNights({ from: '2027-03-01', to: '2027-03-14', weekdays: [], nightsPerWeek: 2 })

  test('the first open nights of each week, as many as it needs', () => {
    const open = new Set(['2027-03-02', '2027-03-03', '2027-03-04', '2027-03-13'])
    expect(chooseNights(plan, open)).toEqual(['2027-03-02', '2027-03-03', '2027-03-13'])
  })

  test('no more than the room left in her week', () => {
    const open = new Set(['2027-03-02', '2027-03-03', '2027-03-09', '2027-03-10'])
    expect(chooseNights(plan, open, (monday) => (monday === '2027-03-01' ? 1 : 0))).toEqual(['2027-03-02'])
  })
})

describe('words and links', () => {
  test('match labels', () => {
    expect(matchLabel(7, 7)).toBe('Open all 7 of your nights')
    expect(matchLabel(5, 7)).toBe('Open 5 of your 7 nights')
    expect(matchLabel(1, 1)).toBe('Open on your night')
  })

  test('what was asked for, in words', () => {
    expect(describeWanted({ from: '2027-03-01', to: '2027-03-14', weekdays: ['fri', 'mon'], nightsPerWeek: 1 })).toBe(
      'Mon, Mar 1, 2027 – Sun, Mar 14, 2027, Mondays and Fridays, 1 night a week',
    )
    expect(describeWanted({ from: '2027-03-01', to: '2027-03-01', weekdays: [] })).toBe('Mon, Mar 1, 2027')
  })

  test('the profile link carries the nights', () => {
    const wanted = { from: '2027-03-01', to: '2027-03-14', weekdays: ['wed', 'mon'] as const, nightsPerWeek: 2 }
    expect(profilePath('ada-1', { ...wanted, weekdays: [...wanted.weekdays] })).toBe(
      '/nurse/ada-1?from=2027-03-01&to=2027-03-14&weekdays=mon,wed&nightsPerWeek=2',
    )
    expect(profilePath('ada-1')).toBe('/nurse/ada-1')
    expect(wantedNightsParams(null).toString()).toBe('')
  })

  test('a search may start on today in Hawaii', () => {
    // 09:00 UTC on March 2 is still March 1, 23:00 in Honolulu.
    expect(searchableFrom(new Date('2027-03-02T09:00:00Z'))).toBe('2027-03-01')
  })
})
