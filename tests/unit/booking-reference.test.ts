// A booking has one reference everywhere a person reads it: '#NN-000014' (formatBookingReference),
// never a second spelling ('Booking #000014') written by hand (issue 38).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { formatBookingReference } from '~/domain/bookings/booking-rules'
import { buildCalendarFeed } from '~/domain/calendars/calendar-feed'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('the booking reference', () => {
  test('is written by formatBookingReference alone', () => {
    const handMade = sourceFiles('app').filter((path) => {
      if (path.endsWith('booking-rules.ts')) return false
      const text = readFileSync(path, 'utf8')
      return /(booking\.id|bookingId)\)?\.padStart\(6/i.test(text.replace(/\s+/g, ''))
    })
    expect(handMade).toEqual([])
  })

  test('the calendar entry names the booking by its reference', () => {
    const feed = buildCalendarFeed({
      owner: 'parent',
      origin: 'https://nightlight.test',
      nights: [
        {
          id: 1, bookingId: 14, date: '2026-12-10', startTimeLocal: '21:00', endTimeLocal: '07:00',
          timezone: 'America/Chicago', status: 'confirmed', otherName: 'Nora', location: null,
          createdAt: new Date('2026-11-20T15:00:00Z'), updatedAt: new Date('2026-11-20T15:00:00Z'),
        },
      ],
    })
    expect(feed.replace(/\r\n /g, '')).toContain(`Booking ${formatBookingReference(14)}.`)
  })
})
