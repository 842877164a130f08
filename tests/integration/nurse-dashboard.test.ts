import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { availabilityDates, files, nurseProfiles } from '../../app/db/schema'
import { listOpenNights } from '../../app/domain/nurses/nurses.server'
import * as page from '../../app/routes/nurse.dashboard/route'
import * as createBookingApi from '../../app/api/bookings.create'
import { readToast } from '../../app/utils/toast.server'
import { createBooking, createNurse, createPayment, createUser, datesIn, futureDates, NURSE_ZONE } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest, ORIGIN } from '../support/fixtures'
import { pngBytes } from '../support/upload-fixtures'

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
  test('an approved nurse sees Verified and her calendar, booked nights marked', async () => {
    const dates = futureDates(3, 4, 5)
    const nurse = await createNurse({ openDates: dates })
    await createBooking({ nurse, dates: [dates[1]] })
    const response = await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieFor(nurse.userId) }))
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const body = await response.json()
    expect(body.state).toBe('ready')
    expect(body.query.tab).toBe('availability')
    expect(body.profile.verificationStatus).toBe('approved')
    expect(body.availability.dates.map((d: { date: string; booked: boolean }) => [d.date, d.booked])).toEqual([
      [dates[0], false],
      [dates[1], true],
      [dates[2], false],
    ])
    expect(body.overview).toBeNull()
  })

  test('Bookings & Payments lists her booked nights and earnings', async () => {
    const nurse = await createNurse({ rateCents: 35000 })
    const ahead = futureDates(5, 6, 9, 12)
    // Two paid nights ahead, one held unpaid, one cancelled; three nights worked, one paid out.
    await createBooking({ nurse, parent: await createUser({ displayName: 'Jordan Parent' }), dates: [ahead[0], ahead[1]] })
    await createBooking({ nurse, parent: await createUser({ displayName: 'Sam Rivera' }), dates: [ahead[2]], status: 'pending' })
    await createBooking({ nurse, parent: await createUser({ displayName: 'Casey Nguyen' }), dates: [ahead[3]], status: 'cancelled' })
    const worked = await createBooking({
      nurse,
      parent: await createUser({ displayName: 'Riley Thompson' }),
      dates: datesIn(nurse.timezone, -10, -9, -8),
      status: 'completed',
    })
    await createPayment({ bookingId: worked.id, kind: 'payout', occurrenceId: worked.occurrenceIds[0], amountCents: 35000 })

    const response = await call(page.loader, makeRequest('/nurse/dashboard?tab=bookings', { cookie: await cookieFor(nurse.userId) }))
    const { overview } = await response.json()
    expect(overview.upcomingNights.map((n: { date: string; status: string; parentFirstName: string }) => [n.date, n.status, n.parentFirstName])).toEqual([
      [ahead[0], 'scheduled', 'Jordan'],
      [ahead[1], 'scheduled', 'Jordan'],
      [ahead[2], 'pending', 'Sam'],
    ])
    for (const night of overview.upcomingNights) {
      expect(night).not.toHaveProperty('addressText')
      expect(night.city).toBe('Boston')
    }
    expect(overview.pastNights).toHaveLength(3)
    // The unpaid night is not counted; the worked nights are earned, one of them paid out.
    expect(overview.earnings).toEqual({ earnedCents: 105000, paidOutCents: 35000, dueCents: 70000, upcomingCents: 70000 })
  })

  test('a new booking shows with the family\'s first name and city, and its nights are locked', async () => {
    const dates = futureDates(5)
    const nurse = await createNurse({ openDates: dates })
    await bookNights(nurse.id, dates)
    const cookie = await cookieFor(nurse.userId)
    const { overview } = await (await call(page.loader, makeRequest('/nurse/dashboard?tab=bookings', { cookie }))).json()
    expect(overview.upcomingNights).toEqual([
      expect.objectContaining({ date: dates[0], parentFirstName: 'Jordan', city: 'Boston', status: 'pending', priceCents: 30000 }),
    ])
    // Awaiting payment: not counted as earnings yet.
    expect(overview.earnings).toEqual({ earnedCents: 0, paidOutCents: 0, dueCents: 0, upcomingCents: 0 })
  })

  test('a parent or an admin is refused with the guard text; a nurse without a profile sees the create state', async () => {
    const parent = await createUser({ role: 'parent' })
    const refused = await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieFor(parent.id) }))
    expect(refused.status).toBe(403)
    expect((await refused.json()).message).toBe('Access denied. Your role (parent) lacks required permissions.')

    // An admin cannot apply, so the page offers them no application.
    const admin = await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieFor((await createUser({ role: 'admin' })).id) }))
    expect(admin.status).toBe(403)
    expect((await admin.json()).message).toBe('Access denied. Your role (admin) lacks required permissions.')
    const newNurse = await createUser({ role: 'nurse' })
    const fresh = await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieFor(newNurse.id) }))
    expect((await fresh.json()).state).toBe('create')

    const signedOut = await call(page.loader, makeRequest('/nurse/dashboard?tab=profile'))
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toBe('/login?redirectTo=%2Fnurse%2Fdashboard%3Ftab%3Dprofile')
  })

  test('a rejected nurse sees why', async () => {
    const nurse = await createNurse({ status: 'pending' })
    await getDb().update(nurseProfiles).set({ verificationStatus: 'rejected', rejectionReason: 'The ID document is unreadable.' }).where(eq(nurseProfiles.id, nurse.id))
    const body = await (await call(page.loader, makeRequest('/nurse/dashboard', { cookie: await cookieFor(nurse.userId) }))).json()
    expect(body.profile).toMatchObject({ verificationStatus: 'rejected', rejectionReason: 'The ID document is unreadable.' })
  })
})

