import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { formatNightDate } from '../../app/domain/time/shift-times'
import { getDb } from '../../app/db/client.server'
import { bookingOccurrences, bookings, nurseProfiles } from '../../app/db/schema'
import { getBookingForParent } from '../../app/domain/bookings/bookings.server'
import { bookNights } from '../../app/domain/payments/book-nights.server'
import { releaseExpiredHolds } from '../../app/domain/payments/reconciliation.server'
import { BookingRequestSchema } from '../../app/schemas/booking'
import * as createApi from '../../app/api/bookings.create'
import * as bookPage from '../../app/routes/book/route'
import { createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest } from '../support/fixtures'

const NOW = new Date('2030-03-10T15:00:00Z')

async function bookingCount() {
  const [row] = await getDb().select({ n: count() }).from(bookings)
  return row.n
}

async function occurrenceCount() {
  const [row] = await getDb().select({ n: count() }).from(bookingOccurrences)
  return row.n
}

function request(payload: unknown) {
  return BookingRequestSchema.parse(payload)
}

async function postBooking(cookie: string | undefined, body: unknown) {
  return call(createApi.action, makeRequest('/_api/bookings/create', { cookie, body }))
}

describe('creating a booking through /_api/bookings/create', () => {
  test('a parent books two open nights and the server prices them from the nurse rate', async () => {
    const dates = futureDates(5, 6)
    const nurse = await createNurse({ openDates: dates, rateCents: 32500 })
    const parent = await createUser()
    const response = await postBooking(
      await cookieFor(parent.id),
      bookingPayload(nurse.id, dates, { parentId: parent.id }),
    )
    expect(response.status).toBe(200)
    const { booking } = await response.json()
    expect(booking).toMatchObject({
      nurseId: nurse.id,
      parentId: parent.id,
      status: 'pending',
      subtotalCents: 65000,
      platformFeeCents: 6500,
      totalAmountCents: 71500,
      nursePayoutCents: 65000,
    })
    expect(booking.occurrences.map((o: { date: string; status: string }) => [o.date, o.status])).toEqual([
      [dates[0], 'pending'],
      [dates[1], 'pending'],
    ])
    // 22:00–06:00 is an overnight shift: it ends the next morning, 8 hours later.
    const first = booking.occurrences[0]
    expect(new Date(first.endsAt).getTime() - new Date(first.startsAt).getTime()).toBe(8 * 3600 * 1000)
    const held = new Date(booking.holdExpiresAt).getTime() - new Date(booking.createdAt).getTime()
    expect(held).toBe(15 * 60 * 1000)
  })

  test('twenty parents racing for one night: exactly one booking, the others 409, never a 500', async () => {
    const [night] = futureDates(9)
    const nurse = await createNurse({ openDates: [night] })
    const parents = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createUser({ email: `racer-${i}@example.com` })),
    )
    const cookies = await Promise.all(parents.map((p) => cookieFor(p.id)))
    const responses = await Promise.all(
      cookies.map((cookie) => postBooking(cookie, bookingPayload(nurse.id, [night]))),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(19)
    for (const response of responses.filter((r) => r.status === 409)) {
      const body = await response.json()
      expect(body.clashes).toEqual([night])
      expect(body.error).toMatch(
        /^(These nights are no longer available: |Some of these nights were just booked by someone else\.)/,
      )
    }
    expect(await bookingCount()).toBe(1)
    expect(await occurrenceCount()).toBe(1)
  })

  test('a weekly series with one night already booked books nothing and names that night', async () => {
    const [first, second, third] = futureDates(3, 10, 17)
    const nurse = await createNurse({ openDates: [first, second, third] })
    const earlier = await createUser()
    expect((await postBooking(await cookieFor(earlier.id), bookingPayload(nurse.id, [second]))).status).toBe(200)

    const parent = await createUser()
    const response = await postBooking(
      await cookieFor(parent.id),
      bookingPayload(nurse.id, [first], { pattern: 'recurring', weeksCount: 3 }),
    )
    expect(response.status).toBe(409)
    const body = await response.json()
    expect(body.clashes).toEqual([second])
    expect(body.error).toContain('These nights are no longer available:')
    expect(await bookingCount()).toBe(1)
    expect(await occurrenceCount()).toBe(1)
  })

  test('a weekly series is expanded night by night and booked whole', async () => {
    const dates = futureDates(3, 4, 10, 11)
    const nurse = await createNurse({ openDates: dates, rateCents: 30000 })
    const parent = await createUser()
    const response = await postBooking(
      await cookieFor(parent.id),
      bookingPayload(nurse.id, dates.slice(0, 2), { pattern: 'recurring', weeksCount: 2 }),
    )
    expect(response.status).toBe(200)
    const { booking } = await response.json()
    expect(booking.occurrences.map((o: { date: string }) => o.date)).toEqual(dates)
    expect(booking).toMatchObject({ pattern: 'recurring', weeksCount: 2, nightsPerWeek: 2, totalAmountCents: 132000 })
  })

  test('a night sent twice is one night, and the nights a week say so', async () => {
    const [first] = futureDates(3)
    const nurse = await createNurse({ openDates: [first], rateCents: 30000 })
    const parent = await createUser()
    const response = await postBooking(await cookieFor(parent.id), bookingPayload(nurse.id, [first, first], { nightsPerWeek: 7 }))
    expect(response.status).toBe(200)
    const { booking } = await response.json()
    expect(booking.occurrences.map((o: { date: string }) => o.date)).toEqual([first])
    expect(booking).toMatchObject({ nightsPerWeek: 1 })
    const [row] = await getDb().select({ nightsPerWeek: bookings.nightsPerWeek }).from(bookings).where(eq(bookings.id, booking.id))
    expect(row.nightsPerWeek).toBe(1)
  })

  test("a contact phone that is not a phone number is refused as /book's details refuse it, and nothing is booked", async () => {
    const dates = futureDates(3, 4, 5, 6)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    for (const contactPhone of ['not a phone', '()()()()()', '..........', '555-0101']) {
      const response = await postBooking(cookie, bookingPayload(nurse.id, [dates[0]], { contactPhone }))
      expect(response.status, contactPhone).toBe(400)
      expect((await response.json()).error).toBe('A valid phone number is required')
    }
    expect(await bookingCount()).toBe(0)
    // A family holds one unpaid booking with a nurse at a time: each of these is another family's.
    const kept = async (date: string, contactPhone: unknown) => {
      const family = await createUser()
      const response = await postBooking(await cookieFor(family.id), bookingPayload(nurse.id, [date], { contactPhone }))
      expect(response.status, String(contactPhone)).toBe(200)
      const { booking } = await response.json()
      const [row] = await getDb().select({ contactPhone: bookings.contactPhone }).from(bookings).where(eq(bookings.id, booking.id))
      return row.contactPhone
    }
    expect(await kept(dates[0], null)).toBeNull()
    expect(await kept(dates[1], '')).toBeNull()
    expect(await kept(dates[2], '   ')).toBeNull()
    expect(await kept(dates[3], ' (617) 555-0101 ')).toBe('(617) 555-0101')
  })

  test('a night of the series the nurse has not published is named in the 409', async () => {
    const [first, second] = futureDates(3, 10)
    const nurse = await createNurse({ openDates: [first] })
    const parent = await createUser()
    const response = await postBooking(
      await cookieFor(parent.id),
      bookingPayload(nurse.id, [first], { pattern: 'recurring', weeksCount: 2 }),
    )
    expect(response.status).toBe(409)
    const body = await response.json()
    expect(body.clashes).toEqual([second])
    // Never open is not 'no longer available' (issue 38): the family is told she has not opened it.
    expect(body.error).toBe(`The nurse has not opened these nights on her calendar: ${formatNightDate(second)}`)
    expect(await bookingCount()).toBe(0)
  })

  test('a parentId that is not the signed-in parent is refused with 403 and books nothing', async () => {
    const dates = futureDates(4)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    const other = await createUser()
    const response = await postBooking(
      await cookieFor(parent.id),
      bookingPayload(nurse.id, dates, { parentId: other.id }),
    )
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: 'You can only book for yourself.' })
    expect(await bookingCount()).toBe(0)
  })

  test('amounts sent by a client are ignored', async () => {
    const dates = futureDates(4, 5)
    const nurse = await createNurse({ openDates: dates, rateCents: 30000 })
    const parent = await createUser()
    const response = await postBooking(
      await cookieFor(parent.id),
      bookingPayload(nurse.id, dates, {
        nightlyRateCents: 1,
        subtotalCents: 2,
        platformFeeCents: 0,
        totalAmountCents: 2,
        nursePayoutCents: 2,
        status: 'confirmed',
      }),
    )
    expect(response.status).toBe(200)
    const { booking } = await response.json()
    expect(booking).toMatchObject({
      status: 'pending',
      subtotalCents: 60000,
      platformFeeCents: 6000,
      totalAmountCents: 66000,
    })
    const [row] = await getDb().select().from(bookings).where(eq(bookings.id, booking.id))
    expect(row).toMatchObject({ nightlyRateCents: 30000, totalAmountCents: 66000, status: 'pending' })
  })

  test('a shift outside the nurse hours is refused with a message naming them', async () => {
    const dates = futureDates(4)
    const nurse = await createNurse({ openDates: dates, minHours: 8, maxHours: 10 })
    const parent = await createUser()
    const body = bookingPayload(nurse.id, dates)
    body.occurrences[0] = { date: dates[0], startTimeLocal: '18:00', endTimeLocal: '08:00' }
    const response = await postBooking(await cookieFor(parent.id), body)
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('This nurse works shifts of 8 to 10 hours')
    expect(await bookingCount()).toBe(0)
  })

  test.each([
    [{ occurrences: [] }, 'At least one occurrence is required'],
    [{ addressText: '' }, 'Address is required'],
    [
      { occurrences: [{ date: '2030-01-01', startTimeLocal: '22:00', endTimeLocal: '22:00' }] },
      'End time must be after start time',
    ],
    [{ occurrences: [{ date: '2030-01-01', startTimeLocal: '', endTimeLocal: '06:00' }] }, 'Start time is required'],
    [{ occurrences: [{ date: '2030-01-01', startTimeLocal: '22:00' }] }, 'End time is required'],
    [{ pattern: 'recurring', weeksCount: null }, 'Please specify the number of weeks.'],
  ])('bad input %j answers 400 "%s" and books nothing', async (override, message) => {
    const dates = futureDates(4)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    const response = await postBooking(await cookieFor(parent.id), {
      ...bookingPayload(nurse.id, dates),
      ...override,
    })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe(message)
    expect(await bookingCount()).toBe(0)
  })

  test('a body that is not JSON answers 400, never 500', async () => {
    const parent = await createUser()
    const response = await postBooking(await cookieFor(parent.id), '{"nurseId": ')
    expect(response.status).toBe(400)
  })

  test('signed out answers 401; a nurse or an admin cannot book', async () => {
    const dates = futureDates(4)
    const nurse = await createNurse({ openDates: dates })
    const admin = await createUser({ role: 'admin' })
    expect((await postBooking(undefined, bookingPayload(nurse.id, dates))).status).toBe(401)
    const asNurse = await postBooking(await cookieFor(nurse.userId), bookingPayload(nurse.id, dates))
    expect(asNurse.status).toBe(403)
    expect((await asNurse.json()).error).toBe('Access denied. Your role (nurse) lacks required permissions.')
    expect((await postBooking(await cookieFor(admin.id), bookingPayload(nurse.id, dates))).status).toBe(403)
    expect(await bookingCount()).toBe(0)
  })

  test('a nurse who is not approved cannot be booked', async () => {
    const dates = futureDates(4)
    const nurse = await createNurse({ openDates: dates, status: 'pending' })
    const parent = await createUser()
    const response = await postBooking(await cookieFor(parent.id), bookingPayload(nurse.id, dates))
    expect(response.status).toBe(404)
    expect(await bookingCount()).toBe(0)
  })
})

