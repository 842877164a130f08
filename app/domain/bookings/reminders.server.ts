// Night reminders (docs/architecture.md, background jobs): every few minutes each app server sweeps
// for scheduled nights that start within their parent's reminderHoursBefore, and e-mails parents
// who want reminders. Each night is reminded once even when several servers sweep at the same
// moment: a reminder is sent only by the sweep whose insert into sent_notifications (unique per
// night and kind) succeeded; the others' ON CONFLICT DO NOTHING returns nothing and they move on.
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { bookingOccurrences, bookings, notificationPreferences, sentNotifications } from '../../db/schema'
import { joinBookingPeople, nurseUsers, parentUsers } from './booking-people.server'
import { sendEmail } from '../notifications/email.server'
import { DEFAULT_REMINDER_HOURS } from '../notifications/notification-preferences'
import { reminderEmail } from './parent-emails'

export const REMINDER_KIND = 'reminder'
export const REMINDER_SWEEP_EVERY_MS = 5 * 60 * 1000


export function remindersSentMessage(sent: number): string {
  return `Sent ${sent} booking ${sent === 1 ? 'reminder' : 'reminders'}.`
}

/** Sends the reminders that are due at `now`; answers how many this sweep sent. */
export async function sendDueReminders(now: Date): Promise<{ sent: number; message: string }> {
  const db = getDb()
  const leadHours = sql`coalesce(${notificationPreferences.reminderHoursBefore}, ${DEFAULT_REMINDER_HOURS})`
  const selected = db
    .select({
      occurrenceId: bookingOccurrences.id,
      bookingId: bookings.id,
      date: bookingOccurrences.date,
      startTimeLocal: bookingOccurrences.startTimeLocal,
      endTimeLocal: bookingOccurrences.endTimeLocal,
      startsAt: bookingOccurrences.startsAt,
      timezone: bookings.timezone,
      addressText: bookings.addressText,
      parentId: parentUsers.id,
      parentName: parentUsers.displayName,
      parentEmail: parentUsers.email,
      nurseName: nurseUsers.displayName,
    })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .$dynamic()
  const due = await joinBookingPeople(selected)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, bookings.parentId))
    .leftJoin(
      sentNotifications,
      and(eq(sentNotifications.occurrenceId, bookingOccurrences.id), eq(sentNotifications.kind, REMINDER_KIND)),
    )
    .where(
      and(
        eq(bookingOccurrences.status, 'scheduled'),
        eq(bookings.status, 'confirmed'),
        gt(bookingOccurrences.startsAt, now),
        lte(bookingOccurrences.startsAt, sql`${now.toISOString()}::timestamptz + ${leadHours} * interval '1 hour'`),
        sql`coalesce(${notificationPreferences.bookingReminders}, true)`,
        isNull(sentNotifications.id),
      ),
    )
    .orderBy(bookingOccurrences.startsAt, bookingOccurrences.id)

  const origin = getConfig().APP_ORIGIN
  let sent = 0
  for (const night of due) {
    const claimed = await db
      .insert(sentNotifications)
      .values({ userId: night.parentId, bookingId: night.bookingId, occurrenceId: night.occurrenceId, kind: REMINDER_KIND, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: sentNotifications.id })
    if (claimed.length === 0) continue // another sweep has it
    try {
      await sendEmail(
        night.parentEmail,
        (t) =>
          reminderEmail(
            {
              origin,
              parentName: night.parentName,
              nurseName: night.nurseName,
              addressText: night.addressText,
              night,
            },
            t,
          ),
      )
      sent++
    } catch (error) {
      // Give the claim back so a later sweep tries again.
      await db.delete(sentNotifications).where(eq(sentNotifications.id, claimed[0].id))
      console.error(`Reminder for night ${night.occurrenceId} was not sent:`, error)
    }
  }
  return { sent, message: remindersSentMessage(sent) }
}
