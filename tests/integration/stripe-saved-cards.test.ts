// Saved cards and weekly off-session charges on Stripe (issue 15, docs/decisions/0028): the real
// SDK against the local fake. A decline is an answer (the open intent with its reason), never a
// throw, so the weekly charge can tell the parent; a card removed from the account is never charged.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getStripeProvider } from '../../app/domain/payments/providers/stripe.server'
import type { ChargeSavedCardInput, PaymentProvider } from '../../app/domain/payments/providers/types'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe'

describe('saved cards on Stripe (the real SDK against a local fake)', () => {
  let fake: FakeStripe
  let stripe: PaymentProvider

  beforeAll(async () => {
    fake = await startFakeStripe()
    stripe = getStripeProvider({ secretKey: 'sk_test_x', apiBase: fake.url })
  })

  afterAll(async () => {
    await fake.stop()
  })

  beforeEach(() => fake.reset())

  async function customer(userId = 7) {
    return stripe.createCustomer({
      userId,
      email: 'parent@example.com',
      name: 'Pat Parent',
      idempotencyKey: `customer-${userId}`,
    })
  }

  function weeklyCharge(customerId: string, paymentMethodId: string, overrides: Partial<ChargeSavedCardInput> = {}) {
    return stripe.chargeSavedCard({
      customerId,
      paymentMethodId,
      amountCents: 132000,
      platformFeeCents: 13200,
      idempotencyKey: 'booking-12-week-2',
      description: 'Night nurse, week 2',
      metadata: { bookingId: '12', week: '2' },
      offSession: true,
      ...overrides,
    })
  }

  const requestsTo = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path)

  test('a parent gets one Stripe customer however often the same key asks', async () => {
    const first = await customer()
    const again = await customer()
    expect(again.id).toBe(first.id)
    expect(fake.customers.size).toBe(1)
    expect(fake.customers.get(first.id)).toMatchObject({
      email: 'parent@example.com',
      name: 'Pat Parent',
      metadata: { userId: '7' },
    })
    const other = await customer(8)
    expect(other.id).not.toBe(first.id)
    expect(fake.customers.size).toBe(2)
  })

  test('a card entered through a SetupIntent is read back with its brand, last four digits and expiry', async () => {
    const { id: customerId } = await customer()
    const setup = await stripe.createSetupIntent({ customerId, idempotencyKey: 'setup-7-1', metadata: { userId: '7' } })
    expect(setup).toMatchObject({
      status: 'requires_payment_method',
      customerId,
      paymentMethodId: null,
      lastError: null,
    })
    expect(setup!.clientSecret).toBe(fake.setupIntents.get(setup!.id)!.client_secret)
    expect(requestsTo('/v1/setup_intents')[0]).toMatchObject({
      idempotencyKey: 'setup-7-1',
      body: { customer: customerId, usage: 'off_session', metadata: { userId: '7' } },
    })

    fake.completeSetup(setup!.id, { brand: 'mastercard', last4: '4444' })
    const saved = await stripe.retrieveSetupIntent(setup!.id)
    const cardId = fake.setupIntents.get(setup!.id)!.payment_method!
    expect(saved).toMatchObject({
      id: setup!.id,
      status: 'succeeded',
      customerId,
      paymentMethodId: cardId,
      lastError: null,
    })

    const card = await stripe.retrieveCard(cardId)
    expect(card).toEqual({
      paymentMethodId: cardId,
      customerId,
      brand: 'mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: fake.paymentMethods.get(cardId)!.card.exp_year,
    })
  })

  test('a card the bank would not save leaves the SetupIntent waiting, with the reason', async () => {
    const { id: customerId } = await customer()
    const setup = await stripe.createSetupIntent({ customerId, idempotencyKey: 'setup-7-1', metadata: {} })
    fake.failSetup(setup!.id)
    expect(await stripe.retrieveSetupIntent(setup!.id)).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
      lastError: 'Your card was declined.',
    })
  })

  test('a saved card is charged off-session, once per key', async () => {
    const { id: customerId } = await customer()
    const cardId = fake.addCard(customerId)
    const charged = await weeklyCharge(customerId, cardId)
    expect(charged).toMatchObject({
      status: 'succeeded',
      amountCents: 132000,
      paymentMethodId: cardId,
      lastError: null,
    })
    expect(fake.intents.get(charged.id)).toMatchObject({
      status: 'succeeded',
      customer: customerId,
      payment_method: cardId,
    })
    expect(requestsTo('/v1/payment_intents')[0]).toMatchObject({
      idempotencyKey: 'booking-12-week-2',
      body: { amount: '132000', customer: customerId, payment_method: cardId, off_session: 'true', confirm: 'true' },
    })

    // The weekly job running twice for the same week charges the card once.
    const again = await weeklyCharge(customerId, cardId)
    expect(again.id).toBe(charged.id)
    expect(fake.intents.size).toBe(1)
  })

  test('a declined saved card answers with the open intent and the reason instead of throwing', async () => {
    const { id: customerId } = await customer()
    const cardId = fake.addCard(customerId, { declines: true, last4: '0341' })
    const declined = await weeklyCharge(customerId, cardId)
    expect(declined).toMatchObject({ status: 'requires_payment_method', lastError: 'Your card was declined.' })
    expect(declined.id).toMatch(/^pi_fake_/)
    // Stripe keeps the declined intent: the parent can pay it on-session with another card.
    expect(fake.intents.get(declined.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    })
    expect(await stripe.retrieveIntent(declined.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card was declined.',
    })
  })

  test("the booking's own unpaid intent is paid with the saved card (update, then confirm), not a new one", async () => {
    const { id: customerId } = await customer()
    const intent = await stripe.createIntent({
      bookingId: 12,
      amountCents: 66000,
      platformFeeCents: 6600,
      idempotencyKey: 'booking-12-charge',
      description: 'Night nurse',
      metadata: { bookingId: '12' },
    })
    const cardId = fake.addCard(customerId)
    const paid = await weeklyCharge(customerId, cardId, {
      intentId: intent.id,
      offSession: false,
      idempotencyKey: 'booking-12-saved-card',
    })
    expect(paid).toMatchObject({ id: intent.id, status: 'succeeded', amountCents: 66000, paymentMethodId: cardId })
    expect(fake.intents.size).toBe(1)
    expect(requestsTo(`/v1/payment_intents/${intent.id}`)[0].body).toMatchObject({
      customer: customerId,
      payment_method: cardId,
    })
    const [confirm] = requestsTo(`/v1/payment_intents/${intent.id}/confirm`)
    expect(confirm.body).toMatchObject({ payment_method: cardId })
    // The parent is there, clicking 'Pay with saved card': not an off-session charge.
    expect(confirm.body.off_session).toBeUndefined()
  })

  test("a declined card on the booking's own intent leaves that intent open with the reason", async () => {
    const { id: customerId } = await customer()
    const intent = await stripe.createIntent({
      bookingId: 12,
      amountCents: 66000,
      platformFeeCents: 6600,
      idempotencyKey: 'booking-12-charge',
      description: 'Night nurse',
      metadata: { bookingId: '12' },
    })
    const cardId = fake.addCard(customerId, { declines: true })
    const declined = await weeklyCharge(customerId, cardId, { intentId: intent.id, offSession: false })
    expect(declined).toMatchObject({
      id: intent.id,
      status: 'requires_payment_method',
      lastError: 'Your card was declined.',
    })
    expect(fake.intents.get(intent.id)!.status).toBe('requires_payment_method')
  })

  test('the first week paid with saveCardFor keeps the card on the customer for the next weeks', async () => {
    const { id: customerId } = await customer()
    const first = await stripe.createIntent({
      bookingId: 12,
      amountCents: 132000,
      platformFeeCents: 13200,
      idempotencyKey: 'booking-12-week-1',
      description: 'Night nurse, week 1',
      metadata: { bookingId: '12', week: '1' },
      saveCardFor: { customerId },
    })
    expect(requestsTo('/v1/payment_intents')[0].body).toMatchObject({
      customer: customerId,
      setup_future_usage: 'off_session',
    })

    fake.payIntent(first.id, { last4: '1881' })
    const paid = await stripe.retrieveIntent(first.id)
    expect(paid.status).toBe('succeeded')
    expect(paid.paymentMethodId).toMatch(/^pm_fake_/)
    expect(await stripe.retrieveCard(paid.paymentMethodId!)).toMatchObject({ customerId, last4: '1881' })

    const secondWeek = await weeklyCharge(customerId, paid.paymentMethodId!)
    expect(secondWeek).toMatchObject({ status: 'succeeded', paymentMethodId: paid.paymentMethodId })
  })

  test('a card paid without saveCardFor stays off the customer', async () => {
    const { id: customerId } = await customer()
    const intent = await stripe.createIntent({
      bookingId: 12,
      amountCents: 66000,
      platformFeeCents: 6600,
      idempotencyKey: 'booking-12-charge',
      description: 'Night nurse',
      metadata: { bookingId: '12' },
    })
    expect(requestsTo('/v1/payment_intents')[0].body).not.toHaveProperty('setup_future_usage')
    fake.payIntent(intent.id)
    const paid = await stripe.retrieveIntent(intent.id)
    expect((await stripe.retrieveCard(paid.paymentMethodId!)).customerId).toBe('')
    await expect(weeklyCharge(customerId, paid.paymentMethodId!)).rejects.toThrow(/may not be used again/)
  })

  test('a card removed from the account is never charged again', async () => {
    const { id: customerId } = await customer()
    const cardId = fake.addCard(customerId)
    await stripe.detachCard(cardId)
    expect(fake.paymentMethods.get(cardId)!.customer).toBeNull()
    expect((await stripe.retrieveCard(cardId)).customerId).toBe('')
    await expect(weeklyCharge(customerId, cardId)).rejects.toThrow(/may not be used again/)
    expect([...fake.intents.values()].filter((intent) => intent.status === 'succeeded')).toHaveLength(0)
  })

  test("another parent's card is not charged to this customer", async () => {
    const { id: customerId } = await customer()
    const { id: otherId } = await customer(8)
    const theirCard = fake.addCard(otherId)
    await expect(weeklyCharge(customerId, theirCard)).rejects.toThrow(/does not belong to the Customer/)
    expect(fake.intents.size).toBe(0)
  })
})
