// The calendar feed in its owner's language: Spanish words and times for a reader of Spanish, and
// the `documents` catalogue's English the same, byte for byte, as the feed without a `t`.
import { describe, expect, test } from 'vitest'
import { translator } from '~/i18n/i18n.server'
import { withLanguage } from '~/utils/request-scope.server'
import { buildCalendarFeed, type FeedNight, type FeedWindow } from '~/domain/calendars/calendar-feed'

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
const window: FeedWindow = {
  id: 3,
  firstStart: '2027-03-01',
  lastStart: '2027-04-05',
  dueDate: '2027-03-15',
  live: true,
  otherName: 'Nora',
  createdAt: new Date('2026-11-20T15:00:00Z'),
  updatedAt: new Date('2026-11-20T15:02:00Z'),
}
const feed = (owner: 'parent' | 'nurse', language?: 'en' | 'es') =>
  language
    ? withLanguage(language, () => buildCalendarFeed({ owner, origin: 'https://nightlight.test', nights: [night], windows: [window] }, translator('documents', language)))
    : buildCalendarFeed({ owner, origin: 'https://nightlight.test', nights: [night], windows: [window] })

describe('the calendar feed in its reader’s language', () => {
  test.each(['parent', 'nurse'] as const)('%s: the English catalogue writes the feed as it always was', (owner) => {
    expect(feed(owner, 'en')).toBe(feed(owner))
  })

  test('Spanish for a family that reads Spanish', () => {
    const text = feed('parent', 'es')
    expect(text).toContain('PRODID:-//Nightlight//calendar-feed//ES')
    expect(text).toContain('X-WR-CALNAME:Nightlight: tu enfermera de noche')
    expect(text).toContain('SUMMARY:Enfermera de noche: Nora')
    expect(text).toContain('DESCRIPTION:De 9:00 p.m. a 7:00 a.m. (reserva #NN-000014).')
    expect(text).toContain('SUMMARY:Enfermera de noche reservada: Nora (periodo de inicio)')
    expect(text).toContain('DESCRIPTION:La fecha probable de parto es el lun\\, 15 mar 2027.')
  })

  test('Spanish for a nurse who reads Spanish', () => {
    const text = feed('nurse', 'es')
    expect(text).toContain('SUMMARY:Cuidado nocturno: familia de Nora')
    expect(text).toContain('SUMMARY:Reservada: familia de Nora (periodo de inicio)')
  })
})
