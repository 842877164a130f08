import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import {
  bookingOccurrences,
  bookings,
  outboxEmails,
  payments,
  testProviderIntents,
} from '../../app/db/schema'
import { bookNights } from '../../app/domain/payments/book-nights.server'
import { releaseExpiredHolds } from '../../app/domain/payments/reconciliation.server'
import { createPaymentIntentForBooking, refundPayment, RefundError } from '../../app/domain/payments/payments.server'
import * as confirmApi from '../../app/api/payments.confirm'
import * as intentApi from '../../app/api/payments.create-intent'
import * as testCardApi from '../../app/api/payments.test-card'
import * as webhookApi from '../../app/api/payments.webhook'
import { BookingRequestSchema } from '../../app/schemas/booking'
import { createNurse, createUser, futureDates, setPreferences } from '../support/factories'
import { bookingPayload, call, cookieFor, makeRequest } from '../support/fixtures'
import { runOnFakeStripe } from '../support/fake-stripe-keys'

const WEBHOOK_SECRET = 'whsec_fake_secret_for_tests'

/** A parent with a pending booking of two nights at $300 a night: total $660. */
async function pendingBooking(options: { nights?: number } = {}) {
  const dates = futureDates(...Array.from({ length: options.nights ?? 2 }, (_, i) => 6 + i))
  const nurse = await createNurse({ openDates: dates, rateCents: 30000 })
  const parent = await createUser({ displayName: 'Paula Parent' })
  const result = await bookNights(parent, BookingRequestSchema.parse(bookingPayload(nurse.id, dates)))
  if (!result.ok) throw new Error(result.error)
  return { parent, nurse, booking: result.booking, cookie: await cookieFor(parent.id), dates }
}

async function postJson(handler: typeof intentApi.action, path: string, cookie: string | undefined, body: unknown) {
  return call(handler, makeRequest(path, { cookie, body }))
}

async function createIntent(cookie: string | undefined, bookingId: unknown) {
  return postJson(intentApi.action, '/_api/payments/create-intent', cookie, { bookingId })
}

async function confirm(cookie: string | undefined, paymentIntentId: unknown) {
  return postJson(confirmApi.action, '/_api/payments/confirm', cookie, { paymentIntentId })
}

async function payTestCard(body: Record<string, unknown>) {
  return postJson(testCardApi.action, '/_api/payments/test-card', undefined, body)
}

async function chargesOf(bookingId: number) {
  return getDb()
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'charge')))
}

async function refundsOf(bookingId: number) {
  return getDb()
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'refund')))
}

async function bookingRow(id: number) {
  const [row] = await getDb().select().from(bookings).where(eq(bookings.id, id))
  const nights = await getDb().select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, id))
  return { ...row, nights }
}

async function outbox() {
  return getDb().select().from(outboxEmails)
}

