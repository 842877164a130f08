import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { seedDemoData } from '../../app/db/seed.server'
import { availabilityDates, nurseProfiles, users } from '../../app/db/schema'
import { listOpenNights } from '../../app/domain/nurses.server'
import * as page from '../../app/routes/nurse.dashboard/route'
import * as createBookingApi from '../../app/routes/[_api].bookings.create'
import { readToast } from '../../app/utils/toast.server'
import { bookingPayload, createBookableNurse, futureDates, NURSE_ZONE } from '../support/booking-fixtures'
import { call, cookieFor, createUser, makeRequest, ORIGIN } from '../support/fixtures'

// The page reads the real clock, so the demo data is made around it.
const NOW = new Date()

async function cookieOf(email: string) {
  const [user] = await getDb().select().from(users).where(eq(users.email, email))
  return cookieFor(user.id)
}

/** A form post as a browser without JavaScript sends it (repeated names included). */
function formPost(cookie: string, fields: Array<[string, string]>, path = '/nurse/dashboard?tab=availability') {
  return new Request(new URL(path, ORIGIN), {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
}

async function toastOf(response: Response) {
  const setCookie = response.headers.get('Set-Cookie') ?? ''
  const { toast } = await readToast(new Request(ORIGIN, { headers: { Cookie: setCookie.split(';')[0] } }))
  return toast
}

async function storedDates(nurseId: number) {
  const rows = await getDb().select().from(availabilityDates).where(eq(availabilityDates.nurseId, nurseId)).orderBy(availabilityDates.date)
  return rows.map((row) => row.date)
}

async function storedProfile(id: number) {
  const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, id))
  return row
}

async function bookNights(nurseId: number, dates: string[]) {
  const parent = await createUser({ displayName: 'Jordan Smith' })
  const response = await call(
    createBookingApi.action,
    makeRequest('/_api/bookings/create', { cookie: await cookieFor(parent.id), body: bookingPayload(nurseId, dates) }),
  )
  expect(response.status).toBe(200)
}

