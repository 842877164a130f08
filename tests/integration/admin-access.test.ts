// What an admin may do on a family's booking (issue 33, point 9; docs/decisions/0047): read its
// night reports as a PDF, as decision 0029 says; not move its nights, which is the family's own
// call (decision 0034): refused with the guard text, as the other parent-only calls refuse it.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { fileNightReport } from '../../app/domain/night-reports/night-reports.server'
import * as moveApi from '../../app/routes/[_api].bookings.move-night'
import * as reportsPdf from '../../app/routes/parent.night-reports.$bookingId[.]pdf'
import { NightReportSchema } from '../../app/schemas/night-reports'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, getNight, makeRequest } from '../support/fixtures'

const REPORT = NightReportSchema.parse({
  feeds: [{ time: '23:30', kind: 'formula', ounces: '3' }],
  wetDiapers: '2',
  dirtyDiapers: '1',
  notes: 'Settled after the second feed.',
})

function pdfText(bytes: ArrayBuffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'admin-reports-')), 'reports.pdf')
  writeFileSync(file, Buffer.from(bytes))
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

describe('a family’s night reports', () => {
  test('an admin downloads them as a PDF; another parent still gets Not Found', async () => {
    const nurse = await createNurse({ name: 'Nadia Nights' })
    const parent = await createUser()
    const booking = await createBooking({ nurse, parent, dates: futureDates(-3) })
    await fileNightReport(nurse.userId, (await getNight(booking.occurrenceIds[0])).id, REPORT)
    const admin = await createUser({ role: 'admin' })
    const read = (cookie: string) =>
      call(reportsPdf.loader, makeRequest(`/parent/night-reports/${booking.id}.pdf`, { cookie }), { bookingId: String(booking.id) })

    const asAdmin = await read(await cookieFor(admin.id))
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.headers.get('Content-Type')).toBe('application/pdf')
    expect(asAdmin.headers.get('Cache-Control')).toBe('private, no-store')
    const text = pdfText(await asAdmin.arrayBuffer())
    expect(text).toContain('Night reports')
    expect(text).toContain('Nadia Nights')
    expect(text).toContain('Settled after the second feed.')

    const other = await createUser()
    expect((await read(await cookieFor(other.id))).status).toBe(404)
    // A booking with no report is Not Found for an admin too.
    const unreported = await createBooking({ nurse, parent, dates: futureDates(-6) })
    const none = await call(reportsPdf.loader, makeRequest(`/parent/night-reports/${unreported.id}.pdf`, { cookie: await cookieFor(admin.id) }), {
      bookingId: String(unreported.id),
    })
    expect(none.status).toBe(404)
  })
})

describe('moving a family’s night through the API', () => {
  test('an admin is refused with the guard text, and the night stays where it was', async () => {
    const [date, open] = futureDates(10, 12)
    const nurse = await createNurse({ openDates: [date, open] })
    const parent = await createUser()
    const booking = await createBooking({ nurse, parent, dates: [date] })
    const occurrenceId = booking.occurrenceIds[0]
    const admin = await createUser({ role: 'admin' })
    const body = { bookingId: booking.id, occurrenceId, date: open }

    const refused = await call(moveApi.action, makeRequest('/_api/bookings/move-night', { cookie: await cookieFor(admin.id), body }))
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ error: 'Access denied. Your role (admin) lacks required permissions.' })
    expect(await getNight(occurrenceId)).toMatchObject({ date })

    // The family itself still moves it.
    const moved = await call(moveApi.action, makeRequest('/_api/bookings/move-night', { cookie: await cookieFor(parent.id), body }))
    expect(moved.status).toBe(200)
    expect(await getNight(occurrenceId)).toMatchObject({ date: open })
  })
})