describe('the booking rules with the clock passed in', () => {
  test('a night that has already begun in the nurse time zone is refused', async () => {
    // 15:00 UTC on Mar 10 is 11:00 in Boston: that evening is still bookable, the night before is not.
    const nurse = await createNurse({ openDates: ['2030-03-09', '2030-03-10'] })
    const parent = await createUser()
    const past = await bookNights(parent, request(bookingPayload(nurse.id, ['2030-03-09'])), { now: NOW })
    expect(past).toMatchObject({ ok: false, status: 409, clashes: ['2030-03-09'] })
    const tonight = await bookNights(parent, request(bookingPayload(nurse.id, ['2030-03-10'])), { now: NOW })
    expect(tonight.ok).toBe(true)
  })

  test('an unpaid booking releases its nights after 15 minutes and the night is open again', async () => {
    const nurse = await createNurse({ openDates: ['2030-03-20'] })
    const first = await createUser()
    const second = await createUser()
    const created = await bookNights(first, request(bookingPayload(nurse.id, ['2030-03-20'])), { now: NOW })
    if (!created.ok) throw new Error(created.error)

    const minutes = (n: number) => new Date(NOW.getTime() + n * 60 * 1000)
    expect(await releaseExpiredHolds(minutes(14))).toEqual({ releasedBookingIds: [], confirmedBookingIds: [] })
    const meanwhile = await bookNights(second, request(bookingPayload(nurse.id, ['2030-03-20'])), {
      now: minutes(14),
    })
    expect(meanwhile).toMatchObject({ ok: false, status: 409, clashes: ['2030-03-20'] })

    expect(await releaseExpiredHolds(minutes(15))).toEqual({ releasedBookingIds: [created.booking.id], confirmedBookingIds: [] })
    const released = await getBookingForParent(created.booking.id, first.id)
    expect(released?.status).toBe('cancelled')
    expect(released?.occurrences.map((o) => o.status)).toEqual(['cancelled'])

    const again = await bookNights(second, request(bookingPayload(nurse.id, ['2030-03-20'])), { now: minutes(16) })
    expect(again.ok).toBe(true)
    // A second sweep finds nothing more to release.
    expect(await releaseExpiredHolds(minutes(16))).toEqual({ releasedBookingIds: [], confirmedBookingIds: [] })
  })

  test('touching nights do not clash: one ends at 08:00 as the next evening begins', async () => {
    const nurse = await createNurse({ openDates: ['2030-03-20', '2030-03-21'], maxHours: 12 })
    const a = await createUser()
    const b = await createUser()
    const first = request(bookingPayload(nurse.id, ['2030-03-20']))
    first.occurrences[0] = { date: '2030-03-20', startTimeLocal: '20:00', endTimeLocal: '08:00' }
    const second = request(bookingPayload(nurse.id, ['2030-03-21']))
    second.occurrences[0] = { date: '2030-03-21', startTimeLocal: '08:00', endTimeLocal: '16:00' }
    expect((await bookNights(a, first, { now: NOW })).ok).toBe(true)
    expect((await bookNights(b, second, { now: NOW })).ok).toBe(true)
  })

  test('a night clashes with the nights dated the day before and the day after that it overlaps', async () => {
    const nurse = await createNurse({ openDates: ['2030-03-20', '2030-03-21', '2030-03-22'], maxHours: 16 })
    const [a, b, c] = [await createUser(), await createUser(), await createUser()]
    // Dated the 21st, from midnight to 08:00.
    const early = request(bookingPayload(nurse.id, ['2030-03-21']))
    early.occurrences[0] = { date: '2030-03-21', startTimeLocal: '00:00', endTimeLocal: '08:00' }
    expect((await bookNights(a, early, { now: NOW })).ok).toBe(true)

    // Dated the 20th, 20:00 until noon: it runs into the night dated the 21st.
    const long = request(bookingPayload(nurse.id, ['2030-03-20']))
    long.occurrences[0] = { date: '2030-03-20', startTimeLocal: '20:00', endTimeLocal: '12:00' }
    expect(await bookNights(b, long, { now: NOW })).toMatchObject({ ok: false, status: 409, clashes: ['2030-03-20'] })

    // Dated the 22nd, from 06:00: after the 21st's night ended at 08:00 the day before, no clash;
    // and the 21st itself from 07:00 overlaps the early night dated the same day.
    const later = request(bookingPayload(nurse.id, ['2030-03-22']))
    later.occurrences[0] = { date: '2030-03-22', startTimeLocal: '06:00', endTimeLocal: '14:00' }
    expect((await bookNights(c, later, { now: NOW })).ok).toBe(true)
    const overlapping = request(bookingPayload(nurse.id, ['2030-03-21']))
    overlapping.occurrences[0] = { date: '2030-03-21', startTimeLocal: '07:00', endTimeLocal: '15:00' }
    expect(await bookNights(b, overlapping, { now: NOW })).toMatchObject({ ok: false, status: 409 })
  })

  test('going back to change details replaces the parent own pending hold instead of clashing with it', async () => {
    const nurse = await createNurse({ openDates: ['2030-03-20'] })
    const parent = await createUser()
    const first = await bookNights(parent, request(bookingPayload(nurse.id, ['2030-03-20'])), { now: NOW })
    if (!first.ok) throw new Error(first.error)
    const second = await bookNights(parent, request(bookingPayload(nurse.id, ['2030-03-20'])), {
      now: NOW,
      replacesBookingId: first.booking.id,
    })
    expect(second.ok).toBe(true)
    expect((await getBookingForParent(first.booking.id, parent.id))?.status).toBe('cancelled')
  })

  test('a parent only reads their own booking', async () => {
    const nurse = await createNurse({ openDates: ['2030-03-20'] })
    const parent = await createUser()
    const other = await createUser()
    const created = await bookNights(parent, request(bookingPayload(nurse.id, ['2030-03-20'])), { now: NOW })
    if (!created.ok) throw new Error(created.error)
    expect(await getBookingForParent(created.booking.id, other.id)).toBeNull()
    expect((await getBookingForParent(created.booking.id, parent.id))?.nurseName).toBe(nurse.name)
  })

  test('a nurse whose approval was withdrawn cannot be booked even with open nights', async () => {
    const nurse = await createNurse({ openDates: ['2030-03-20'] })
    await getDb().update(nurseProfiles).set({ verificationStatus: 'rejected' }).where(eq(nurseProfiles.id, nurse.id))
    const parent = await createUser()
    const result = await bookNights(parent, request(bookingPayload(nurse.id, ['2030-03-20'])), { now: NOW })
    expect(result).toMatchObject({ ok: false, status: 404 })
  })
})

