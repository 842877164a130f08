// Notification preferences: three booleans and the reminder lead time, which is
// 12, 24 or 48 hours (default 24). One schema for the /_api call, the dashboard form and tests.
import { z } from 'zod'
import { REMINDER_HOUR_OPTIONS, type ReminderHours } from '../domain/notifications/notification-preferences'

export const REMINDER_HOURS_MESSAGE = 'reminderHoursBefore must be 12, 24 or 48'

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` })

const reminderHours = z
  // JSON sends a number; the page's form sends its text.
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: REMINDER_HOURS_MESSAGE })
  .pipe(
    z
      .number()
      .refine((value): value is ReminderHours => (REMINDER_HOUR_OPTIONS as readonly number[]).includes(value), {
        error: REMINDER_HOURS_MESSAGE,
      }),
  )
  .transform((value) => value as ReminderHours)

export const NotificationPreferencesSchema = z.object({
  bookingConfirmations: flag('bookingConfirmations'),
  bookingReminders: flag('bookingReminders'),
  cancellationNotices: flag('cancellationNotices'),
  reminderHoursBefore: reminderHours,
  // The morning night reports (issue 16); left as it is when a call does not name it.
  nightReports: flag('nightReports').optional(),
  // New messages (issue 16), at most one e-mail an hour per conversation; as it is when not named.
  newMessages: flag('newMessages').optional(),
})
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesSchema>

// An HTML checkbox sends nothing when it is off, so the page's form reads a missing switch as
// false; the JSON call must name all four fields.
export const NotificationPreferencesFormSchema = NotificationPreferencesSchema.extend({
  bookingConfirmations: flag('bookingConfirmations').default(false),
  bookingReminders: flag('bookingReminders').default(false),
  cancellationNotices: flag('cancellationNotices').default(false),
  nightReports: flag('nightReports').default(false),
  newMessages: flag('newMessages').default(false),
})
