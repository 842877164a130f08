// /book's GET changes nothing (issue 12): the card form's intent is made by the post that made the
// booking (or by 'Pay now'), and the return from the card form is confirmed by a post the page
// sends, never by the loader. A crawler, a prefetch or a reload cannot create or confirm a payment.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookings, payments } from '../../app/db/schema'
import { bookNights } from '../../app/domain/payments/book-nights.server'
import { createPaymentIntentForBooking, payWithTestCard } from '../../app/domain/payments/payments.server'
import * as bookPage from '../../app/routes/book/route'
import { bookUrl, paymentReturnUrl } from '../../app/routes/book/book-state'
import { BookingRequestSchema } from '../../app/schemas/booking'
import { createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest } from '../support/fixtures'

async function unpaidBooking() {
  const dates = futureDates(8, 9)
  const nurse = await createNurse({
    openDates: dates,
    rateCents: 30000,
  })
  const parent = await createUser({ displayName: 'Gina Get' })
  const created = await bookNights(parent, BookingRequestSchema.parse(bookingPayload(nurse.id, dates)))
  if (!created.ok) throw new Error(created.error)
  const step3 = bookUrl(
    {
      nurseId: nurse.id,
      slug: nurse.slug,
      nights: created.booking.occurrences.map(({ date, startTimeLocal, endTimeLocal }) => ({
        date,
        startTimeLocal,
        endTimeLocal,
      })),
      weeks: null,
    },
    { step: 3, bookingId: created.booking.id },
  )
  return {
    parent,
    booking: created.booking,
    step3,
    cookie: await cookieFor(parent.id),
  }
}

async function chargesOf(bookingId: number) {
  return getDb().select().from(payments).where(eq(payments.bookingId, bookingId))
}

async function statusOf(bookingId: number) {
  const [row] = await getDb().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId))
  return row.status
}

/** The card form's return URL for the booking's intent, after the card went through or not. */
async function backFromCardForm(parent: { id: number }, bookingId: number, step3: string, { paid }: { paid: boolean }) {
  const intent = await createPaymentIntentForBooking(parent, bookingId)
  if (!intent.ok) throw new Error(intent.error)
  if (paid) expect((await payWithTestCard({ ...intent, cardNumber: '4242 4242 4242 4242' })).ok).toBe(true)
  return {
    intent,
    back: paymentReturnUrl(new URL(step3, 'http://localhost'), intent.paymentIntentId, intent.clientSecret),
  }
}

/** What the page posts once it is back from the card form. */
function postConfirm(back: string, cookie: string, paymentIntentId: string) {
  return call(bookPage.action, makeRequest(back, { cookie, form: { intent: 'confirm-payment', paymentIntentId } }))
}

describe('/book: a GET changes nothing', () => {
  test('the payment step of a booking without an intent offers Continue to payment and makes none', async () => {
    const { booking, step3, cookie } = await unpaidBooking()
    for (let visit = 0; visit < 2; visit++) {
      const page = await (await call(bookPage.loader, makeRequest(step3, { cookie }))).json()
      expect(page).toMatchObject({
        step: 3,
        preparePayment: true,
        summary: { amounts: { totalAmountCents: 66000 } },
      })
    }
    expect(await chargesOf(booking.id)).toEqual([])

    const prepared = await call(bookPage.action, makeRequest(step3, { cookie, form: { intent: 'prepare-payment' } }))
    expect(prepared.status).toBe(302)
    expect(await chargesOf(booking.id)).toHaveLength(1)
    const page = await (await call(bookPage.loader, makeRequest(step3, { cookie }))).json()
    expect(page.payment).toMatchObject({
      provider: 'test',
      totalAmountCents: 66000,
    })
    // Posting again keeps the one intent.
    await call(bookPage.action, makeRequest(step3, { cookie, form: { intent: 'prepare-payment' } }))
    expect(await chargesOf(booking.id)).toHaveLength(1)
  })

  test("another parent's booking cannot be prepared", async () => {
    const { booking, step3 } = await unpaidBooking()
    const stranger = await createUser()
    const answer = await call(
      bookPage.action,
      makeRequest(step3, {
        cookie: await cookieFor(stranger.id),
        form: { intent: 'prepare-payment' },
      }),
    )
    expect(answer.status).toBe(404)
    expect(await chargesOf(booking.id)).toEqual([])
  })

  test('the return from the card form is confirmed by the page’s post, not by the GET', async () => {
    const { parent, booking, step3, cookie } = await unpaidBooking()
    // The card went through at the provider (as Stripe's form does before it sends them back).
    const { intent, back } = await backFromCardForm(parent, booking.id, step3, { paid: true })

    const returned = await (await call(bookPage.loader, makeRequest(back, { cookie }))).json()
    expect(returned).toMatchObject({
      step: 3,
      returnedIntent: intent.paymentIntentId,
    })
    expect(await statusOf(booking.id)).toBe('pending')

    const confirm = {
      intent: 'confirm-payment',
      paymentIntentId: intent.paymentIntentId,
    }
    const confirmed = await call(bookPage.action, makeRequest(back, { cookie, form: confirm }))
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('Location')).toBe(back)
    expect(await statusOf(booking.id)).toBe('confirmed')
    // The same return URL (a reload) shows the result.
    const result = await (await call(bookPage.loader, makeRequest(back, { cookie }))).json()
    expect(result).toMatchObject({ view: 'confirmed', bookingId: booking.id })
    // Posting again confirms nothing twice.
    expect((await call(bookPage.action, makeRequest(back, { cookie, form: confirm }))).status).toBe(302)
    expect((await chargesOf(booking.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1)
  })

  test('an unpaid intent posted back says what went wrong and shows the card form again', async () => {
    const { parent, booking, step3, cookie } = await unpaidBooking()
    const { intent, back } = await backFromCardForm(parent, booking.id, step3, { paid: false })
    const answer = await postConfirm(back, cookie, intent.paymentIntentId)
    expect(answer.status).toBe(402)
    expect(await answer.json()).toMatchObject({
      intent: 'confirm-payment',
      confirmError: expect.any(String),
    })
    expect(await statusOf(booking.id)).toBe('pending')
  })

  test("a stranger's return URL shows them nothing of the booking and confirms nothing", async () => {
    const { parent, booking, step3 } = await unpaidBooking()
    const { intent, back } = await backFromCardForm(parent, booking.id, step3, { paid: true })
    const cookie = await cookieFor((await createUser()).id)
    const seen = await (await call(bookPage.loader, makeRequest(back, { cookie }))).json()
    expect(seen.view).not.toBe('confirmed')
    expect(seen.payment).toBeUndefined()
    const answer = await postConfirm(back, cookie, intent.paymentIntentId)
    expect(answer.status).toBe(404)
    expect(await statusOf(booking.id)).toBe('pending')
  })
})
