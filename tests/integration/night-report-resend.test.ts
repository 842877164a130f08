// A night report sent again from the nurse's phone (docs/decisions/0074): the same press of Send,
// sent twice (the connection dropped before the answer, or the phone kept it and sent it once
// back online), is filed once; the family is e-mailed once; the repeat answers as received.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { nightReports, outboxEmails, users } from '../../app/db/schema'
import { fileNightReport } from '../../app/domain/night-reports/night-reports.server'
import { ALREADY_RECEIVED_HEADER, SEND_HEADER } from '../../app/domain/night-reports/offline-filing'
import * as reportPage from '../../app/routes/nurse.reports.$occurrenceId'
import { NightReportSchema } from '../../app/schemas/night-reports'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

async function workedNight() {
  const nurse = await createNurse({ name: 'Rhea Resend' })
  const parent = await createUser({ displayName: 'Kit Keyed' })
  const booking = await createBooking({ nurse, parent, dates: futureDates(-3, -2) })
  return { nurse, parent, occurrenceId: booking.occurrenceIds[0] }
}

async function reportEmailsTo(userId: number) {
  const [user] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId))
  const sent = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email))
  return sent.filter((email) => email.subject.startsWith('Night report:'))
}

const REPORT = NightReportSchema.parse({ feeds: [{ time: '23:30', kind: 'formula', ounces: '3' }], wetDiapers: '2', notes: 'Calm.' })

describe('a night report sent twice with the same key', () => {
  test('is filed once: the repeat changes nothing, e-mails no one and answers already received', async () => {
    const { nurse, parent, occurrenceId } = await workedNight()
    const key = randomUUID()
    const first = await fileNightReport(nurse.userId, occurrenceId, REPORT, new Date(), key)
    expect(first).toMatchObject({ ok: true, created: true, alreadyReceived: false })
    const again = await fileNightReport(nurse.userId, occurrenceId, { ...REPORT, wetDiapers: 9 }, new Date(), key)
    expect(again).toMatchObject({ ok: true, created: false, alreadyReceived: true })
    const rows = await getDb().select().from(nightReports).where(eq(nightReports.occurrenceId, occurrenceId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ wetDiapers: 2, submissionKey: key })
    expect(await reportEmailsTo(parent.id)).toHaveLength(1)

    // A new press of Send (a new key) is a correction, as before; without a key, too.
    const corrected = await fileNightReport(nurse.userId, occurrenceId, { ...REPORT, wetDiapers: 4 }, new Date(), randomUUID())
    expect(corrected).toMatchObject({ ok: true, created: false, alreadyReceived: false, report: { wetDiapers: 4 } })
    const keyless = await fileNightReport(nurse.userId, occurrenceId, { ...REPORT, wetDiapers: 5 })
    expect(keyless).toMatchObject({ ok: true, alreadyReceived: false, report: { wetDiapers: 5, submissionKey: null } })
    expect(await reportEmailsTo(parent.id)).toHaveLength(1)
  })

  test('sent twice at once, it is filed and e-mailed once', async () => {
    const { nurse, parent, occurrenceId } = await workedNight()
    const key = randomUUID()
    const both = await Promise.all([1, 2].map(() => fileNightReport(nurse.userId, occurrenceId, REPORT, new Date(), key)))
    expect(both.map((filed) => filed.ok)).toEqual([true, true])
    expect(both.filter((filed) => filed.ok && filed.alreadyReceived)).toHaveLength(1)
    expect(await getDb().select().from(nightReports).where(eq(nightReports.occurrenceId, occurrenceId))).toHaveLength(1)
    expect(await reportEmailsTo(parent.id)).toHaveLength(1)
  })

  test("the form's post: a repeat is redirected with the already-received toast; the phone's send gets a 200 saying so", async () => {
    const { nurse, parent, occurrenceId } = await workedNight()
    const cookie = await cookieFor(nurse.userId)
    const key = randomUUID()
    const form = { 'feeds[0].time': '01:15', 'feeds[0].ounces': '4', 'feeds[0].kind': 'formula', wetDiapers: '2', dirtyDiapers: '0', submissionKey: key }
    const post = (headers: Record<string, string> = {}) =>
      call(reportPage.action, makeRequest(`/nurse/reports/${occurrenceId}`, { cookie, form, headers }), { occurrenceId: String(occurrenceId) })

    const pressed = await post({ [SEND_HEADER]: 'press' })
    expect(pressed.status).toBe(200)
    expect(pressed.headers.get(ALREADY_RECEIVED_HEADER)).toBeNull()
    expect(pressed.headers.get('Set-Cookie')).toContain('__toast')
    const retried = await post({ [SEND_HEADER]: 'retry' })
    expect(retried.status).toBe(200)
    expect(retried.headers.get(ALREADY_RECEIVED_HEADER)).toBe('1')
    expect(retried.headers.get('Set-Cookie')).toBeNull()
    const withoutScripts = await post()
    expect(withoutScripts.status).toBe(302)
    expect(withoutScripts.headers.get('Location')).toBe('/nurse/dashboard?tab=bookings#past-nights')

    expect(await getDb().select().from(nightReports).where(eq(nightReports.occurrenceId, occurrenceId))).toHaveLength(1)
    expect(await reportEmailsTo(parent.id)).toHaveLength(1)

    // A malformed key is no key: the post is filed as a correction.
    const odd = await call(
      reportPage.action,
      makeRequest(`/nurse/reports/${occurrenceId}`, { cookie, form: { ...form, submissionKey: 'not-a-key', wetDiapers: '3' } }),
      { occurrenceId: String(occurrenceId) },
    )
    expect(odd.status).toBe(302)
    expect((await getDb().select().from(nightReports).where(eq(nightReports.occurrenceId, occurrenceId)))[0]).toMatchObject({ wetDiapers: 3, submissionKey: null })
  })

  test("the page gives the form a fresh key each time it is opened", async () => {
    const { nurse, occurrenceId } = await workedNight()
    const cookie = await cookieFor(nurse.userId)
    const open = async () =>
      (await (await call(reportPage.loader, makeRequest(`/nurse/reports/${occurrenceId}`, { cookie }), { occurrenceId: String(occurrenceId) })).json()).submissionKey
    const [a, b] = [await open(), await open()]
    expect(a).toMatch(/^[0-9a-f-]{36}$/)
    expect(a).not.toBe(b)
  })
})
