import { describe, expect, test } from 'vitest'
import { NotificationPreferencesFormSchema, NotificationPreferencesSchema } from './notifications'

const valid = { bookingConfirmations: true, bookingReminders: false, cancellationNotices: true, reminderHoursBefore: 48 }

describe('notification preferences', () => {
  test('take 12, 24 or 48 hours, from JSON or from a form', () => {
    for (const hours of [12, 24, 48, '12', '24', '48']) {
      expect(NotificationPreferencesSchema.parse({ ...valid, reminderHoursBefore: hours }).reminderHoursBefore).toBe(Number(hours))
    }
  })

  test.each([13, 0, -24, 24.5, '13', 'soon', null, undefined])('refuse %j hours with the message', (hours) => {
    const result = NotificationPreferencesSchema.safeParse({ ...valid, reminderHoursBefore: hours })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe('reminderHoursBefore must be 12, 24 or 48')
  })

  test('the JSON call names all three original switches (night reports may be left out); the form reads a missing switch as off', () => {
    expect(NotificationPreferencesSchema.safeParse({ reminderHoursBefore: 24 }).success).toBe(false)
    const spec = { bookingConfirmations: true, bookingReminders: true, cancellationNotices: false, reminderHoursBefore: 24 }
    expect(NotificationPreferencesSchema.parse(spec)).toEqual(spec)
    expect(NotificationPreferencesSchema.parse({ ...spec, nightReports: false })).toEqual({ ...spec, nightReports: false })
    expect(NotificationPreferencesSchema.safeParse({ ...spec, nightReports: 'yes' }).success).toBe(false)
    expect(NotificationPreferencesFormSchema.parse({ reminderHoursBefore: '24', bookingReminders: true })).toEqual({
      bookingConfirmations: false,
      bookingReminders: true,
      cancellationNotices: false,
      nightReports: false,
      newMessages: false,
      reminderHoursBefore: 24,
    })
  })
})