describe('the /book page, step by step as plain form posts', () => {
  const nightFields = (dates: string[], start = '22:00', end = '06:00') =>
    Object.fromEntries(
      dates.flatMap((date, i) => [
        [`nights[${i}].date`, date],
        [`nights[${i}].startTimeLocal`, start],
        [`nights[${i}].endTimeLocal`, end],
      ]),
    )

  test.each([
    ['/book'],
    ['/book?nurseId=1&slug=x'],
    ['/book?nurseId=1&dates=2030-01-01'],
    ['/book?nurseId=abc&slug=x&dates=2030-01-01'],
    ['/book?nurseId=1&slug=x&dates=someday'],
  ])('%s shows Booking Information Missing', async (path) => {
    const response = await call(bookPage.loader, makeRequest(path))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ view: 'missing' })
  })

  test('step 1 refuses equal times, then continues to step 2 with the chosen times in the URL', async () => {
    const dates = futureDates(5, 6)
    const nurse = await createNurse({ openDates: dates })
    const path = `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates.join(',')}`
    const page = await (await call(bookPage.loader, makeRequest(path))).json()
    expect(page).toMatchObject({ view: 'flow', step: 1 })
    // Dates from a profile start at her published hours for the night (issue 38; the factory's 21:00–07:00).
    expect(page.link.nights[0]).toEqual({ date: dates[0], startTimeLocal: '21:00', endTimeLocal: '07:00' })

    const equal = await call(
      bookPage.action,
      makeRequest(path, { form: { intent: 'dates', ...nightFields(dates, '22:00', '22:00'), weeksCount: '1' } }),
    )
    expect(equal.status).toBe(400)
    expect(JSON.stringify(await equal.json())).toContain('End time must be after start time')

    const tooLong = await call(
      bookPage.action,
      makeRequest(path, { form: { intent: 'dates', ...nightFields(dates, '18:00', '08:00'), weeksCount: '1' } }),
    )
    expect(tooLong.status).toBe(400)
    expect(JSON.stringify(await tooLong.json())).toContain('This nurse works shifts of 8 to 12 hours')

    const ok = await call(
      bookPage.action,
      makeRequest(path, { form: { intent: 'dates', ...nightFields(dates), weeksCount: '1' } }),
    )
    expect(ok.status).toBe(302)
    expect(ok.headers.get('Location')).toBe(
      `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates.join(',')}&times=22:00-06:00,22:00-06:00&step=2`,
    )
    expect(await bookingCount()).toBe(0)
  })

  test('without JavaScript, Add night adds the chosen open night at her published hours', async () => {
    const dates = futureDates(5, 6)
    const nurse = await createNurse({ openDates: dates })
    const path = `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates[0]}`
    const response = await call(
      bookPage.action,
      makeRequest(path, { form: { intent: 'dates', ...nightFields([dates[0]]), addNight: '1', addDate: dates[1] } }),
    )
    const body = await response.json()
    expect(body.result.initialValue.nights).toEqual([
      { date: dates[0], startTimeLocal: '22:00', endTimeLocal: '06:00' },
      { date: dates[1], startTimeLocal: '21:00', endTimeLocal: '07:00' },
    ])
  })

  test('a signed-out visitor is asked to sign in at step 2; a parent gets the details form', async () => {
    const dates = futureDates(5)
    const nurse = await createNurse({ openDates: dates })
    const path = `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates[0]}&times=22:00-06:00&step=3`
    const signedOut = await (await call(bookPage.loader, makeRequest(path))).json()
    expect(signedOut).toMatchObject({ step: 2, signedIn: false })
    const parent = await createUser({ displayName: 'Paula Parent' })
    const signedIn = await (
      await call(bookPage.loader, makeRequest(path.replace('step=3', 'step=2'), { cookie: await cookieFor(parent.id) }))
    ).json()
    expect(signedIn).toMatchObject({ step: 2, signedIn: true, details: { fullName: 'Paula Parent', address: '' } })
  })

  test('details book the nights, step 3 pays with the test card, and the return shows Booking Confirmed!', async () => {
    const dates = futureDates(5, 6)
    const nurse = await createNurse({ openDates: dates, rateCents: 30000 })
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const step2 = `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates.join(
      ',',
    )}&times=22:00-06:00,22:00-06:00&step=2`
    const details = {
      intent: 'details',
      fullName: 'Paula Parent',
      phone: '(617) 555-0101',
      address: '12 Beacon Street, Boston, MA',
      notes: '',
    }

    const noTerms = await call(bookPage.action, makeRequest(step2, { cookie, form: details }))
    expect(noTerms.status).toBe(400)
    expect(JSON.stringify(await noTerms.json())).toContain('You must accept the terms and conditions to proceed.')
    expect(await bookingCount()).toBe(0)

    const booked = await call(bookPage.action, makeRequest(step2, { cookie, form: { ...details, acceptTerms: 'on' } }))
    expect(booked.status).toBe(302)
    const step3 = booked.headers.get('Location')!
    expect(step3).toMatch(/&step=3&bookingId=\d+$/)
    const payPage = await (await call(bookPage.loader, makeRequest(step3, { cookie }))).json()
    expect(payPage).toMatchObject({
      step: 3,
      summary: {
        nights: [{ date: dates[0] }, { date: dates[1] }],
        amounts: { totalAmountCents: 66000 },
        addressText: '12 Beacon Street, Boston, MA',
      },
      payment: { provider: 'test', totalAmountCents: 66000, paymentIntentId: expect.stringMatching(/^pi_test_/) },
    })

    const card = {
      intent: 'test-card',
      paymentIntentId: payPage.payment.paymentIntentId,
      clientSecret: payPage.payment.clientSecret,
    }
    const declined = await call(
      bookPage.action,
      makeRequest(step3, { cookie, form: { ...card, cardNumber: '4000 0000 0000 0002' } }),
    )
    expect(declined.status).toBe(402)
    expect((await declined.json()).result.error['']).toEqual(['Your card was declined.'])

    const paid = await call(
      bookPage.action,
      makeRequest(step3, { cookie, form: { ...card, cardNumber: '4242 4242 4242 4242' } }),
    )
    expect(paid.status).toBe(302)
    const back = paid.headers.get('Location')!
    expect(back).toContain(`payment_intent=${card.paymentIntentId}&payment_intent_client_secret=${card.clientSecret}`)
    const confirmed = await (await call(bookPage.loader, makeRequest(back, { cookie }))).json()
    expect(confirmed).toMatchObject({
      view: 'confirmed',
      nights: [{ date: dates[0] }, { date: dates[1] }],
      amounts: { subtotalCents: 60000, platformFeeCents: 6000, totalAmountCents: 66000 },
    })
    const [row] = await getDb().select().from(bookings).where(eq(bookings.id, confirmed.bookingId))
    expect(row.status).toBe('confirmed')
  })

  test('a booking that cannot be made at the details step shows Payment Error with the reason', async () => {
    const dates = futureDates(5)
    const nurse = await createNurse({ openDates: dates })
    const rival = await createUser()
    await postBooking(await cookieFor(rival.id), bookingPayload(nurse.id, dates))
    const parent = await createUser()
    const step2 = `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates[0]}&times=22:00-06:00&step=2`
    const response = await call(
      bookPage.action,
      makeRequest(step2, {
        cookie: await cookieFor(parent.id),
        form: {
          intent: 'details',
          fullName: 'Paula Parent',
          phone: '6175550101',
          address: '12 Beacon Street, Boston',
          acceptTerms: 'on',
        },
      }),
    )
    expect(response.status).toBe(409)
    expect((await response.json()).paymentError.message).toContain('These nights are no longer available:')
    expect(await bookingCount()).toBe(1)
  })
})