describe('the nurse dashboard page', () => {
  test('the demo nurse sees Verified and her calendar, booked nights marked', async () => {
    await seedDemoData(getDb(), { now: NOW })
    const response = await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieOf('nurse@example.com') }))
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const body = await response.json()
    expect(body.state).toBe('ready')
    expect(body.query.tab).toBe('availability')
    expect(body.profile.verificationStatus).toBe('approved')
    expect(body.availability.dates.some((d: { booked: boolean }) => d.booked)).toBe(true)
    expect(body.availability.dates.some((d: { booked: boolean }) => !d.booked)).toBe(true)
    expect(body.overview).toBeNull()
  })

  test('Bookings & Payments lists her booked nights and earnings', async () => {
    await seedDemoData(getDb(), { now: NOW })
    const response = await call(
      page.loader,
      makeRequest('/nurse/dashboard?tab=bookings', { cookie: await cookieOf('nurse@example.com') }),
    )
    const { overview } = await response.json()
    expect(overview.upcomingNights.length).toBeGreaterThan(0)
    for (const night of overview.upcomingNights) {
      expect(['pending', 'scheduled', 'confirmed']).toContain(night.status)
      expect(night.parentFirstName).not.toContain(' ')
      expect(night).not.toHaveProperty('addressText')
    }
    const paidUpcoming = overview.upcomingNights
      .filter((n: { status: string }) => n.status !== 'pending')
      .reduce((sum: number, n: { priceCents: number }) => sum + n.priceCents, 0)
    expect(overview.earnings.upcomingCents).toBe(paidUpcoming)
    expect(overview.earnings.upcomingCents).toBeGreaterThan(0)
    expect(overview.earnings.dueCents).toBe(overview.earnings.earnedCents - overview.earnings.paidOutCents)
  })

  test('a new booking shows with the family\'s first name and city, and its nights are locked', async () => {
    const dates = futureDates(5)
    const { user, profile } = await createBookableNurse({ openDates: dates })
    await bookNights(profile.id, dates)
    const cookie = await cookieFor(user.id)
    const { overview } = await (await call(page.loader, makeRequest('/nurse/dashboard?tab=bookings', { cookie }))).json()
    expect(overview.upcomingNights).toEqual([
      expect.objectContaining({ date: dates[0], parentFirstName: 'Jordan', city: 'Boston', status: 'pending', priceCents: 30000 }),
    ])
    // Awaiting payment: not counted as earnings yet.
    expect(overview.earnings).toEqual({ earnedCents: 0, paidOutCents: 0, dueCents: 0, upcomingCents: 0 })
  })

  test('a parent is refused with the guard text; an admin or a nurse without a profile sees the create state', async () => {
    await seedDemoData(getDb(), { now: NOW })
    const refused = await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieOf('parent@example.com') }))
    expect(refused.status).toBe(403)
    expect((await refused.json()).message).toBe('Access denied. Your role (parent) lacks required permissions.')

    const admin = await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieOf('admin@example.com') }))
    expect((await admin.json()).state).toBe('create')
    const newNurse = await createUser({ role: 'nurse' })
    const fresh = await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieFor(newNurse.id) }))
    expect((await fresh.json()).state).toBe('create')

    const signedOut = await call(page.loader, makeRequest('/nurse/dashboard?tab=profile'))
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toBe('/login?redirectTo=%2Fnurse%2Fdashboard%3Ftab%3Dprofile')
  })

  test('a rejected nurse sees why', async () => {
    const { user, profile } = await createBookableNurse({ status: 'pending' })
    await getDb().update(nurseProfiles).set({ verificationStatus: 'rejected', rejectionReason: 'The ID document is unreadable.' }).where(eq(nurseProfiles.id, profile.id))
    const body = await (await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieFor(user.id) }))).json()
    expect(body.profile).toMatchObject({ verificationStatus: 'rejected', rejectionReason: 'The ID document is unreadable.' })
  })
})

