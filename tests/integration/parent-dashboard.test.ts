// The parent's dashboard (spec 000 §2, §3, §7): stats and lists from the demo data, payment
// history and real receipts (the PDF read back with a PDF reader), notification preferences,
// the booking detail, Profile Settings and Payment Methods, each scoped to the signed-in parent.
import { and, eq, sql } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookings, notificationPreferences, payments, sessions, users } from '../../app/db/schema'
import { seedDemoData } from '../../app/db/seed.server'
import { verifyPassword } from '../../app/domain/passwords.server'
import * as listApi from '../../app/routes/[_api].bookings.list'
import * as receiptApi from '../../app/routes/[_api].bookings.receipt'
import * as preferencesApi from '../../app/routes/[_api].user.notification-preferences'
import * as bookingDetail from '../../app/routes/parent.bookings.$bookingId'
import * as dashboard from '../../app/routes/parent.dashboard/route'
import * as paymentPage from '../../app/routes/parent.payment'
import * as receiptPdf from '../../app/routes/parent.receipts.$paymentId[.]pdf'
import * as settings from '../../app/routes/parent.settings'
import { call, cookieFor, createUser, makeRequest } from '../support/fixtures'
import { createNurse, createPaidBooking, daysFromNow } from './parent-fixtures'

const DEMO_PARENT = 'parent@example.com'

async function userId(email: string) {
  const [row] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, email))
  return row.id
}

async function pdfText(response: Response): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()))
  const { text } = await extractText(document, { mergePages: true })
  return text
}

