// A user's e-mail preferences and the reminder lead times a user can choose: 12, 24 or 48 hours
// before a night, 24 unless the user changed it. Pure: the schema, the settings form, the store and
// the reminder sweep share it.
export const REMINDER_HOUR_OPTIONS = [12, 24, 48] as const
export type ReminderHours = (typeof REMINDER_HOUR_OPTIONS)[number]
export const DEFAULT_REMINDER_HOURS: ReminderHours = 24

/** What a user chose to be e-mailed; a user who never chose has the defaults (everything on). */
export interface NotificationPreferences {
  bookingConfirmations: boolean
  bookingReminders: boolean
  cancellationNotices: boolean
  reminderHoursBefore: number
  nightReports: boolean
  newMessages: boolean
}
