import { describe, expect, test } from 'vitest'
import { mondayOf, nightsTooSoon, noticeMessage, overfullWeeks, weekLimitMessage } from './booking-limits'

describe("a nurse's booking limits", () => {
  test('minimum notice: a night starting sooner cannot be booked; none by default', () => {
    const now = new Date('2026-11-26T12:00:00Z')
    const nights = [
      { date: '2026-11-27', startsAt: new Date('2026-11-27T02:00:00Z') },
      { date: '2026-11-28', startsAt: new Date('2026-11-29T02:00:00Z') },
    ]
    expect(nightsTooSoon(nights, 0, now)).toEqual([])
    expect(nightsTooSoon(nights, 24, now)).toEqual(['2026-11-27'])
    expect(nightsTooSoon(nights, 72, now)).toEqual(['2026-11-27', '2026-11-28'])
    expect(noticeMessage(24, ['2026-11-27'])).toBe("This nurse needs 24 hours' notice: Fri, Nov 27, 2026 starts too soon.")
  })

  test('nights a week count Monday to Sunday, each date once', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23')
    expect(mondayOf('2026-11-29')).toBe('2026-11-23') // a Sunday
    expect(mondayOf('2026-11-30')).toBe('2026-11-30')
    expect(overfullWeeks(['2026-11-23', '2026-11-25', '2026-11-29', '2026-11-30'], 2)).toEqual(['2026-11-23'])
    expect(overfullWeeks(['2026-11-23', '2026-11-23', '2026-11-24'], 2)).toEqual([])
    expect(weekLimitMessage(2, ['2026-11-23'])).toBe('This nurse takes at most 2 nights a week: the week of Mon, Nov 23, 2026 would have more.')
  })
})
