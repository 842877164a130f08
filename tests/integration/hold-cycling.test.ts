// Hold cycling stops (issue 33, docs/decisions/0045): after two unpaid holds left (abandoned,
// replaced or run out) in 24 hours, an account books only by paying in the same step. A third
// unpaid hold is refused and says how to proceed; booking and paying with the saved card still works.
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookingOccurrences, bookings } from '../../app/db/schema'
import { releaseHolds } from '../../app/domain/bookings/bookings.server'
import { PAY_AT_ONCE_MESSAGE } from '../../app/domain/bookings/hold-cycling'
import { getPaymentProvider } from '../../app/domain/payments/payment-provider.server'
import { NO_SAVED_CARD_MESSAGE } from '../../app/domain/payments/pay-at-once.server'
import { saveTestCardForParent } from '../../app/domain/payments/saved-cards.server'
import * as createBookingApi from '../../app/api/bookings.create'
import * as bookPage from '../../app/routes/book/route'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { runOnFakeStripe } from '../support/fake-stripe-keys'
import { bookingPayload, call, cookieFor, makeRequest } from '../support/fixtures'

const HOUR = 60 * 60 * 1000

async function postBooking(cookie: string, body: unknown) {
  return call(createBookingApi.action, makeRequest('/_api/bookings/create', { cookie, body }))
}

async function bookingsOf(parentId: number) {
  return getDb().select().from(bookings).where(eq(bookings.parentId, parentId)).orderBy(bookings.id)
}

async function liveNightsOf(nurseId: number) {
  const [row] = await getDb()
    .select({ live: count() })
    .from(bookingOccurrences)
    .where(and(eq(bookingOccurrences.nurseId, nurseId), eq(bookingOccurrences.status, 'pending')))
  return Number(row.live)
}

/** The parent holds all these nights through the API and abandons the hold, `times` times. */
async function holdAndAbandon(parentId: number, nurseId: number, dates: string[], times: number) {
  const cookie = await cookieFor(parentId)
  for (let i = 0; i < times; i++) {
    const response = await postBooking(cookie, bookingPayload(nurseId, dates, { nightsPerWeek: Math.min(7, dates.length) }))
    expect(response.status).toBe(200)
    const { booking } = await response.json()
    expect(await releaseHolds([booking.id], new Date(), parentId)).toEqual([booking.id])
  }
}

describe('POST /_api/bookings/create after holds were left', () => {
  test('a third unpaid hold in 24 hours is refused with how to proceed, and nothing is held', async () => {
    const dates = futureDates(...Array.from({ length: 35 }, (_, i) => i + 3))
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    await holdAndAbandon(parent.id, nurse.id, dates, 2)

    const third = await postBooking(await cookieFor(parent.id), bookingPayload(nurse.id, dates, { nightsPerWeek: 7 }))
    expect(third.status).toBe(409)
    expect(await third.json()).toEqual({ error: PAY_AT_ONCE_MESSAGE, payAtOnce: true })
    expect(await bookingsOf(parent.id)).toHaveLength(2)
    expect(await liveNightsOf(nurse.id)).toBe(0)
  })

  test('one left hold does not stop an honest retry', async () => {
    const dates = futureDates(4, 5)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    await holdAndAbandon(parent.id, nurse.id, dates, 1)
    const again = await postBooking(await cookieFor(parent.id), bookingPayload(nurse.id, dates))
    expect(again.status).toBe(200)
    expect((await again.json()).booking.status).toBe('pending')
  })

  test('holds that ran out count like abandoned ones, and holds left more than 24 hours ago do not', async () => {
    const dates = futureDates(6)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    const now = new Date()
    // One run out and released by the sweep an hour ago; one left 25 hours ago.
    const lapsed = await createBooking({ nurse, parent, dates, status: 'pending', holdExpiresAt: new Date(now.getTime() - HOUR) })
    expect(await releaseHolds([lapsed.id], new Date(now.getTime() - HOUR))).toEqual([lapsed.id])
    const old = await createBooking({ nurse, parent, dates, status: 'pending', holdExpiresAt: new Date(now.getTime() - 25 * HOUR) })
    expect(await releaseHolds([old.id], new Date(now.getTime() - 25 * HOUR))).toEqual([old.id])
    const cookie = await cookieFor(parent.id)
    // Two counted (the ran-out one and one abandoned now) would stop the next; the old one never counts.
    const second = await postBooking(cookie, bookingPayload(nurse.id, dates))
    expect(second.status).toBe(200)
    await releaseHolds([(await second.json()).booking.id], new Date(), parent.id)
    const third = await postBooking(cookie, bookingPayload(nurse.id, dates))
    expect(third.status).toBe(409)
    expect((await third.json()).error).toBe(PAY_AT_ONCE_MESSAGE)
  })

  test('paying at once with the saved card still books: confirmed in one call, no hold left waiting', async () => {
    const dates = futureDates(7, 8)
    const nurse = await createNurse({ openDates: dates, rateCents: 30000 })
    const parent = await createUser()
    await holdAndAbandon(parent.id, nurse.id, dates, 2)
    expect((await saveTestCardForParent(parent.id, '4242 4242 4242 4242')).ok).toBe(true)

    const paid = await postBooking(await cookieFor(parent.id), bookingPayload(nurse.id, dates, { payWith: 'saved_card' }))
    expect(paid.status).toBe(200)
    const { booking } = await paid.json()
    expect(booking).toMatchObject({ status: 'confirmed', totalAmountCents: 66000 })
    expect(booking.occurrences.map((night: { status: string }) => night.status)).toEqual(['scheduled', 'scheduled'])
    expect((await bookingsOf(parent.id)).filter((row) => row.status === 'pending')).toEqual([])
  })

  test('paying at once without a saved card is refused with how to save one, and nothing is held', async () => {
    const dates = futureDates(9)
    const nurse = await createNurse({ openDates: dates })
    const parent = await createUser()
    await holdAndAbandon(parent.id, nurse.id, dates, 2)
    const response = await postBooking(await cookieFor(parent.id), bookingPayload(nurse.id, dates, { payWith: 'saved_card' }))
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ error: NO_SAVED_CARD_MESSAGE, payAtOnce: true })
    expect(await bookingsOf(parent.id)).toHaveLength(2)
  })
})

