// The morning night report (issue 16): the nurse files it for her own night once it has started and
// until 7 days after; the family reads it on the booking, on their dashboard, by e-mail (when they
// want it) and as a PDF; a night with no report 12 hours after it ended reminds the nurse once.
// Anyone else's night or booking answers Not Found.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { nightReports, outboxEmails, users } from '../../app/db/schema'
import { formatNightDate } from '../../app/domain/time/shift-times'
import { fileNightReport, remindMissingReports } from '../../app/domain/night-reports/night-reports.server'
import { updateNotificationPreferences } from '../../app/domain/notifications/notification-preferences.server'
import * as reportPage from '../../app/routes/nurse.reports.$occurrenceId'
import * as bookingPage from '../../app/routes/parent.bookings.$bookingId/route'
import * as dashboard from '../../app/routes/parent.dashboard/route'
import * as reportsPdf from '../../app/routes/parent.night-reports.$bookingId[.]pdf'
import { NightReportSchema } from '../../app/schemas/night-reports'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, getNight, makeRequest } from '../support/fixtures'

const HOUR = 60 * 60 * 1000

async function subjectsTo(userId: number) {
  const [user] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId))
  const sent = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email))
  return sent.map((email) => email.subject)
}

const REPORT = NightReportSchema.parse({
  feeds: [
    { time: '23:30', kind: 'formula', ounces: '3' },
    { time: '03:10', kind: 'breast_milk', ounces: '2.5' },
    {},
  ],
  wetDiapers: '3',
  dirtyDiapers: '1',
  sleeps: [{ from: '00:00', to: '02:45' }, { from: '03:30', to: '06:00' }],
  notes: 'A calm night. She took the second bottle well.',
})

/** A paid booking of one night that ended two days ago (and one more a day later). */
async function workedNight() {
  const nurse = await createNurse({ name: 'Nadia Nights' })
  const parent = await createUser({ displayName: 'Riley Report' })
  const booking = await createBooking({ nurse, parent, dates: futureDates(-3, -2) })
  return { nurse, parent, booking, night: await getNight(booking.occurrenceIds[0]) }
}

describe('the night report form', () => {
  test('keeps only the filled rows, in the order typed, and refuses a half-filled row on that row', () => {
    expect(REPORT.feeds).toEqual([
      { time: '23:30', kind: 'formula', ounces: 3 },
      { time: '03:10', kind: 'breast_milk', ounces: 2.5 },
    ])
    expect(REPORT.sleeps).toEqual([
      { from: '00:00', to: '02:45' },
      { from: '03:30', to: '06:00' },
    ])
    const half = NightReportSchema.safeParse({ feeds: [{}, { ounces: '4' }], sleeps: [{ from: '01:00' }] })
    expect(half.success).toBe(false)
    const paths = half.error!.issues.map((issue) => issue.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['feeds.1.time', 'sleeps.0.to']))
    expect(NightReportSchema.safeParse({ wetDiapers: '-1' }).success).toBe(false)
    expect(NightReportSchema.safeParse({ feeds: [{ time: '25:00' }] }).success).toBe(false)
    expect(NightReportSchema.safeParse({ feeds: [{ time: '01:00', ounces: '3.3' }] }).success).toBe(false)
    // Nursing has no ounces.
    expect(NightReportSchema.parse({ feeds: [{ time: '01:00', kind: 'nursing', ounces: '4' }] }).feeds).toEqual([
      { time: '01:00', kind: 'nursing', ounces: null },
    ])
  })
})

