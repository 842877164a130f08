// Text and numbers the database cannot hold are refused at the edge (issue 10, docs/decisions/0015):
// a NUL or another control character, half a surrogate pair, an id past PostgreSQL's `integer`,
// and a nightly rate whose booking total would not fit. Each answers 400 or 404, never 500, and
// nothing is stored.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookings, nurseProfiles, users } from '../../app/db/schema'
import * as adminBookingsApi from '../../app/api/admin.bookings'
import * as adminStatsApi from '../../app/api/admin.stats'
import * as adminExportApi from '../../app/api/admin.export-bookings'
import * as createBookingApi from '../../app/api/bookings.create'
import * as availabilityApi from '../../app/api/nurses.availability'
import * as profileApi from '../../app/api/nurses.profile'
import * as publicProfileApi from '../../app/api/nurses.public-profile'
import * as searchApi from '../../app/api/nurses.search'
import * as confirmApi from '../../app/api/payments.confirm'
import * as intentApi from '../../app/api/payments.create-intent'
import * as testCardApi from '../../app/api/payments.test-card'
import * as adminDashboard from '../../app/routes/admin.dashboard/route'
import * as bookPage from '../../app/routes/book/route'
import * as fileRoute from '../../app/routes/files.$fileId'
import * as forgotPassword from '../../app/routes/forgot-password'
import * as loginPage from '../../app/routes/login'
import * as onboardingPage from '../../app/routes/night-nurse-onboard/route'
import * as newsletter from '../../app/routes/newsletter'
import * as nurseDashboard from '../../app/routes/nurse.dashboard/route'
import * as parentDashboard from '../../app/routes/parent.dashboard/route'
import * as registerPage from '../../app/routes/register'
import * as resetPassword from '../../app/routes/reset-password'
import * as nursePage from '../../app/routes/nurse.$slug'
import * as bookingDetail from '../../app/routes/parent.bookings.$bookingId/route'
import * as receiptPdf from '../../app/routes/parent.receipts.$paymentId[.]pdf'
import * as settings from '../../app/routes/parent.settings'
import { UNUSUAL_CHARACTERS_MESSAGE } from '../../app/schemas/fields'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest, ORIGIN } from '../support/fixtures'

const NUL = '\u0000'
const BEYOND_INTEGER = 2_147_483_653

async function errorOf(response: Response) {
  return ((await response.json()) as { error: string }).error
}

async function bookingCount() {
  return (await getDb().select({ id: bookings.id }).from(bookings)).length
}

