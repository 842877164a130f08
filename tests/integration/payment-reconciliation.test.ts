// Money is reconciled (issue 9; docs/decisions/0013): the hold sweep asks the provider before it
// releases an unpaid booking, a reconciliation job settles payments left pending from the
// provider's records, on both providers, with the clock passed in; a fully refunded charge reads
// `refunded`. No path leaves a family charged without a confirmed booking or a refund.
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookingOccurrences, bookings, outboxEmails, payments } from '../../app/db/schema'
// The app's own booking use case, as a parent places one; createBooking (factories) writes rows.
import { bookNights as placeBooking } from '../../app/domain/payments/book-nights.server'
import { cancelOccurrence } from '../../app/domain/payments/cancellation.server'
import { createPaymentIntentForBooking, payWithTestCard } from '../../app/domain/payments/payments.server'
import { reconcilePayments, releaseExpiredHolds, RECONCILE_AFTER_MINUTES } from '../../app/domain/payments/reconciliation.server'
import { BookingRequestSchema } from '../../app/schemas/booking'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { bookingPayload } from '../support/fixtures'
import { runOnFakeStripe } from '../support/fake-stripe-keys'

const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60 * 1000)

/** A parent with a pending booking of two nights at $300 a night ($660) and its intent. */
async function bookingWithIntent() {
  const dates = futureDates(6, 7)
  const nurse = await createNurse({ openDates: dates, rateCents: 30000 })
  const parent = await createUser({ displayName: 'Paula Parent' })
  const created = await placeBooking(parent, BookingRequestSchema.parse(bookingPayload(nurse.id, dates)))
  if (!created.ok) throw new Error(created.error)
  const intent = await createPaymentIntentForBooking(parent, created.booking.id)
  if (!intent.ok) throw new Error(intent.error)
  return { parent, nurse, dates, booking: created.booking, intent }
}

async function payCard(intent: { paymentIntentId: string; clientSecret: string }, cardNumber = '4242 4242 4242 4242') {
  return payWithTestCard({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber })
}

async function state(bookingId: number) {
  const db = getDb()
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId))
  const nights = await db.select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, bookingId))
  const rows = await db.select().from(payments).where(eq(payments.bookingId, bookingId))
  return {
    status: booking.status,
    nights: nights.map((n) => n.status),
    charge: rows.find((p) => p.kind === 'charge')?.status,
    refunds: rows.filter((p) => p.kind === 'refund').map((p) => [p.amountCents, p.status]),
  }
}

async function mailTo(email: string) {
  return getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, email))
}

describe('the hold sweep asks the provider first (test provider)', () => {
  test('a booking whose card succeeded but was never confirmed is confirmed, not cancelled', async () => {
    const { parent, booking, intent } = await bookingWithIntent()
    expect((await payCard(intent)).ok).toBe(true)
    // The process died here: no confirm call, no webhook.
    expect(await state(booking.id)).toMatchObject({ status: 'pending', charge: 'pending' })

    const swept = await releaseExpiredHolds(minutes(booking.holdExpiresAt!, 1))
    expect(swept).toEqual({ releasedBookingIds: [], confirmedBookingIds: [booking.id] })
    expect(await state(booking.id)).toEqual({
      status: 'confirmed',
      nights: ['scheduled', 'scheduled'],
      charge: 'succeeded',
      refunds: [],
    })
    expect((await mailTo(parent.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Booking confirmed/)])
  })

  test('a booking whose card was declined, or never tried, is released as before', async () => {
    const declined = await bookingWithIntent()
    expect((await payCard(declined.intent, '4000 0000 0000 0002')).ok).toBe(false)
    const swept = await releaseExpiredHolds(minutes(declined.booking.holdExpiresAt!, 1))
    expect(swept).toEqual({ releasedBookingIds: [declined.booking.id], confirmedBookingIds: [] })
    expect(await state(declined.booking.id)).toMatchObject({ status: 'cancelled', nights: ['cancelled', 'cancelled'] })
  })
})

