import { describe, expect, test } from 'vitest'
import { translator } from '~/i18n/i18n.server'
import { DEFAULT_PUSH_TOPICS, devicesFor, isAllowedPushEndpoint, isGoneSubscription, pushNoticeFor, pushTopicsFor } from './push-rules'

const english = translator('emails', 'en')

describe('which events push to whom', () => {
  test('a new booking and a reservation request go to the nurse; a reminder to the nurse; a message to its recipient', () => {
    expect(pushNoticeFor({ kind: 'booking-confirmed', nurseUserId: 7, bookingId: 3, familyName: 'Riley', nights: 2 }, english)).toEqual({
      userId: 7,
      topic: 'bookings',
      title: 'New booking',
      body: "Riley's family booked 2 nights with you.",
      url: '/nurse/dashboard?tab=bookings',
      tag: 'booking-3',
    })
    expect(pushNoticeFor({ kind: 'reservation-requested', nurseUserId: 7, reservationId: 9, familyName: 'Riley' }, english)).toMatchObject({
      userId: 7,
      topic: 'reservations',
      url: '/nurse/reservations',
    })
    expect(pushNoticeFor({ kind: 'report-reminder', nurseUserId: 7, occurrenceId: 11, nightDate: '2026-11-28' }, english)).toMatchObject({
      userId: 7,
      topic: 'reportReminders',
      url: '/nurse/reports/11',
    })
    const message = pushNoticeFor({ kind: 'message', recipientUserId: 4, recipientRole: 'parent', conversationId: 5, senderName: 'Nadia' }, english)
    expect(message).toMatchObject({ userId: 4, topic: 'messages', url: '/messages/5', body: 'Nadia sent you a message.' })
  })

  test('a notice is in its reader\'s language', () => {
    const spanish = translator('emails', 'es')
    expect(pushNoticeFor({ kind: 'booking-confirmed', nurseUserId: 7, bookingId: 3, familyName: 'Riley', nights: 1 }, spanish)).toMatchObject({
      title: 'Reserva nueva',
      body: 'La familia de Riley reservó 1 noche contigo.',
    })
    expect(pushNoticeFor({ kind: 'report-reminder', nurseUserId: 7, occurrenceId: 11, nightDate: '2026-11-28' }, english).body).toBe(
      'The family is waiting for your report of Sat, Nov 28, 2026.',
    )
  })

  test("a notice goes only to the user's own devices whose switch for it is on", () => {
    const devices = [
      { id: 1, userId: 7, ...DEFAULT_PUSH_TOPICS },
      { id: 2, userId: 7, ...DEFAULT_PUSH_TOPICS, bookings: false },
      { id: 3, userId: 8, ...DEFAULT_PUSH_TOPICS },
    ]
    expect(devicesFor(devices, { userId: 7, topic: 'bookings' }).map((device) => device.id)).toEqual([1])
    expect(devicesFor(devices, { userId: 7, topic: 'messages' }).map((device) => device.id)).toEqual([1, 2])
    expect(devicesFor(devices, { userId: 9, topic: 'messages' })).toEqual([])
  })

  test('a nurse chooses every switch; a family only messages; an admin none', () => {
    expect(pushTopicsFor('nurse')).toEqual(['bookings', 'reservations', 'messages', 'reportReminders'])
    expect(pushTopicsFor('parent')).toEqual(['messages'])
    expect(pushTopicsFor('admin')).toEqual([])
  })
})

describe("the push service's answers and the endpoints", () => {
  test('404 and 410 mean the subscription is gone; other failures keep it', () => {
    expect(isGoneSubscription(404)).toBe(true)
    expect(isGoneSubscription(410)).toBe(true)
    for (const code of [400, 401, 403, 413, 429, 500, 503, undefined]) expect(isGoneSubscription(code)).toBe(false)
  })

  test("a push service's https endpoint is allowed; http, this machine and private networks are not (unless allowed for tests)", () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true)
    expect(isAllowedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true)
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://localhost:4000/push',
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://192.168.0.9/push',
      'https://172.20.0.1/push',
      'https://169.254.169.254/latest',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://metadata/push',
      'https://user:pass@fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(false)
    }
    expect(isAllowedPushEndpoint('https://127.0.0.1:4443/push', true)).toBe(true)
    expect(isAllowedPushEndpoint('http://127.0.0.1:4443/push', true)).toBe(false)
  })
})
