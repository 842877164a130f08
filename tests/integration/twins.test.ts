// Twins and triplets (issue 36): a booking says how many babies (1 when absent), no more than the
// nurse takes; every amount follows from the one pricing rule: each night is her rate plus her
// extra for each baby after the first, and the charge, a cancelled night's refund, her payout and
// her statement all read that night's price.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookingOccurrences, nurseProfiles, payments } from '../../app/db/schema'
import { cancelOccurrence } from '../../app/domain/payments/cancellation.server'
import { saveTestCardForParent } from '../../app/domain/payments/saved-cards.server'
import { TEST_ACCOUNT_SUCCEEDS, TEST_ROUTING_NUMBER } from '../../app/domain/payments/test-cards'
import { getNurseStatement } from '../../app/domain/payouts/nurse-payouts.server'
import { bookingLedger, connectTestPayoutAccount, payDueNights } from '../../app/domain/payouts/payouts.server'
import { getPublicProfile, searchNurses } from '../../app/domain/nurses/nurses.server'
import * as createBookingApi from '../../app/api/bookings.create'
import * as profileApi from '../../app/api/nurses.profile'
import * as cityPage from '../../app/routes/night-nurse.$citySlug'
import * as searchPage from '../../app/routes/search'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload, call, cookieFor, getBooking, makeRequest } from '../support/fixtures'

const RATE = 30000
const EXTRA = 8000

async function postBooking(parentId: number, body: unknown) {
  return call(createBookingApi.action, makeRequest('/_api/bookings/create', { cookie: await cookieFor(parentId), body }))
}

async function nightPrices(bookingId: number) {
  const rows = await getDb().select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, bookingId)).orderBy(bookingOccurrences.startsAt)
  return rows.map((row) => row.priceCents)
}

/** A $300 nurse who takes up to `maxBabies` with $80 a night for each baby after the first, with these nights open. */
async function twinNurse(maxBabies: number, openDates: string[], name = 'Sarah Night') {
  const nurse = await createNurse({ rateCents: RATE, name, openDates })
  await getDb().update(nurseProfiles).set({ maxBabies, extraBabyCents: EXTRA }).where(eq(nurseProfiles.id, nurse.id))
  return nurse
}

describe('booking twins through /_api/bookings/create', () => {
  test('twins are priced per baby: each night is her rate plus the extra, the booking keeps babies and the extra', async () => {
    const dates = futureDates(9, 10)
    const nurse = await twinNurse(2, dates)
    const parent = await createUser()
    const response = await postBooking(parent.id, bookingPayload(nurse.id, dates, { babies: 2 }))
    expect(response.status).toBe(200)
    const { booking } = await response.json()
    // 2 nights × ($300 + $80) = $760, fee $76, total $836.
    expect(booking).toMatchObject({ babies: 2, extraBabyCents: EXTRA, nightlyRateCents: RATE, subtotalCents: 76000, platformFeeCents: 7600, totalAmountCents: 83600 })
    expect(await nightPrices(booking.id)).toEqual([38000, 38000])
    expect(await getBooking(booking.id)).toMatchObject({ babies: 2, extraBabyCents: EXTRA, nursePayoutCents: 76000 })
  })

  test('babies left out books one baby at her base rate, even with a nurse who takes twins', async () => {
    const dates = futureDates(9)
    const nurse = await twinNurse(2, dates)
    const parent = await createUser()
    const response = await postBooking(parent.id, bookingPayload(nurse.id, dates))
    expect(response.status).toBe(200)
    const { booking } = await response.json()
    expect(booking).toMatchObject({ babies: 1, extraBabyCents: 0, totalAmountCents: 33000 })
    expect(await nightPrices(booking.id)).toEqual([RATE])
  })

  test('more babies than she takes is refused with her name, and nothing is held', async () => {
    const dates = futureDates(9)
    const single = await createNurse({ rateCents: RATE, name: 'Sarah Single', openDates: dates })
    const twins = await twinNurse(2, futureDates(11), 'Tina Twins')
    const parent = await createUser()
    const refused = await postBooking(parent.id, bookingPayload(single.id, dates, { babies: 2 }))
    expect(refused.status).toBe(409)
    expect((await refused.json()).error).toBe('Sarah Single takes single babies only.')
    const triplets = await postBooking(parent.id, bookingPayload(twins.id, futureDates(11), { babies: 3 }))
    expect(triplets.status).toBe(409)
    expect((await triplets.json()).error).toBe('Tina Twins takes twins, not triplets.')
    const bad = await postBooking(parent.id, bookingPayload(twins.id, futureDates(11), { babies: 4 }))
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('Choose one baby, twins or triplets.')
    const held = await getDb().select().from(payments)
    expect(held.filter((row) => row.kind === 'charge')).toEqual([])
  })

  test('a paid twins booking is charged its total, and a night cancelled in time refunds its share with the extra', async () => {
    const dates = futureDates(9, 10)
    const nurse = await twinNurse(3, dates)
    const parent = await createUser()
    expect((await saveTestCardForParent(parent.id, '4242 4242 4242 4242')).ok).toBe(true)
    const response = await postBooking(parent.id, bookingPayload(nurse.id, dates, { babies: 3, payWith: 'saved_card' }))
    expect(response.status).toBe(200)
    const { booking } = await response.json()
    // Triplets: $300 + 2 × $80 = $460 a night; 2 nights $920, fee $92, total $1,012.
    expect(booking).toMatchObject({ status: 'confirmed', babies: 3, totalAmountCents: 101200 })
    const charges = (await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))).filter((row) => row.kind === 'charge')
    expect(charges.map((row) => row.amountCents)).toEqual([101200])

    const cancelled = await cancelOccurrence({ parentId: parent.id, occurrenceId: booking.occurrences[0].id, now: new Date() })
    expect(cancelled).toMatchObject({ ok: true, refundCents: 50600 })
  })
})