describe('the reconciliation job (test provider)', () => {
  test(`settles a payment left pending for ${RECONCILE_AFTER_MINUTES} minutes: the paid booking is confirmed`, async () => {
    const { booking, intent } = await bookingWithIntent()
    await payCard(intent)
    const [charge] = await getDb()
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.kind, 'charge')))

    // Too soon: the family's own confirm call may still be on its way.
    await reconcilePayments(minutes(charge.updatedAt, RECONCILE_AFTER_MINUTES - 1))
    expect(await state(booking.id)).toMatchObject({ status: 'pending', charge: 'pending' })

    const result = await reconcilePayments(minutes(charge.updatedAt, RECONCILE_AFTER_MINUTES))
    expect(result).toMatchObject({ confirmedBookingIds: [booking.id], refundedBookingIds: [] })
    expect(await state(booking.id)).toMatchObject({ status: 'confirmed', charge: 'succeeded' })
  })

  test('a payment that went through after the sweep released nights someone else then took is refunded in full, with an e-mail', async () => {
    const { parent, nurse, dates, booking, intent } = await bookingWithIntent()
    const expired = minutes(booking.holdExpiresAt!, 1)
    expect((await releaseExpiredHolds(expired)).releasedBookingIds).toEqual([booking.id])
    const other = await createUser()
    const taken = await placeBooking(other, BookingRequestSchema.parse(bookingPayload(nurse.id, [dates[1]])))
    expect(taken.ok).toBe(true)
    // The family's stale card form still pays the open intent; the process dies before confirming.
    expect((await payCard(intent)).ok).toBe(true)

    const later = minutes(new Date(), RECONCILE_AFTER_MINUTES + 1)
    const result = await reconcilePayments(later)
    expect(result).toMatchObject({ confirmedBookingIds: [], refundedBookingIds: [booking.id] })
    expect(await state(booking.id)).toEqual({
      status: 'cancelled',
      nights: ['cancelled', 'cancelled'],
      charge: 'refunded',
      refunds: [[66000, 'succeeded']],
    })
    const mail = await mailTo(parent.email)
    expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your payment has been refunded in full/)])
    expect(mail[0].textBody).toContain('$660.00')

    // Running again (or on another server) refunds nothing more and sends nothing more.
    await reconcilePayments(minutes(later, RECONCILE_AFTER_MINUTES + 1))
    expect((await state(booking.id)).refunds).toHaveLength(1)
    expect(await mailTo(parent.email)).toHaveLength(1)
  })

  test('a payment that went through after release, with the nights still free, gets its booking back', async () => {
    const { booking, intent } = await bookingWithIntent()
    await releaseExpiredHolds(minutes(booking.holdExpiresAt!, 1))
    await payCard(intent)
    const result = await reconcilePayments(minutes(new Date(), RECONCILE_AFTER_MINUTES + 1))
    expect(result.confirmedBookingIds).toEqual([booking.id])
    expect(await state(booking.id)).toMatchObject({ status: 'confirmed', nights: ['scheduled', 'scheduled'], charge: 'succeeded' })
  })

  test('two servers reconciling at once confirm once and send one pair of e-mails', async () => {
    const { parent, nurse, booking, intent } = await bookingWithIntent()
    await payCard(intent)
    const later = minutes(new Date(), RECONCILE_AFTER_MINUTES + 1)
    const results = await Promise.all([reconcilePayments(later), reconcilePayments(later)])
    expect(results.flatMap((r) => r.confirmedBookingIds)).toEqual([booking.id])
    expect(await state(booking.id)).toMatchObject({ status: 'confirmed', charge: 'succeeded' })
    expect(await mailTo(parent.email)).toHaveLength(1)
    expect(await mailTo(nurse.email)).toHaveLength(1)
  })

  test('an unpaid charge is asked about less and less often as it ages, and not after a week', async () => {
    const { booking } = await bookingWithIntent()
    const now = new Date()
    const hours = (n: number) => new Date(now.getTime() - n * 60 * 60 * 1000)
    const age = (createdAt: Date, updatedAt: Date) =>
      getDb().update(payments).set({ createdAt, updatedAt }).where(eq(payments.bookingId, booking.id))
    // Two days old, looked at an hour ago: next look after a tenth of its age (4.8 hours).
    await age(hours(48), hours(1))
    expect((await reconcilePayments(now)).checked).toBe(0)
    await age(hours(48), hours(5))
    expect((await reconcilePayments(now)).checked).toBe(1)
    // Eight days old: no longer asked about.
    await age(hours(8 * 24), hours(24 * 7))
    expect((await reconcilePayments(now)).checked).toBe(0)
  })

  test('an unpaid intent stays pending and its booking is left to the hold sweep', async () => {
    const { booking } = await bookingWithIntent()
    const result = await reconcilePayments(minutes(new Date(), RECONCILE_AFTER_MINUTES + 1))
    expect(result).toMatchObject({ confirmedBookingIds: [], refundedBookingIds: [] })
    expect(await state(booking.id)).toMatchObject({ status: 'pending', charge: 'pending' })
  })
})

