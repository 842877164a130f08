// Saved cards and weekly charging (issue 15, docs/decisions/0028): a weekly series longer than two
// weeks pays its first week at booking, keeps the card, and is charged each later week five days
// before it starts, once however many servers run the job; a declined week waits 48 hours for the
// family, then its nights are released and the nurse is told. On the built-in test provider and on
// Stripe (the real SDK against a local fake).
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookingChargeWeeks, bookingOccurrences, outboxEmails, payments, savedCards, users } from '../../app/db/schema'
import { bookNights } from '../../app/domain/payments/book-nights.server'
import { cancelBookingAsAdmin, cancelOccurrence, NOT_CHARGED_MESSAGE } from '../../app/domain/payments/cancellation.server'
import { nightShareCents } from '../../app/domain/bookings/cancellation'
import { UNPAID_WEEK_HOLD_HOURS } from '../../app/domain/payments/charge-weeks'
import { getChargeSchedule } from '../../app/domain/payments/charge-weeks.server'
import { reconcilePayments } from '../../app/domain/payments/reconciliation.server'
import {
  confirmPayment,
  createPaymentIntentForBooking,
  payBookingWithSavedCard,
  payWithTestCard,
} from '../../app/domain/payments/payments.server'
import { TEST_CARD_SAVED_DECLINES, TEST_CARD_SUCCEEDS } from '../../app/domain/payments/test-cards'
import { getSavedCard, removeSavedCard, saveTestCardForParent } from '../../app/domain/payments/saved-cards.server'
import { chargeDueWeeks, payWeekNow, releaseUnpaidWeeks } from '../../app/domain/payments/weekly-charges.server'
import { bookingLedger, connectTestPayoutAccount, payDueNights } from '../../app/domain/payouts/payouts.server'
import { TEST_ACCOUNT_SUCCEEDS, TEST_ROUTING_NUMBER } from '../../app/domain/payments/test-cards'
import { BookingRequestSchema } from '../../app/schemas/booking'
import * as webhookApi from '../../app/api/payments.webhook'
import { createNurse, createUser, futureDates, type TestNurse } from '../support/factories'
import { bookingPayload, call, makeRequest } from '../support/fixtures'
import { runOnFakeStripe } from '../support/fake-stripe-keys'

const HOUR = 60 * 60 * 1000
const RATE = 30000
// One night a week at $300: each night's share of the total is $330 (the fee is 10%).
const SHARE = 33000

async function subjectsTo(userId: number) {
  const [user] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId))
  const sent = await getDb().select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email))
  return sent.map((email) => email.subject)
}

async function weeksOf(bookingId: number) {
  return getDb().select().from(bookingChargeWeeks).where(eq(bookingChargeWeeks.bookingId, bookingId)).orderBy(bookingChargeWeeks.week)
}

async function chargesOf(bookingId: number) {
  return (await getDb().select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.id)).filter(
    (row) => row.kind === 'charge',
  )
}

async function nightsOf(bookingId: number) {
  return getDb().select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, bookingId)).orderBy(bookingOccurrences.startsAt)
}

/** The series' nights happened: each ends 2, 3, 4… days ago (in order), so they are payable now. */
async function moveIntoThePast(bookingId: number) {
  const nights = await nightsOf(bookingId)
  for (const [index, night] of [...nights].reverse().entries()) {
    const endsAt = new Date(Date.now() - (2 + index) * 24 * HOUR)
    await getDb()
      .update(bookingOccurrences)
      .set({ startsAt: new Date(endsAt.getTime() - 8 * HOUR), endsAt })
      .where(eq(bookingOccurrences.id, night.id))
  }
}

