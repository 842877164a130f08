// The parent's unpaid booking is no dead end (issue 9): /parent/bookings/{id} offers 'Pay now'
// (the /book payment step for this booking, which works without JavaScript on the test provider)
// and 'Abandon', which frees the nights at once. Reading the page changes nothing (issue 12):
// 'Check payment', posted by the page itself, confirms a booking whose charge went through unseen.
// Owner-only, checked on the server; a payment that already went through is honoured, never
// abandoned.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookingOccurrences, bookings } from '../../app/db/schema'
import { bookNights } from '../../app/domain/payments/book-nights.server'
import { createPaymentIntentForBooking, payWithTestCard } from '../../app/domain/payments/payments.server'
import { ALREADY_PAID, BOOKING_ABANDONED, NOT_PAID_YET, NOT_WAITING_FOR_PAYMENT } from '../../app/domain/payments/reconciliation.server'
import * as bookPage from '../../app/routes/book/route'
import * as bookingPage from '../../app/routes/parent.bookings.$bookingId/route'
import { BookingRequestSchema } from '../../app/schemas/booking'
import { createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest } from '../support/fixtures'
import { readToast } from '../../app/utils/toast.server'

async function toastOf(response: Response) {
  const cookie = response.headers.get('Set-Cookie')!.split(';')[0]
  return (await readToast(makeRequest('/', { cookie }))).toast
}

async function unpaidBooking() {
  const dates = futureDates(6, 7)
  const nurse = await createNurse({ openDates: dates, rateCents: 30000 })
  const parent = await createUser({ displayName: 'Paula Parent' })
  const created = await bookNights(parent, BookingRequestSchema.parse(bookingPayload(nurse.id, dates)))
  if (!created.ok) throw new Error(created.error)
  return { parent, nurse, dates, booking: created.booking, cookie: await cookieFor(parent.id) }
}

async function loadPage(bookingId: number, cookie: string) {
  return call(bookingPage.loader, makeRequest(`/parent/bookings/${bookingId}`, { cookie }), { bookingId: String(bookingId) })
}

async function post(bookingId: number, cookie: string, intent: string) {
  return call(
    bookingPage.action,
    makeRequest(`/parent/bookings/${bookingId}`, { cookie, form: { intent } }),
    { bookingId: String(bookingId) },
  )
}

const abandon = (bookingId: number, cookie: string) => post(bookingId, cookie, 'abandon')

async function statuses(bookingId: number) {
  const [row] = await getDb().select().from(bookings).where(eq(bookings.id, bookingId))
  const nights = await getDb().select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, bookingId))
  return { booking: row.status, nights: nights.map((n) => n.status) }
}

