import { describe, expect, it, test } from 'vitest'
import { dayjs, nightInstants } from './night-instants'
import {
  addDays,
  addMonths,
  formatMonthYear,
  formatNightDate,
  groupByMonth,
  isValidDate,
  localToday,
  shiftMinutes,
  timeZoneLabel,
  timeZoneName,
} from './shift-times'

describe("today's date in a nurse's time zone", () => {
  it('is the local calendar date, not the UTC one', () => {
    // 03:30 UTC on 22 November is still the evening of the 21st in every US zone.
    const now = new Date('2026-11-22T03:30:00Z')
    expect(localToday('America/New_York', now)).toBe('2026-11-21')
    expect(localToday('America/Los_Angeles', now)).toBe('2026-11-21')
    expect(localToday('UTC', now)).toBe('2026-11-22')
  })

  it('turns over at local midnight, across a daylight-saving change', () => {
    expect(localToday('America/Chicago', new Date('2026-03-08T05:59:00Z'))).toBe('2026-03-07')
    expect(localToday('America/Chicago', new Date('2026-03-08T06:00:00Z'))).toBe('2026-03-08')
    expect(localToday('America/Chicago', new Date('2026-11-02T05:59:00Z'))).toBe('2026-11-01')
    expect(localToday('America/Chicago', new Date('2026-11-02T06:00:00Z'))).toBe('2026-11-02')
  })

  it('pads months and days and keeps four-digit years', () => {
    expect(localToday('Pacific/Honolulu', new Date('2027-01-05T12:00:00Z'))).toBe('2027-01-05')
  })
})

describe('overnight shifts', () => {
  it('end the next morning when the end is earlier than the start', () => {
    expect(shiftMinutes('22:00', '06:00')).toBe(8 * 60)
    const { startsAt, endsAt } = nightInstants('2026-12-31', '22:00', '06:00', 'America/New_York')
    expect(startsAt.toISOString()).toBe('2027-01-01T03:00:00.000Z')
    expect(endsAt.toISOString()).toBe('2027-01-01T11:00:00.000Z')
  })

  it('last the clock hours of the night across a daylight-saving change', () => {
    // 1 November 2026: clocks go back at 02:00 in New York, so 22:00–06:00 lasts nine hours.
    const { startsAt, endsAt } = nightInstants('2026-10-31', '22:00', '06:00', 'America/New_York')
    expect((endsAt.getTime() - startsAt.getTime()) / 3_600_000).toBe(9)
  })

  it('add calendar days across month ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
  })
})

describe('time-zone names families read', () => {
  test('US zones have their everyday names', () => {
    expect(timeZoneName('America/New_York')).toBe('Eastern time')
    expect(timeZoneName('America/Chicago')).toBe('Central time')
    expect(timeZoneName('America/Denver')).toBe('Mountain time')
    expect(timeZoneName('America/Phoenix')).toBe('Arizona time')
    expect(timeZoneName('America/Los_Angeles')).toBe('Pacific time')
  })

  test('any other zone is named by its city, never shown as an IANA id', () => {
    expect(timeZoneName('Europe/London')).toBe('London time')
    expect(timeZoneName('America/Puerto_Rico')).toBe('Puerto Rico time')
  })

  test('the zone label follows daylight saving at the night’s start', () => {
    expect(timeZoneLabel('America/Los_Angeles', '2026-07-01T05:00:00Z')).toBe('PDT')
    expect(timeZoneLabel('America/Los_Angeles', '2026-11-02T05:00:00Z')).toBe('PST')
    expect(timeZoneLabel('America/New_York', new Date('2026-01-15T02:00:00Z'))).toBe('EST')
  })
})

describe('calendar dates without a parser', () => {
  // The dayjs formulas these replaced are the oracle, over every day of eight years (leap years,
  // month and year ends) and steps back and forth.
  const days: string[] = []
  for (let day = dayjs('2024-01-01'); day.isBefore('2032-01-01'); day = day.add(1, 'day')) days.push(day.format('YYYY-MM-DD'))

  it('adds days as dayjs did', () => {
    for (const date of days) {
      for (const step of [1, -1, 7, 31, -365, 366]) {
        expect(addDays(date, step)).toBe(dayjs(date, 'YYYY-MM-DD').add(step, 'day').format('YYYY-MM-DD'))
      }
    }
  })

  it('adds months as dayjs did, keeping the day or the month\'s last', () => {
    for (const date of days) {
      for (const step of [1, 11, -1, 12, 13]) {
        expect(addMonths(date, step)).toBe(dayjs(date, 'YYYY-MM-DD').add(step, 'month').format('YYYY-MM-DD'))
      }
    }
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2027-03-31', 11)).toBe('2028-02-29')
    expect(addMonths('soon', 1)).toBe('Invalid Date')
  })

  it('names nights and months as dayjs did', () => {
    for (const date of days) {
      expect(formatNightDate(date)).toBe(dayjs(date, 'YYYY-MM-DD').format('ddd, MMM D, YYYY'))
      expect(formatMonthYear(date)).toBe(dayjs(date, 'YYYY-MM-DD').format('MMMM YYYY'))
    }
  })

  it('knows a real date as dayjs did', () => {
    const texts = [...days, '2026-02-29', '2024-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-05', '26-01-05', '']
    for (const text of texts) expect(isValidDate(text), text).toBe(dayjs(text, 'YYYY-MM-DD', true).isValid())
  })

  it('says so for text that is not a date', () => {
    expect(addDays('tomorrow', 1)).toBe('Invalid Date')
    expect(formatNightDate('2026-1-5')).toBe('Invalid Date')
    expect(formatMonthYear('')).toBe('Invalid Date')
  })

  it('groups by month in the order given', () => {
    const nights = ['2026-11-29', '2026-11-30', '2026-12-01', '2027-01-02']
    expect(groupByMonth(nights, (date) => date)).toEqual([
      ['November 2026', ['2026-11-29', '2026-11-30']],
      ['December 2026', ['2026-12-01']],
      ['January 2027', ['2027-01-02']],
    ])
  })
})