describe('filing a night report', () => {
  test('the nurse files it once the night has started; the family gets it by e-mail once, and a correction is kept', async () => {
    const { nurse, parent, night } = await workedNight()
    const early = await fileNightReport(nurse.userId, night.id, REPORT, new Date(night.startsAt.getTime() - 60_000))
    expect(early).toMatchObject({ ok: false, status: 409 })
    const filed = await fileNightReport(nurse.userId, night.id, REPORT)
    expect(filed).toMatchObject({ ok: true, created: true })
    expect(await subjectsTo(parent.id)).toContain(`Night report: ${formatNightDate(night.date)} with Nadia Nights`)

    const corrected = await fileNightReport(nurse.userId, night.id, { ...REPORT, wetDiapers: 4 })
    expect(corrected).toMatchObject({ ok: true, created: false })
    const rows = await getDb().select().from(nightReports).where(eq(nightReports.occurrenceId, night.id))
    expect(rows).toHaveLength(1)
    expect(rows[0].wetDiapers).toBe(4)
    expect((await subjectsTo(parent.id)).filter((subject) => subject.startsWith('Night report:'))).toHaveLength(1)
  })

  test('a family that turned night report e-mails off still reads it on the booking, and gets no e-mail', async () => {
    const { nurse, parent, booking, night } = await workedNight()
    await updateNotificationPreferences(parent.id, {
      bookingConfirmations: true,
      bookingReminders: true,
      cancellationNotices: true,
      reminderHoursBefore: 24,
      nightReports: false,
    })
    expect(await fileNightReport(nurse.userId, night.id, REPORT)).toMatchObject({ ok: true })
    expect((await subjectsTo(parent.id)).filter((subject) => subject.startsWith('Night report:'))).toEqual([])
    const page = await (await call(bookingPage.loader, makeRequest(`/parent/bookings/${booking.id}`, { cookie: await cookieFor(parent.id) }), { bookingId: String(booking.id) })).json()
    expect(page.reports).toEqual([expect.objectContaining({ occurrenceId: night.id, wetDiapers: 3, notes: REPORT.notes })])
  })

  test('only the night’s own nurse, only a night that went ahead, only within 7 days', async () => {
    const { nurse, night } = await workedNight()
    const other = await createNurse()
    expect(await fileNightReport(other.userId, night.id, REPORT)).toMatchObject({ ok: false, status: 404 })
    expect(await fileNightReport(nurse.userId, 999_999, REPORT)).toMatchObject({ ok: false, status: 404 })
    expect(await fileNightReport(nurse.userId, night.id, REPORT, new Date(night.endsAt.getTime() + 7 * 24 * HOUR + 1))).toMatchObject({
      ok: false,
      status: 409,
    })
    const cancelled = await createBooking({ nurse, dates: futureDates(-5), status: 'cancelled' })
    expect(await fileNightReport(nurse.userId, cancelled.occurrenceIds[0], REPORT)).toMatchObject({ ok: false, status: 409 })
  })

  test('past its window the page shows the report she sent, and no form', async () => {
    const nurse = await createNurse()
    const booking = await createBooking({ nurse, dates: futureDates(-10), status: 'completed' })
    const night = await getNight(booking.occurrenceIds[0])
    expect(await fileNightReport(nurse.userId, night.id, REPORT, new Date(night.endsAt.getTime() + HOUR))).toMatchObject({ ok: true })
    const cookie = await cookieFor(nurse.userId)
    const page = await call(reportPage.loader, makeRequest(`/nurse/reports/${night.id}`, { cookie }), { occurrenceId: String(night.id) })
    expect(await page.json()).toMatchObject({
      night: { occurrenceId: night.id, date: night.date },
      report: { wetDiapers: REPORT.wetDiapers, notes: REPORT.notes },
      closed: expect.any(String),
    })
  })

  test('the report page: the nurse’s own night only; a refused post keeps what she typed', async () => {
    const { nurse, night } = await workedNight()
    const cookie = await cookieFor(nurse.userId)
    const page = await call(reportPage.loader, makeRequest(`/nurse/reports/${night.id}`, { cookie }), { occurrenceId: String(night.id) })
    expect(page.status).toBe(200)
    expect(await page.json()).toMatchObject({ night: { parentFirstName: 'Test' }, report: null, closed: null })

    const stranger = await createNurse()
    const strangers = await call(reportPage.loader, makeRequest(`/nurse/reports/${night.id}`, { cookie: await cookieFor(stranger.userId) }), {
      occurrenceId: String(night.id),
    })
    expect(strangers.status).toBe(404)
    const parent = await createUser()
    const asParent = await call(reportPage.loader, makeRequest(`/nurse/reports/${night.id}`, { cookie: await cookieFor(parent.id) }), {
      occurrenceId: String(night.id),
    })
    expect([302, 403]).toContain(asParent.status)

    const refused = await call(
      reportPage.action,
      makeRequest(`/nurse/reports/${night.id}`, {
        cookie,
        form: { 'feeds[0].ounces': '4', 'feeds[0].kind': 'formula', notes: 'Slept well', wetDiapers: '2', dirtyDiapers: '0' },
      }),
      { occurrenceId: String(night.id) },
    )
    expect(refused.status).toBe(400)
    const reply = await refused.json()
    expect(reply.result.error['feeds[0].time']).toEqual(['Enter the time of this feed'])
    expect(reply.result.initialValue).toMatchObject({ notes: 'Slept well', feeds: [{ ounces: '4' }] })
    expect(await getDb().select().from(nightReports)).toEqual([])

    const sent = await call(
      reportPage.action,
      makeRequest(`/nurse/reports/${night.id}`, {
        cookie,
        form: { 'feeds[0].time': '01:15', 'feeds[0].ounces': '4', 'feeds[0].kind': 'formula', notes: 'Slept well', wetDiapers: '2', dirtyDiapers: '0' },
      }),
      { occurrenceId: String(night.id) },
    )
    expect(sent.status).toBe(302)
    expect(await getDb().select().from(nightReports)).toEqual([expect.objectContaining({ feeds: [{ time: '01:15', kind: 'formula', ounces: 4 }] })])
  })

  test('a feed or a sleep outside the night is refused on its row (issue 38: a feed at 3 PM was taken)', async () => {
    const { nurse, night } = await workedNight()
    const cookie = await cookieFor(nurse.userId)
    const post = (form: Record<string, string>) =>
      call(reportPage.action, makeRequest(`/nurse/reports/${night.id}`, { cookie, form }), { occurrenceId: String(night.id) })
    // The night runs 9:00 PM – 7:00 AM: its first and last minute count, 3 PM does not.
    const refused = await post({
      'feeds[0].time': '21:00',
      'feeds[1].time': '15:00',
      'feeds[2].time': '07:00',
      'sleeps[0].from': '06:30',
      'sleeps[0].to': '08:15',
      wetDiapers: '1',
      dirtyDiapers: '0',
    })
    expect(refused.status).toBe(400)
    const { result } = await refused.json()
    expect(result.error).toEqual({
      'feeds[1].time': ['This time is outside the night (9:00 PM – 7:00 AM)'],
      'sleeps[0].to': ['This time is outside the night (9:00 PM – 7:00 AM)'],
    })
    expect(await getDb().select().from(nightReports)).toEqual([])
  })
})

