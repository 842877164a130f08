import { describe, expect, test } from 'vitest'
import { patternDates, planTimeOff, timeOffMessage, weekdayOf } from './weekly-pattern'

describe('the weekly pattern', () => {
  test('publishes the chosen weekdays between two dates, within the publishing window', () => {
    expect(weekdayOf('2026-11-26')).toBe(4) // a Thursday
    const dates = patternDates({ from: '2026-11-23', to: '2026-12-06', weekdays: [1, 3], today: '2026-11-26' })
    // The Monday and Wednesday before today are left out.
    expect(dates).toEqual(['2026-11-30', '2026-12-02'])
    const far = patternDates({ from: '2027-10-01', to: '2028-01-01', weekdays: [0, 1, 2, 3, 4, 5, 6], today: '2026-11-26' })
    expect(far[far.length - 1]).toBe('2027-10-26')
  })

  test('time off removes the open nights of the range and keeps booked ones, naming them', () => {
    const plan = planTimeOff({
      published: ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-10'],
      booked: ['2026-12-02', '2026-12-20'],
      from: '2026-12-01',
      to: '2026-12-05',
    })
    expect(plan).toEqual({ keep: ['2026-12-10'], removed: ['2026-12-01', '2026-12-03'], bookedStaying: ['2026-12-02'] })
    expect(timeOffMessage(2, plan.bookedStaying)).toBe(
      'Time off saved: 2 open nights removed. Wed, Dec 2, 2026 is booked by a family and stays on your calendar.',
    )
    expect(timeOffMessage(1, [])).toBe('Time off saved: 1 open night removed.')
  })
})
