// A family's or a nurse's booked nights as an iCalendar feed (issue 17, RFC 5545), with
// ical-generator. Pure: the feed route gives it the nights; the tests parse it back.
//
// Every night is written in the nurse's own time zone with its VTIMEZONE, as the local times it
// was booked at: 9 PM to 7 AM stays 9 PM to 7 AM across a daylight-saving change, and an overnight
// shift ends on the next day. The nurse sees the family's first name and neighbourhood; the full
// address only for a confirmed night. Cancelled nights stay in the feed as CANCELLED, so a calendar
// that had them removes them. Its words are its owner's language: `t` (the `documents` catalogue);
// without it, English.
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import { ICalCalendar, ICalEventStatus } from 'ical-generator'
import type { Translate } from '~/i18n/translate'
import { formatBookingReference } from '../bookings/booking-rules'
import { addDays, endsNextDay, formatNightDate, formatTime12 } from '../time/shift-times'

export interface FeedNight {
  id: number
  bookingId: number
  date: string
  startTimeLocal: string
  endTimeLocal: string
  timezone: string
  status: string
  /** The nurse's name for a family; the family's first name for a nurse. */
  otherName: string
  /** What the nurse may know of where: the full address once confirmed, else the neighbourhood. */
  location: string | null
  /** When the booking was made: the night's first version. */
  createdAt: Date
  /** When the night last changed (booked, moved, cancelled). */
  updatedAt: Date
}

/**
 * A due-date reservation's start window (issue 36): an all-day event from the first to the last day
 * the plan may start, TENTATIVE while the reservation is live (the nights follow the baby), and
 * CANCELLED once it is not (declined, lapsed, cancelled, or started: its nights are then in the
 * feed), so a calendar that had it removes it.
 */
export interface FeedWindow {
  id: number
  firstStart: string
  lastStart: string
  dueDate: string
  live: boolean
  /** The nurse's name for a family; the family's first name for a nurse. */
  otherName: string
  createdAt: Date
  updatedAt: Date
}

/**
 * A local wall time for ical-generator, which writes a Date under a TZID from the Date's local
 * fields (the server's own zone): a Date whose local fields are that wall time, so the feed is the
 * same on a server in any zone. The nights' times are on a 30-minute grid in the evening and
 * morning; only a server whose own zone skips that very wall time (a spring-forward hour) would
 * shift it, and production servers run in UTC.
 */
function wallTime(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number)
  const [hours, minutes] = time.split(':').map(Number)
  return new Date(year, month - 1, day, hours, minutes)
}

/**
 * The night's SEQUENCE (RFC 5545 §3.8.7.4): it must grow with every revision so that calendar
 * clients replace the version they hold. Seconds from the booking to the night's last change grow
 * with every move or cancellation, without a counter of our own.
 */
export function feedSequence(night: Pick<FeedNight, 'createdAt' | 'updatedAt'>): number {
  return Math.max(0, Math.floor((night.updatedAt.getTime() - night.createdAt.getTime()) / 1000))
}

/** The feed's words in English, for a caller that gives no `t`. */
const ENGLISH: Record<string, (v: Record<string, string>) => string> = {
  'calendar.language': () => 'EN',
  'calendar.parentName': () => 'Nightlight: your night nurse',
  'calendar.nurseName': () => 'Nightlight: your booked nights',
  'calendar.parentNight': (v) => `Night nurse: ${v.other}`,
  'calendar.nurseNight': (v) => `Night care: ${v.other}'s family`,
  'calendar.nightDescription': (v) => `${v.start} to ${v.end}. Booking ${v.reference}.`,
  'calendar.parentWindow': (v) => `Night nurse reserved: ${v.other} (start window)`,
  'calendar.nurseWindow': (v) => `Reserved: ${v.other}'s family (start window)`,
  'calendar.windowDescription': (v) => `The baby is due ${v.dueDate}. The nights start when the baby comes home, on a day in this window.`,
}
const english: Translate = (key, values) => ENGLISH[key]((values ?? {}) as Record<string, string>)

export function buildCalendarFeed(
  input: { owner: 'parent' | 'nurse'; origin: string; nights: readonly FeedNight[]; windows?: readonly FeedWindow[] },
  t: Translate = english,
): string {
  const calendar = new ICalCalendar({
    name: input.owner === 'parent' ? t('calendar.parentName') : t('calendar.nurseName'),
    prodId: { company: 'Nightlight', product: 'calendar-feed', language: t('calendar.language') },
    ttl: 60 * 60,
  })
  // A calendar without a zone of its own (an empty name) writes DTSTAMP and LAST-MODIFIED in UTC
  // as RFC 5545 wants, and still one VTIMEZONE for each zone its nights use.
  calendar.timezone({ name: '', generator: getVtimezoneComponent })
  for (const night of input.nights) {
    const endDate = endsNextDay(night.startTimeLocal, night.endTimeLocal) ? addDays(night.date, 1) : night.date
    const cancelled = night.status === 'cancelled'
    calendar.createEvent({
      id: `night-${night.id}@nightlight`,
      start: wallTime(night.date, night.startTimeLocal),
      end: wallTime(endDate, night.endTimeLocal),
      timezone: night.timezone,
      summary: t(input.owner === 'parent' ? 'calendar.parentNight' : 'calendar.nurseNight', { other: night.otherName }),
      description: t('calendar.nightDescription', {
        start: formatTime12(night.startTimeLocal),
        end: formatTime12(night.endTimeLocal),
        reference: formatBookingReference(night.bookingId),
      }),
      location: night.location ?? undefined,
      url: `${input.origin.replace(/\/$/, '')}${input.owner === 'parent' ? `/parent/bookings/${night.bookingId}` : '/nurse/dashboard?tab=bookings'}`,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      lastModified: night.updatedAt,
      stamp: night.updatedAt,
      sequence: feedSequence(night),
    })
  }
  for (const window of input.windows ?? []) {
    calendar.createEvent({
      id: `reservation-${window.id}@nightlight`,
      allDay: true,
      start: wallTime(window.firstStart, '00:00'),
      end: wallTime(addDays(window.lastStart, 1), '00:00'),
      summary: t(input.owner === 'parent' ? 'calendar.parentWindow' : 'calendar.nurseWindow', { other: window.otherName }),
      description: t('calendar.windowDescription', { dueDate: formatNightDate(window.dueDate) }),
      url: `${input.origin.replace(/\/$/, '')}${input.owner === 'parent' ? `/parent/reservations/${window.id}` : '/nurse/reservations'}`,
      status: window.live ? ICalEventStatus.TENTATIVE : ICalEventStatus.CANCELLED,
      lastModified: window.updatedAt,
      stamp: window.updatedAt,
      sequence: feedSequence(window),
    })
  }
  return calendar.toString()
}
