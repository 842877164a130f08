import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { availabilityDates, files, nurseProfiles } from '../../app/db/schema'
import { addDays, localToday } from '../../app/domain/time/shift-times'
import { listOpenNights } from '../../app/domain/nurses/nurses.server'
import * as availabilityApi from '../../app/api/nurses.availability-dates'
import * as clearApi from '../../app/api/nurses.availability-dates.clear'
import * as profileApi from '../../app/api/nurses.profile'
import * as publicAvailabilityApi from '../../app/api/nurses.availability'
import * as createBookingApi from '../../app/api/bookings.create'
import { createNurse, createUser, futureDates, NURSE_ZONE } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest } from '../support/fixtures'

async function nurseWithCookie(options: Parameters<typeof createNurse>[0] = {}) {
  const nurse = await createNurse(options)
  return { nurse, cookie: await cookieFor(nurse.userId) }
}

async function storedProfile(id: number) {
  const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, id))
  return row
}

async function storedDates(nurseId: number) {
  const rows = await getDb()
    .select()
    .from(availabilityDates)
    .where(eq(availabilityDates.nurseId, nurseId))
    .orderBy(availabilityDates.date)
  return rows.map((row) => row.date)
}

/** A parent holds these nights (a pending booking is live: the nights are taken). */
async function bookNights(nurseId: number, dates: string[]) {
  const parent = await createUser()
  const response = await call(
    createBookingApi.action,
    makeRequest('/_api/bookings/create', { cookie: await cookieFor(parent.id), body: bookingPayload(nurseId, dates) }),
  )
  expect(response.status).toBe(200)
}

const validProfile = {
  headline: 'Night nurse with twins experience',
  bio: 'Calm nights for the whole family.',
  baseLocation: 'Denver, CO 80202',
  serviceRadiusMiles: 25,
  nightlyRateCents: 27500,
  minHours: 8,
  maxHours: 10,
  yearsExperience: 9,
  credentials: ['RN'],
  specialties: ['Newborn Care', 'Sleep Training'],
  languages: ['English', 'French'],
  instantBook: true,
}

function post(handler: typeof profileApi.action, path: string, cookie: string | undefined, body: unknown) {
  return call(handler, makeRequest(path, { cookie, body }))
}

describe('access to the nurse calls', () => {
  test('signed out is 401, a parent is 403, the nurse is 200', async () => {
    const { cookie } = await nurseWithCookie()
    const parent = await createUser()
    const parentCookie = await cookieFor(parent.id)
    const reads = [
      [profileApi.loader, '/_api/nurses/profile'],
      [availabilityApi.loader, '/_api/nurses/availability-dates'],
    ] as const
    for (const [loader, path] of reads) {
      expect((await call(loader, makeRequest(path))).status).toBe(401)
      const denied = await call(loader, makeRequest(path, { cookie: parentCookie }))
      expect(denied.status).toBe(403)
      expect((await denied.json()).error).toBe('Access denied. Your role (parent) lacks required permissions.')
      expect((await call(loader, makeRequest(path, { cookie }))).status).toBe(200)
    }
    const writes = [
      [profileApi.action, '/_api/nurses/profile', validProfile],
      [availabilityApi.action, '/_api/nurses/availability-dates', { dates: [], defaultStartTime: '21:00', defaultEndTime: '07:00', nightlyRate: 30000 }],
      [clearApi.action, '/_api/nurses/availability-dates/clear', {}],
    ] as const
    for (const [action, path, body] of writes) {
      expect((await post(action, path, undefined, body)).status).toBe(401)
      expect((await post(action, path, parentCookie, body)).status).toBe(403)
      expect((await post(action, path, cookie, body)).status).toBe(200)
    }
  })

  test('a nurse without a profile is told so', async () => {
    const nurse = await createUser({ role: 'nurse' })
    const cookie = await cookieFor(nurse.id)
    const response = await call(profileApi.loader, makeRequest('/_api/nurses/profile', { cookie }))
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'Nurse profile not found' })
    const update = await post(profileApi.action, '/_api/nurses/profile', cookie, validProfile)
    expect(update.status).toBe(404)
    expect((await update.json()).error).toBe('Nurse profile not found')
  })
})

