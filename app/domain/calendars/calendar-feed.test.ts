import { afterEach, describe, expect, test } from 'vitest'
import { buildCalendarFeed, type FeedNight } from './calendar-feed'

const night: FeedNight = {
  id: 7,
  bookingId: 14,
  date: '2026-12-10',
  startTimeLocal: '21:00',
  endTimeLocal: '07:00',
  timezone: 'America/Chicago',
  status: 'confirmed',
  otherName: 'Nora',
  location: null,
  createdAt: new Date('2026-11-20T15:00:00Z'),
  updatedAt: new Date('2026-11-20T15:02:00Z'),
}

/** A line of the (first) event, not of a VTIMEZONE. */
const line = (feed: string, name: string) =>
  feed.slice(feed.indexOf('BEGIN:VEVENT')).split('\r\n').find((row) => row.startsWith(name)) ?? ''
const feedOf = (nights: FeedNight[]) => buildCalendarFeed({ owner: 'parent', origin: 'https://nightlight.test', nights })

const serverZone = process.env.TZ
afterEach(() => {
  if (serverZone === undefined) delete process.env.TZ
  else process.env.TZ = serverZone
})

describe('the calendar feed (RFC 5545)', () => {
  test.each(['UTC', 'America/New_York', 'Asia/Tokyo'])(
    'stamps are UTC and the night keeps its local times on a server in %s',
    (zone) => {
      process.env.TZ = zone
      const feed = feedOf([night])
      expect(line(feed, 'DTSTAMP:')).toBe('DTSTAMP:20261120T150200Z')
      expect(line(feed, 'LAST-MODIFIED:')).toBe('LAST-MODIFIED:20261120T150200Z')
      expect(line(feed, 'DTSTART')).toBe('DTSTART;TZID=America/Chicago:20261210T210000')
      expect(line(feed, 'DTEND')).toBe('DTEND;TZID=America/Chicago:20261211T070000')
    },
  )

  test('a night cancelled or moved later has a higher SEQUENCE, so calendars take the new version', () => {
    const sequenceOf = (feed: string) => Number(line(feed, 'SEQUENCE:').slice('SEQUENCE:'.length))
    const booked = sequenceOf(feedOf([night]))
    const moved = sequenceOf(feedOf([{ ...night, date: '2026-12-12', updatedAt: new Date('2026-11-22T09:00:00Z') }]))
    const cancelled = sequenceOf(feedOf([{ ...night, status: 'cancelled', updatedAt: new Date('2026-11-23T09:00:00Z') }]))
    expect(booked).toBeGreaterThanOrEqual(0)
    expect(moved).toBeGreaterThan(booked)
    expect(cancelled).toBeGreaterThan(moved)
  })

  test('nights in two time zones each carry their own VTIMEZONE', () => {
    const feed = feedOf([night, { ...night, id: 8, timezone: 'America/Los_Angeles' }])
    expect(feed).toContain('TZID:America/Chicago')
    expect(feed).toContain('TZID:America/Los_Angeles')
  })
})