describe('her pay follows the night’s price', () => {
  test('the payout of a worked twins night is its price with the extra, the ledger ends at zero, the statement says so', async () => {
    const nurse = await twinNurse(2, [])
    const connected = await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
    expect(connected.ok).toBe(true)
    const dates = futureDates(-4, -3)
    const booking = await createBooking({ nurse, dates, status: 'completed', babies: 2, extraBabyCents: EXTRA })
    expect(booking.totalAmountCents).toBe(83600)
    expect(await payDueNights(new Date())).toMatchObject({ paid: 2, failed: 0 })
    const payouts = (await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))).filter((row) => row.kind === 'payout')
    expect(payouts.map((row) => row.amountCents)).toEqual([38000, 38000])
    expect((await bookingLedger(booking.id)).balanceCents).toBe(0)
    const statement = await getNurseStatement(nurse.userId, dates[0].slice(0, 7), new Date())
    expect(statement?.nights.reduce((sum, night) => sum + night.payoutCents, 0)).toBeGreaterThanOrEqual(38000)
  })
})

describe('a nurse says whether she takes twins', () => {
  test('POST /_api/nurses/profile sets twins and her extra; her profile and the Twins search show it', async () => {
    const nurse = await createNurse({ rateCents: RATE, name: 'Olive Offers', baseLocation: 'Boston, MA 02116' })
    const cookie = await cookieFor(nurse.userId)
    const body = { baseLocation: 'Boston, MA 02116', maxBabies: 2, extraBabyCents: 7550 }
    const saved = await call(profileApi.action, makeRequest('/_api/nurses/profile', { cookie, body }))
    expect(saved.status).toBe(200)
    expect((await saved.json()).profile).toMatchObject({ maxBabies: 2, extraBabyCents: 7550 })
    const profile = await getPublicProfile(nurse.slug)
    expect(profile).toMatchObject({ maxBabies: 2, extraBabyCents: 7550 })

    const twins = await searchNurses({ location: 'Boston, MA', babies: 2, limit: 50, offset: 0 })
    expect(twins.map((card) => card.id)).toContain(nurse.id)
    const triplets = await searchNurses({ location: 'Boston, MA', babies: 3, limit: 50, offset: 0 })
    expect(triplets.map((card) => card.id)).not.toContain(nurse.id)
  })

  test('an extra above $10,000 or in fractions of a cent is refused with its message', async () => {
    const nurse = await createNurse()
    const cookie = await cookieFor(nurse.userId)
    for (const extraBabyCents of [1_000_001, 12.5, -1]) {
      const response = await call(profileApi.action, makeRequest('/_api/nurses/profile', { cookie, body: { baseLocation: 'Boston, MA 02116', extraBabyCents } }))
      expect(response.status).toBe(400)
      expect(JSON.stringify(await response.json())).toContain('The extra per additional baby must be an amount from $0 to $10,000')
    }
  })

  test("search's and the city page's cards carry maxBabies, the column the Twins filter reads, for their 'Takes twins' mark", async () => {
    const twins = await createNurse({ rateCents: RATE, name: 'Tia Twins', baseLocation: 'Boston, MA 02116' })
    await getDb().update(nurseProfiles).set({ maxBabies: 3, extraBabyCents: EXTRA }).where(eq(nurseProfiles.id, twins.id))
    const single = await createNurse({ rateCents: RATE, name: 'Sol Single', baseLocation: 'Boston, MA 02116' })
    const search = await (await call(searchPage.loader, makeRequest('/search?location=Boston%2C%20MA'))).json()
    const city = await (await call(cityPage.loader, makeRequest('/night-nurse/boston'), { citySlug: 'boston' })).json()
    for (const nurses of [search.nurses, city.nurses] as Array<Array<{ id: number; maxBabies: number }>>) {
      expect(nurses.find((card) => card.id === twins.id)?.maxBabies).toBe(3)
      expect(nurses.find((card) => card.id === single.id)?.maxBabies).toBe(1)
    }
    const filtered = await (await call(searchPage.loader, makeRequest('/search?location=Boston%2C%20MA&babies=2'))).json()
    expect(filtered.nurses.map((card: { id: number }) => card.id)).toEqual([twins.id])
  })
})