describe('editing the profile through /_api/nurses/profile', () => {
  test('saves the editable fields, re-reads the base location and keeps the verification', async () => {
    const { nurse, cookie } = await nurseWithCookie()
    const response = await post(profileApi.action, '/_api/nurses/profile', cookie, {
      ...validProfile,
      verificationStatus: 'approved',
    })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.profile).toMatchObject({ ...validProfile, slug: nurse.slug, timezone: 'America/Denver' })
    const stored = await storedProfile(nurse.id)
    expect(stored).toMatchObject({
      locationCity: 'Denver',
      locationState: 'CO',
      locationZip: '80202',
      timezone: 'America/Denver',
      nightlyRateCents: 27500,
      verificationStatus: 'approved',
    })

    // A pending nurse cannot verify themselves.
    const pending = await nurseWithCookie({ status: 'pending' })
    await post(profileApi.action, '/_api/nurses/profile', pending.cookie, { ...validProfile, verificationStatus: 'approved' })
    expect((await storedProfile(pending.nurse.id)).verificationStatus).toBe('pending')
  })

  test('a field left out keeps its value', async () => {
    const { nurse, cookie } = await nurseWithCookie()
    await post(profileApi.action, '/_api/nurses/profile', cookie, validProfile)
    const response = await post(profileApi.action, '/_api/nurses/profile', cookie, { baseLocation: 'Austin, TX', nightlyRateCents: 29000 })
    expect(response.status).toBe(200)
    expect(await storedProfile(nurse.id)).toMatchObject({
      baseLocation: 'Austin, TX',
      timezone: 'America/Chicago',
      nightlyRateCents: 29000,
      headline: validProfile.headline,
      languages: validProfile.languages,
      maxHours: 10,
      instantBook: true,
    })
  })

  test('the public profile shows the change at once', async () => {
    const { nurse, cookie } = await nurseWithCookie({ profile: { headline: null } })
    const { getPublicProfile } = await import('../../app/domain/nurses/nurses.server')
    expect((await getPublicProfile(nurse.slug, { cached: true }))?.headline).toBeNull()
    await post(profileApi.action, '/_api/nurses/profile', cookie, validProfile)
    expect((await getPublicProfile(nurse.slug, { cached: true }))?.headline).toBe(validProfile.headline)
  })

  test.each([
    [{ baseLocation: '' }, 'Base location is required'],
    [{ baseLocation: undefined }, 'Base location is required'],
    [{ nightlyRateCents: -1 }, 'Nightly rate must be positive'],
    [{ nightlyRateCents: 10.5 }, 'Nightly rate must be positive'],
    [{ headline: 'x'.repeat(101) }, 'Headline must be at most 100 characters'],
    [{ bio: 'x'.repeat(2001) }, 'Bio must be at most 2000 characters'],
    [{ serviceRadiusMiles: 201 }, 'Service radius must be between 0 and 200 miles'],
    [{ minHours: 0 }, 'Hours must be between 1 and 24'],
    [{ maxHours: 25 }, 'Hours must be between 1 and 24'],
    [{ minHours: 12, maxHours: 8 }, 'Minimum hours cannot be more than maximum hours'],
    [{ yearsExperience: 51 }, 'Years of experience must be between 0 and 50'],
    [{ photoUrl: 'not a url' }, 'Photo URL must be a valid URL'],
  ])('refuses %o with the field message and changes nothing', async (change, message) => {
    const { nurse, cookie } = await nurseWithCookie()
    const before = await storedProfile(nurse.id)
    const response = await post(profileApi.action, '/_api/nurses/profile', cookie, { ...validProfile, ...change })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe(message)
    expect(await storedProfile(nurse.id)).toEqual(before)
  })

  // Issue 10: a photo is loaded by every visitor's browser, so it is only ever one of her own uploads.
  async function uploadedPhoto(ownerId: number, kind: 'photo' | 'id_document' = 'photo') {
    const [row] = await getDb()
      .insert(files)
      .values({ ownerId, kind, mediaType: 'image/jpeg', sizeBytes: 3, sha256: 'x', bytes: Buffer.from([1, 2, 3]) })
      .returning({ id: files.id })
    return row.id
  }

  test.each([
    'https://evil.example/pixel.gif',
    'http://evil.example/me.jpg',
    '//evil.example/me.jpg',
    '/files/999999',
  ])('refuses a photo that is not one of her own uploads: %s', async (photoUrl) => {
    const { nurse, cookie } = await nurseWithCookie()
    const before = await storedProfile(nurse.id)
    const response = await post(profileApi.action, '/_api/nurses/profile', cookie, { ...validProfile, photoUrl })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Photo must be one of the photos you uploaded')
    expect(await storedProfile(nurse.id)).toEqual(before)
  })

  test("refuses another user's photo and her own non-photo upload", async () => {
    const { nurse, cookie } = await nurseWithCookie()
    const other = await createUser({ role: 'nurse' })
    for (const fileId of [await uploadedPhoto(other.id), await uploadedPhoto(nurse.userId, 'id_document')]) {
      const response = await post(profileApi.action, '/_api/nurses/profile', cookie, { ...validProfile, photoUrl: `/files/${fileId}` })
      expect(response.status).toBe(400)
      expect((await response.json()).error).toBe('Photo must be one of the photos you uploaded')
    }
    expect((await storedProfile(nurse.id)).photoFileId).toBeNull()
  })

  test('accepts one of her own uploaded photos, keeps the photo she has, and removes it on null', async () => {
    const { nurse, cookie } = await nurseWithCookie()
    await getDb().update(nurseProfiles).set({ photoUrl: '/images/nurses/nurse-03.svg' }).where(eq(nurseProfiles.id, nurse.id))
    const kept = await post(profileApi.action, '/_api/nurses/profile', cookie, { ...validProfile, photoUrl: '/images/nurses/nurse-03.svg' })
    expect(kept.status).toBe(200)
    expect((await storedProfile(nurse.id)).photoUrl).toBe('/images/nurses/nurse-03.svg')

    const fileId = await uploadedPhoto(nurse.userId)
    const chosen = await post(profileApi.action, '/_api/nurses/profile', cookie, { ...validProfile, photoUrl: `/files/${fileId}` })
    expect(chosen.status).toBe(200)
    // She is approved: the new photo waits for an admin, the profile keeps hers (docs/decisions/0063).
    expect(await chosen.json()).toMatchObject({
      profile: { photoUrl: '/images/nurses/nurse-03.svg' },
      pendingChange: { fields: ['photoFileId'], photoUrl: `/files/${fileId}` },
    })
    expect(await storedProfile(nurse.id)).toMatchObject({ photoFileId: null, photoUrl: '/images/nurses/nurse-03.svg' })

    const removed = await post(profileApi.action, '/_api/nurses/profile', cookie, { ...validProfile, photoUrl: null })
    expect(removed.status).toBe(200)
    expect((await removed.json()).pendingChange).toBeNull()
    expect(await storedProfile(nurse.id)).toMatchObject({ photoFileId: null, photoUrl: null })
  })

  test('min hours above the stored max hours is refused too', async () => {
    const { nurse, cookie } = await nurseWithCookie({ maxHours: 10 })
    const { maxHours: _max, ...rest } = validProfile
    const response = await post(profileApi.action, '/_api/nurses/profile', cookie, { ...rest, minHours: 11 })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Minimum hours cannot be more than maximum hours')
    expect((await storedProfile(nurse.id)).minHours).toBe(8)
  })
})