describe('reading night reports', () => {
  test('on the family’s dashboard and as a PDF of their booking; another family gets Not Found', async () => {
    const { nurse, parent, booking, night } = await workedNight()
    await fileNightReport(nurse.userId, night.id, REPORT)
    const cookie = await cookieFor(parent.id)
    const home = await (await call(dashboard.loader, makeRequest('/parent/dashboard', { cookie }))).json()
    expect(home.latestReports).toEqual([expect.objectContaining({ occurrenceId: night.id, nurseName: 'Nadia Nights' })])

    const pdf = await call(reportsPdf.loader, makeRequest(`/parent/night-reports/${booking.id}.pdf`, { cookie }), { bookingId: String(booking.id) })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    const dir = mkdtempSync(path.join(tmpdir(), 'night-reports-'))
    writeFileSync(path.join(dir, 'reports.pdf'), Buffer.from(await pdf.arrayBuffer()))
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'reports.pdf'), '-'], { encoding: 'utf8' })
    expect(text).toContain('Night reports')
    expect(text).toContain('11:30 PM: Formula, 3 oz')
    expect(text).toContain('12:00 AM')
    expect(text).toContain('(2 h 45 min)')
    expect(text).toContain('Diapers: 3 wet, 1 dirty')
    expect(text).toContain('A calm night.')

    const other = await createUser()
    const theirs = await call(reportsPdf.loader, makeRequest(`/parent/night-reports/${booking.id}.pdf`, { cookie: await cookieFor(other.id) }), {
      bookingId: String(booking.id),
    })
    expect(theirs.status).toBe(404)
    const otherHome = await (await call(dashboard.loader, makeRequest('/parent/dashboard', { cookie: await cookieFor(other.id) }))).json()
    expect(otherHome.latestReports).toEqual([])
  })
})

describe('the report reminder', () => {
  const reminders = async (userId: number) => (await subjectsTo(userId)).filter((subject) => subject.startsWith('Night report to write'))

  test('a night with no report 12 hours after it ended reminds its nurse once, however many servers run it', async () => {
    const { nurse, night } = await workedNight()
    const due = new Date(night.endsAt.getTime() + 12 * HOUR)
    await remindMissingReports(new Date(due.getTime() - 1))
    expect(await reminders(nurse.userId)).toEqual([])
    await Promise.all([remindMissingReports(due), remindMissingReports(due)])
    expect(await reminders(nurse.userId)).toEqual([`Night report to write: ${formatNightDate(night.date)}`])
    await remindMissingReports(new Date(due.getTime() + HOUR))
    expect(await reminders(nurse.userId)).toHaveLength(1)
  })

  test('a night already reported, or past its 7 days, reminds nobody', async () => {
    const { nurse, night } = await workedNight()
    await fileNightReport(nurse.userId, night.id, REPORT)
    await remindMissingReports(new Date(night.endsAt.getTime() + 13 * HOUR))
    expect(await reminders(nurse.userId)).toEqual([])

    // Eight days after the first night: it is past its window; the second (a day later) is not.
    const old = await workedNight()
    const second = await getNight(old.booking.occurrenceIds[1])
    await remindMissingReports(new Date(old.night.endsAt.getTime() + 8 * 24 * HOUR))
    expect(await reminders(old.nurse.userId)).toEqual([`Night report to write: ${formatNightDate(second.date)}`])
  })
})
