// Web Push (docs/decisions/0074). Pure: which events push to whom, under which of a device's
// switches, with which words; which endpoints the server may post to; which answers of a push
// service mean the subscription is gone. Push accompanies e-mail: each e-mail goes out as before,
// whatever a device chose.
import type { Translate } from '~/i18n/translate'
import { formatNightDate } from '../time/shift-times'

export const PUSH_TOPICS = ['bookings', 'reservations', 'messages', 'reportReminders'] as const
export type PushTopic = (typeof PUSH_TOPICS)[number]
export type PushTopics = Record<PushTopic, boolean>

/** Which switches a role's settings show: a family is told only of messages. */
export function pushTopicsFor(role: string): PushTopic[] {
  return role === 'nurse' ? [...PUSH_TOPICS] : role === 'parent' ? ['messages'] : []
}

/** A new device has every switch on. */
export const DEFAULT_PUSH_TOPICS: PushTopics = { bookings: true, reservations: true, messages: true, reportReminders: true }

export type PushEvent =
  | { kind: 'booking-confirmed'; nurseUserId: number; bookingId: number; familyName: string; nights: number }
  | { kind: 'reservation-requested'; nurseUserId: number; reservationId: number; familyName: string }
  | { kind: 'message'; recipientUserId: number; recipientRole: 'parent' | 'nurse'; conversationId: number; senderName: string }
  | { kind: 'report-reminder'; nurseUserId: number; occurrenceId: number; nightDate: string }

export interface PushNotice {
  userId: number
  topic: PushTopic
  title: string
  body: string
  /** A path of this site, opened when the notice is tapped. */
  url: string
  /** One notice per thing: a second push about it replaces the first on the phone. */
  tag: string
}

/** The one a notice goes to. */
export function recipientOf(event: PushEvent): number {
  return event.kind === 'message' ? event.recipientUserId : event.nurseUserId
}

/**
 * The notice an event pushes, and to whom, in the words of `t` (the `emails` catalogue in the
 * reader's language). Never a message's text: a lock screen is seen by others.
 */
export function pushNoticeFor(event: PushEvent, t: Translate): PushNotice {
  switch (event.kind) {
    case 'booking-confirmed':
      return {
        userId: event.nurseUserId,
        topic: 'bookings',
        title: t('push.bookingTitle'),
        body: t('push.bookingBody', { familyName: event.familyName, nights: event.nights }),
        url: '/nurse/dashboard?tab=bookings',
        tag: `booking-${event.bookingId}`,
      }
    case 'reservation-requested':
      return {
        userId: event.nurseUserId,
        topic: 'reservations',
        title: t('push.reservationTitle'),
        body: t('push.reservationBody', { familyName: event.familyName }),
        url: '/nurse/reservations',
        tag: `reservation-${event.reservationId}`,
      }
    case 'message':
      return {
        userId: event.recipientUserId,
        topic: 'messages',
        title: t('push.messageTitle'),
        body: t('push.messageBody', { senderName: event.senderName }),
        url: `/messages/${event.conversationId}`,
        tag: `conversation-${event.conversationId}`,
      }
    case 'report-reminder':
      return {
        userId: event.nurseUserId,
        topic: 'reportReminders',
        title: t('push.reportTitle'),
        body: t('push.reportBody', { nightLabel: formatNightDate(event.nightDate) }),
        url: `/nurse/reports/${event.occurrenceId}`,
        tag: `report-${event.occurrenceId}`,
      }
  }
}

/** The devices a notice goes to: the user's own, with the notice's switch on. */
export function devicesFor<T extends { userId: number } & PushTopics>(devices: readonly T[], notice: Pick<PushNotice, 'userId' | 'topic'>): T[] {
  return devices.filter((device) => device.userId === notice.userId && device[notice.topic])
}

/** The push service says the subscription no longer exists: it is removed. */
export function isGoneSubscription(statusCode: number | undefined): boolean {
  return statusCode === 404 || statusCode === 410
}

/**
 * Whether the server may post to this endpoint: https only, and, unless allowed (tests), not this
 * machine or a private network (the endpoint comes from a browser: it must not reach inside).
 */
export function isAllowedPushEndpoint(endpoint: string, allowPrivate = false): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  if (allowPrivate) return true
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host.includes(':')) return !isPrivateV6(host)
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return !isPrivateV4(host)
  // A name: not this machine's, nor one only a private network resolves.
  return host.includes('.') && !/(^|\.)(localhost|local|internal|lan|home)$/.test(host)
}

function isPrivateV4(host: string): boolean {
  const [a, b] = host.split('.').map(Number)
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224
}

function isPrivateV6(host: string): boolean {
  if (host === '::' || host === '::1') return true
  if (host.startsWith('::ffff:')) return true
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(host)
}
