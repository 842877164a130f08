// A nurse's weekly pattern and time off (issue 17): the pattern publishes every chosen weekday
// between two dates on top of what is open; time off unpublishes the open nights of a range and
// never touches a booked night, naming the ones that stay. Through the page's forms too.
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { availabilityDates, bookingOccurrences, nurseProfiles } from '../../app/db/schema'
import { publishWeeklyPattern, takeTimeOff } from '../../app/domain/nurses/nurse-profile.server'
import { addDays } from '../../app/domain/time/shift-times'
import { patternDates, weekdayOf } from '../../app/domain/nurses/weekly-pattern'
import * as patternPage from '../../app/routes/nurse.pattern'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

async function nightsOf(nurseId: number) {
  const rows = await getDb()
    .select({ date: availabilityDates.date, startTimeLocal: availabilityDates.startTimeLocal, endTimeLocal: availabilityDates.endTimeLocal })
    .from(availabilityDates)
    .where(eq(availabilityDates.nurseId, nurseId))
  return rows.sort((a, b) => a.date.localeCompare(b.date))
}

async function openDates(nurseId: number) {
  const rows = await getDb().select({ date: availabilityDates.date }).from(availabilityDates).where(eq(availabilityDates.nurseId, nurseId))
  return rows.map((row) => row.date).sort()
}

describe('the weekly pattern', () => {
  test('publishes the chosen weekdays between two dates, keeping what was open', async () => {
    const [kept] = futureDates(40)
    const nurse = await createNurse({ openDates: [kept] })
    const [from, to] = futureDates(3, 16)
    const result = await publishWeeklyPattern(
      nurse.userId,
      { from, to, weekdays: [2, 4], defaultStartTime: '21:00', defaultEndTime: '07:00' },
      new Date(),
    )
    if (!result.ok) throw new Error(result.error)
    expect(result.dates.length).toBeGreaterThanOrEqual(3)
    expect(result.dates.every((date) => [2, 4].includes(weekdayOf(date)))).toBe(true)
    const open = await openDates(nurse.id)
    expect(open).toEqual([...result.dates, kept].sort())
  })

  test('publishing a pattern changes only the nights it publishes: the rate and the hours of her other nights stay as they were', async () => {
    const others = futureDates(30, 31, 32)
    const nurse = await createNurse({ openDates: others, rateCents: 35000 })
    await getDb().update(availabilityDates).set({ startTimeLocal: '20:00', endTimeLocal: '08:00' }).where(eq(availabilityDates.date, others[0]))
    const before = await nightsOf(nurse.id)
    const [from] = futureDates(3)
    const thursday = patternDates({ from, to: addDays(from, 6), weekdays: [4], today: from })
    const cookie = await cookieFor(nurse.userId)
    const form = new FormData()
    for (const [name, value] of Object.entries({ intent: 'pattern', from, to: addDays(from, 6), defaultStartTime: '22:00', defaultEndTime: '06:00', nightlyRate: '300' })) form.append(name, value)
    form.append('weekdays', '4')
    const published = await call(patternPage.action, new Request('http://localhost/nurse/pattern', { method: 'POST', body: form, headers: { Cookie: cookie, Origin: 'http://localhost' } }))
    expect(published.status).toBe(302)

    const after = await nightsOf(nurse.id)
    // The pattern's one Thursday is published at its hours; every other night is exactly as before.
    expect(after.filter((night) => thursday.includes(night.date))).toEqual(thursday.map((date) => ({ date, startTimeLocal: '22:00', endTimeLocal: '06:00' })))
    expect(after.filter((night) => !thursday.includes(night.date))).toEqual(before)
    // Her nightly rate is not the pattern's business: what families pay for every night is unchanged.
    const [profile] = await getDb().select({ rate: nurseProfiles.nightlyRateCents }).from(nurseProfiles).where(eq(nurseProfiles.id, nurse.id))
    expect(profile.rate).toBe(35000)
  })

  test('time off removes open nights in the range and never a booked one', async () => {
    const dates = futureDates(5, 6, 7, 8, 20)
    const nurse = await createNurse({ openDates: dates })
    const booking = await createBooking({ nurse, dates: [dates[1]] })
    const result = await takeTimeOff(nurse.userId, { from: dates[0], to: dates[3] }, new Date())
    expect(result).toEqual({ ok: true, removed: 3, bookedStaying: [dates[1]] })
    expect(await openDates(nurse.id)).toEqual([dates[1], dates[4]])
    const [night] = await getDb()
      .select()
      .from(bookingOccurrences)
      .where(and(eq(bookingOccurrences.bookingId, booking.id), eq(bookingOccurrences.date, dates[1])))
    expect(night.status).toBe('scheduled')
  })

  test('the page: a refused pattern keeps what was typed; only nurses; the pattern and time off post and come back with what happened', async () => {
    const nurse = await createNurse()
    const cookie = await cookieFor(nurse.userId)
    const post = (form: Record<string, string>) => call(patternPage.action, makeRequest('/nurse/pattern', { cookie, form }))
    const [from, to] = futureDates(2, 30)
    const noDays = await post({ intent: 'pattern', from, to, defaultStartTime: '21:00', defaultEndTime: '07:00', nightlyRate: '300' })
    expect(noDays.status).toBe(400)
    expect(await noDays.json()).toMatchObject({ form: 'pattern', error: 'Choose at least one weekday', typed: { from, to, defaultStartTime: '21:00' } })
    const backwards = await post({ intent: 'time-off', from: to, to: from })
    expect((await backwards.json()).error).toBe('The last date must be on or after the first')
    const form = new FormData()
    for (const [name, value] of Object.entries({ intent: 'pattern', from, to, defaultStartTime: '21:00', defaultEndTime: '07:00', nightlyRate: '300' })) form.append(name, value)
    form.append('weekdays', '1')
    form.append('weekdays', '5')
    const published = await call(patternPage.action, new Request('http://localhost/nurse/pattern', { method: 'POST', body: form, headers: { Cookie: cookie, Origin: 'http://localhost' } }))
    expect(published.status).toBe(302)
    expect((await openDates(nurse.id)).every((date) => [1, 5].includes(weekdayOf(date)))).toBe(true)
    const parent = await createUser()
    expect([302, 403]).toContain((await call(patternPage.loader, makeRequest('/nurse/pattern', { cookie: await cookieFor(parent.id) }))).status)
  })
})

