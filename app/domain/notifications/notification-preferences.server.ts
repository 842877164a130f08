// A user's e-mail preferences; every e-mail honours them. A user without a row has the
// defaults: every notice on, reminders 24 hours ahead.
import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { preparedPerDatabase } from '../../db/prepared.server'
import { notificationPreferences } from '../../db/schema'
import type { NotificationPreferencesInput } from '../../schemas/notifications'
import { DEFAULT_REMINDER_HOURS, type NotificationPreferences } from './notification-preferences'

export type { NotificationPreferences }

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  bookingConfirmations: true,
  bookingReminders: true,
  cancellationNotices: true,
  reminderHoursBefore: DEFAULT_REMINDER_HOURS,
  nightReports: true,
  newMessages: true,
}

const columns = {
  bookingConfirmations: notificationPreferences.bookingConfirmations,
  bookingReminders: notificationPreferences.bookingReminders,
  cancellationNotices: notificationPreferences.cancellationNotices,
  reminderHoursBefore: notificationPreferences.reminderHoursBefore,
  nightReports: notificationPreferences.nightReports,
  newMessages: notificationPreferences.newMessages,
}

export async function getNotificationPreferences(userId: number): Promise<NotificationPreferences> {
  const [row] = await preferencesQuery().execute({ userId })
  return row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES }
}

// Read on every parent's dashboard: built once.
const preferencesQuery = preparedPerDatabase((db) =>
  db
    .select(columns)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, sql.placeholder('userId')))
    .prepare('notification_preferences'),
)

export async function updateNotificationPreferences(
  userId: number,
  input: NotificationPreferencesInput,
  now = new Date(),
): Promise<NotificationPreferences> {
  const values = {
    bookingConfirmations: input.bookingConfirmations,
    bookingReminders: input.bookingReminders,
    cancellationNotices: input.cancellationNotices,
    reminderHoursBefore: input.reminderHoursBefore,
    ...(input.nightReports === undefined ? {} : { nightReports: input.nightReports }),
    ...(input.newMessages === undefined ? {} : { newMessages: input.newMessages }),
    updatedAt: now,
  }
  const [row] = await getDb()
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values })
    .returning(columns)
  return row
}