describe('the Availability tab without JavaScript', () => {
  test('Publish posts ticked dates, the rate in dollars and the shift; the nights open on the public profile', async () => {
    const nurse = await createNurse({ openDates: futureDates(2) })
    const cookie = await cookieFor(nurse.userId)
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
    expect(await storedDates(nurse.id)).toEqual(dates)
    expect(await storedProfile(nurse.id)).toMatchObject({ nightlyRateCents: 18250, defaultStartTime: '20:30', defaultEndTime: '06:30' })
    const open = await listOpenNights({ nurseId: nurse.id, timezone: NURSE_ZONE, minNoticeHours: 0 }, new Date(), { cached: true })
    expect(open.map((night) => night.date)).toEqual(dates)
  })

  test('a negative rate is refused on the form and nothing changes', async () => {
    const nurse = await createNurse({ openDates: futureDates(2) })
    const response = await call(
      page.action,
      formPost(await cookieFor(nurse.userId), [
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
    expect(await storedDates(nurse.id)).toEqual(futureDates(2))
  })

  test('unticking a booked night is refused with a message naming it', async () => {
    const dates = futureDates(4, 6)
    const nurse = await createNurse({ openDates: dates })
    await bookNights(nurse.id, [dates[1]])
    const response = await call(
      page.action,
      formPost(await cookieFor(nurse.userId), [
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
    expect(await storedDates(nurse.id)).toEqual(dates)
  })

  test('Clear All keeps the booked night and says so', async () => {
    const dates = futureDates(4, 6, 8)
    const nurse = await createNurse({ openDates: dates })
    await bookNights(nurse.id, [dates[1]])
    const response = await call(page.action, formPost(await cookieFor(nurse.userId), [['intent', 'clear']]))
    expect(response.status).toBe(302)
    expect(await toastOf(response)).toMatchObject({
      type: 'success',
      message: 'All availability cleared (1 booked night stays on your calendar)',
    })
    expect(await storedDates(nurse.id)).toEqual([dates[1]])
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
    const nurse = await createNurse()
    const response = await call(page.action, formPost(await cookieFor(nurse.userId), fields, '/nurse/dashboard?tab=profile'))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/nurse/dashboard?tab=profile')
    // She is approved: her new credentials wait for an admin, the rest is saved (docs/decisions/0063).
    expect(await toastOf(response)).toMatchObject({
      type: 'success',
      message: "Profile saved. Your new credentials wait for an admin's review; families see the approved version until then.",
    })
    expect(await storedProfile(nurse.id)).toMatchObject({
      headline: 'Calm nights, rested parents',
      baseLocation: 'Seattle, WA',
      locationCity: 'Seattle',
      locationState: 'WA',
      timezone: 'America/Los_Angeles',
      serviceRadiusMiles: 30,
      nightlyRateCents: 21050,
      yearsExperience: 12,
      credentials: ['RN'],
      specialties: ['Newborn Care'],
      languages: ['English', 'Spanish'],
      instantBook: true,
      verificationStatus: 'approved',
    })
  })

  test('a nurse who never listed languages saves the form with the field left empty', async () => {
    const nurse = await createNurse()
    const blank = fields.map(([name, value]): [string, string] => [name, name === 'languages' ? '' : value])
    const response = await call(page.action, formPost(await cookieFor(nurse.userId), blank, '/nurse/dashboard?tab=profile'))
    expect(response.status).toBe(302)
    expect(await storedProfile(nurse.id)).toMatchObject({ baseLocation: 'Seattle, WA', languages: [] })
  })

  test('an empty base location is refused inline and nothing changes', async () => {
    const nurse = await createNurse()
    const before = await storedProfile(nurse.id)
    const bad = fields.map(([name, value]): [string, string] => [name, name === 'baseLocation' ? '' : value])
    const response = await call(page.action, formPost(await cookieFor(nurse.userId), bad, '/nurse/dashboard?tab=profile'))
    expect(response.status).toBe(400)
    expect((await response.json()).result.error.baseLocation).toEqual(['Base location is required'])
    expect(await storedProfile(nurse.id)).toEqual(before)
  })

  test('a parent cannot post to the page', async () => {
    const parent = await createUser()
    const response = await call(page.action, formPost(await cookieFor(parent.id), fields, '/nurse/dashboard?tab=profile'))
    expect(response.status).toBe(403)
  })
})

describe("the Profile tab's photo and the 'Create Your Nurse Profile' form (issue 11)", () => {
  const fields: Array<[string, string]> = [
    ['intent', 'profile'],
    ['headline', 'Calm nights, rested parents'],
    ['bio', 'Twelve years of newborn nights.'],
    ['baseLocation', 'Seattle, WA'],
    ['serviceRadiusMiles', '30'],
    ['nightlyRate', '210'],
    ['minHours', '8'],
    ['maxHours', '12'],
    ['yearsExperience', '12'],
    ['languages', 'English'],
  ]

  /** The profile form as a browser posts it without JavaScript: multipart, with its file field. */
  function multipartPost(cookie: string, photo: File | null) {
    const form = new FormData()
    for (const [name, value] of fields) form.append(name, value)
    form.append('photo', photo ?? new File([], '', { type: 'application/octet-stream' }))
    return new Request(new URL('/nurse/dashboard?tab=profile', ORIGIN), { method: 'POST', headers: { Cookie: cookie }, body: form })
  }

  test('a new photo is checked, stored as her own upload and shown on her profile', async () => {
    // Not yet approved: her photo changes at once (an approved nurse's waits, profile-changes.test.ts).
    const nurse = await createNurse({ status: 'pending' })
    const response = await call(page.action, multipartPost(await cookieFor(nurse.userId), new File([await pngBytes(120, 90)], 'me.png', { type: 'image/png' })))
    expect(response.status).toBe(302)
    const stored = await storedProfile(nurse.id)
    expect(stored.photoFileId).not.toBeNull()
    const [file] = await getDb().select().from(files).where(eq(files.id, stored.photoFileId!))
    expect(file).toMatchObject({ ownerId: nurse.userId, kind: 'photo' })
    const body = await (await call(page.loader, makeRequest('/nurse/dashboard?tab=profile', { cookie: await cookieFor(nurse.userId) }))).json()
    expect(body.profile.photoUrl).toBe(`/files/${stored.photoFileId}`)
  })

  test('saving without choosing a file keeps the photo she has', async () => {
    const nurse = await createNurse()
    await call(page.action, multipartPost(await cookieFor(nurse.userId), new File([await pngBytes()], 'me.png', { type: 'image/png' })))
    const before = (await storedProfile(nurse.id)).photoFileId
    const response = await call(page.action, multipartPost(await cookieFor(nurse.userId), null))
    expect(response.status).toBe(302)
    expect((await storedProfile(nurse.id)).photoFileId).toBe(before)
  })

  test('a photo over 5 MB or not an image is refused with its message, and nothing changes', async () => {
    const nurse = await createNurse()
    const before = await storedProfile(nurse.id)
    const big = new Uint8Array(6 * 1024 * 1024)
    big.set(await pngBytes())
    const tooBig = await call(page.action, multipartPost(await cookieFor(nurse.userId), new File([big], 'big.png', { type: 'image/png' })))
    expect(tooBig.status).toBe(400)
    expect(JSON.stringify(await tooBig.json())).toContain('File size exceeds 5MB limit')
    const text = await call(page.action, multipartPost(await cookieFor(nurse.userId), new File(['not a picture'], 'me.png', { type: 'image/png' })))
    expect(text.status).toBe(400)
    expect(JSON.stringify(await text.json())).toContain('Invalid file type. Accepted: .jpg, .jpeg, .png')
    expect(await storedProfile(nurse.id)).toEqual(before)
  })

  test("a nurse account without a profile sees the profile form, and saving it makes her profile (unverified)", async () => {
    const nurse = await createUser({ role: 'nurse', displayName: 'Quinn Audit' })
    const cookie = await cookieFor(nurse.id)
    const before = await (await call(page.loader, makeRequest('/nurse/dashboard', { cookie }))).json()
    expect(before).toMatchObject({ state: 'create', displayName: 'Quinn Audit', profile: { baseLocation: '' } })
    const response = await call(page.action, multipartPost(cookie, null))
    expect(response.status).toBe(302)
    const [made] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.userId, nurse.id))
    expect(made).toMatchObject({ headline: 'Calm nights, rested parents', baseLocation: 'Seattle, WA', nightlyRateCents: 21000, verificationStatus: 'none' })
    const after = await (await call(page.loader, makeRequest('/nurse/dashboard?tab=profile', { cookie }))).json()
    expect(after.state).not.toBe('create')
  })
})