function publishBody(dates: string[], extra: Record<string, unknown> = {}) {
  return { dates, defaultStartTime: '22:00', defaultEndTime: '06:30', nightlyRate: 31000, ...extra }
}

describe('publishing availability through /_api/nurses/availability-dates', () => {
  test('published dates become open nights on the public profile, with the shift and the rate saved', async () => {
    const { nurse, cookie } = await nurseWithCookie()
    const dates = futureDates(3, 4, 40)
    const response = await post(availabilityApi.action, '/_api/nurses/availability-dates', cookie, publishBody(dates))
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.dates).toEqual(dates.map((date) => ({ date, startTimeLocal: '22:00', endTimeLocal: '06:30', booked: false })))

    const open = await listOpenNights({ nurseId: nurse.id, timezone: NURSE_ZONE, minNoticeHours: 0 }, new Date(), { cached: true })
    expect(open).toEqual(dates.map((date) => ({ date, startTimeLocal: '22:00', endTimeLocal: '06:30' })))
    const stored = await storedProfile(nurse.id)
    expect(stored).toMatchObject({ defaultStartTime: '22:00', defaultEndTime: '06:30', nightlyRateCents: 31000 })

    const listed = await call(availabilityApi.loader, makeRequest('/_api/nurses/availability-dates', { cookie }))
    expect((await listed.json()).dates.map((d: { date: string }) => d.date)).toEqual(dates)
    // The public call of the same nurse agrees.
    const publicCall = await call(publicAvailabilityApi.loader, makeRequest(`/_api/nurses/availability?slug=${nurse.slug}`))
    expect((await publicCall.json()).dates.map((d: { date: string }) => d.date)).toEqual(dates)
  })

  test('the selection replaces the calendar: unselected open dates go', async () => {
    const { nurse, cookie } = await nurseWithCookie({ openDates: futureDates(2, 3, 4) })
    const response = await post(availabilityApi.action, '/_api/nurses/availability-dates', cookie, publishBody(futureDates(3, 5)))
    expect(response.status).toBe(200)
    expect(await storedDates(nurse.id)).toEqual(futureDates(3, 5))
  })

  test('past dates and dates past 11 months are refused, and nothing changes', async () => {
    const open = futureDates(2)
    const { nurse, cookie } = await nurseWithCookie({ openDates: open })
    const today = localToday(NURSE_ZONE, new Date())
    const past = await post(availabilityApi.action, '/_api/nurses/availability-dates', cookie, publishBody([addDays(today, -1), ...futureDates(5)]))
    expect(past.status).toBe(400)
    expect((await past.json()).error).toMatch(/^You cannot publish nights in the past: /)
    const far = await post(availabilityApi.action, '/_api/nurses/availability-dates', cookie, publishBody([addDays(today, 370)]))
    expect(far.status).toBe(400)
    expect((await far.json()).error).toMatch(/^Nights can be published up to 11 months ahead/)
    expect(await storedDates(nurse.id)).toEqual(open)
    expect((await storedProfile(nurse.id)).nightlyRateCents).toBe(30000)
  })

  test.each([
    [{ defaultStartTime: '9pm' }, 'Invalid time format'],
    [{ defaultEndTime: '24:00' }, 'Invalid time format'],
    [{ nightlyRate: -100 }, 'Nightly rate must be positive'],
    [{ nightlyRate: 'abc' }, 'Nightly rate must be positive'],
    [{ dates: ['2027-02-30'] }, 'Invalid date'],
  ])('refuses %o with the field message', async (change, message) => {
    const { nurse, cookie } = await nurseWithCookie()
    const response = await post(availabilityApi.action, '/_api/nurses/availability-dates', cookie, publishBody(futureDates(3), change))
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe(message)
    expect(await storedDates(nurse.id)).toEqual([])
  })

  test('a shift outside the nurse\'s hours is refused', async () => {
    const { cookie } = await nurseWithCookie({ minHours: 8, maxHours: 10 })
    const long = await post(availabilityApi.action, '/_api/nurses/availability-dates', cookie, publishBody(futureDates(3), { defaultStartTime: '19:00', defaultEndTime: '07:00' }))
    expect(long.status).toBe(400)
    expect((await long.json()).error).toBe('A night must last 8 to 10 hours (the minimum and maximum hours on your profile)')
    const same = await post(availabilityApi.action, '/_api/nurses/availability-dates', cookie, publishBody(futureDates(3), { defaultStartTime: '21:00', defaultEndTime: '21:00' }))
    expect((await same.json()).error).toBe('End time must be after start time')
  })

  test('a booked night cannot be unselected, and is never altered', async () => {
    const dates = futureDates(6, 7, 8)
    const { nurse, cookie } = await nurseWithCookie({ openDates: dates })
    await bookNights(nurse.id, [dates[1]])

    const listed = await call(availabilityApi.loader, makeRequest('/_api/nurses/availability-dates', { cookie }))
    const calendar = (await listed.json()).dates
    expect(calendar.find((d: { date: string }) => d.date === dates[1])).toMatchObject({ booked: true, startTimeLocal: '22:00', endTimeLocal: '06:00' })

    const refused = await post(availabilityApi.action, '/_api/nurses/availability-dates', cookie, publishBody([dates[0]]))
    expect(refused.status).toBe(409)
    expect((await refused.json()).error).toMatch(/is booked by a family and cannot be removed from your calendar$/)
    expect(await storedDates(nurse.id)).toEqual(dates)

    // Kept in the selection, the booked night keeps the times it was published with.
    const ok = await post(availabilityApi.action, '/_api/nurses/availability-dates', cookie, publishBody([dates[0], dates[1]]))
    expect(ok.status).toBe(200)
    const rows = await getDb().select().from(availabilityDates).where(eq(availabilityDates.nurseId, nurse.id)).orderBy(availabilityDates.date)
    expect(rows.map((row) => [row.date, row.startTimeLocal, row.endTimeLocal])).toEqual([
      [dates[0], '22:00', '06:30'],
      [dates[1], '21:00', '07:00'],
    ])
  })
})