describe("the nurse's booking limits", () => {
  test('minimum notice hides and refuses nights too soon; nights a week refuses a booking over the limit, counting her other nights', async () => {
    const { bookNights: book } = await import('../../app/domain/payments/book-nights.server')
    const { listOpenNights } = await import('../../app/domain/nurses/nurses.server')
    const { updateBookingLimits } = await import('../../app/domain/nurses/nurse-profile.server')
    const { BookingRequestSchema } = await import('../../app/schemas/booking')
    const { bookingPayload } = await import('../support/fixtures')
    const soon = futureDates(1)
    // Four nights in one Monday-to-Sunday week, two to three weeks ahead.
    const monday = (() => {
      const date = new Date(`${futureDates(14)[0]}T12:00:00Z`)
      date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7))
      return date.toISOString().slice(0, 10)
    })()
    const week = [0, 1, 2, 3].map((offset) => new Date(Date.parse(`${monday}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10))
    const nurse = await createNurse({ openDates: [...soon, ...week], timezone: 'America/New_York', baseLocation: 'Boston, MA 02116' })
    expect(await updateBookingLimits(nurse.userId, { minNoticeHours: 72, maxNightsPerWeek: 2 }, new Date())).toEqual({ ok: true })

    const open = await listOpenNights({ nurseId: nurse.id, timezone: nurse.timezone, minNoticeHours: 72 }, new Date())
    expect(open.map((night) => night.date)).not.toContain(soon[0])
    // Step 1 of /book does not offer it to add either.
    const bookPage = await import('../../app/routes/book/route')
    const stepOne = await call(bookPage.loader, makeRequest(`/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${week[0]}`))
    const offered = ((await stepOne.json()) as { openNights: Array<{ date: string }> }).openNights.map((night) => night.date)
    expect(offered).toEqual(expect.arrayContaining(week))
    expect(offered).not.toContain(soon[0])
    const parent = await createUser()
    const tooSoon = await book({ id: parent.id, role: 'parent' }, BookingRequestSchema.parse(bookingPayload(nurse.id, soon)))
    expect(tooSoon).toMatchObject({ ok: false, status: 409, error: expect.stringContaining("needs 72 hours' notice") })

    const two = await book({ id: parent.id, role: 'parent' }, BookingRequestSchema.parse(bookingPayload(nurse.id, week.slice(0, 2))))
    expect(two.ok).toBe(true)
    const other = await createUser()
    const third = await book({ id: other.id, role: 'parent' }, BookingRequestSchema.parse(bookingPayload(nurse.id, week.slice(2, 3))))
    expect(third).toMatchObject({ ok: false, status: 409, error: expect.stringContaining('at most 2 nights a week') })
  })
})
