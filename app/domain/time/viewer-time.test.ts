import { describe, expect, test } from 'vitest'
import { DEFAULT_TIME_ZONE, formatDay, formatMoment, isTimeZone } from './viewer-time'
import { toldTimeZone } from './viewer-time.server'

// 7:20 AM UTC on a winter day: 2:20 AM in New York, 11:20 PM the evening before in Los Angeles.
const MOMENT = '2026-01-15T07:20:00.000Z'
const plain = (text: string) => text.replace(/\u202f/g, ' ')

describe('a moment as the viewer reads it', () => {
  test('is written in the zone the page names, whatever zone the machine that renders it is in', () => {
    expect(plain(formatMoment(MOMENT, { timeZone: 'America/Los_Angeles', told: true }))).toBe('Jan 14, 11:20 PM')
    expect(plain(formatMoment(MOMENT, { timeZone: 'America/New_York', told: true }))).toBe('Jan 15, 2:20 AM')
    expect(plain(formatMoment(new Date(MOMENT), { timeZone: 'UTC', told: true }))).toBe('Jan 15, 7:20 AM')
  })

  test('names its zone when the browser did not tell it, so it is never read as the viewer’s own', () => {
    expect(plain(formatMoment(MOMENT, { timeZone: DEFAULT_TIME_ZONE, told: false }))).toBe('Jan 15, 2:20 AM EST')
    expect(plain(formatMoment('2026-07-15T07:20:00.000Z', { timeZone: 'America/Chicago', told: false }))).toBe('Jul 15, 2:20 AM CDT')
  })
})

describe('a day as the viewer reads it', () => {
  test('is the day in the zone the page chose, with its weekday when asked', () => {
    expect(formatDay(MOMENT, { timeZone: 'America/Los_Angeles' })).toBe('January 14, 2026')
    expect(formatDay(MOMENT, { timeZone: 'America/New_York' })).toBe('January 15, 2026')
    expect(formatDay(MOMENT, { timeZone: 'America/New_York' }, { weekday: true })).toBe('Thursday, January 15, 2026')
  })
})

describe('a told zone', () => {
  test('is an IANA zone name that Intl knows', () => {
    for (const zone of ['America/Los_Angeles', 'America/New_York', 'Pacific/Honolulu', 'UTC', 'Etc/GMT+5']) expect(isTimeZone(zone), zone).toBe(true)
  })

  test('is nothing else: made-up names, script, overlong or empty values and non-strings are refused', () => {
    for (const value of ['Mars/Olympus_Mons', '<script>', 'America/New_York; Path=/', 'a'.repeat(65), '', ' UTC', null, 42, undefined]) {
      expect(isTimeZone(value), String(value)).toBe(false)
    }
  })
})

describe('a zone told in the tz cookie', () => {
  const told = (value: string) => toldTimeZone(new Request('http://x/', { headers: { Cookie: `tz=${encodeURIComponent(value)}` } }))

  // Each spelling would otherwise keep an Intl formatter of its own (about 28 KB of ICU memory):
  // 'America/Los_Angeles' alone has 2^17 spellings in upper and lower case (docs/decisions/0043).
  test('is read as the one name Intl gives the zone, whatever its letter case or alias, so the server keeps one formatter per zone', () => {
    expect(told('aMeRiCa/lOs_AnGeLeS')).toBe('America/Los_Angeles')
    expect(told('america/los_angeles')).toBe('America/Los_Angeles')
    expect(told('US/Pacific')).toBe('America/Los_Angeles')
    expect(told('utc')).toBe('UTC')
    expect(told('America/New_York')).toBe('America/New_York')
    expect(told('Mars/Olympus_Mons')).toBeNull()
  })
})
