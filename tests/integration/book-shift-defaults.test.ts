// /book's first step (issue 38, items 2 and 6): each night starts at the nurse's own hours for it
// (her published shift, else one within her minimum and maximum hours), never at a shift she does
// not work; a shift that does not fit flags every night it applies to; and her 'at most N nights a
// week' is told on this step, with the rule's own message, on the nights it concerns.
import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { nurseProfiles } from '../../app/db/schema'
import { seedDemoData } from '../../app/demo/seed.server'
import { mondayOf } from '../../app/domain/nurses/booking-limits'
import { checkShift } from '../../app/domain/time/shift-times'
import * as bookPage from '../../app/routes/book/route'
import { createBooking, createNurse, futureDates } from '../support/factories'
import { call, makeRequest } from '../support/fixtures'

type Night = { date: string; startTimeLocal: string; endTimeLocal: string }
type StepOne = { view: string; link: { nights: Night[] }; openNights: Night[] }

async function stepOne(nurse: { id: number; slug: string }, dates: readonly string[]): Promise<StepOne> {
  const response = await call(bookPage.loader, makeRequest(`/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates.join(',')}`))
  expect(response.status).toBe(200)
  return (await response.json()) as StepOne
}

function nightFields(nights: readonly Night[]) {
  return Object.fromEntries(
    nights.flatMap((night, i) => [
      [`nights[${i}].date`, night.date],
      [`nights[${i}].startTimeLocal`, night.startTimeLocal],
      [`nights[${i}].endTimeLocal`, night.endTimeLocal],
    ]),
  )
}

async function continueWith(nurse: { id: number; slug: string }, nights: readonly Night[], extra: Record<string, string> = {}) {
  return call(
    bookPage.action,
    makeRequest(`/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${nights.map((n) => n.date).join(',')}`, {
      form: { intent: 'dates', ...nightFields(nights), weeksCount: '1', ...extra },
    }),
  )
}

const fieldErrors = (body: { result: { error?: Record<string, string[] | null> } }) =>
  Object.fromEntries(Object.entries(body.result.error ?? {}).filter(([, errors]) => errors?.length))

describe('the shift /book offers first', () => {
  test('fits every demo nurse’s own limits, on her open nights and on a night she has not published', { timeout: 240_000 }, async () => {
    await seedDemoData(getDb(), { now: new Date() })
    const nurses = await getDb()
      .select({ id: nurseProfiles.id, slug: nurseProfiles.slug, minHours: nurseProfiles.minHours, maxHours: nurseProfiles.maxHours })
      .from(nurseProfiles)
      // Listed nurses: the demo's one with an expired license takes no new bookings.
      .where(and(eq(nurseProfiles.verificationStatus, 'approved'), isNull(nurseProfiles.lapsedAt)))
    expect(nurses.length).toBeGreaterThan(30)
    // The demo has nurses of every kind of limit, those of at most 10 hours among them.
    expect(nurses.some((nurse) => nurse.maxHours < 12)).toBe(true)
    const misfits: string[] = []
    for (const nurse of nurses) {
      const { openNights } = await stepOne(nurse, [futureDates(300)[0]])
      expect(openNights.length, nurse.slug).toBeGreaterThan(1)
      const unpublished = futureDates(320)[0]
      const { link } = await stepOne(nurse, [...openNights.slice(0, 3).map((night) => night.date), unpublished])
      for (const night of [...link.nights, ...openNights]) {
        if (checkShift(night.startTimeLocal, night.endTimeLocal, nurse)) misfits.push(`${nurse.slug} ${night.date} ${night.startTimeLocal}-${night.endTimeLocal}`)
      }
      // Continue with what was offered passes the shift check (an open night: straight to step 2).
      const continued = await continueWith(nurse, link.nights.slice(0, 1))
      expect(continued.status, `${nurse.slug}: ${JSON.stringify(await continued.clone().json().catch(() => null))}`).toBe(302)
    }
    expect(misfits).toEqual([])
  })

  test("a nurse of 8 to 10 hours is offered her published 10 PM – 6 AM; 12-hour nights are each flagged, not only the first", async () => {
    const dates = futureDates(6, 7, 8)
    const nurse = await createNurse({ minHours: 8, maxHours: 10, openDates: dates, profile: { defaultStartTime: '22:00', defaultEndTime: '06:00' } })
    const page = await stepOne(nurse, dates.slice(0, 2))
    expect(page.link.nights).toEqual(dates.slice(0, 2).map((date) => ({ date, startTimeLocal: '22:00', endTimeLocal: '06:00' })))
    expect(page.openNights).toEqual(dates.map((date) => ({ date, startTimeLocal: '22:00', endTimeLocal: '06:00' })))

    const twelve = dates.map((date) => ({ date, startTimeLocal: '20:00', endTimeLocal: '08:00' }))
    const refused = await continueWith(nurse, [twelve[0], { ...twelve[1], startTimeLocal: '22:00', endTimeLocal: '06:00' }, twelve[2]])
    expect(refused.status).toBe(400)
    expect(fieldErrors(await refused.json())).toEqual({
      'nights[0].endTimeLocal': ['This nurse works shifts of 8 to 10 hours'],
      'nights[2].endTimeLocal': ['This nurse works shifts of 8 to 10 hours'],
    })
  })

  test('without JavaScript, Add night adds the chosen night at her published hours for it', async () => {
    const dates = futureDates(5, 6)
    const nurse = await createNurse({ minHours: 8, maxHours: 10, openDates: [dates[0]] })
    const { publishNights } = await import('../support/factories')
    await publishNights(nurse, [dates[1]], { startTimeLocal: '23:00', endTimeLocal: '07:00' })
    const response = await call(
      bookPage.action,
      makeRequest(`/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates[0]}`, {
        form: { intent: 'dates', ...nightFields([{ date: dates[0], startTimeLocal: '21:00', endTimeLocal: '07:00' }]), addNight: '1', addDate: dates[1] },
      }),
    )
    const body = (await response.json()) as { result: { initialValue: { nights: Night[] } } }
    expect(body.result.initialValue.nights).toEqual([
      { date: dates[0], startTimeLocal: '21:00', endTimeLocal: '07:00' },
      { date: dates[1], startTimeLocal: '23:00', endTimeLocal: '07:00' },
    ])
  })
})