describe('clearing availability through /_api/nurses/availability-dates/clear', () => {
  test('removes future unbooked dates only, keeps booked and past ones, and says how many stayed', async () => {
    const today = localToday(NURSE_ZONE, new Date())
    const dates = futureDates(4, 5, 9)
    const { nurse, cookie } = await nurseWithCookie({ openDates: [addDays(today, -3), ...dates] })
    await bookNights(nurse.id, [dates[1]])
    const response = await post(clearApi.action, '/_api/nurses/availability-dates/clear', cookie, {})
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      message: 'All availability cleared (1 booked night stays on your calendar)',
      removedCount: 2,
      keptBookedCount: 1,
    })
    expect(await storedDates(nurse.id)).toEqual([addDays(today, -3), dates[1]])
    expect(await listOpenNights({ nurseId: nurse.id, timezone: NURSE_ZONE, minNoticeHours: 0 }, new Date())).toEqual([])
  })

  test('only the nurse\'s own nights are touched', async () => {
    const other = await createNurse({ openDates: futureDates(3) })
    const { cookie } = await nurseWithCookie({ openDates: futureDates(3) })
    await post(clearApi.action, '/_api/nurses/availability-dates/clear', cookie, {})
    const rows = await getDb().select().from(availabilityDates).where(and(eq(availabilityDates.nurseId, other.id)))
    expect(rows).toHaveLength(1)
  })
})