describe('with the demo data', () => {
  let parentId: number
  let cookie: string

  beforeEach(async () => {
    await seedDemoData(getDb(), { now: new Date() })
    parentId = await userId(DEMO_PARENT)
    cookie = await cookieFor(parentId)
  }, 60_000)

  test('the stats match the seeded bookings and payments', async () => {
    const response = await call(dashboard.loader, makeRequest('/parent/dashboard', { cookie }))
    expect(response.status).toBe(200)
    const page = await response.json()
    expect(page.displayName).toBe('Jordan Parent')
    const [expected] = await getDb()
      .select({
        spent: sql<number>`sum(${bookings.totalAmountCents}) filter (where ${bookings.status} <> 'cancelled')::int`,
        last: sql<string>`max(${bookings.createdAt})`,
      })
      .from(bookings)
      .where(eq(bookings.parentId, parentId))
    // Two upcoming, two past and one cancelled (refunded in full) booking.
    expect(page.stats).toEqual({
      totalBookings: 5,
      upcoming: 2,
      totalSpentCents: Number(expected.spent),
      lastBookingAt: new Date(expected.last).toISOString(),
    })
    // Nora's two upcoming nights and three past nights at $350, with the 10% fee, are part of it.
    expect(page.stats.totalSpentCents).toBeGreaterThan(77000 + 115500)
  })

  test('the filters list upcoming, past and cancelled bookings in the parent view', async () => {
    const list = async (status: string) =>
      (await (await call(listApi.loader, makeRequest(`/_api/bookings/list?status=${status}`, { cookie }))).json()).bookings
    const upcoming = await list('upcoming')
    expect(upcoming.map((b: { nurseName: string }) => b.nurseName)).toEqual(['Nora Nightingale', 'Maria Lopez'])
    const [nora, maria] = upcoming
    expect(Object.keys(nora).sort()).toEqual(
      [
        'createdAt',
        'id',
        'nightsPerWeek',
        'nurseAvatarUrl',
        'nurseName',
        'nurseSlug',
        'occurrences',
        'pattern',
        'startDate',
        'status',
        'timezone',
        'totalAmountCents',
        'weeksCount',
      ].sort(),
    )
    expect(nora).toMatchObject({ status: 'confirmed', pattern: 'one_time', totalAmountCents: 77000, nurseAvatarUrl: expect.stringMatching(/^\/images\//) })
    expect(nora.occurrences).toHaveLength(2)
    expect(nora.occurrences[0]).toMatchObject({ status: 'scheduled', startTimeLocal: '21:00', endTimeLocal: '07:00', priceCents: 35000, refundableCents: 38500 })
    expect(maria).toMatchObject({ pattern: 'recurring', weeksCount: 4 })
    expect(maria.occurrences).toHaveLength(4)

    const past = await list('past')
    expect(past.map((b: { nurseName: string }) => b.nurseName)).toEqual(['Keisha Johnson', 'Nora Nightingale'])
    expect(past.flatMap((b: { occurrences: { refundableCents: number | null }[] }) => b.occurrences.map((o) => o.refundableCents))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
    const cancelled = await list('cancelled')
    expect(cancelled.map((b: { nurseName: string; status: string }) => [b.nurseName, b.status])).toEqual([['Emily Carter', 'cancelled']])
  })

  test('the dashboard page carries the chosen filter, the bookings and the payment history', async () => {
    const page = await (await call(dashboard.loader, makeRequest('/parent/dashboard?status=past&expand=3', { cookie }))).json()
    expect(page.query).toMatchObject({ status: 'past', expand: 3 })
    expect(page.bookings.list).toHaveLength(2)
    expect(page.isAdmin).toBe(false)
    // Five charges and the cancelled booking's refund, newest first.
    expect(page.payments.list).toHaveLength(6)
    const refund = page.payments.list.find((p: { kind: string }) => p.kind === 'refund')
    expect(refund).toMatchObject({ nurseName: 'Emily Carter', invoiceNumber: String(refund.id).padStart(6, '0') })
    const bogus = await (await call(dashboard.loader, makeRequest('/parent/dashboard?status=everything&cancel=abc', { cookie }))).json()
    expect(bogus.query.status).toBe('upcoming')
    expect(bogus.cancelPreview).toBeNull()
  })

  test('?cancel= shows the exact refund the cancellation will make', async () => {
    const upcoming = (await (await call(listApi.loader, makeRequest('/_api/bookings/list', { cookie }))).json()).bookings
    const night = upcoming[0].occurrences[0]
    const page = await (await call(dashboard.loader, makeRequest(`/parent/dashboard?cancel=${night.id}`, { cookie }))).json()
    expect(page.cancelPreview).toMatchObject({ occurrenceId: night.id, refundableCents: night.refundableCents, policy: 'full', nurseName: 'Nora Nightingale' })
  })

  test('a receipt PDF downloads with the invoice number, the amounts and the nurse', async () => {
    const [charge] = await getDb()
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(bookings.parentId, parentId), eq(bookings.totalAmountCents, 77000), eq(payments.kind, 'charge')))
    const response = await call(receiptPdf.loader, makeRequest(`/parent/receipts/${charge.id}.pdf`, { cookie }), {
      paymentId: String(charge.id),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    const invoice = String(charge.id).padStart(6, '0')
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="nightlight-receipt-${invoice}.pdf"`)
    const text = await pdfText(response)
    expect(text).toContain(`Invoice #${invoice}`)
    expect(text).toContain('Nora Nightingale')
    expect(text).toContain('Jordan Parent')
    expect(text).toContain('$350.00') // nightly rate
    expect(text).toContain('$700.00') // subtotal
    expect(text).toContain('$70.00') // fee
    expect(text).toContain('$770.00') // total
    expect(text).toContain('Paid with Card')
  })

  test('the receipt of the cancelled booking shows its refund', async () => {
    const [refund] = await getDb()
      .select({ id: payments.id, amountCents: payments.amountCents })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(bookings.parentId, parentId), eq(payments.kind, 'refund')))
    const answer = await call(receiptApi.loader, makeRequest(`/_api/bookings/receipt?paymentId=${refund.id}`, { cookie }))
    expect(answer.status).toBe(200)
    const { receipt } = await answer.json()
    expect(receipt).toMatchObject({ title: 'Refund Receipt', kind: 'refund', amountCents: refund.amountCents, nurseName: 'Emily Carter', netPaidCents: 0 })
    expect(receipt.refunds).toHaveLength(1)
    const pdf = await call(receiptPdf.loader, makeRequest(`/parent/receipts/${refund.id}.pdf`, { cookie }), { paymentId: String(refund.id) })
    const text = await pdfText(pdf)
    expect(text).toContain('Refund Receipt')
    expect(text).toContain('Refunded to Card')
  })

  test("another parent's receipt is Not Found, and signing in is required", async () => {
    const [other] = await getDb()
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(users, eq(users.id, sql`(select parent_id from bookings where bookings.id = ${payments.bookingId})`))
      .where(eq(users.email, 'sam.rivera@example.com'))
    const pdf = await call(receiptPdf.loader, makeRequest(`/parent/receipts/${other.id}.pdf`, { cookie }), { paymentId: String(other.id) })
    expect(pdf.status).toBe(404)
    const json = await call(receiptApi.loader, makeRequest(`/_api/bookings/receipt?paymentId=${other.id}`, { cookie }))
    expect(json.status).toBe(404)
    expect(await json.json()).toEqual({ error: 'Receipt not found' })
    const bad = await call(receiptApi.loader, makeRequest('/_api/bookings/receipt?paymentId=x', { cookie }))
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toBe('paymentId must be a positive integer')
    const signedOut = await call(receiptPdf.loader, makeRequest(`/parent/receipts/${other.id}.pdf`), { paymentId: String(other.id) })
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
  })

  test("the booking detail shows the parent's own booking, and another's is Not Found", async () => {
    const [mine] = await getDb().select().from(bookings).where(and(eq(bookings.parentId, parentId), eq(bookings.totalAmountCents, 77000)))
    const response = await call(bookingDetail.loader, makeRequest(`/parent/bookings/${mine.id}`, { cookie }), { bookingId: String(mine.id) })
    expect(response.status).toBe(200)
    const detail = await response.json()
    expect(detail.booking).toMatchObject({
      id: mine.id,
      nurseName: 'Nora Nightingale',
      addressText: '1408 Bouldin Ave, Austin, TX 78704',
      notes: expect.stringContaining('bassinet'),
      subtotalCents: 70000,
      platformFeeCents: 7000,
    })
    expect(detail.booking.occurrences).toHaveLength(2)
    expect(detail.payments).toHaveLength(1)
    const [theirs] = await getDb().select().from(bookings).where(sql`${bookings.parentId} <> ${parentId}`).limit(1)
    const other = await call(bookingDetail.loader, makeRequest(`/parent/bookings/${theirs.id}`, { cookie }), { bookingId: String(theirs.id) })
    expect(other.status).toBe(404)
    const junk = await call(bookingDetail.loader, makeRequest('/parent/bookings/abc', { cookie }), { bookingId: 'abc' })
    expect(junk.status).toBe(404)
  })
})

describe('GET /_api/bookings/list', () => {
  test('a bad status answers 400 with the message; signed out 401; a nurse 403', async () => {
    const parent = await createUser()
    const bad = await call(listApi.loader, makeRequest('/_api/bookings/list?status=soon', { cookie: await cookieFor(parent.id) }))
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toBe('status must be upcoming, past or cancelled')
    expect((await call(listApi.loader, makeRequest('/_api/bookings/list'))).status).toBe(401)
    const nurse = await createUser({ role: 'nurse' })
    expect((await call(listApi.loader, makeRequest('/_api/bookings/list', { cookie: await cookieFor(nurse.id) }))).status).toBe(403)
  })

  test('lists only the signed-in parent’s bookings', async () => {
    const [a, b] = [await createUser(), await createUser()]
    const nurse = await createNurse()
    const mine = await createPaidBooking({ parentId: a.id, nurse, dates: [daysFromNow(9)] })
    await createPaidBooking({ parentId: b.id, nurse, dates: [daysFromNow(12)] })
    const answer = await (await call(listApi.loader, makeRequest('/_api/bookings/list', { cookie: await cookieFor(a.id) }))).json()
    expect(answer.bookings.map((booking: { id: number }) => booking.id)).toEqual([mine.id])
  })

  test('an unpaid checkout whose hold ran out is not a booking', async () => {
    const parent = await createUser()
    const nurse = await createNurse()
    const paid = await createPaidBooking({ parentId: parent.id, nurse, dates: [daysFromNow(9)] })
    const abandoned = await createPaidBooking({ parentId: parent.id, nurse, dates: [daysFromNow(15)] })
    await getDb().update(bookings).set({ status: 'pending', holdExpiresAt: new Date(Date.now() - 60_000) }).where(eq(bookings.id, abandoned.id))
    await getDb().delete(payments).where(eq(payments.bookingId, abandoned.id))
    const cookie = await cookieFor(parent.id)
    const answer = await (await call(listApi.loader, makeRequest('/_api/bookings/list', { cookie }))).json()
    expect(answer.bookings.map((booking: { id: number }) => booking.id)).toEqual([paid.id])
    const page = await (await call(dashboard.loader, makeRequest('/parent/dashboard', { cookie }))).json()
    expect(page.stats).toMatchObject({ totalBookings: 1, upcoming: 1, totalSpentCents: paid.totalAmountCents })
  })
})

describe('notification preferences', () => {
  test('GET answers the defaults, POST saves, GET reads them back', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const first = await call(preferencesApi.loader, makeRequest('/_api/user/notification-preferences', { cookie }))
    expect(await first.json()).toEqual({
      preferences: { bookingConfirmations: true, bookingReminders: true, cancellationNotices: true, reminderHoursBefore: 24 },
    })
    const body = { bookingConfirmations: false, bookingReminders: true, cancellationNotices: false, reminderHoursBefore: 48 }
    const saved = await call(preferencesApi.action, makeRequest('/_api/user/notification-preferences', { body, cookie }))
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({ preferences: body })
    const again = await call(preferencesApi.loader, makeRequest('/_api/user/notification-preferences', { cookie }))
    expect(await again.json()).toEqual({ preferences: body })
  })

  test.each([
    [{ reminderHoursBefore: 13 }, 'reminderHoursBefore must be 12, 24 or 48'],
    [{ reminderHoursBefore: 0 }, 'reminderHoursBefore must be 12, 24 or 48'],
    [{ reminderHoursBefore: '24h' }, 'reminderHoursBefore must be 12, 24 or 48'],
    [{ bookingReminders: 'yes' }, 'bookingReminders must be true or false'],
    [{ cancellationNotices: undefined }, 'cancellationNotices must be true or false'],
  ])('%j answers 400 "%s" and changes nothing', async (change, message) => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const body = { bookingConfirmations: true, bookingReminders: true, cancellationNotices: true, reminderHoursBefore: 12, ...change }
    const response = await call(preferencesApi.action, makeRequest('/_api/user/notification-preferences', { body, cookie }))
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe(message)
    const [row] = await getDb().select().from(notificationPreferences).where(eq(notificationPreferences.userId, parent.id))
    expect(row).toMatchObject({ bookingConfirmations: true, bookingReminders: true, cancellationNotices: true, reminderHoursBefore: 24 })
  })

  test('signed out, both calls answer 401', async () => {
    expect((await call(preferencesApi.loader, makeRequest('/_api/user/notification-preferences'))).status).toBe(401)
    const post = await call(
      preferencesApi.action,
      makeRequest('/_api/user/notification-preferences', {
        body: { bookingConfirmations: true, bookingReminders: true, cancellationNotices: true, reminderHoursBefore: 24 },
      }),
    )
    expect(post.status).toBe(401)
  })

  test('the dashboard form saves them without JavaScript: a switch left off is off', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const response = await call(
      dashboard.action,
      makeRequest('/parent/dashboard', { form: { intent: 'preferences', bookingReminders: 'on', reminderHoursBefore: '12' }, cookie }),
    )
    expect(await response.json()).toEqual({ intent: 'preferences', ok: true, message: 'Notification preferences saved!' })
    const page = await (await call(dashboard.loader, makeRequest('/parent/dashboard', { cookie }))).json()
    expect(page.preferences).toEqual({ bookingConfirmations: false, bookingReminders: true, cancellationNotices: false, reminderHoursBefore: 12 })
    const refused = await call(
      dashboard.action,
      makeRequest('/parent/dashboard', { form: { intent: 'preferences', reminderHoursBefore: '13' }, cookie }),
    )
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ intent: 'preferences', ok: false, error: 'reminderHoursBefore must be 12, 24 or 48' })
  })

  test('an unknown dashboard action answers 400, and only admins may send reminders from it', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const unknown = await call(dashboard.action, makeRequest('/parent/dashboard', { form: { intent: 'explode' }, cookie }))
    expect(unknown.status).toBe(400)
    const reminders = await call(dashboard.action, makeRequest('/parent/dashboard', { form: { intent: 'send-reminders' }, cookie }))
    expect(reminders.status).toBe(403)
    const admin = await createUser({ role: 'admin' })
    const asAdmin = await call(
      dashboard.action,
      makeRequest('/parent/dashboard', { form: { intent: 'send-reminders' }, cookie: await cookieFor(admin.id) }),
    )
    expect(await asAdmin.json()).toEqual({ intent: 'send-reminders', ok: true, message: 'Sent 0 booking reminders.' })
  })
})