describe('paying with the built-in test provider', () => {
  test('create-intent answers the secret and amounts, and a second call answers the same intent', async () => {
    const { booking, cookie } = await pendingBooking()
    const first = await createIntent(cookie, booking.id)
    expect(first.status).toBe(200)
    const body = await first.json()
    expect(body).toEqual({
      clientSecret: expect.stringMatching(/^pi_test_\w+_secret_\w+$/),
      paymentIntentId: expect.stringMatching(/^pi_test_/),
      totalAmountCents: 66000,
      platformFeeCents: 6000,
      nursePayoutCents: 60000,
    })
    const again = await (await createIntent(cookie, booking.id)).json()
    expect(again.paymentIntentId).toBe(body.paymentIntentId)
    expect(again.clientSecret).toBe(body.clientSecret)
    const charges = await chargesOf(booking.id)
    expect(charges).toHaveLength(1)
    expect(charges[0]).toMatchObject({ provider: 'test', status: 'pending', amountCents: 66000, feeCents: 6000 })
  })

  test('the card 4242 4242 4242 4242 pays, and confirming makes the booking confirmed with its nights scheduled', async () => {
    const { booking, cookie, parent, nurse } = await pendingBooking()
    const intent = await (await createIntent(cookie, booking.id)).json()
    const paid = await payTestCard({ ...intent, cardNumber: '4242 4242 4242 4242' })
    expect(paid.status).toBe(200)
    expect(await paid.json()).toEqual({ status: 'succeeded' })
    // Paying alone does not confirm: the confirm call re-reads the intent and checks it.
    expect((await bookingRow(booking.id)).status).toBe('pending')

    const confirmed = await confirm(cookie, intent.paymentIntentId)
    expect(confirmed.status).toBe(200)
    const answer = await confirmed.json()
    expect(answer.success).toBe(true)
    expect(answer.booking).toMatchObject({ id: booking.id, status: 'confirmed', totalAmountCents: 66000 })

    const row = await bookingRow(booking.id)
    expect(row.status).toBe('confirmed')
    expect(row.holdExpiresAt).toBeNull()
    expect(row.nights.map((n) => n.status)).toEqual(['scheduled', 'scheduled'])
    expect((await chargesOf(booking.id))[0].status).toBe('succeeded')

    // Confirming again changes nothing and sends nothing twice.
    expect((await confirm(cookie, intent.paymentIntentId)).status).toBe(200)
    const mail = await outbox()
    expect(mail.map((m) => m.toAddress).sort()).toEqual([parent.email, nurse.email].sort())
    const parentMail = mail.find((m) => m.toAddress === parent.email)!
    expect(parentMail.subject).toContain('#NN-')
    expect(parentMail.textBody).toContain('$660.00')
    expect(parentMail.textBody).toContain('10:00 PM – 6:00 AM E')
    expect(parentMail.textBody).toContain('http://localhost:3000/parent/dashboard')
    expect(mail.find((m) => m.toAddress === nurse.email)!.textBody).toContain('Your payout: $600.00')
  })

  test('a declined card answers its message, leaves the booking unpaid, and the parent can try again', async () => {
    const { booking, cookie } = await pendingBooking()
    const intent = await (await createIntent(cookie, booking.id)).json()
    const declined = await payTestCard({ ...intent, cardNumber: '4000 0000 0000 0002' })
    expect(declined.status).toBe(402)
    expect(await declined.json()).toEqual({ error: 'Your card was declined.' })
    expect((await chargesOf(booking.id))[0]).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    })

    const refused = await confirm(cookie, intent.paymentIntentId)
    expect(refused.status).toBe(402)
    expect(await refused.json()).toMatchObject({
      error: 'Payment confirmation failed. Please contact support.',
      reason: 'Your card was declined.',
    })
    expect((await bookingRow(booking.id)).status).toBe('pending')

    expect((await payTestCard({ ...intent, cardNumber: '4242424242424242' })).status).toBe(200)
    expect((await confirm(cookie, intent.paymentIntentId)).status).toBe(200)
    expect((await bookingRow(booking.id)).status).toBe('confirmed')
    expect((await chargesOf(booking.id))[0]).toMatchObject({ status: 'succeeded', failureMessage: null })
  })

  test.each([
    [{ cardNumber: '1234 5678 9012 3456' }, 400, 'Your card number is invalid.'],
    [{ cardNumber: '' }, 400, 'Card number is required'],
    [{ clientSecret: '' }, 400, 'Client secret is required'],
    [{ paymentIntentId: '' }, 400, 'Payment intent ID is required'],
    [{ clientSecret: 'pi_test_x_secret_wrong' }, 404, 'This payment could not be found. Please try again.'],
  ])('the test card call refuses %j with %i "%s" and charges nothing', async (override, status, message) => {
    const { booking, cookie } = await pendingBooking()
    const intent = await (await createIntent(cookie, booking.id)).json()
    const response = await payTestCard({ ...intent, cardNumber: '4242 4242 4242 4242', ...override })
    expect(response.status).toBe(status)
    expect((await response.json()).error).toBe(message)
    const [providerRow] = await getDb()
      .select()
      .from(testProviderIntents)
      .where(eq(testProviderIntents.id, intent.paymentIntentId))
    expect(providerRow.status).toBe('requires_payment_method')
  })

  test.each([
    [{}, 400, 'Booking ID is required'],
    [{ bookingId: 'abc' }, 400, 'Booking ID is required'],
    [{ bookingId: 999999 }, 404, 'Booking not found'],
  ])('create-intent with %j answers %i "%s"', async (body, status, message) => {
    const { cookie } = await pendingBooking()
    const response = await postJson(intentApi.action, '/_api/payments/create-intent', cookie, body)
    expect(response.status).toBe(status)
    expect((await response.json()).error).toBe(message)
    expect(await getDb().select().from(payments)).toHaveLength(0)
  })

  test('only the parent who booked can create the intent or confirm it', async () => {
    const { booking, cookie } = await pendingBooking()
    const stranger = await createUser()
    const strangerCookie = await cookieFor(stranger.id)
    expect((await createIntent(strangerCookie, booking.id)).status).toBe(404)
    expect((await createIntent(undefined, booking.id)).status).toBe(401)
    const intent = await (await createIntent(cookie, booking.id)).json()
    await payTestCard({ ...intent, cardNumber: '4242 4242 4242 4242' })
    expect((await confirm(strangerCookie, intent.paymentIntentId)).status).toBe(404)
    expect((await bookingRow(booking.id)).status).toBe('pending')
    const empty = await confirm(cookie, '')
    expect(empty.status).toBe(400)
    expect((await empty.json()).error).toBe('Payment intent ID is required')
  })

  test('no intent is made for a booking whose 15-minute hold has run out', async () => {
    const { booking, parent } = await pendingBooking()
    const later = new Date(booking.holdExpiresAt!.getTime() + 1000)
    expect(await createPaymentIntentForBooking(parent, booking.id, later)).toMatchObject({
      ok: false,
      status: 409,
      error: 'This booking hold has expired. Please choose your nights again.',
    })
  })

  test('the confirm call checks the amount paid against the booking total', async () => {
    const { booking, cookie } = await pendingBooking()
    const intent = await (await createIntent(cookie, booking.id)).json()
    await payTestCard({ ...intent, cardNumber: '4242 4242 4242 4242' })
    await getDb()
      .update(testProviderIntents)
      .set({ amountCents: 100 })
      .where(eq(testProviderIntents.id, intent.paymentIntentId))
    const response = await confirm(cookie, intent.paymentIntentId)
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ error: 'Payment confirmation failed. Please contact support.' })
    expect((await bookingRow(booking.id)).status).toBe('pending')
  })

  test('a parent who turned confirmation e-mails off gets none; the nurse still does', async () => {
    const { booking, cookie, parent, nurse } = await pendingBooking()
    await setPreferences(parent.id, { bookingConfirmations: false })
    const intent = await (await createIntent(cookie, booking.id)).json()
    await payTestCard({ ...intent, cardNumber: '4242 4242 4242 4242' })
    expect((await confirm(cookie, intent.paymentIntentId)).status).toBe(200)
    expect((await outbox()).map((m) => m.toAddress)).toEqual([nurse.email])
  })

  test('refundPayment refunds through the test provider and records a refund row once', async () => {
    const { booking, cookie } = await pendingBooking()
    const intent = await (await createIntent(cookie, booking.id)).json()
    await payTestCard({ ...intent, cardNumber: '4242 4242 4242 4242' })
    await confirm(cookie, intent.paymentIntentId)
    const night = booking.occurrences[0]
    const input = {
      bookingId: booking.id,
      occurrenceId: night.id,
      amountCents: 33000,
      reason: 'Night cancelled by the parent',
    }
    const refund = await refundPayment(input)
    expect(refund).toMatchObject({
      kind: 'refund',
      provider: 'test',
      status: 'succeeded',
      amountCents: 33000,
      occurrenceId: night.id,
      reason: 'Night cancelled by the parent',
      providerPaymentId: expect.stringMatching(/^re_test_/),
    })
    expect((await refundPayment(input)).id).toBe(refund.id)
    expect(await refundsOf(booking.id)).toHaveLength(1)
    await expect(
      refundPayment({
        bookingId: booking.id,
        occurrenceId: booking.occurrences[1].id,
        amountCents: 40000,
        reason: 'x',
      }),
    ).rejects.toBeInstanceOf(RefundError)
    expect((await chargesOf(booking.id))[0].status).toBe('succeeded')
    await refundPayment({
      bookingId: booking.id,
      occurrenceId: booking.occurrences[1].id,
      amountCents: 33000,
      reason: 'x',
    })
    expect((await chargesOf(booking.id))[0].status).toBe('refunded')
  })

  test('a refund the provider failed is made anew when asked again', async () => {
    const { booking, cookie } = await pendingBooking()
    const intent = await (await createIntent(cookie, booking.id)).json()
    await payTestCard({ ...intent, cardNumber: '4242 4242 4242 4242' })
    await confirm(cookie, intent.paymentIntentId)
    const night = booking.occurrences[0]
    const input = { bookingId: booking.id, occurrenceId: night.id, amountCents: 33000, reason: 'Night cancelled' }
    const failed = await refundPayment(input)
    // The provider reports the refund failed later (Stripe: refund.failed / charge.refund.updated).
    await getDb().update(payments).set({ status: 'failed' }).where(eq(payments.id, failed.id))
    const retried = await refundPayment(input)
    expect(retried.id).not.toBe(failed.id)
    expect(retried.status).toBe('succeeded')
    expect((await refundPayment(input)).id).toBe(retried.id)
    expect((await chargesOf(booking.id))[0].status).toBe('succeeded')
  })

  test('refundPayment refuses a booking that was never paid', async () => {
    const { booking } = await pendingBooking()
    await expect(
      refundPayment({ bookingId: booking.id, occurrenceId: null, amountCents: 100, reason: 'x' }),
    ).rejects.toMatchObject({ status: 404 })
  })
})