/** A six-week series of one night a week (the first night in `startOffset` days), booked and unpaid. */
async function bookSeries(options: { weeks?: number; nightsPerWeek?: number; startOffset?: number; nurse?: TestNurse } = {}) {
  const weeks = options.weeks ?? 6
  const perWeek = options.nightsPerWeek ?? 1
  const start = options.startOffset ?? 3
  const firstWeek = Array.from({ length: perWeek }, (_, i) => start + i)
  const all = Array.from({ length: weeks }, (_, w) => firstWeek.map((d) => d + 7 * w)).flat()
  const nurse = options.nurse ?? (await createNurse({ rateCents: RATE, openDates: futureDates(...all) }))
  const parent = await createUser({ displayName: 'Wendy Weekly' })
  const request = BookingRequestSchema.parse(
    bookingPayload(nurse.id, futureDates(...firstWeek), { pattern: 'recurring', weeksCount: weeks, nightsPerWeek: perWeek }),
  )
  const made = await bookNights({ id: parent.id, role: 'parent' }, request)
  if (!made.ok) throw new Error(made.error)
  return { nurse, parent, booking: made.booking }
}

/** Pays the first week with a test card typed at /book (which keeps the card). */
async function payFirstWeek(parent: { id: number; email: string }, bookingId: number, cardNumber = TEST_CARD_SUCCEEDS) {
  const intent = await createPaymentIntentForBooking(parent, bookingId)
  if (!intent.ok) throw new Error(intent.error)
  const paid = await payWithTestCard({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber })
  if (!paid.ok) throw new Error(paid.error)
  const confirmed = await confirmPayment({ id: parent.id, role: 'parent' }, intent.paymentIntentId)
  if (!confirmed.ok) throw new Error(confirmed.error)
  return intent
}

