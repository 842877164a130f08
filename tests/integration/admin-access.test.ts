// What an admin may do on a family's booking (issue 33, point 9; docs/decisions/0047, 0051): read its
// night reports and its receipts, as support does, as decision 0029 says; not move or cancel its
// nights, which is the family's own call (decision 0034): refused with 403, on the API and the page.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { fileNightReport } from '../../app/domain/night-reports/night-reports.server'
import * as cancelApi from '../../app/api/bookings.cancel'
import * as moveApi from '../../app/api/bookings.move-night'
import * as receiptApi from '../../app/api/bookings.receipt'
import * as movePage from '../../app/routes/parent.bookings.$bookingId_.move.$occurrenceId'
import * as reportsPdf from '../../app/routes/parent.night-reports.$bookingId[.]pdf'
import * as receiptPdf from '../../app/routes/parent.receipts.$paymentId[.]pdf'
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

describe('moving a family’s night on the move page', () => {
  test('an admin is told only the family moves its nights (403), reading or posting; the night stays', async () => {
    const [date, open] = futureDates(10, 12)
    const nurse = await createNurse({ openDates: [date, open] })
    const parent = await createUser()
    const booking = await createBooking({ nurse, parent, dates: [date] })
    const occurrenceId = booking.occurrenceIds[0]
    const admin = await createUser({ role: 'admin' })
    const path = `/parent/bookings/${booking.id}/move/${occurrenceId}`
    const params = { bookingId: String(booking.id), occurrenceId: String(occurrenceId) }

    const page = await call(movePage.loader, makeRequest(path, { cookie: await cookieFor(admin.id) }), params)
    expect(page.status).toBe(403)
    expect(await page.json()).toEqual({ message: 'Only the family who booked can move its nights.' })
    const posted = await call(movePage.action, makeRequest(path, { cookie: await cookieFor(admin.id), form: { date: open } }), params)
    expect(posted.status).toBe(403)
    expect(await posted.json()).toEqual({ message: 'Only the family who booked can move its nights.' })
    expect(await getNight(occurrenceId)).toMatchObject({ date })

    // The family still sees its page; another family still gets Not Found.
    expect((await call(movePage.loader, makeRequest(path, { cookie: await cookieFor(parent.id) }), params)).status).toBe(200)
    expect((await call(movePage.loader, makeRequest(path, { cookie: await cookieFor((await createUser()).id) }), params)).status).toBe(404)
  })
})

describe('cancelling a family’s night through the API', () => {
  test('an admin is refused with the guard text, as on move-night, and the night stays booked', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    const booking = await createBooking({ nurse, parent, dates: futureDates(10) })
    const occurrenceId = booking.occurrenceIds[0]
    const before = await getNight(occurrenceId)
    const admin = await createUser({ role: 'admin' })

    const refused = await call(cancelApi.action, makeRequest('/_api/bookings/cancel', { cookie: await cookieFor(admin.id), body: { occurrenceId } }))
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ error: 'Access denied. Your role (admin) lacks required permissions.' })
    expect(await getNight(occurrenceId)).toMatchObject({ status: before.status })

    const cancelled = await call(cancelApi.action, makeRequest('/_api/bookings/cancel', { cookie: await cookieFor(parent.id), body: { occurrenceId } }))
    expect(cancelled.status).toBe(200)
    expect(await getNight(occurrenceId)).toMatchObject({ status: 'cancelled' })
  })
})

describe('a family’s receipts', () => {
  test('an admin reads any family’s receipt, as JSON and as a PDF; a parent only her own', async () => {
    const nurse = await createNurse({ name: 'Rita Receipt' })
    const parent = await createUser({ displayName: 'Fern Family' })
    const booking = await createBooking({ nurse, parent, dates: futureDates(10) })
    const paymentId = booking.chargeId!
    const admin = await createUser({ role: 'admin' })
    const readJson = async (userId: number) => call(receiptApi.loader, makeRequest(`/_api/bookings/receipt?paymentId=${paymentId}`, { cookie: await cookieFor(userId) }))
    const readPdf = async (userId: number) =>
      call(receiptPdf.loader, makeRequest(`/parent/receipts/${paymentId}.pdf`, { cookie: await cookieFor(userId) }), { paymentId: String(paymentId) })

    const json = await readJson(admin.id)
    expect(json.status).toBe(200)
    expect((await json.json()).receipt).toMatchObject({ paymentId, nurseName: 'Rita Receipt', parentName: 'Fern Family' })
    const pdf = await readPdf(admin.id)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    expect(pdfText(await pdf.arrayBuffer())).toContain('Fern Family')

    expect((await readJson(parent.id)).status).toBe(200)
    const other = await createUser()
    expect((await readJson(other.id)).status).toBe(404)
    expect((await readPdf(other.id)).status).toBe(404)
    // A payment nobody made is Not Found for an admin too.
    const none = await call(receiptApi.loader, makeRequest(`/_api/bookings/receipt?paymentId=${paymentId + 1000}`, { cookie: await cookieFor(admin.id) }))
    expect(none.status).toBe(404)
  })
})