describe('the Availability tab without JavaScript', () => {
  test('Publish posts ticked dates, the rate in dollars and the shift; the nights open on the public profile', async () => {
    const { user, profile } = await createBookableNurse({ openDates: futureDates(2) })
    const cookie = await cookieFor(user.id)
    const dates = futureDates(10, 11)
    const response = await call(
      page.action,
      formPost(cookie, [
        ['intent', 'publish'],
        ['dates', dates[0]],
        ['dates', dates[1]],
        ['nightlyRate', '182.5'],
        ['defaultStartTime', '20:30'],
        ['defaultEndTime', '06:30'],
      ]),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/nurse/dashboard?tab=availability')
    expect(await toastOf(response)).toMatchObject({ type: 'success', message: 'Availability updated!' })
    expect(await storedDates(profile.id)).toEqual(dates)
    expect(await storedProfile(profile.id)).toMatchObject({ nightlyRateCents: 18250, defaultStartTime: '20:30', defaultEndTime: '06:30' })
    const open = await listOpenNights({ nurseId: profile.id, timezone: NURSE_ZONE }, new Date(), { cached: true })
    expect(open.map((night) => night.date)).toEqual(dates)
  })

  test('a negative rate is refused on the form and nothing changes', async () => {
    const { user, profile } = await createBookableNurse({ openDates: futureDates(2) })
    const response = await call(
      page.action,
      formPost(await cookieFor(user.id), [
        ['intent', 'publish'],
        ['dates', futureDates(3)[0]],
        ['nightlyRate', '-5'],
        ['defaultStartTime', '21:00'],
        ['defaultEndTime', '07:00'],
      ]),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.result.error.nightlyRate).toEqual(['Nightly rate must be positive'])
    expect(await storedDates(profile.id)).toEqual(futureDates(2))
  })

  test('unticking a booked night is refused with a message naming it', async () => {
    const dates = futureDates(4, 6)
    const { user, profile } = await createBookableNurse({ openDates: dates })
    await bookNights(profile.id, [dates[1]])
    const response = await call(
      page.action,
      formPost(await cookieFor(user.id), [
        ['intent', 'publish'],
        ['dates', dates[0]],
        ['nightlyRate', '300'],
        ['defaultStartTime', '21:00'],
        ['defaultEndTime', '07:00'],
      ]),
    )
    expect(response.status).toBe(409)
    const body = await response.json()
    expect(body.error).toMatch(/^Failed to update availability: .+ is booked by a family and cannot be removed from your calendar$/)
    expect(body.result.error['']).toEqual([body.error])
    expect(await storedDates(profile.id)).toEqual(dates)
  })

  test('Clear All keeps the booked night and says so', async () => {
    const dates = futureDates(4, 6, 8)
    const { user, profile } = await createBookableNurse({ openDates: dates })
    await bookNights(profile.id, [dates[1]])
    const response = await call(page.action, formPost(await cookieFor(user.id), [['intent', 'clear']]))
    expect(response.status).toBe(302)
    expect(await toastOf(response)).toMatchObject({
      type: 'success',
      message: 'All availability cleared (1 booked night stays on your calendar)',
    })
    expect(await storedDates(profile.id)).toEqual([dates[1]])
  })
})

describe('the Profile tab without JavaScript', () => {
  const fields: Array<[string, string]> = [
    ['intent', 'profile'],
    ['headline', 'Calm nights, rested parents'],
    ['bio', 'Twelve years of newborn nights.'],
    ['baseLocation', 'Seattle, WA'],
    ['serviceRadiusMiles', '30'],
    ['nightlyRate', '210.50'],
    ['minHours', '8'],
    ['maxHours', '12'],
    ['yearsExperience', '12'],
    ['credentials', 'RN'],
    ['credentials', 'NCS'],
    ['specialties', 'Newborn Care'],
    ['languages', 'English, Spanish,'],
    ['instantBook', 'on'],
  ]

  test('Save Profile stores the fields, the rate in cents and the new time zone', async () => {
    const { user, profile } = await createBookableNurse()
    const response = await call(page.action, formPost(await cookieFor(user.id), fields, '/nurse/dashboard?tab=profile'))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/nurse/dashboard?tab=profile')
    expect(await toastOf(response)).toMatchObject({ type: 'success', message: 'Profile updated successfully!' })
    expect(await storedProfile(profile.id)).toMatchObject({
      headline: 'Calm nights, rested parents',
      baseLocation: 'Seattle, WA',
      locationCity: 'Seattle',
      locationState: 'WA',
      timezone: 'America/Los_Angeles',
      serviceRadiusMiles: 30,
      nightlyRateCents: 21050,
      yearsExperience: 12,
      credentials: ['RN', 'NCS'],
      specialties: ['Newborn Care'],
      languages: ['English', 'Spanish'],
      instantBook: true,
      verificationStatus: 'approved',
    })
  })

  test('an empty base location is refused inline and nothing changes', async () => {
    const { user, profile } = await createBookableNurse()
    const before = await storedProfile(profile.id)
    const bad = fields.map(([name, value]): [string, string] => [name, name === 'baseLocation' ? '' : value])
    const response = await call(page.action, formPost(await cookieFor(user.id), bad, '/nurse/dashboard?tab=profile'))
    expect(response.status).toBe(400)
    expect((await response.json()).result.error.baseLocation).toEqual(['Base location is required'])
    expect(await storedProfile(profile.id)).toEqual(before)
  })

  test('a parent cannot post to the page', async () => {
    const parent = await createUser()
    const response = await call(page.action, formPost(await cookieFor(parent.id), fields, '/nurse/dashboard?tab=profile'))
    expect(response.status).toBe(403)
  })
})