describe('a payment that arrives after the hold released the nights', () => {
  async function paidAfterRelease() {
    const setup = await pendingBooking()
    const intent = await (await createIntent(setup.cookie, setup.booking.id)).json()
    await releaseExpiredHolds(new Date(setup.booking.holdExpiresAt!.getTime() + 1000))
    expect((await bookingRow(setup.booking.id)).status).toBe('cancelled')
    // The card form left open in the browser still pays the intent after the release.
    await payTestCard({ ...intent, cardNumber: '4242 4242 4242 4242' })
    return { ...setup, intent }
  }

  test('when the nights are still free the booking is confirmed again', async () => {
    const { booking, cookie, intent } = await paidAfterRelease()
    const response = await confirm(cookie, intent.paymentIntentId)
    expect(response.status).toBe(200)
    const row = await bookingRow(booking.id)
    expect(row.status).toBe('confirmed')
    expect(row.nights.map((n) => n.status)).toEqual(['scheduled', 'scheduled'])
  })

  test('when someone else booked a night meanwhile the payment is refunded in full', async () => {
    const { booking, cookie, intent, nurse, dates } = await paidAfterRelease()
    const other = await createUser()
    const taken = await bookNights(other, BookingRequestSchema.parse(bookingPayload(nurse.id, [dates[1]])))
    expect(taken.ok).toBe(true)

    const response = await confirm(cookie, intent.paymentIntentId)
    expect(response.status).toBe(409)
    expect((await response.json()).error).toBe('Payment confirmation failed. Please contact support.')
    expect((await bookingRow(booking.id)).status).toBe('cancelled')
    const refunds = await refundsOf(booking.id)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ amountCents: 66000, status: 'succeeded' })
    expect((await chargesOf(booking.id))[0].status).toBe('refunded')
    // Asking again refunds nothing more.
    await confirm(cookie, intent.paymentIntentId)
    expect(await refundsOf(booking.id)).toHaveLength(1)
  })
})