describe("a nurse's nights a week on step 1", () => {
  /** Four consecutive dates in one Monday-to-Sunday week, two to three weeks ahead. */
  function oneWeek() {
    const monday = mondayOf(futureDates(14)[0])
    return [0, 1, 2, 3].map((offset) => new Date(Date.parse(`${monday}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10))
  }

  test('three nights for a nurse of at most two a week: every night of that week is flagged with her rule', async () => {
    const week = oneWeek()
    const nurse = await createNurse({ openDates: week, profile: { maxNightsPerWeek: 2 } })
    const nights = week.slice(0, 3).map((date) => ({ date, startTimeLocal: '21:00', endTimeLocal: '07:00' }))
    const refused = await continueWith(nurse, nights)
    expect(refused.status).toBe(409)
    const rule = expect.stringMatching(/^This nurse takes at most 2 nights a week: the week of .+ would have more\.$/)
    expect(fieldErrors(await refused.json())).toEqual({
      'nights[0].endTimeLocal': [rule],
      'nights[1].endTimeLocal': [rule],
      'nights[2].endTimeLocal': [rule],
    })
    expect((await continueWith(nurse, nights.slice(0, 2))).status).toBe(302)
  })

  test('her other bookings count; the family’s own booking they went back to change does not; a weekly series flags the night it repeats', async () => {
    const week = oneWeek()
    const nextWeek = week.map((date) => new Date(Date.parse(`${date}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10))
    const nurse = await createNurse({ openDates: [...week, ...nextWeek], profile: { maxNightsPerWeek: 2 } })
    const other = await createBooking({ nurse, dates: [week[0]], status: 'confirmed' })
    expect(other.id).toBeGreaterThan(0)
    const two = [week[1], week[2]].map((date) => ({ date, startTimeLocal: '21:00', endTimeLocal: '07:00' }))
    const refused = await continueWith(nurse, two)
    expect(refused.status).toBe(409)
    expect(Object.keys(fieldErrors(await refused.json()))).toEqual(['nights[0].endTimeLocal', 'nights[1].endTimeLocal'])

    // Going back from payment: her own pending booking of these nights is not counted against her.
    const mine = await createBooking({ nurse, dates: [nextWeek[1], nextWeek[2]], status: 'pending' })
    const back = await call(
      bookPage.action,
      makeRequest(`/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${nextWeek[1]},${nextWeek[2]}&bookingId=${mine.id}`, {
        form: { intent: 'dates', ...nightFields([nextWeek[1], nextWeek[2]].map((date) => ({ date, startTimeLocal: '21:00', endTimeLocal: '07:00' }))), weeksCount: '1' },
      }),
    )
    expect(back.status).toBe(302)

    // A weekly series of one night: its second week (next week, with two of hers) is flagged on its row.
    const fresh = await createNurse({ openDates: [...week, ...nextWeek], profile: { maxNightsPerWeek: 1 } })
    await createBooking({ nurse: fresh, dates: [nextWeek[0]], status: 'confirmed' })
    const series = await continueWith(fresh, [{ date: week[3], startTimeLocal: '21:00', endTimeLocal: '07:00' }], { repeatWeekly: 'on', weeksCount: '2' })
    expect(series.status).toBe(409)
    expect(fieldErrors(await series.json())).toEqual({ 'nights[0].endTimeLocal': [expect.stringContaining('at most 1 night a week')] })
  })
})