describe('weekly charging with the built-in test provider', () => {
  test('a six-week series pays only its first week at booking and keeps the card', async () => {
    const { parent, booking } = await bookSeries()
    const weeks = await weeksOf(booking.id)
    expect(weeks.map((week) => [week.week, week.status])).toEqual([
      [1, 'scheduled'],
      [2, 'scheduled'],
      [3, 'scheduled'],
      [4, 'scheduled'],
      [5, 'scheduled'],
      [6, 'scheduled'],
    ])
    // Each later week is due five days before its first night starts.
    const nights = await nightsOf(booking.id)
    expect(weeks[1].dueAt.getTime()).toBe(nights[1].startsAt.getTime() - 5 * 24 * HOUR)

    const intent = await payFirstWeek(parent, booking.id)
    expect(intent).toMatchObject({ amountDueCents: SHARE, totalAmountCents: 6 * SHARE })
    expect(await chargesOf(booking.id)).toMatchObject([{ amountCents: SHARE, week: 1, status: 'succeeded' }])
    expect((await weeksOf(booking.id))[0]).toMatchObject({ status: 'paid' })
    expect(await getSavedCard(parent.id)).toMatchObject({ provider: 'test', last4: '4242' })
    const schedule = await getChargeSchedule(booking.id)
    expect(schedule.map((week) => [week.status, week.amountCents])).toEqual([
      ['paid', SHARE],
      ['scheduled', SHARE],
      ['scheduled', SHARE],
      ['scheduled', SHARE],
      ['scheduled', SHARE],
      ['scheduled', SHARE],
    ])
  })

  test('a series of two weeks, and a one-time booking, are still paid in full at booking', async () => {
    const { parent, booking } = await bookSeries({ weeks: 2 })
    expect(await weeksOf(booking.id)).toEqual([])
    const intent = await createPaymentIntentForBooking(parent, booking.id)
    expect(intent).toMatchObject({ amountDueCents: 2 * SHARE, totalAmountCents: 2 * SHARE })
  })

  test('each week is charged once when due, however many servers run the job', async () => {
    const { nurse, parent, booking } = await bookSeries()
    await payFirstWeek(parent, booking.id)
    const weeks = await weeksOf(booking.id)
    const due = weeks[1].dueAt
    expect(await chargeDueWeeks(new Date(due.getTime() - 1))).toEqual({ charged: 0, failed: 0, waived: 0, skipped: 0 })
    const runs = await Promise.all([chargeDueWeeks(due), chargeDueWeeks(due), chargeDueWeeks(due)])
    expect(runs.reduce((sum, run) => sum + run.charged, 0)).toBe(1)
    const charges = await chargesOf(booking.id)
    expect(charges.map((row) => [row.week, row.amountCents, row.status])).toEqual([
      [1, SHARE, 'succeeded'],
      [2, SHARE, 'succeeded'],
    ])
    expect(charges[1].providerPaymentId).toMatch(/^pi_test_/)
    expect((await weeksOf(booking.id))[1]).toMatchObject({ status: 'paid', paymentId: charges[1].id })
    expect((await subjectsTo(parent.id)).filter((subject) => subject.startsWith('Week 2 paid'))).toEqual([
      `Week 2 paid: $330.00 for your nights with ${nurse.name}`,
    ])
    // Running again later charges nothing more for week 2.
    await chargeDueWeeks(new Date(due.getTime() + HOUR))
    expect((await chargesOf(booking.id)).filter((row) => row.week === 2)).toHaveLength(1)
  })

  test('a night cancelled before its week is charged is refunded nothing and never charged', async () => {
    const { parent, booking } = await bookSeries({ nightsPerWeek: 2 })
    await payFirstWeek(parent, booking.id)
    const nights = await nightsOf(booking.id)
    const weekThreeNight = nights[4]
    const cancelled = await cancelOccurrence({ parentId: parent.id, occurrenceId: weekThreeNight.id, now: new Date() })
    expect(cancelled).toMatchObject({ ok: true, refundCents: 0, message: NOT_CHARGED_MESSAGE })
    expect((await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))).filter((row) => row.kind === 'refund')).toEqual([])
    const weeks = await weeksOf(booking.id)
    await chargeDueWeeks(weeks[2].dueAt)
    const weekThree = (await chargesOf(booking.id)).filter((row) => row.week === 3)
    // Week 3 had two nights; only the one left is charged.
    expect(weekThree.map((row) => [row.amountCents, row.status])).toEqual([[SHARE, 'succeeded']])
  })

  test('a night of a paid week is refunded from that week’s charge', async () => {
    const { parent, booking } = await bookSeries()
    await payFirstWeek(parent, booking.id)
    const weeks = await weeksOf(booking.id)
    await chargeDueWeeks(weeks[1].dueAt)
    const nights = await nightsOf(booking.id)
    const result = await cancelOccurrence({ parentId: parent.id, occurrenceId: nights[1].id, now: new Date() })
    expect(result).toMatchObject({ ok: true, refundCents: SHARE })
    const refunds = (await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))).filter((row) => row.kind === 'refund')
    expect(refunds.map((row) => [row.week, row.amountCents])).toEqual([[2, SHARE]])
    const weekTwo = (await chargesOf(booking.id)).find((row) => row.week === 2)!
    expect(weekTwo.status).toBe('refunded')
    expect((await chargesOf(booking.id)).find((row) => row.week === 1)!.status).toBe('succeeded')
  })

  test('a declined weekly charge holds the week 48 hours, then releases its nights and tells the nurse', async () => {
    const { nurse, parent, booking } = await bookSeries()
    await payFirstWeek(parent, booking.id)
    // The family's saved card is now one the bank declines.
    expect((await saveTestCardForParent(parent.id, TEST_CARD_SAVED_DECLINES)).ok).toBe(true)
    const weeks = await weeksOf(booking.id)
    const due = weeks[1].dueAt
    expect(await chargeDueWeeks(due)).toMatchObject({ failed: 1 })
    const failed = (await weeksOf(booking.id))[1]
    expect(failed).toMatchObject({ status: 'failed', lastError: 'Your card was declined.' })
    expect(failed.failedAt!.getTime()).toBe(due.getTime())
    expect((await chargesOf(booking.id)).find((row) => row.week === 2)).toMatchObject({ status: 'failed' })
    expect(await subjectsTo(parent.id)).toContain(`Payment needed: week 2 with ${nurse.name}`)
    // The job does not charge a failed week again by itself.
    expect(await chargeDueWeeks(new Date(due.getTime() + HOUR))).toMatchObject({ charged: 0, failed: 0 })

    const releaseAt = new Date(due.getTime() + UNPAID_WEEK_HOLD_HOURS * HOUR)
    expect(await releaseUnpaidWeeks(new Date(releaseAt.getTime() - 1))).toBe(0)
    const runs = await Promise.all([releaseUnpaidWeeks(releaseAt), releaseUnpaidWeeks(releaseAt)])
    expect(runs[0] + runs[1]).toBe(1)
    const nights = await nightsOf(booking.id)
    expect(nights.map((night) => night.status)).toEqual(['scheduled', 'cancelled', 'scheduled', 'scheduled', 'scheduled', 'scheduled'])
    expect(nights[1].refundCents).toBe(SHARE)
    expect((await weeksOf(booking.id))[1]).toMatchObject({ status: 'released' })
    expect(await subjectsTo(parent.id)).toContain(`Nights released: week 2 with ${nurse.name}`)
    const nurseSubjects = await subjectsTo(nurse.userId)
    expect(nurseSubjects.some((subject) => subject.startsWith('Nights free again'))).toBe(true)
    // No money moved for the released week.
    expect((await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))).filter((row) => row.kind === 'refund')).toEqual([])
  })

  test('the family pays a declined week from the booking page before it is released', async () => {
    const { parent, booking } = await bookSeries()
    await payFirstWeek(parent, booking.id, TEST_CARD_SUCCEEDS)
    expect((await saveTestCardForParent(parent.id, TEST_CARD_SAVED_DECLINES)).ok).toBe(true)
    const weeks = await weeksOf(booking.id)
    await chargeDueWeeks(weeks[1].dueAt)
    // The saved card is declined again; another parent cannot pay it; a working card pays it.
    expect(await payWeekNow({ parentId: parent.id, bookingId: booking.id, week: 2 })).toMatchObject({ ok: false, status: 402 })
    const stranger = await createUser()
    expect(await payWeekNow({ parentId: stranger.id, bookingId: booking.id, week: 2, cardNumber: TEST_CARD_SUCCEEDS })).toMatchObject({
      ok: false,
      status: 404,
    })
    expect(await payWeekNow({ parentId: parent.id, bookingId: booking.id, week: 2, cardNumber: TEST_CARD_SUCCEEDS })).toEqual({ ok: true })
    expect((await weeksOf(booking.id))[1]).toMatchObject({ status: 'paid' })
    const weekTwo = (await chargesOf(booking.id)).filter((row) => row.week === 2)
    expect(weekTwo.map((row) => row.status)).toEqual(['failed', 'failed', 'succeeded'])
    expect(new Set(weekTwo.map((row) => row.idempotencyKey)).size).toBe(3)
    // Paid weeks are never released.
    expect(await releaseUnpaidWeeks(new Date(Date.now() + 30 * 24 * HOUR))).toBe(0)
    expect(await getSavedCard(parent.id)).toMatchObject({ last4: '4242' })
  })

  test('a week whose charge a server claimed but never sent is sent again by the job, under the same key, and left alone by reconciliation', async () => {
    const { parent, booking } = await bookSeries()
    await payFirstWeek(parent, booking.id)
    const weeks = await weeksOf(booking.id)
    const due = weeks[1].dueAt
    // A server claimed week 2 and wrote its charge row, then died before calling the provider.
    const key = `booking-${booking.id}-week-2-charge`
    await getDb().update(bookingChargeWeeks).set({ status: 'charging', updatedAt: due }).where(eq(bookingChargeWeeks.id, weeks[1].id))
    await getDb()
      .insert(payments)
      .values({ bookingId: booking.id, kind: 'charge', provider: 'test', providerPaymentId: key, idempotencyKey: key, amountCents: SHARE, feeCents: 3000, status: 'pending', week: 2, createdAt: due, updatedAt: due })
    expect(await reconcilePayments(new Date(due.getTime() + HOUR))).toMatchObject({ checked: 0 })
    // Not before ten minutes: the claim may still be in flight.
    expect(await chargeDueWeeks(new Date(due.getTime() + 5 * 60_000))).toMatchObject({ charged: 0 })
    expect(await chargeDueWeeks(new Date(due.getTime() + 11 * 60_000))).toMatchObject({ charged: 1 })
    const weekTwo = (await chargesOf(booking.id)).filter((row) => row.week === 2)
    expect(weekTwo.map((row) => [row.idempotencyKey, row.status])).toEqual([[key, 'succeeded']])
    expect(weekTwo[0].providerPaymentId).toMatch(/^pi_test_/)
  })

  test('without a saved card the week fails and the family is asked to pay', async () => {
    const { parent, booking } = await bookSeries()
    await payFirstWeek(parent, booking.id)
    await removeSavedCard(parent.id)
    const weeks = await weeksOf(booking.id)
    expect(await chargeDueWeeks(weeks[1].dueAt)).toMatchObject({ failed: 1 })
    expect((await weeksOf(booking.id))[1]).toMatchObject({ status: 'failed', lastError: 'No card is saved for the weekly payments.' })
  })

  test('the saved card pays a new booking in one click', async () => {
    const { parent, booking } = await bookSeries()
    expect((await saveTestCardForParent(parent.id, TEST_CARD_SUCCEEDS)).ok).toBe(true)
    const intent = await createPaymentIntentForBooking(parent, booking.id)
    if (!intent.ok) throw new Error(intent.error)
    const actor = { id: parent.id, role: 'parent' as const }
    expect(await payBookingWithSavedCard(actor, booking.id)).toMatchObject({ ok: true, paymentIntentId: intent.paymentIntentId })
    expect((await weeksOf(booking.id))[0]).toMatchObject({ status: 'paid' })
    // Another parent's booking cannot be paid with it.
    const other = await bookSeries()
    expect(await payBookingWithSavedCard(actor, other.booking.id)).toMatchObject({ ok: false, status: 404 })
  })

  test('an admin cancelling the series refunds each charged week from its own charge, and nothing of the rest', async () => {
    const { parent, booking } = await bookSeries()
    await payFirstWeek(parent, booking.id)
    const weeks = await weeksOf(booking.id)
    await chargeDueWeeks(weeks[1].dueAt)
    const admin = await createUser({ role: 'admin' })
    const result = await cancelBookingAsAdmin({ bookingId: booking.id, actorId: admin.id, notes: null, now: new Date() })
    expect(result).toMatchObject({ ok: true, nightsCancelled: 6, refundCents: 2 * SHARE })
    const refunds = (await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))).filter((row) => row.kind === 'refund')
    expect(refunds.map((row) => [row.week, row.amountCents]).sort()).toEqual([
      [1, SHARE],
      [2, SHARE],
    ])
    // The weeks not charged yet are never charged.
    expect(await chargeDueWeeks(weeks[5].dueAt)).toMatchObject({ charged: 0, waived: 4 })
  })

  test('once every night is worked and paid out, the series’ ledger sums to zero', async () => {
    const { nurse, parent, booking } = await bookSeries({ weeks: 3 })
    const connected = await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
    expect(connected.ok).toBe(true)
    await payFirstWeek(parent, booking.id)
    const weeks = await weeksOf(booking.id)
    await chargeDueWeeks(weeks[2].dueAt)
    expect((await weeksOf(booking.id)).map((week) => week.status)).toEqual(['paid', 'paid', 'paid'])
    // The nights happened: move them into the past, then pay the nurse.
    await moveIntoThePast(booking.id)
    expect(await payDueNights(new Date())).toMatchObject({ paid: 3 })
    const ledger = await bookingLedger(booking.id)
    expect(ledger.entries.filter((entry) => entry.kind === 'charge').map((entry) => entry.amountCents)).toEqual([SHARE, SHARE, SHARE])
    expect(ledger.balanceCents).toBe(0)
  })

  test('a night of a week not charged is never paid out to the nurse', async () => {
    const { nurse, parent, booking } = await bookSeries({ weeks: 3 })
    await connectTestPayoutAccount(nurse.userId, { routingNumber: TEST_ROUTING_NUMBER, accountNumber: TEST_ACCOUNT_SUCCEEDS })
    await payFirstWeek(parent, booking.id)
    await moveIntoThePast(booking.id)
    // Only week 1 was charged: only its night is paid out.
    expect(await payDueNights(new Date())).toMatchObject({ paid: 1 })
    const nights = await nightsOf(booking.id)
    const payouts = (await getDb().select().from(payments).where(and(eq(payments.bookingId, booking.id), eq(payments.kind, 'payout'))))
    expect(payouts.map((row) => row.occurrenceId)).toEqual([nights[0].id])
    expect(nightShareCents(RATE, { subtotalCents: 3 * RATE, totalAmountCents: 3 * SHARE })).toBe(SHARE)
  })
})