describe('paying through Stripe (the real SDK against a local fake)', () => {
  const fake = runOnFakeStripe({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })

  async function deliver(type: string, object: unknown, options: { id?: string; secret?: string } = {}) {
    const event = fake.signedEvent(type, object, options.secret ?? WEBHOOK_SECRET, options.id)
    const response = await call(
      webhookApi.action,
      makeRequest('/_api/payments/webhook', {
        body: event.payload,
        headers: { 'Stripe-Signature': event.signature },
      }),
    )
    return { response, event }
  }

  async function stripeIntentFor(setup: { cookie: string; booking: { id: number } }) {
    const response = await createIntent(setup.cookie, setup.booking.id)
    expect(response.status).toBe(200)
    return response.json()
  }

  test('the intent is created once per booking with its idempotency key', async () => {
    const setup = await pendingBooking()
    const first = await stripeIntentFor(setup)
    expect(first).toMatchObject({ paymentIntentId: expect.stringMatching(/^pi_fake_/), totalAmountCents: 66000 })
    expect(first.clientSecret).toBe(fake.intents.get(first.paymentIntentId)!.client_secret)
    const second = await stripeIntentFor(setup)
    expect(second.paymentIntentId).toBe(first.paymentIntentId)
    expect(fake.intents.size).toBe(1)
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
    expect(creates[0]).toMatchObject({
      idempotencyKey: `booking-${setup.booking.id}-charge`,
      body: { amount: '66000', currency: 'usd', metadata: { bookingId: String(setup.booking.id) } },
    })
    expect((await chargesOf(setup.booking.id))[0]).toMatchObject({ provider: 'stripe', status: 'pending' })
  })

  test('a repeated create with the same key gets the same intent from Stripe itself', async () => {
    const a = await pendingBooking()
    const [first, second] = await Promise.all([
      createPaymentIntentForBooking(a.parent, a.booking.id),
      createPaymentIntentForBooking(a.parent, a.booking.id),
    ])
    expect(first.ok && second.ok && first.paymentIntentId === second.paymentIntentId).toBe(true)
    expect(fake.intents.size).toBe(1)
    expect(await chargesOf(a.booking.id)).toHaveLength(1)
  })

  test('confirm re-reads the intent: unpaid answers 402, paid confirms, a different amount is refused', async () => {
    const setup = await pendingBooking()
    const intent = await stripeIntentFor(setup)
    const unpaid = await confirm(setup.cookie, intent.paymentIntentId)
    expect(unpaid.status).toBe(402)
    expect((await bookingRow(setup.booking.id)).status).toBe('pending')

    fake.succeed(intent.paymentIntentId)
    fake.intents.get(intent.paymentIntentId)!.amount = 500
    const wrongAmount = await confirm(setup.cookie, intent.paymentIntentId)
    expect(wrongAmount.status).toBe(409)
    expect((await bookingRow(setup.booking.id)).status).toBe('pending')

    fake.intents.get(intent.paymentIntentId)!.amount = 66000
    const ok = await confirm(setup.cookie, intent.paymentIntentId)
    expect(ok.status).toBe(200)
    expect((await bookingRow(setup.booking.id)).status).toBe('confirmed')
    expect((await chargesOf(setup.booking.id))[0].status).toBe('succeeded')
  })

  test('a webhook with a bad signature answers 400 and changes nothing', async () => {
    const setup = await pendingBooking()
    const intent = await stripeIntentFor(setup)
    const paid = fake.succeed(intent.paymentIntentId)
    const { response } = await deliver('payment_intent.succeeded', paid, { secret: 'whsec_someone_else' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'Webhook signature verification failed.' })
    const unsigned = await call(
      webhookApi.action,
      makeRequest('/_api/payments/webhook', { body: JSON.stringify({ type: 'payment_intent.succeeded' }) }),
    )
    expect(unsigned.status).toBe(400)
    expect((await bookingRow(setup.booking.id)).status).toBe('pending')
  })

  test('a replayed succeeded event is handled once: one succeeded payment, one pair of e-mails', async () => {
    const setup = await pendingBooking()
    const intent = await stripeIntentFor(setup)
    const paid = fake.succeed(intent.paymentIntentId)
    const first = await deliver('payment_intent.succeeded', paid)
    expect(first.response.status).toBe(200)
    expect(await first.response.json()).toEqual({ received: true, duplicate: false })
    const replay = await deliver('payment_intent.succeeded', paid, { id: first.event.id })
    expect(replay.response.status).toBe(200)
    expect(await replay.response.json()).toEqual({ received: true, duplicate: true })

    const charges = await chargesOf(setup.booking.id)
    expect(charges.filter((c) => c.status === 'succeeded')).toHaveLength(1)
    expect((await bookingRow(setup.booking.id)).status).toBe('confirmed')
    expect(await outbox()).toHaveLength(2)
    // The browser's confirm call arriving after the webhook is fine too.
    expect((await confirm(setup.cookie, intent.paymentIntentId)).status).toBe(200)
    expect(await outbox()).toHaveLength(2)
  })

  test('a payment_failed event arriving after succeeded does not undo the payment', async () => {
    const setup = await pendingBooking()
    const intent = await stripeIntentFor(setup)
    const declinedCopy = { ...fake.decline(intent.paymentIntentId) }
    const paid = { ...fake.succeed(intent.paymentIntentId) }
    await deliver('payment_intent.succeeded', paid)
    const late = await deliver('payment_intent.payment_failed', declinedCopy)
    expect(late.response.status).toBe(200)
    const charges = await chargesOf(setup.booking.id)
    expect(charges).toHaveLength(1)
    expect(charges[0].status).toBe('succeeded')
    expect((await bookingRow(setup.booking.id)).status).toBe('confirmed')
  })

  test('a payment_failed event arriving first, then succeeded, ends succeeded', async () => {
    const setup = await pendingBooking()
    const intent = await stripeIntentFor(setup)
    const declinedCopy = { ...fake.decline(intent.paymentIntentId) }
    await deliver('payment_intent.payment_failed', declinedCopy)
    expect((await chargesOf(setup.booking.id))[0]).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    })
    const paid = fake.succeed(intent.paymentIntentId)
    await deliver('payment_intent.succeeded', paid)
    expect((await chargesOf(setup.booking.id))[0].status).toBe('succeeded')
    expect((await bookingRow(setup.booking.id)).status).toBe('confirmed')
  })

  test('refundPayment refunds through Stripe, and the charge.refunded event adds no second row', async () => {
    const setup = await pendingBooking()
    const intent = await stripeIntentFor(setup)
    fake.succeed(intent.paymentIntentId)
    expect((await confirm(setup.cookie, intent.paymentIntentId)).status).toBe(200)
    const night = setup.booking.occurrences[0]
    const refund = await refundPayment({
      bookingId: setup.booking.id,
      occurrenceId: night.id,
      amountCents: 16500,
      reason: 'Cancelled within 48 hours',
    })
    expect(refund).toMatchObject({ kind: 'refund', provider: 'stripe', amountCents: 16500, status: 'succeeded' })
    const atStripe = fake.refunds.get(refund.providerPaymentId)!
    expect(atStripe).toMatchObject({ amount: 16500, payment_intent: intent.paymentIntentId })
    const refundRequest = fake.requests.find((r) => r.path === '/v1/refunds')!
    expect(refundRequest.idempotencyKey).toBe(`booking-${setup.booking.id}-occurrence-${night.id}-refund`)

    const { response } = await deliver('charge.refunded', fake.chargeFor(intent.paymentIntentId))
    expect(response.status).toBe(200)
    expect(await refundsOf(setup.booking.id)).toHaveLength(1)
  })

  test('a refund made in the Stripe dashboard is recorded from charge.refunded', async () => {
    const setup = await pendingBooking()
    const intent = await stripeIntentFor(setup)
    fake.succeed(intent.paymentIntentId)
    await confirm(setup.cookie, intent.paymentIntentId)
    // Made at Stripe directly, not through the app.
    const { default: Stripe } = await import('stripe')
    const url = new URL(fake.url)
    const sdk = new Stripe('sk_test_fake', { host: url.hostname, port: url.port, protocol: 'http' })
    await sdk.refunds.create({ payment_intent: intent.paymentIntentId })
    const { response } = await deliver('charge.refunded', fake.chargeFor(intent.paymentIntentId))
    expect(response.status).toBe(200)
    const refunds = await refundsOf(setup.booking.id)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ amountCents: 66000, provider: 'stripe' })
    expect((await chargesOf(setup.booking.id))[0].status).toBe('refunded')
  })

  test('an event for an intent that is not ours is acknowledged and ignored', async () => {
    const { response } = await deliver('payment_intent.succeeded', { id: 'pi_elsewhere', object: 'payment_intent' })
    expect(response.status).toBe(200)
    expect(await getDb().select().from(payments)).toHaveLength(0)
  })

  test('the test card call is closed when Stripe is configured', async () => {
    const setup = await pendingBooking()
    const intent = await stripeIntentFor(setup)
    const response = await payTestCard({ ...intent, cardNumber: '4242 4242 4242 4242' })
    expect(response.status).toBe(404)
  })
})
