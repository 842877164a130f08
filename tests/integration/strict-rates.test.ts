// A nightly rate is a plain decimal amount of whole cents, at least $1 (issue 33, docs/decisions/0045):
// every form and /_api call that sets one refuses `0.001`, `1e-7`, `0x10` and the like with 400 and
// changes nothing, and no booking can be made for $0.
import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { availabilityDates, bookings, nurseProfiles } from '../../app/db/schema'
import * as createBookingApi from '../../app/api/bookings.create'
import * as availabilityApi from '../../app/api/nurses.availability-dates'
import * as onboardingApi from '../../app/api/nurses.onboarding'
import * as profileApi from '../../app/api/nurses.profile'
import * as onboardingPage from '../../app/routes/night-nurse-onboard/route'
import * as dashboard from '../../app/routes/nurse.dashboard/route'
import { createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest, ORIGIN } from '../support/fixtures'

const TYPED_RATES = ['0.001', '1e-7', '0x10', '-5', ' 5', 'Infinity', '0', '0.5', '1,200']
const JSON_CENTS = [0, 50, 0.001, 1e-7, -500, '0x10', '1600']

async function profileOf(nurseId: number) {
  const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, nurseId))
  return row
}

async function openDates(nurseId: number) {
  const rows = await getDb().select({ date: availabilityDates.date }).from(availabilityDates).where(eq(availabilityDates.nurseId, nurseId))
  return rows.map((row) => row.date).sort()
}

function formPost(path: string, cookie: string, fields: Array<[string, string]>) {
  return new Request(new URL(path, ORIGIN), {
    method: 'POST',
    headers: { Cookie: cookie, Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
}

describe('the nurse dashboard refuses a rate that is not plain dollars and cents', () => {
  test.each(TYPED_RATES)('publishing availability at %j answers 400 and publishes nothing', async (rate) => {
    const nurse = await createNurse({ openDates: futureDates(2), rateCents: 30000 })
    const response = await call(
      dashboard.action,
      formPost('/nurse/dashboard?tab=availability', await cookieFor(nurse.userId), [
        ['intent', 'publish'],
        ['dates', futureDates(5)[0]],
        ['nightlyRate', rate],
        ['defaultStartTime', '21:00'],
        ['defaultEndTime', '07:00'],
      ]),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).result.error.nightlyRate).toEqual(['Nightly rate must be positive'])
    expect(await openDates(nurse.id)).toEqual(futureDates(2))
    expect((await profileOf(nurse.id)).nightlyRateCents).toBe(30000)
  })

  test.each(TYPED_RATES)('the Profile tab at %j answers 400 and keeps the rate', async (rate) => {
    const nurse = await createNurse({ rateCents: 30000 })
    const response = await call(
      dashboard.action,
      formPost('/nurse/dashboard?tab=profile', await cookieFor(nurse.userId), [
        ['intent', 'profile'],
        ['baseLocation', 'Boston, MA 02116'],
        ['nightlyRate', rate],
        ['minHours', '8'],
        ['maxHours', '12'],
        ['yearsExperience', '5'],
        ['serviceRadiusMiles', '20'],
      ]),
    )
    expect(response.status).toBe(400)
    expect(JSON.stringify(await response.json())).toContain('Nightly rate must be positive')
    expect((await profileOf(nurse.id)).nightlyRateCents).toBe(30000)
  })

  test('the Profile tab still takes 85.50 as $85.50', async () => {
    const nurse = await createNurse({ rateCents: 30000 })
    const response = await call(
      dashboard.action,
      formPost('/nurse/dashboard?tab=profile', await cookieFor(nurse.userId), [
        ['intent', 'profile'],
        ['baseLocation', 'Boston, MA 02116'],
        ['nightlyRate', '85.50'],
        ['minHours', '8'],
        ['maxHours', '12'],
        ['yearsExperience', '5'],
        ['serviceRadiusMiles', '20'],
      ]),
    )
    expect(response.status).toBe(302)
    expect((await profileOf(nurse.id)).nightlyRateCents).toBe(8550)
  })
})

describe('the application refuses a rate that is not plain dollars and cents', () => {
  test.each(TYPED_RATES)('step 3 at %j answers 400 with the step message and saves nothing', async (rate) => {
    const nurse = await createUser({ role: 'nurse' })
    const form = new FormData()
    form.append('intent', 'step3')
    form.append('baseLocation', 'Denver, CO')
    form.append('serviceRadiusMiles', '20')
    form.append('nightlyRate', rate)
    const response = await call(
      onboardingPage.action,
      new Request(new URL('/night-nurse-onboard', ORIGIN), {
        method: 'POST',
        headers: { Origin: ORIGIN, Cookie: await cookieFor(nurse.id) },
        body: form,
      }),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).result.error.nightlyRate).toEqual(['Rate must be greater than 0.'])
    const [profile] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.userId, nurse.id))
    expect(profile?.baseLocation ?? '').toBe('')
  })

  test.each(JSON_CENTS)('POST /_api/nurses/onboarding with %j cents answers 400 and saves nothing', async (cents) => {
    const nurse = await createUser({ role: 'nurse' })
    const response = await call(
      onboardingApi.action,
      makeRequest('/_api/nurses/onboarding', {
        cookie: await cookieFor(nurse.id),
        body: { type: 'flexible', step: 'step3', profileData: { baseLocation: 'Denver, CO', nightlyRateCents: cents } },
      }),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Nightly rate must be positive')
    const [profile] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.userId, nurse.id))
    expect(profile?.baseLocation ?? '').toBe('')
  })
})

describe('the /_api calls refuse a rate below $1 or not whole cents', () => {
  test.each(JSON_CENTS)('POST /_api/nurses/profile with %j cents answers 400 and keeps the rate', async (cents) => {
    const nurse = await createNurse({ rateCents: 30000 })
    const response = await call(
      profileApi.action,
      makeRequest('/_api/nurses/profile', {
        cookie: await cookieFor(nurse.userId),
        body: { baseLocation: 'Boston, MA 02116', nightlyRateCents: cents },
      }),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Nightly rate must be positive')
    expect((await profileOf(nurse.id)).nightlyRateCents).toBe(30000)
  })

  test.each(JSON_CENTS)('POST /_api/nurses/availability-dates at %j cents answers 400 and publishes nothing', async (cents) => {
    const nurse = await createNurse({ rateCents: 30000 })
    const response = await call(
      availabilityApi.action,
      makeRequest('/_api/nurses/availability-dates', {
        cookie: await cookieFor(nurse.userId),
        body: { dates: futureDates(4, 5), defaultStartTime: '21:00', defaultEndTime: '07:00', nightlyRate: cents },
      }),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Nightly rate must be positive')
    expect(await openDates(nurse.id)).toEqual([])
    expect((await profileOf(nurse.id)).nightlyRateCents).toBe(30000)
  })
})

describe('no booking costs $0', () => {
  test('a nurse whose stored rate is below $1 cannot be booked, and no booking is made', async () => {
    const dates = futureDates(6, 7)
    const nurse = await createNurse({ openDates: dates, rateCents: 0 })
    const parent = await createUser()
    const response = await call(
      createBookingApi.action,
      makeRequest('/_api/bookings/create', { cookie: await cookieFor(parent.id), body: bookingPayload(nurse.id, dates) }),
    )
    expect(response.status).toBe(409)
    expect((await response.json()).error).toBe(
      "This nurse's nightly rate is not set yet, so these nights cannot be booked. Please choose another nurse or try again later.",
    )
    const [{ made }] = await getDb().select({ made: count() }).from(bookings)
    expect(made).toBe(0)
  })
})
