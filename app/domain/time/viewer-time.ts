// 'When something happened' (a message written, a conversation's last word) in one zone on the
// server and in the browser (docs/decisions/0050): the zone comes with the page's data, never from
// the machine that renders it, so the server's HTML and the browser's first render agree. The
// viewer's own zone once the browser has told it (the `tz` cookie); before that a zone the page
// chose, whose name is then written beside each time so it is never read as the viewer's own.
// (A night's hours are the nurse's local times, in her zone: app/domain/time/shift-times.ts.)

import { currentLocale } from '~/i18n/current-language'

/** The zone a page writes its times in, and whether the viewer's browser told it. */
export interface ViewerZone {
  timeZone: string
  /** The browser told this zone: the viewer's own, written plainly. */
  told: boolean
}

/** The cookie in which a signed-in visitor's browser tells its zone. */
export const TIME_ZONE_COOKIE = 'tz'

/** Where a zone is neither told nor known from a nurse: most families and nurses are in the East. */
export const DEFAULT_TIME_ZONE = 'America/New_York'

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/

/** An IANA zone name Intl knows ('America/Los_Angeles', 'UTC'); anything else is not a zone. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !ZONE_NAME.test(value)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

/**
 * The one name Intl gives a zone ('america/los_angeles' and 'US/Pacific' are 'America/Los_Angeles'),
 * or null when the value is not a zone. A zone a visitor tells is kept under this name: a
 * formatter is kept per zone (about 28 KB each), and the spellings of a zone are countless.
 */
export function zoneName(value: unknown): string | null {
  if (!isTimeZone(value)) return null
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string, named: boolean) {
  const locale = currentLocale()
  const key = `${locale} ${timeZone} ${named}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      ...(named ? { timeZoneName: 'short' as const } : {}),
    })
    formatters.set(key, found)
  }
  return found
}

/**
 * A moment as the viewer reads it: 'Mar 4, 2:20 AM' in the zone the browser told, 'Mar 4, 2:20 AM
 * EST' in one it did not.
 */
export function formatMoment(iso: string | Date, zone: ViewerZone): string {
  return formatter(zone.timeZone, !zone.told).format(new Date(iso))
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>()

/**
 * The day of a moment in the viewer's zone: 'March 4, 2026', or 'Wednesday, March 4, 2026' with
 * the weekday. A day is not named with its zone: the zone a page chose is the nurse's own or the
 * viewer's, where the day is the same for a deadline she reads.
 */
export function formatDay(iso: string | Date, zone: Pick<ViewerZone, 'timeZone'>, options: { weekday?: boolean } = {}): string {
  const locale = currentLocale()
  const key = `${locale} ${zone.timeZone} ${options.weekday === true}`
  let found = dayFormatters.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(locale, {
      ...(options.weekday ? { weekday: 'long' as const } : {}),
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: zone.timeZone,
    })
    dayFormatters.set(key, found)
  }
  return found.format(new Date(iso))
}