describe('the /book page after holds were left', () => {
  test('Your Details is refused with how to proceed, and Book and pay with your saved card confirms the booking', async () => {
    const dates = futureDates(10, 11)
    const nurse = await createNurse({ openDates: dates, rateCents: 30000 })
    const parent = await createUser()
    await holdAndAbandon(parent.id, nurse.id, dates, 2)
    await saveTestCardForParent(parent.id, '4242 4242 4242 4242')
    const cookie = await cookieFor(parent.id)
    const step2 = `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates.join(',')}&times=22:00-06:00,22:00-06:00&step=2`
    const details = { intent: 'details', fullName: 'Paula Parent', phone: '(617) 555-0101', address: '12 Beacon Street, Boston, MA', acceptTerms: 'on' }

    const refused = await call(bookPage.action, makeRequest(step2, { cookie, form: details }))
    expect(refused.status).toBe(409)
    expect((await refused.json()).paymentError).toMatchObject({ message: PAY_AT_ONCE_MESSAGE, payWithSavedCard: true })
    expect(await bookingsOf(parent.id)).toHaveLength(2)

    const paid = await call(bookPage.action, makeRequest(step2, { cookie, form: { ...details, payWith: 'saved_card' } }))
    expect(paid.status).toBe(302)
    const returned = new URL(paid.headers.get('Location')!, 'http://localhost')
    expect(returned.searchParams.get('payment_intent')).toBeTruthy()
    const shown = await (await call(bookPage.loader, makeRequest(`${returned.pathname}${returned.search}`, { cookie }))).json()
    expect(shown).toMatchObject({ view: 'confirmed', nights: dates.map((date) => expect.objectContaining({ date })) })
    expect((await bookingsOf(parent.id)).map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'confirmed'])
  })
})