describe('saved cards and weekly charging through Stripe (the real SDK against a local fake)', () => {
  const WEBHOOK_SECRET = 'whsec_fake_weekly'
  const fake = runOnFakeStripe({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })

  async function deliver(type: string, object: unknown) {
    const event = fake.signedEvent(type, object, WEBHOOK_SECRET)
    return call(
      webhookApi.action,
      makeRequest('/_api/payments/webhook', { body: event.payload, headers: { 'Stripe-Signature': event.signature } }),
    )
  }

  async function payFirstWeekAtStripe(parent: { id: number; email: string }, bookingId: number) {
    const intent = await createPaymentIntentForBooking(parent, bookingId)
    if (!intent.ok) throw new Error(intent.error)
    fake.payIntent(intent.paymentIntentId)
    const confirmed = await confirmPayment({ id: parent.id, role: 'parent' }, intent.paymentIntentId)
    if (!confirmed.ok) throw new Error(confirmed.error)
    return intent
  }

  test('the first week’s intent keeps the card on the parent’s customer, and later weeks are charged off-session', async () => {
    const { parent, booking } = await bookSeries()
    const intent = await payFirstWeekAtStripe(parent, booking.id)
    const created = fake.requests.find((request) => request.method === 'POST' && request.path === '/v1/payment_intents')!
    expect(created.body).toMatchObject({ amount: String(SHARE), setup_future_usage: 'off_session' })
    expect(String(created.body.customer)).toMatch(/^cus_/)
    const card = await getSavedCard(parent.id)
    expect(card).toMatchObject({ provider: 'stripe', customerId: created.body.customer })
    expect(card!.paymentMethodId).toBe(fake.intents.get(intent.paymentIntentId)!.payment_method)

    const weeks = await weeksOf(booking.id)
    const runs = await Promise.all([chargeDueWeeks(weeks[1].dueAt), chargeDueWeeks(weeks[1].dueAt)])
    expect(runs[0].charged + runs[1].charged).toBe(1)
    const offSession = fake.requests.filter((request) => request.path === '/v1/payment_intents' && request.body.off_session === 'true')
    expect(offSession).toHaveLength(1)
    expect(offSession[0].body).toMatchObject({ confirm: 'true', payment_method: card!.paymentMethodId, amount: String(SHARE) })
    expect(offSession[0].idempotencyKey).toBe(`booking-${booking.id}-week-2-charge`)
    expect((await weeksOf(booking.id))[1]).toMatchObject({ status: 'paid' })
  })

  test('a declined off-session charge fails the week; the card saved at Stripe’s form then pays it', async () => {
    const { parent, booking } = await bookSeries()
    await payFirstWeekAtStripe(parent, booking.id)
    const card = (await getSavedCard(parent.id))!
    // The bank now declines the saved card.
    const declining = fake.addCard(card.customerId, { declines: true, last4: '0341' })
    await getDb().update(savedCards).set({ paymentMethodId: declining }).where(eq(savedCards.userId, parent.id))
    const weeks = await weeksOf(booking.id)
    expect(await chargeDueWeeks(weeks[1].dueAt)).toMatchObject({ failed: 1 })
    expect((await weeksOf(booking.id))[1]).toMatchObject({ status: 'failed', lastError: 'Your card was declined.' })

    // The parent saves another card with Stripe's form; the webhook alone is enough to keep it.
    const { startCardSetup } = await import('../../app/domain/payments/saved-cards.server')
    const setup = await startCardSetup(parent.id)
    if (!setup.ok) throw new Error(setup.error)
    const setupId = setup.clientSecret.split('_secret_')[0]
    fake.completeSetup(setupId, { last4: '4444', brand: 'mastercard' })
    const response = await deliver('setup_intent.succeeded', fake.setupIntents.get(setupId))
    expect(response.status).toBe(200)
    expect(await getSavedCard(parent.id)).toMatchObject({ last4: '4444', brand: 'mastercard' })

    expect(await payWeekNow({ parentId: parent.id, bookingId: booking.id, week: 2 })).toEqual({ ok: true })
    expect((await weeksOf(booking.id))[1]).toMatchObject({ status: 'paid' })
  })

  test('a week Stripe declined and nobody paid is released 48 hours later, and its intent paid late is refunded', async () => {
    const { parent, booking } = await bookSeries()
    await payFirstWeekAtStripe(parent, booking.id)
    const card = (await getSavedCard(parent.id))!
    const declining = fake.addCard(card.customerId, { declines: true })
    await getDb().update(savedCards).set({ paymentMethodId: declining }).where(eq(savedCards.userId, parent.id))
    const weeks = await weeksOf(booking.id)
    await chargeDueWeeks(weeks[1].dueAt)
    expect(await releaseUnpaidWeeks(new Date(weeks[1].dueAt.getTime() + UNPAID_WEEK_HOLD_HOURS * HOUR))).toBe(1)
    expect((await nightsOf(booking.id)).map((night) => night.status)).toEqual([
      'scheduled',
      'cancelled',
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
    ])
    // The family pays the declined intent afterwards from a tab left open: the money goes back.
    const [charge] = (await chargesOf(booking.id)).filter((row) => row.week === 2)
    fake.payIntent(charge.providerPaymentId)
    expect((await deliver('payment_intent.succeeded', fake.intents.get(charge.providerPaymentId))).status).toBe(200)
    const refunds = (await getDb().select().from(payments).where(eq(payments.bookingId, booking.id))).filter((row) => row.kind === 'refund')
    expect(refunds.map((row) => [row.week, row.amountCents])).toEqual([[2, SHARE]])
    expect((await weeksOf(booking.id))[1].status).toBe('released')
  })

  test('a setup intent of another parent’s customer is not saved for this one', async () => {
    const { parent } = await bookSeries()
    const other = await createUser()
    const { startCardSetup, completeCardSetup } = await import('../../app/domain/payments/saved-cards.server')
    const setup = await startCardSetup(other.id)
    if (!setup.ok) throw new Error(setup.error)
    const setupId = setup.clientSecret.split('_secret_')[0]
    fake.completeSetup(setupId)
    expect(await completeCardSetup(setupId, parent.id)).toMatchObject({ ok: false, status: 404 })
    expect(await getSavedCard(parent.id)).toBeNull()
    expect(await completeCardSetup(setupId, other.id)).toMatchObject({ ok: true })
  })

  test('a weekly charge Stripe reports failed later (payment_intent.payment_failed) fails the week once', async () => {
    const { parent, booking } = await bookSeries()
    await payFirstWeekAtStripe(parent, booking.id)
    const card = (await getSavedCard(parent.id))!
    const declining = fake.addCard(card.customerId, { declines: true })
    await getDb().update(savedCards).set({ paymentMethodId: declining }).where(eq(savedCards.userId, parent.id))
    const weeks = await weeksOf(booking.id)
    await chargeDueWeeks(weeks[1].dueAt)
    const [charge] = (await chargesOf(booking.id)).filter((row) => row.week === 2)
    // As if the job's call had not come back: the claim and its charge are still open.
    await getDb().update(bookingChargeWeeks).set({ status: 'charging', failedAt: null }).where(eq(bookingChargeWeeks.id, weeks[1].id))
    await getDb().update(payments).set({ status: 'pending' }).where(eq(payments.id, charge.id))
    const before = (await subjectsTo(parent.id)).filter((subject) => subject.startsWith('Payment needed')).length

    const event = fake.signedEvent('payment_intent.payment_failed', fake.intents.get(charge.providerPaymentId), WEBHOOK_SECRET)
    const send = () =>
      call(webhookApi.action, makeRequest('/_api/payments/webhook', { body: event.payload, headers: { 'Stripe-Signature': event.signature } }))
    expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(200)
    expect((await weeksOf(booking.id))[1]).toMatchObject({ status: 'failed', lastError: 'Your card was declined.' })
    expect((await chargesOf(booking.id)).find((row) => row.id === charge.id)).toMatchObject({ status: 'failed' })
    const after = (await subjectsTo(parent.id)).filter((subject) => subject.startsWith('Payment needed')).length
    expect(after - before).toBe(1)
  })
})
