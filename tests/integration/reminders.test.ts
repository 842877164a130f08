// Night reminders (the job, and POST /_api/notifications/send-reminders): each parent who wants
// reminders is e-mailed once per night, within their lead time, however many sweeps run at the same
// moment.
import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookingOccurrences, bookings, outboxEmails, sentNotifications } from '../../app/db/schema'
import { REMINDER_SWEEP_EVERY_MS, sendDueReminders } from '../../app/domain/bookings/reminders.server'
import { startBackgroundJobs } from '../../app/jobs.server'
import * as sendRemindersApi from '../../app/api/notifications.send-reminders'
import { createBooking, createNurse, createUser, setPreferences } from '../support/factories'
import { call, cookieFor, getNight, makeRequest } from '../support/fixtures'
import { nightInstants } from '../../app/domain/time/night-instants'
import { addDays, localToday } from '../../app/domain/time/shift-times'

const HOUR = 60 * 60 * 1000

async function nightStarting(options: { timezone?: string; date?: string; dates?: string[]; reminderHoursBefore?: number; bookingReminders?: boolean } = {}) {
  const parent = await createUser({ displayName: 'Pat Parent' })
  if (options.reminderHoursBefore !== undefined || options.bookingReminders !== undefined) {
    await setPreferences(parent.id, {
      ...(options.reminderHoursBefore !== undefined ? { reminderHoursBefore: options.reminderHoursBefore } : {}),
      ...(options.bookingReminders !== undefined ? { bookingReminders: options.bookingReminders } : {}),
    })
  }
  const nurse = await createNurse({ timezone: options.timezone ?? 'America/Chicago', name: 'Nora Night' })
  const booking = await createBooking({ parent, nurse, dates: options.dates ?? [options.date ?? '2026-12-10'] })
  const night = await getNight(booking.occurrenceIds[0])
  return { parent, nurse, booking, night }
}

/** The next night at 21:00 in Chicago that has not started: always less than 24 hours away. */
function nextNightDate(): string {
  const today = localToday('America/Chicago', new Date())
  return nightInstants(today, '21:00', '07:00', 'America/Chicago').startsAt.getTime() > Date.now() ? today : addDays(today, 1)
}

const outboxTo = (email: string) => getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, email))

describe('the reminder sweep', () => {
  test('e-mails the parent of a night that starts within 24 hours (the default), in the nurse’s time zone', async () => {
    const { parent, night } = await nightStarting({ date: '2026-12-10' })
    const result = await sendDueReminders(new Date(night.startsAt.getTime() - 23 * HOUR))
    expect(result).toEqual({ sent: 1, message: 'Sent 1 booking reminder.' })
    const [mail] = await outboxTo(parent.email)
    expect(mail.subject).toBe('Reminder: Nora Night is with you on Thu, Dec 10, 2026')
    expect(mail.textBody).toContain('9:00 PM – 7:00 AM CST')
    expect(mail.textBody).toContain('http://localhost:3000/parent/dashboard')
    expect(mail.htmlBody).toContain('12 Test Street')
  })

  test('leaves a night that starts after the lead time, and one that has started', async () => {
    const { parent, night } = await nightStarting({ date: '2026-12-10' })
    expect((await sendDueReminders(new Date(night.startsAt.getTime() - 25 * HOUR))).sent).toBe(0)
    expect((await sendDueReminders(night.startsAt)).sent).toBe(0)
    expect(await outboxTo(parent.email)).toHaveLength(0)
  })

  test('honours each parent’s lead time of 12 or 48 hours', async () => {
    const early = await nightStarting({ date: '2026-12-10', reminderHoursBefore: 48 })
    const late = await nightStarting({ date: '2026-12-10', reminderHoursBefore: 12 })
    const now = new Date(early.night.startsAt.getTime() - 30 * HOUR)
    expect(await sendDueReminders(now)).toMatchObject({ sent: 1 })
    expect(await outboxTo(early.parent.email)).toHaveLength(1)
    expect(await outboxTo(late.parent.email)).toHaveLength(0)
    // Eleven hours before, the 12-hour parent's turn comes.
    expect(await sendDueReminders(new Date(late.night.startsAt.getTime() - 11 * HOUR))).toMatchObject({ sent: 1 })
    expect(await outboxTo(late.parent.email)).toHaveLength(1)
  })

  test('sends nothing to a parent who turned reminders off', async () => {
    const { parent, night } = await nightStarting({ date: '2026-12-10', bookingReminders: false })
    expect((await sendDueReminders(new Date(night.startsAt.getTime() - 2 * HOUR))).sent).toBe(0)
    expect(await outboxTo(parent.email)).toHaveLength(0)
  })

  test('reminds each night once, sweep after sweep', async () => {
    const { parent, night } = await nightStarting({ dates: ['2026-12-10', '2026-12-11'] })
    const now = new Date(night.startsAt.getTime() - 2 * HOUR)
    expect((await sendDueReminders(now)).sent).toBe(1)
    expect((await sendDueReminders(new Date(now.getTime() + HOUR))).sent).toBe(0)
    // The second night's turn comes the next day, once.
    const nextDay = new Date(now.getTime() + 24 * HOUR)
    expect((await sendDueReminders(nextDay)).sent).toBe(1)
    expect((await sendDueReminders(nextDay)).sent).toBe(0)
    expect(await outboxTo(parent.email)).toHaveLength(2)
  })

  test('two sweeps at the same moment send each reminder once', async () => {
    const nights = await Promise.all([0, 1, 2].map(() => nightStarting({ date: '2026-12-10' })))
    const now = new Date(nights[0].night.startsAt.getTime() - 3 * HOUR)
    const results = await Promise.all([sendDueReminders(now), sendDueReminders(now)])
    expect(results[0].sent + results[1].sent).toBe(3)
    expect(await getDb().select().from(sentNotifications)).toHaveLength(3)
    for (const { parent } of nights) expect(await outboxTo(parent.email)).toHaveLength(1)
  })

  test('skips cancelled nights and bookings that are not confirmed', async () => {
    const cancelled = await nightStarting({ date: '2026-12-10' })
    await getDb().update(bookingOccurrences).set({ status: 'cancelled' }).where(eq(bookingOccurrences.id, cancelled.night.id))
    const unpaid = await nightStarting({ date: '2026-12-10' })
    await getDb().update(bookings).set({ status: 'pending' }).where(eq(bookings.id, unpaid.booking.id))
    expect((await sendDueReminders(new Date(cancelled.night.startsAt.getTime() - 2 * HOUR))).sent).toBe(0)
  })
})

