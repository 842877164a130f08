// The reminder lead times a user can choose: 12, 24 or 48 hours before a night,
// 24 unless the user changed it. Pure: the schema, the settings form and the reminder sweep share it.
export const REMINDER_HOUR_OPTIONS = [12, 24, 48] as const
export type ReminderHours = (typeof REMINDER_HOUR_OPTIONS)[number]
export const DEFAULT_REMINDER_HOURS: ReminderHours = 24
