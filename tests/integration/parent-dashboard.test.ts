// The parent's dashboard: stats and lists of bookings each test makes, payment history and real
// receipts (the PDF read back with a PDF reader), notification preferences, the booking detail,
// Profile Settings and Payment Methods, each scoped to the signed-in parent.
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { notificationPreferences, sessions, users } from '../../app/db/schema'
import type { SessionUser } from '../../app/domain/accounts/auth.server'
import { verifyPassword } from '../../app/domain/accounts/passwords.server'
import * as listApi from '../../app/api/bookings.list'
import * as receiptApi from '../../app/api/bookings.receipt'
import * as preferencesApi from '../../app/api/user.notification-preferences'
import * as bookingDetail from '../../app/routes/parent.bookings.$bookingId/route'
import * as dashboard from '../../app/routes/parent.dashboard/route'
import * as paymentPage from '../../app/routes/parent.payment'
import * as receiptPdf from '../../app/routes/parent.receipts.$paymentId[.]pdf'
import * as settings from '../../app/routes/parent.settings'
import { createBooking, createNurse, createUser, datesIn, daysFromNow, type TestNurse } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

async function pdfText(response: Response): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()))
  const { text } = await extractText(document, { mergePages: true })
  return text
}

describe("a parent's bookings, payments and receipts", () => {
  const DAY = 24 * 60 * 60 * 1000
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY)
  let jordan: SessionUser
  let cookie: string
  let made: Awaited<ReturnType<typeof jordansBookings>>

  /**
   * Jordan's five bookings with four Austin nurses: two ahead (one of them weekly for four weeks),
   * two in the past and one cancelled and refunded in full; and Sam's booking, which is not hers.
   */
  async function jordansBookings() {
    const austin = { baseLocation: 'Austin, TX 78704' }
    const nora = await createNurse({ ...austin, name: 'Nora Nightingale', rateCents: 35000 })
    const maria = await createNurse({ ...austin, name: 'Maria Lopez', rateCents: 30000 })
    const keisha = await createNurse({ ...austin, name: 'Keisha Johnson', rateCents: 32000 })
    const emily = await createNurse({ ...austin, name: 'Emily Carter', rateCents: 28000 })
    const nights = (nurse: TestNurse, ...days: number[]) => datesIn(nurse.timezone, ...days)
    const parent = { parent: jordan, addressText: '1408 Bouldin Ave, Austin, TX 78704' }
    const pastWithNora = await createBooking({ ...parent, nurse: nora, dates: nights(nora, -35, -34, -33), status: 'completed', createdAt: daysAgo(45) })
    const pastWithKeisha = await createBooking({ ...parent, nurse: keisha, dates: nights(keisha, -16, -15), status: 'completed', createdAt: daysAgo(26) })
    const cancelled = await createBooking({ ...parent, nurse: emily, dates: nights(emily, 20, 21), status: 'cancelled', createdAt: daysAgo(6) })
    const withNora = await createBooking({
      ...parent,
      nurse: nora,
      dates: nights(nora, 5, 6),
      notes: 'Our daughter was born last week. The bassinet is in our room; please text when you arrive.',
      createdAt: daysAgo(3),
    })
    const lastBookedAt = daysAgo(2)
    const weekly = await createBooking({ ...parent, nurse: maria, dates: nights(maria, 10, 17, 24, 31), weeksCount: 4, createdAt: lastBookedAt })
    const sam = await createUser({ displayName: 'Sam Rivera' })
    const samsBooking = await createBooking({ nurse: maria, parent: sam, dates: nights(maria, 12) })
    return { nurses: { nora, maria, keisha, emily }, withNora, weekly, pastWithNora, pastWithKeisha, cancelled, samsBooking, lastBookedAt }
  }

  beforeEach(async () => {
    jordan = await createUser({ displayName: 'Jordan Parent' })
    cookie = await cookieFor(jordan.id)
    made = await jordansBookings()
  })

  test('the stats match her bookings and payments', async () => {
    const response = await call(dashboard.loader, makeRequest('/parent/dashboard', { cookie }))
    expect(response.status).toBe(200)
    const page = await response.json()
    expect(page.displayName).toBe(jordan.displayName)
    // Two upcoming, two past and one cancelled (refunded in full) booking. Spent, with the 10% fee:
    // Nora's 2 + 3 nights at $350, Maria's 4 at $300 and Keisha's 2 at $320; nothing of Emily's.
    expect(page.stats).toEqual({
      totalBookings: 5,
      upcoming: 2,
      totalSpentCents: 77000 + 115500 + 132000 + 70400,
      lastBookingAt: made.lastBookedAt.toISOString(),
    })
  })

  test('the filters list upcoming, past and cancelled bookings in the parent view', async () => {
    const { nurses } = made
    const list = async (status: string) =>
      (await (await call(listApi.loader, makeRequest(`/_api/bookings/list?status=${status}`, { cookie }))).json()).bookings
    const upcoming = await list('upcoming')
    expect(upcoming.map((b: { nurseName: string }) => b.nurseName)).toEqual([nurses.nora.name, nurses.maria.name])
    const [nora, maria] = upcoming
    expect(Object.keys(nora).sort()).toEqual(
      [
        // How many babies and the extra per additional baby as priced (issue 36).
        'babies',
        'extraBabyCents',
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
    expect(maria).toMatchObject({ pattern: 'recurring', weeksCount: 4, nightsPerWeek: 1 })
    expect(maria.occurrences).toHaveLength(4)

    const past = await list('past')
    expect(past.map((b: { nurseName: string }) => b.nurseName)).toEqual([nurses.keisha.name, nurses.nora.name])
    expect(past.flatMap((b: { occurrences: { refundableCents: number | null }[] }) => b.occurrences.map((o) => o.refundableCents))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
    const cancelled = await list('cancelled')
    expect(cancelled.map((b: { nurseName: string; status: string }) => [b.nurseName, b.status])).toEqual([[nurses.emily.name, 'cancelled']])
  })

  test('the dashboard page carries the chosen filter, the bookings and the payment history', async () => {
    const page = await (await call(dashboard.loader, makeRequest('/parent/dashboard?status=past&expand=3', { cookie }))).json()
    expect(page.query).toMatchObject({ status: 'past', expand: 3 })
    expect(page.bookings.list).toHaveLength(2)
    expect(page.isAdmin).toBe(false)
    // Five charges and the cancelled booking's refund, newest first.
    expect(page.payments.list).toHaveLength(6)
    const refund = page.payments.list.find((p: { kind: string }) => p.kind === 'refund')
    expect(refund).toMatchObject({ id: made.cancelled.refundId, nurseName: made.nurses.emily.name, invoiceNumber: String(refund.id).padStart(6, '0') })
    const bogus = await (await call(dashboard.loader, makeRequest('/parent/dashboard?status=everything&cancel=abc', { cookie }))).json()
    expect(bogus.query.status).toBe('upcoming')
    expect(bogus.cancelPreview).toBeNull()
  })

  test('?cancel= shows the exact refund the cancellation will make', async () => {
    const upcoming = (await (await call(listApi.loader, makeRequest('/_api/bookings/list', { cookie }))).json()).bookings
    const night = upcoming[0].occurrences[0]
    expect(night.id).toBe(made.withNora.occurrenceIds[0])
    const page = await (await call(dashboard.loader, makeRequest(`/parent/dashboard?cancel=${night.id}`, { cookie }))).json()
    expect(page.cancelPreview).toMatchObject({ occurrenceId: night.id, refundableCents: 38500, policy: 'full', nurseName: made.nurses.nora.name })
  })

  test('a receipt PDF downloads with the invoice number, the amounts and the nurse', async () => {
    const chargeId = made.withNora.chargeId!
    const response = await call(receiptPdf.loader, makeRequest(`/parent/receipts/${chargeId}.pdf`, { cookie }), {
      paymentId: String(chargeId),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    const invoice = String(chargeId).padStart(6, '0')
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="nightlight-receipt-${invoice}.pdf"`)
    const text = await pdfText(response)
    expect(text).toContain(`Invoice #${invoice}`)
    expect(text).toContain(made.nurses.nora.name)
    expect(text).toContain(jordan.displayName)
    expect(text).toContain('$350.00') // nightly rate
    expect(text).toContain('$700.00') // subtotal
    expect(text).toContain('$70.00') // fee
    expect(text).toContain('$770.00') // total
    expect(text).toContain('Paid with Card')
  })

  test('the receipt of the cancelled booking shows its refund', async () => {
    const refundId = made.cancelled.refundId!
    const answer = await call(receiptApi.loader, makeRequest(`/_api/bookings/receipt?paymentId=${refundId}`, { cookie }))
    expect(answer.status).toBe(200)
    const { receipt } = await answer.json()
    expect(receipt).toMatchObject({
      title: 'Refund Receipt',
      kind: 'refund',
      amountCents: made.cancelled.totalAmountCents,
      nurseName: made.nurses.emily.name,
      netPaidCents: 0,
    })
    expect(receipt.refunds).toHaveLength(1)
    const pdf = await call(receiptPdf.loader, makeRequest(`/parent/receipts/${refundId}.pdf`, { cookie }), { paymentId: String(refundId) })
    const text = await pdfText(pdf)
    expect(text).toContain('Refund Receipt')
    expect(text).toContain('Refunded to Card')
  })

  test("another parent's receipt is Not Found, and signing in is required", async () => {
    const other = made.samsBooking.chargeId!
    const pdf = await call(receiptPdf.loader, makeRequest(`/parent/receipts/${other}.pdf`, { cookie }), { paymentId: String(other) })
    expect(pdf.status).toBe(404)
    const json = await call(receiptApi.loader, makeRequest(`/_api/bookings/receipt?paymentId=${other}`, { cookie }))
    expect(json.status).toBe(404)
    expect(await json.json()).toEqual({ error: 'Receipt not found' })
    const bad = await call(receiptApi.loader, makeRequest('/_api/bookings/receipt?paymentId=x', { cookie }))
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toBe('paymentId must be a positive integer')
    const signedOut = await call(receiptPdf.loader, makeRequest(`/parent/receipts/${other}.pdf`), { paymentId: String(other) })
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
  })

  test("the booking detail shows the parent's own booking, and another's is Not Found", async () => {
    const mine = made.withNora
    const response = await call(bookingDetail.loader, makeRequest(`/parent/bookings/${mine.id}`, { cookie }), { bookingId: String(mine.id) })
    expect(response.status).toBe(200)
    const detail = await response.json()
    expect(detail.booking).toMatchObject({
      id: mine.id,
      nurseName: made.nurses.nora.name,
      addressText: '1408 Bouldin Ave, Austin, TX 78704',
      notes: expect.stringContaining('bassinet'),
      subtotalCents: 70000,
      platformFeeCents: 7000,
    })
    expect(detail.booking.occurrences).toHaveLength(2)
    expect(detail.payments).toHaveLength(1)
    const theirs = made.samsBooking
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
    const mine = await createBooking({ parent: a, nurse, dates: [daysFromNow(9)] })
    await createBooking({ parent: b, nurse, dates: [daysFromNow(12)] })
    const answer = await (await call(listApi.loader, makeRequest('/_api/bookings/list', { cookie: await cookieFor(a.id) }))).json()
    expect(answer.bookings.map((booking: { id: number }) => booking.id)).toEqual([mine.id])
  })

  test('an unpaid checkout whose hold ran out is not a booking', async () => {
    const parent = await createUser()
    const nurse = await createNurse()
    const paid = await createBooking({ parent, nurse, dates: [daysFromNow(9)] })
    await createBooking({ parent, nurse, dates: [daysFromNow(15)], status: 'pending', holdExpiresAt: new Date(Date.now() - 60_000) })
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
    // The four original fields, and night reports (issue 16), on by default.
    expect(await first.json()).toEqual({
      preferences: { bookingConfirmations: true, bookingReminders: true, cancellationNotices: true, reminderHoursBefore: 24, nightReports: true, newMessages: true },
    })
    const body = { bookingConfirmations: false, bookingReminders: true, cancellationNotices: false, reminderHoursBefore: 48 }
    const saved = await call(preferencesApi.action, makeRequest('/_api/user/notification-preferences', { body, cookie }))
    expect(saved.status).toBe(200)
    // A call that does not name night reports leaves them as they were.
    expect(await saved.json()).toEqual({ preferences: { ...body, nightReports: true, newMessages: true } })
    const off = await call(preferencesApi.action, makeRequest('/_api/user/notification-preferences', { body: { ...body, nightReports: false }, cookie }))
    expect(await off.json()).toEqual({ preferences: { ...body, nightReports: false, newMessages: true } })
    const again = await call(preferencesApi.loader, makeRequest('/_api/user/notification-preferences', { cookie }))
    expect(await again.json()).toEqual({ preferences: { ...body, nightReports: false, newMessages: true } })
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
    expect(page.preferences).toEqual({ bookingConfirmations: false, bookingReminders: true, cancellationNotices: false, reminderHoursBefore: 12, nightReports: false, newMessages: false })
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
    // Ten characters that hold no digit are not a phone number either.
    for (const phoneNumber of ['()()()()()', '..........', '+ - - - - - -']) {
      const noDigits = await call(
        settings.action,
        makeRequest('/parent/settings', { form: { intent: 'profile', displayName: 'Robin Parent', phoneNumber }, cookie }),
      )
      expect(noDigits.status, phoneNumber).toBe(400)
      expect((await noDigits.json()).result.error).toMatchObject({ phoneNumber: ['A valid phone number is required'] })
    }
    const [kept] = await getDb().select().from(users).where(eq(users.id, parent.id))
    expect(kept.phoneNumber).toBe('(415) 555-0199')
    // An empty phone clears it.
    const cleared = await call(
      settings.action,
      makeRequest('/parent/settings', { form: { intent: 'profile', displayName: 'Robin Parent', phoneNumber: '' }, cookie }),
    )
    expect(cleared.status).toBe(302)
    const [last] = await getDb().select().from(users).where(eq(users.id, parent.id))
    expect(last.phoneNumber).toBeNull()
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
  test('shows no card until one is saved, saves a test card, refuses a declined one keeping what was typed, and removes it', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const load = async () => (await call(paymentPage.loader, makeRequest('/parent/payment', { cookie }))).json()
    expect(await load()).toMatchObject({ provider: 'test', card: null, weeksScheduled: 0, weeksAwaiting: 0 })

    const post = (fields: Record<string, string>) => call(paymentPage.action, makeRequest('/parent/payment', { cookie, form: fields }))
    const declined = await post({ intent: 'save-test-card', cardNumber: '4000 0000 0000 0002' })
    expect(declined.status).toBe(402)
    const reply = await declined.json()
    expect(reply.result.error['']).toEqual(['Your card was declined.'])
    expect(reply.result.initialValue.cardNumber).toBe('4000 0000 0000 0002')
    const invalid = await post({ intent: 'save-test-card', cardNumber: '12ab' })
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).result.error.cardNumber).toEqual(['Card number must be 12 to 19 digits'])
    expect((await load()).card).toBeNull()

    const saved = await post({ intent: 'save-test-card', cardNumber: '4242 4242 4242 4242' })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/parent/payment')
    expect((await load()).card).toMatchObject({ brand: 'visa', last4: '4242' })

    // Back to the booking whose week needs paying, and never to anywhere else.
    const back = await call(
      paymentPage.action,
      makeRequest('/parent/payment?returnTo=%2Fparent%2Fbookings%2F12', { cookie, form: { intent: 'save-test-card', cardNumber: '4242424242424242' } }),
    )
    expect(back.headers.get('Location')).toBe('/parent/bookings/12#weekly-payments')
    const away = await call(
      paymentPage.action,
      makeRequest('/parent/payment?returnTo=https%3A%2F%2Fevil.example', { cookie, form: { intent: 'save-test-card', cardNumber: '4242424242424242' } }),
    )
    expect(away.headers.get('Location')).toBe('/parent/payment')

    expect((await post({ intent: 'remove-card' })).status).toBe(302)
    expect((await load()).card).toBeNull()
    expect((await post({ intent: 'something-else' })).status).toBe(400)
  })

  test('is only for parents (and admins)', async () => {
    const nurse = await createNurse()
    const response = await call(paymentPage.loader, makeRequest('/parent/payment', { cookie: await cookieFor(nurse.userId) }))
    expect([302, 403]).toContain(response.status)
  })
})

describe('a family with many bookings', () => {
  // Twelve upcoming one-night bookings with one nurse, each paid: the dashboard shows ten of each
  // list at first and ten more per 'Show more' (issue 13: a family with hundreds of bookings).
  test('the dashboard shows the bookings and payments a page at a time, and how many there are', async () => {
    const parent = await createUser({ displayName: 'Riley Many' })
    const cookie = await cookieFor(parent.id)
    const nurse = await createNurse({ baseLocation: 'Austin, TX 78704', name: 'Nora Pages', rateCents: 30000 })
    const days = Array.from({ length: 12 }, (_, index) => 3 + index)
    for (const day of days) await createBooking({ parent, nurse, dates: datesIn(nurse.timezone, day) })
    const startDates = datesIn(nurse.timezone, ...days)

    const page = async (query: string) => (await call(dashboard.loader, makeRequest(`/parent/dashboard${query}`, { cookie }))).json()
    const first = await page('')
    expect(first.bookings.total).toBe(12)
    expect(first.bookings.list.map((booking: { startDate: string }) => booking.startDate)).toEqual(startDates.slice(0, 10))
    expect(first.payments.total).toBe(12)
    expect(first.payments.list).toHaveLength(10)

    const more = await page('?bookings=20&payments=20')
    expect(more.bookings.list.map((booking: { startDate: string }) => booking.startDate)).toEqual(startDates)
    expect(more.payments.list).toHaveLength(12)
    // Newest first, and the first page is the start of the longer one.
    expect(more.payments.list.slice(0, 10)).toEqual(first.payments.list)

    // A count that is not a number, below a page or beyond a hundred pages shows the first page;
    // the API still lists all.
    for (const query of ['?bookings=abc&payments=', '?bookings=3&payments=0', '?bookings=-10&payments=1e9']) {
      const fallback = await page(query)
      expect(fallback.bookings.list, query).toHaveLength(10)
      expect(fallback.payments.list, query).toHaveLength(10)
    }
    const all = await (await call(listApi.loader, makeRequest('/_api/bookings/list?status=upcoming', { cookie }))).json()
    expect(all.bookings).toHaveLength(12)
  })
})