describe('the background job', () => {
  test('the server sweeps on its own every five minutes', async () => {
    const { parent, night } = await nightStarting({ date: '2026-12-10' })
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    vi.setSystemTime(new Date(night.startsAt.getTime() - 2 * HOUR))
    const stop = startBackgroundJobs()
    try {
      await vi.advanceTimersByTimeAsync(REMINDER_SWEEP_EVERY_MS - 1000)
      expect(await outboxTo(parent.email)).toHaveLength(0)
      await vi.advanceTimersByTimeAsync(1000)
      await vi.waitFor(async () => expect(await outboxTo(parent.email)).toHaveLength(1), { timeout: 5000 })
    } finally {
      stop()
      vi.useRealTimers()
    }
  })
})

describe('POST /_api/notifications/send-reminders', () => {
  test('an admin runs the sweep now and gets the count', async () => {
    const { parent } = await nightStarting({ date: nextNightDate() })
    const admin = await createUser({ role: 'admin' })
    const response = await call(sendRemindersApi.action, makeRequest('/_api/notifications/send-reminders', { body: {}, cookie: await cookieFor(admin.id) }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ message: 'Sent 1 booking reminder.', sent: 1 })
    expect(await outboxTo(parent.email)).toHaveLength(1)
  })

  test('a parent is refused with 403, signed out with 401, and GET with 405; nothing is sent', async () => {
    await nightStarting({ date: nextNightDate() })
    const parent = await createUser()
    const asParent = await call(sendRemindersApi.action, makeRequest('/_api/notifications/send-reminders', { body: {}, cookie: await cookieFor(parent.id) }))
    expect(asParent.status).toBe(403)
    expect(await asParent.json()).toEqual({ error: 'Access denied. Your role (parent) lacks required permissions.' })
    const signedOut = await call(sendRemindersApi.action, makeRequest('/_api/notifications/send-reminders', { body: {} }))
    expect(signedOut.status).toBe(401)
    expect(await signedOut.json()).toEqual({ error: 'Not authenticated' })
    expect((await call(sendRemindersApi.loader, makeRequest('/_api/notifications/send-reminders'))).status).toBe(405)
    expect(await getDb().select().from(sentNotifications)).toHaveLength(0)
    expect(await getDb().select().from(outboxEmails)).toHaveLength(0)
  })
})