describe('who sees the dashboard', () => {
  test('an admin sees it too, with the admin actions; a nurse is refused; signed out goes to log in', async () => {
    const admin = await createUser({ role: 'admin', displayName: 'Avery Admin' })
    const asAdmin = await (await call(dashboard.loader, makeRequest('/parent/dashboard', { cookie: await cookieFor(admin.id) }))).json()
    expect(asAdmin).toMatchObject({ displayName: 'Avery Admin', isAdmin: true, stats: { totalBookings: 0 } })
    const nurse = await createUser({ role: 'nurse' })
    const asNurse = await call(dashboard.loader, makeRequest('/parent/dashboard', { cookie: await cookieFor(nurse.id) }))
    expect(asNurse.status).toBe(403)
    const signedOut = await call(dashboard.loader, makeRequest('/parent/dashboard'))
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toBe('/login?redirectTo=%2Fparent%2Fdashboard')
  })
})

describe('Profile Settings', () => {
  test('saves the name and phone; a bad phone is refused with the message', async () => {
    const parent = await createUser({ displayName: 'Old Name' })
    const cookie = await cookieFor(parent.id)
    const saved = await call(
      settings.action,
      makeRequest('/parent/settings', { form: { intent: 'profile', displayName: 'Robin Parent', phoneNumber: '(415) 555-0199' }, cookie }),
    )
    expect(saved.status).toBe(302)
    const [row] = await getDb().select().from(users).where(eq(users.id, parent.id))
    expect(row).toMatchObject({ displayName: 'Robin Parent', phoneNumber: '(415) 555-0199' })
    const refused = await call(
      settings.action,
      makeRequest('/parent/settings', { form: { intent: 'profile', displayName: '', phoneNumber: '12' }, cookie }),
    )
    expect(refused.status).toBe(400)
    const body = await refused.json()
    expect(body.result.error).toMatchObject({ displayName: ['Name is required'], phoneNumber: ['A valid phone number is required'] })
    const [after] = await getDb().select().from(users).where(eq(users.id, parent.id))
    expect(after.displayName).toBe('Robin Parent')
  })

  test('changing the password needs the current one, and signs other devices out', async () => {
    const parent = await createUser({ password: 'first password' })
    const cookie = await cookieFor(parent.id)
    await cookieFor(parent.id) // another device
    const wrong = await call(
      settings.action,
      makeRequest('/parent/settings', {
        form: { intent: 'password', currentPassword: 'nope', newPassword: 'second password', confirmPassword: 'second password' },
        cookie,
      }),
    )
    expect(wrong.status).toBe(400)
    expect((await wrong.json()).result.error).toEqual({ currentPassword: ['Current password is incorrect'] })
    const mismatch = await call(
      settings.action,
      makeRequest('/parent/settings', {
        form: { intent: 'password', currentPassword: 'first password', newPassword: 'second password', confirmPassword: 'other' },
        cookie,
      }),
    )
    expect((await mismatch.json()).result.error).toEqual({ confirmPassword: ['Passwords do not match'] })

    const changed = await call(
      settings.action,
      makeRequest('/parent/settings', {
        form: { intent: 'password', currentPassword: 'first password', newPassword: 'second password', confirmPassword: 'second password' },
        cookie,
      }),
    )
    expect(changed.status).toBe(302)
    const [row] = await getDb().select().from(users).where(eq(users.id, parent.id))
    expect(await verifyPassword(row.passwordHash!, 'second password')).toBe(true)
    // Only the session this device was just given is left.
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, parent.id))).toHaveLength(1)
    expect(changed.headers.get('Set-Cookie')).toContain('__session=')
    const oldCookie = await call(dashboard.loader, makeRequest('/parent/dashboard', { cookie }))
    expect(oldCookie.status).toBe(302)
  })
})

describe('Payment Methods', () => {
  test('says honestly that no card is saved, with the test provider', async () => {
    const parent = await createUser()
    const page = await call(paymentPage.loader, makeRequest('/parent/payment', { cookie: await cookieFor(parent.id) }))
    expect(await page.json()).toEqual({ provider: 'test' })
  })
})