describe('the /book page after holds were left, with no saved card: the card form in the same step', () => {
  const details = { intent: 'details', fullName: 'Paula Parent', phone: '(617) 555-0101', address: '12 Beacon Street, Boston, MA', acceptTerms: 'on' }

  async function overTheLimit(dates: string[]) {
    const nurse = await createNurse({ openDates: dates, rateCents: 30000 })
    const parent = await createUser()
    await holdAndAbandon(parent.id, nurse.id, dates, 2)
    const times = dates.map(() => '22:00-06:00').join(',')
    const step2 = `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates.join(',')}&times=${times}&step=2`
    return { nurse, parent, cookie: await cookieFor(parent.id), step2 }
  }

  test('the refusal offers the card form with what is paid now', async () => {
    const dates = futureDates(12, 13)
    const { parent, cookie, step2 } = await overTheLimit(dates)
    const refused = await call(bookPage.action, makeRequest(step2, { cookie, form: details }))
    expect(refused.status).toBe(409)
    const { paymentError } = await refused.json()
    expect(paymentError).toMatchObject({ message: PAY_AT_ONCE_MESSAGE, payWithSavedCard: false, payAtOnce: { amountDueCents: 66000 } })
    expect(await bookingsOf(parent.id)).toHaveLength(2)
  })

  test('a card number entered with the details books and pays in one post', async () => {
    const dates = futureDates(14, 15)
    const { parent, cookie, step2 } = await overTheLimit(dates)
    const paid = await call(bookPage.action, makeRequest(step2, { cookie, form: { ...details, payWith: 'card', cardNumber: '4242 4242 4242 4242' } }))
    expect(paid.status).toBe(302)
    const returned = new URL(paid.headers.get('Location')!, 'http://localhost')
    const shown = await (await call(bookPage.loader, makeRequest(`${returned.pathname}${returned.search}`, { cookie }))).json()
    expect(shown).toMatchObject({ view: 'confirmed', amounts: { totalAmountCents: 66000 } })
    expect((await bookingsOf(parent.id)).map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'confirmed'])
  })

  test('a declined card releases the nights at once and keeps what was typed', async () => {
    const dates = futureDates(16)
    const { nurse, parent, cookie, step2 } = await overTheLimit(dates)
    const declined = await call(bookPage.action, makeRequest(step2, { cookie, form: { ...details, payWith: 'card', cardNumber: '4000 0000 0000 0002' } }))
    expect(declined.status).toBe(402)
    const { paymentError } = await declined.json()
    expect(paymentError.message).toMatch(/declined/i)
    expect(paymentError.retryValues).toMatchObject({ fullName: 'Paula Parent', address: '12 Beacon Street, Boston, MA' })
    expect(paymentError.payAtOnce).toMatchObject({ amountDueCents: 33000 })
    expect((await bookingsOf(parent.id)).filter((row) => row.status === 'pending')).toEqual([])
    expect(await liveNightsOf(nurse.id)).toBe(0)
  })

  test('a card number that is not one is refused before anything is held', async () => {
    const dates = futureDates(17)
    const { parent, cookie, step2 } = await overTheLimit(dates)
    const refused = await call(bookPage.action, makeRequest(step2, { cookie, form: { ...details, payWith: 'card', cardNumber: '12ab' } }))
    expect(refused.status).toBe(400)
    expect(await bookingsOf(parent.id)).toHaveLength(2)
  })

  describe('on Stripe: the Payment Element makes a PaymentMethod, the server pays with it', () => {
    const fake = runOnFakeStripe()

    test('a good card is charged and the booking confirmed in the same post', async () => {
      const dates = futureDates(18, 19)
      const { parent, cookie, step2 } = await overTheLimit(dates)
      const paid = await call(bookPage.action, makeRequest(step2, { cookie, form: { ...details, payWith: 'card', paymentMethodId: 'pm_card_visa' } }))
      expect(paid.status).toBe(302)
      expect((await bookingsOf(parent.id)).map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'confirmed'])
      const [intent] = [...fake.intents.values()]
      expect(intent).toMatchObject({ status: 'succeeded', amount: 66000 })
    })

    test('a declined card is told and the nights are released', async () => {
      const dates = futureDates(20)
      const { nurse, parent, cookie, step2 } = await overTheLimit(dates)
      const declined = await call(
        bookPage.action,
        makeRequest(step2, { cookie, form: { ...details, payWith: 'card', paymentMethodId: 'pm_card_chargeDeclined' } }),
      )
      expect(declined.status).toBe(402)
      expect((await declined.json()).paymentError.message).toMatch(/declined/i)
      expect((await bookingsOf(parent.id)).filter((row) => row.status === 'pending')).toEqual([])
      expect(await liveNightsOf(nurse.id)).toBe(0)
    })

    test('when Stripe cannot be reached mid-payment the hold is kept for the sweep to ask, and the family is sent to the booking', async () => {
      const dates = futureDates(21)
      const { nurse, parent, cookie, step2 } = await overTheLimit(dates)
      const stripe = getPaymentProvider()
      const outage = vi.spyOn(stripe, 'payIntentWithNewCard').mockRejectedValue(new Error('connect ECONNREFUSED'))
      try {
        const answer = await call(bookPage.action, makeRequest(step2, { cookie, form: { ...details, payWith: 'card', paymentMethodId: 'pm_card_visa' } }))
        expect(answer.status).toBe(502)
        const { paymentError } = await answer.json()
        const pending = (await bookingsOf(parent.id)).filter((row) => row.status === 'pending')
        expect(pending).toHaveLength(1)
        expect(paymentError).toMatchObject({ unpaidBookingId: pending[0].id, payAtOnce: null })
        expect(await liveNightsOf(nurse.id)).toBe(1)
      } finally {
        outage.mockRestore()
      }
    })
  })
})