describe('a fully refunded charge reads refunded', () => {
  test('after every night is cancelled with a full refund, even all at once', async () => {
    const parent = await createUser()
    const nurse = await createNurse({ rateCents: 35000 })
    const booking = await createBooking({ parent, nurse, dates: ['2026-12-10', '2026-12-11', '2026-12-12'] })
    const now = new Date('2026-12-01T12:00:00Z')
    const results = await Promise.all(
      booking.occurrenceIds.map((occurrenceId) => cancelOccurrence({ parentId: parent.id, occurrenceId, now })),
    )
    expect(results.every((r) => r.ok)).toBe(true)
    const after = await state(booking.id)
    expect(after.refunds.reduce((sum, [amount]) => sum + Number(amount), 0)).toBe(booking.totalAmountCents)
    expect(after.charge).toBe('refunded')
  })

  test('a partial refund leaves the charge succeeded', async () => {
    const parent = await createUser()
    const nurse = await createNurse({ rateCents: 35000 })
    const booking = await createBooking({ parent, nurse, dates: ['2026-12-10', '2026-12-11'] })
    await cancelOccurrence({ parentId: parent.id, occurrenceId: booking.occurrenceIds[0], now: new Date('2026-12-01T12:00:00Z') })
    expect((await state(booking.id)).charge).toBe('succeeded')
  })
})

describe('on Stripe (the real SDK against the local fake)', () => {
  const fake = runOnFakeStripe()

  test('the sweep confirms a booking whose PaymentIntent succeeded with no webhook and no confirm call', async () => {
    const { booking, intent } = await bookingWithIntent()
    expect(intent.paymentIntentId).toMatch(/^pi_fake_/)
    fake.succeed(intent.paymentIntentId)
    const swept = await releaseExpiredHolds(minutes(booking.holdExpiresAt!, 1))
    expect(swept).toEqual({ releasedBookingIds: [], confirmedBookingIds: [booking.id] })
    expect(await state(booking.id)).toMatchObject({ status: 'confirmed', charge: 'succeeded' })
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.paymentIntentId}`)).toBe(true)
  })

  test('the sweep releases a booking whose PaymentIntent is unpaid', async () => {
    const { booking } = await bookingWithIntent()
    const swept = await releaseExpiredHolds(minutes(booking.holdExpiresAt!, 1))
    expect(swept.releasedBookingIds).toEqual([booking.id])
  })

  test('the job settles a pending Stripe payment: confirmed while its nights are held, refunded at Stripe once they are taken', async () => {
    const released = await bookingWithIntent()
    expect((await releaseExpiredHolds(released.booking.holdExpiresAt!)).releasedBookingIds).toEqual([released.booking.id])
    const held = await bookingWithIntent()
    fake.succeed(held.intent.paymentIntentId)
    const other = await createUser()
    expect(
      (await placeBooking(other, BookingRequestSchema.parse(bookingPayload(released.nurse.id, [released.dates[0]])))).ok,
    ).toBe(true)
    fake.succeed(released.intent.paymentIntentId)

    const result = await reconcilePayments(minutes(new Date(), RECONCILE_AFTER_MINUTES + 1))
    expect(result.confirmedBookingIds).toEqual([held.booking.id])
    expect(result.refundedBookingIds).toEqual([released.booking.id])
    expect(await state(held.booking.id)).toMatchObject({ status: 'confirmed', charge: 'succeeded' })
    expect(await state(released.booking.id)).toMatchObject({ status: 'cancelled', charge: 'refunded', refunds: [[66000, 'succeeded']] })
    expect(fake.refundedAmount(released.intent.paymentIntentId)).toBe(66000)
  })
})