describe('a NUL character in text', () => {
  test.each([
    ['/_api/nurses/search?location=%00', searchApi.loader],
    ['/_api/nurses/public-profile?slug=%00', publicProfileApi.loader],
    ['/_api/nurses/availability?slug=%00', availabilityApi.loader],
  ])('GET %s answers 400 with the message', async (path, loader) => {
    const response = await call(loader, makeRequest(path))
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toBe(UNUSUAL_CHARACTERS_MESSAGE)
  })

  test('the admin search and export answer 400', async () => {
    const admin = await createUser({ role: 'admin' })
    const cookie = await cookieFor(admin.id)
    for (const [loader, path] of [
      [adminBookingsApi.loader, '/_api/admin/bookings?search=a%00b'],
      [adminExportApi.loader, '/_api/admin/export-bookings?search=%00'],
    ] as const) {
      const response = await call(loader, makeRequest(path, { cookie }))
      expect(response.status).toBe(400)
      expect(await errorOf(response)).toBe(UNUSUAL_CHARACTERS_MESSAGE)
    }
  })

  test('a nurse page named with a NUL is not found', async () => {
    const response = await call(nursePage.loader, makeRequest('/nurse/%00'), { slug: NUL })
    expect(response.status).toBe(404)
  })

  test('a booking with a NUL in its address or notes is refused and nothing is booked', async () => {
    const dates = futureDates(10)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const booking = bookingPayload(nurse.id, dates)
    for (const change of [{ addressText: `12 Beacon${NUL} Street` }, { notes: `ring${NUL}` }, { contactName: `A\u0007B` }]) {
      const response = await call(createBookingApi.action, makeRequest('/_api/bookings/create', { cookie, body: { ...booking, ...change } }))
      expect(response.status).toBe(400)
      expect(await errorOf(response)).toBe(UNUSUAL_CHARACTERS_MESSAGE)
    }
    expect(await bookingCount()).toBe(0)
  })

  test('a nurse profile with a NUL in its bio or base location is refused', async () => {
    const nurse = await createNurse({ baseLocation: 'New York, NY 10001' })
    const cookie = await cookieFor(nurse.userId)
    for (const change of [{ bio: `Hello${NUL}` }, { baseLocation: `Austin${NUL}, TX` }, { headline: 'Night\u001bnurse' }]) {
      const response = await call(
        profileApi.action,
        makeRequest('/_api/nurses/profile', { cookie, body: { baseLocation: 'Austin, TX', ...change } }),
      )
      expect(response.status).toBe(400)
      expect(await errorOf(response)).toBe(UNUSUAL_CHARACTERS_MESSAGE)
    }
    const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id))
    expect(row.baseLocation).toBe(nurse.baseLocation)
  })

  test('a bio keeps its line breaks and tabs, and refuses half a surrogate pair', async () => {
    const nurse = await createNurse()
    const cookie = await cookieFor(nurse.userId)
    const saved = await call(
      profileApi.action,
      makeRequest('/_api/nurses/profile', { cookie, body: { baseLocation: 'Austin, TX', bio: 'Line one\n\tLine two 👶' } }),
    )
    expect(saved.status).toBe(200)
    const refused = await call(
      profileApi.action,
      // Written by hand: JSON.stringify would escape the lone surrogate the same way.
      makeRequest('/_api/nurses/profile', { cookie, body: '{"baseLocation":"Austin, TX","bio":"half \\ud83d pair"}' }),
    )
    expect(refused.status).toBe(400)
    expect(await errorOf(refused)).toBe(UNUSUAL_CHARACTERS_MESSAGE)
  })

  test('a payment intent id with a NUL is refused by confirm and the test card', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const confirmed = await call(
      confirmApi.action,
      makeRequest('/_api/payments/confirm', { cookie, body: { paymentIntentId: `pi_${NUL}` } }),
    )
    expect(confirmed.status).toBe(400)
    expect(await errorOf(confirmed)).toBe(UNUSUAL_CHARACTERS_MESSAGE)
    const paid = await call(
      testCardApi.action,
      makeRequest('/_api/payments/test-card', {
        body: { paymentIntentId: `pi_${NUL}`, clientSecret: 'secret', cardNumber: '4242424242424242' },
      }),
    )
    expect(paid.status).toBe(400)
    expect(await errorOf(paid)).toBe(UNUSUAL_CHARACTERS_MESSAGE)
  })

  test('Profile Settings refuse a name with a NUL and keep the old one', async () => {
    const parent = await createUser({ displayName: 'Old Name' })
    const cookie = await cookieFor(parent.id)
    const refused = await call(
      settings.action,
      makeRequest('/parent/settings', { form: { intent: 'profile', displayName: `Robin${NUL}`, phoneNumber: '' }, cookie }),
    )
    expect(refused.status).toBe(400)
    expect((await refused.json()).result.error).toMatchObject({ displayName: [UNUSUAL_CHARACTERS_MESSAGE] })
    const [row] = await getDb().select().from(users).where(eq(users.id, parent.id))
    expect(row.displayName).toBe('Old Name')
  })
})

describe('numbers past what the database holds', () => {
  test('a nurseId or bookingId of 2147483653 answers 400', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const booking = await call(
      createBookingApi.action,
      makeRequest('/_api/bookings/create', {
        cookie,
        body: {
          nurseId: BEYOND_INTEGER,
          occurrences: [{ date: '2030-03-04', startTimeLocal: '22:00', endTimeLocal: '06:00' }],
          addressText: '12 Beacon Street, Boston',
        },
      }),
    )
    expect(booking.status).toBe(400)
    expect(await errorOf(booking)).toBe('Nurse is required')
    const intent = await call(
      intentApi.action,
      makeRequest('/_api/payments/create-intent', { cookie, body: { bookingId: BEYOND_INTEGER } }),
    )
    expect(intent.status).toBe(400)
    expect(await errorOf(intent)).toBe('Booking ID is required')
  })

  test('path ids past an integer are not found', async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const file = await call(fileRoute.loader, makeRequest('/files/9999999999999'), { fileId: '9999999999999' })
    expect(file.status).toBe(404)
    const detail = await call(bookingDetail.loader, makeRequest(`/parent/bookings/${BEYOND_INTEGER}`, { cookie }), {
      bookingId: String(BEYOND_INTEGER),
    })
    expect(detail.status).toBe(404)
    const receipt = await call(receiptPdf.loader, makeRequest(`/parent/receipts/${BEYOND_INTEGER}.pdf`, { cookie }), {
      paymentId: String(BEYOND_INTEGER),
    })
    expect(receipt.status).toBe(404)
  })
})

