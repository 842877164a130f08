import { describe, expect, it, test } from 'vitest'
import { addDays, localToday, nightInstants, shiftMinutes, timeZoneLabel, timeZoneName } from './shift-times'

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