describe('paying for a pending booking from its page', () => {
  test('Pay now opens the /book payment step of this booking, and the test card confirms it without JavaScript', async () => {
    const { booking, cookie, dates } = await unpaidBooking()
    const page = await loadPage(booking.id, cookie)
    expect(page.status).toBe(200)
    const { payment } = await page.json()
    expect(payment).toMatchObject({ expired: false, minutesLeft: 15 })
    expect(payment.payHref).toMatch(new RegExp(`^/book\\?.*dates=${dates.join(',')}.*&step=3&bookingId=${booking.id}$`))

    // A booking made through the API has no intent yet: its step 3 offers to make one, and
    // Pay now posts straight to that.
    const before = await (await call(bookPage.loader, makeRequest(payment.payHref, { cookie }))).json()
    expect(before).toMatchObject({ step: 3, preparePayment: true })
    expect(before.payment).toBeUndefined()
    const prepared = await call(bookPage.action, makeRequest(payment.payHref, { cookie, form: { intent: 'prepare-payment' } }))
    expect(prepared.status).toBe(302)
    expect(prepared.headers.get('Location')).toBe(payment.payHref)

    // The payment step: the test card form for this booking's intent.
    const step3 = await (await call(bookPage.loader, makeRequest(payment.payHref, { cookie }))).json()
    expect(step3).toMatchObject({ step: 3, payment: { provider: 'test', totalAmountCents: 66000 } })
    const paid = await call(
      bookPage.action,
      makeRequest(payment.payHref, {
        cookie,
        form: {
          intent: 'test-card',
          paymentIntentId: step3.payment.paymentIntentId,
          clientSecret: step3.payment.clientSecret,
          cardNumber: '4242 4242 4242 4242',
        },
      }),
    )
    expect(paid.status).toBe(302)
    const confirmed = await (await call(bookPage.loader, makeRequest(paid.headers.get('Location')!, { cookie }))).json()
    expect(confirmed).toMatchObject({ view: 'confirmed', bookingId: booking.id })
    expect(await statuses(booking.id)).toEqual({ booking: 'confirmed', nights: ['scheduled', 'scheduled'] })
    expect((await (await loadPage(booking.id, cookie)).json()).payment).toBeNull()
  })

  test('a booking whose card went through but was never confirmed: reading its page changes nothing, Check payment confirms it', async () => {
    const { parent, booking, cookie } = await unpaidBooking()
    const intent = await createPaymentIntentForBooking(parent, booking.id)
    if (!intent.ok) throw new Error(intent.error)
    await payWithTestCard({ ...intent, cardNumber: '4242 4242 4242 4242' })

    // A GET is a read: the booking stays pending, and the page knows a charge was started.
    const page = await (await loadPage(booking.id, cookie)).json()
    expect(page.booking.status).toBe('pending')
    expect(page.payment).toMatchObject({ chargeStarted: true, expired: false })
    expect(await statuses(booking.id)).toEqual({ booking: 'pending', nights: ['pending', 'pending'] })

    // The page's own POST asks the provider: paid, so the booking is confirmed.
    const checked = await post(booking.id, cookie, 'check-payment')
    expect(checked.status).toBe(302)
    expect(checked.headers.get('Location')).toBe(`/parent/bookings/${booking.id}`)
    expect(await toastOf(checked)).toEqual({ type: 'success', message: ALREADY_PAID })
    expect(await statuses(booking.id)).toEqual({ booking: 'confirmed', nights: ['scheduled', 'scheduled'] })
    const after = await (await loadPage(booking.id, cookie)).json()
    expect(after.payment).toBeNull()
    expect(after.booking.status).toBe('confirmed')

    // Asked again, there is nothing left waiting for payment.
    const again = await post(booking.id, cookie, 'check-payment')
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ error: NOT_WAITING_FOR_PAYMENT, notice: null })
  })

  test('Check payment on a card form left unpaid says so and changes nothing; a booking with no charge offers no check', async () => {
    const { parent, booking, cookie } = await unpaidBooking()
    expect((await (await loadPage(booking.id, cookie)).json()).payment).toMatchObject({ chargeStarted: false })
    const intent = await createPaymentIntentForBooking(parent, booking.id)
    if (!intent.ok) throw new Error(intent.error)
    expect((await (await loadPage(booking.id, cookie)).json()).payment).toMatchObject({ chargeStarted: true })

    const checked = await post(booking.id, cookie, 'check-payment')
    expect(checked.status).toBe(200)
    expect(await checked.json()).toEqual({ error: null, notice: NOT_PAID_YET })
    expect(await statuses(booking.id)).toEqual({ booking: 'pending', nights: ['pending', 'pending'] })

    const stranger = await cookieFor((await createUser()).id)
    expect((await post(booking.id, stranger, 'check-payment')).status).toBe(404)
    expect((await post(booking.id, cookie, 'pay-for-me')).status).toBe(400)
  })

  test('past its hold the page says so and offers no payment', async () => {
    const { booking, cookie } = await unpaidBooking()
    await getDb().update(bookings).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(bookings.id, booking.id))
    const { payment } = await (await loadPage(booking.id, cookie)).json()
    expect(payment).toMatchObject({ expired: true })
  })
})

describe('abandoning a pending booking', () => {
  test('Abandon cancels the hold and frees its nights at once', async () => {
    const { booking, cookie, nurse, dates } = await unpaidBooking()
    const response = await abandon(booking.id, cookie)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/parent/bookings/${booking.id}`)
    expect(await toastOf(response)).toEqual({ type: 'success', message: BOOKING_ABANDONED })
    expect(await statuses(booking.id)).toEqual({ booking: 'cancelled', nights: ['cancelled', 'cancelled'] })

    const other = await createUser()
    const again = await bookNights(other, BookingRequestSchema.parse(bookingPayload(nurse.id, dates)))
    expect(again.ok).toBe(true)
    // Nothing left to abandon.
    const twice = await abandon(booking.id, cookie)
    expect(twice.status).toBe(409)
    expect(await twice.json()).toEqual({ error: NOT_WAITING_FOR_PAYMENT, notice: null })
  })

  test("another parent can neither see nor abandon someone's booking", async () => {
    const { booking } = await unpaidBooking()
    const stranger = await createUser()
    const strangerCookie = await cookieFor(stranger.id)
    expect((await loadPage(booking.id, strangerCookie)).status).toBe(404)
    const response = await abandon(booking.id, strangerCookie)
    expect(response.status).toBe(404)
    expect(await statuses(booking.id)).toEqual({ booking: 'pending', nights: ['pending', 'pending'] })
  })

  test('a booking whose payment already went through is confirmed instead of abandoned', async () => {
    const { parent, booking, cookie } = await unpaidBooking()
    const intent = await createPaymentIntentForBooking(parent, booking.id)
    if (!intent.ok) throw new Error(intent.error)
    await payWithTestCard({ ...intent, cardNumber: '4242 4242 4242 4242' })
    const response = await abandon(booking.id, cookie)
    expect(response.status).toBe(302)
    expect(await toastOf(response)).toEqual({ type: 'success', message: ALREADY_PAID })
    expect(await statuses(booking.id)).toEqual({ booking: 'confirmed', nights: ['scheduled', 'scheduled'] })
  })
})