describe('the /book link past an integer', () => {
  test('a nurseId of 9999999999 is a link with its information missing', async () => {
    const response = await call(bookPage.loader, makeRequest(`/book?nurseId=9999999999&slug=x&dates=${futureDates(5)[0]}`))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ view: 'missing' })
  })

  test('a bookingId of 9999999999 at step 2 is ignored, not a 500', async () => {
    const dates = futureDates(5)
    const nurse = await createNurse({ openDates: dates })
    const cookie = await cookieFor((await createUser()).id)
    const response = await call(
      bookPage.loader,
      makeRequest(`/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates[0]}&step=2&bookingId=9999999999`, { cookie }),
    )
    expect(response.status).toBeLessThan(500)
  })
})

describe('money that cannot overflow', () => {
  test('a nightly rate above $10,000 is refused in the product wording', async () => {
    const nurse = await createNurse()
    const cookie = await cookieFor(nurse.userId)
    const response = await call(
      profileApi.action,
      makeRequest('/_api/nurses/profile', { cookie, body: { baseLocation: 'Austin, TX', nightlyRateCents: 100_000_000 } }),
    )
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toBe('Nightly rate must be at most $10,000')
    const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id))
    expect(row.nightlyRateCents).toBe(nurse.rateCents)
  })

  test('a booking whose total would not fit is refused with 400, even at a rate stored before the cap', async () => {
    // $1,000,000 a night × 20 nights, plus the fee, is past the largest integer the total column holds.
    const dates = futureDates(...Array.from({ length: 20 }, (_, index) => 10 + index))
    const nurse = await createNurse({ openDates: dates, rateCents: 100_000_000 })
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const response = await call(
      createBookingApi.action,
      makeRequest('/_api/bookings/create', { cookie, body: bookingPayload(nurse.id, dates, { nightsPerWeek: 7 }) }),
    )
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toBe('A booking can total at most $2,000,000. Please book fewer nights.')
    expect(await bookingCount()).toBe(0)
  })
})

describe('sums of money past an integer', () => {
  test("a family's total spent and the payouts owed are added up, not a 500", async () => {
    // Eleven paid bookings of 20 nights at $100,000 (a rate stored before the cap): $22,000,000
    // in nights and $24,200,000 charged, both past the 2,147,483,647 cents an integer holds.
    const parent = await createUser()
    const dates = futureDates(...Array.from({ length: 20 }, (_, index) => 5 + index))
    let charged = 0
    let owed = 0
    for (let index = 0; index < 11; index++) {
      const nurse = await createNurse({ rateCents: 10_000_000 })
      const booking = await createBooking({ parent, nurse, dates })
      charged += booking.totalAmountCents
      owed += booking.subtotalCents
    }
    expect(charged).toBeGreaterThan(2_147_483_647)
    const dashboard = await call(parentDashboard.loader, makeRequest('/parent/dashboard', { cookie: await cookieFor(parent.id) }))
    expect(dashboard.status).toBe(200)
    expect((await dashboard.json()).stats.totalSpentCents).toBe(charged)
    const admin = await createUser({ role: 'admin' })
    const stats = await call(adminStatsApi.loader, makeRequest('/_api/admin/stats', { cookie: await cookieFor(admin.id) }))
    expect(stats.status).toBe(200)
    expect((await stats.json()).totalPayoutsDueCents).toBe(owed)
  })
})

describe('a page action sent something that is not a form', () => {
  const notForms = [
    ['JSON', 'application/json', '{"email":"parent@example.com"}'],
    ['malformed JSON', 'application/json', '{"email":'],
    ['a broken multipart body', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nprofile'],
    ['multipart without a boundary', 'multipart/form-data', 'intent=profile'],
  ] as const

  test.each([
    ['/login', loginPage.action, null],
    ['/register', registerPage.action, null],
    ['/forgot-password', forgotPassword.action, null],
    ['/reset-password', resetPassword.action, null],
    ['/newsletter', newsletter.action, null],
    ['/night-nurse-onboard', onboardingPage.action, null],
    ['/book', bookPage.action, 'parent'],
    ['/parent/settings', settings.action, 'parent'],
    ['/parent/dashboard', parentDashboard.action, 'parent'],
    ['/nurse/dashboard', nurseDashboard.action, 'nurse'],
    ['/admin/dashboard', adminDashboard.action, 'admin'],
  ] as const)('POST %s answers 400', async (path, action, role) => {
    const cookie = role ? await cookieFor((await createUser({ role })).id) : undefined
    for (const [, contentType, body] of notForms) {
      const headers = new Headers({ 'Content-Type': contentType })
      if (cookie) headers.set('Cookie', cookie)
      const response = await call(action, new Request(new URL(path, ORIGIN), { method: 'POST', headers, body }))
      expect(response.status).toBe(400)
    }
  })
})
