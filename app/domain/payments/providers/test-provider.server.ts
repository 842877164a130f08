// The built-in test payment provider (docs/money.md): used when Stripe keys are absent, so the
// whole booking flow works offline. Its intents and refunds are rows of their own tables, playing
// the part of Stripe's records; no card is ever charged. The card form accepts exactly two numbers.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client.server'
import {
  testProviderAccounts,
  testProviderCards,
  testProviderIntents,
  testProviderRefunds,
  testProviderTransfers,
} from '../../../db/schema'
import {
  TEST_ACCOUNT_FAILS,
  TEST_ACCOUNT_SUCCEEDS,
  TEST_BANK_FAILURE,
  TEST_CARD_DECLINED,
  TEST_CARD_SAVED_DECLINES,
  TEST_CARD_SUCCEEDS,
  TEST_ROUTING_NUMBER,
} from '../test-cards'
import {
  PaymentProviderError,
  type ChargeSavedCardInput,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderCard,
  type ProviderIntent,
  type ProviderPayoutAccount,
  type ProviderRefund,
  type ProviderTransfer,
} from './types'

export { TEST_CARD_DECLINED, TEST_CARD_SAVED_DECLINES, TEST_CARD_SUCCEEDS }
export const CARD_DECLINED_MESSAGE = 'Your card was declined.'
export const CARD_INVALID_MESSAGE = 'Your card number is invalid.'

const randomId = (bytes: number) => randomBytes(bytes).toString('hex')

type IntentRow = typeof testProviderIntents.$inferSelect

function toIntent(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    status: row.status as ProviderIntent['status'],
    metadata: row.metadata,
    lastError: row.lastError,
    paymentMethodId: row.paymentMethodId,
  }
}

const digitsOf = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '')
const sameCard = (digits: string, testCard: string) => digits === testCard.replace(/\s/g, '')

async function findIntent(intentId: string): Promise<IntentRow> {
  const [row] = await getDb().select().from(testProviderIntents).where(eq(testProviderIntents.id, intentId))
  if (!row) throw new PaymentProviderError(`No such payment intent: '${intentId}'`, 'resource_missing')
  return row
}

export const testPaymentProvider: PaymentProvider = {
  name: 'test',

  async createIntent(input: CreateIntentInput) {
    const id = `pi_test_${randomId(12)}`
    await getDb()
      .insert(testProviderIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomId(16)}`,
        idempotencyKey: input.idempotencyKey,
        amountCents: input.amountCents,
        metadata: input.metadata,
        customerId: input.saveCardFor?.customerId ?? null,
        savesCard: Boolean(input.saveCardFor),
      })
      .onConflictDoNothing({ target: testProviderIntents.idempotencyKey })
    // Like Stripe, a repeated idempotency key answers the first intent.
    const [row] = await getDb()
      .select()
      .from(testProviderIntents)
      .where(eq(testProviderIntents.idempotencyKey, input.idempotencyKey))
    if (row.amountCents !== input.amountCents) {
      throw new PaymentProviderError(
        'Keys for idempotent requests can only be used with the same parameters',
        'idempotency_error',
      )
    }
    return toIntent(row)
  },

  async retrieveIntent(intentId: string) {
    return toIntent(await findIntent(intentId))
  },

  async refund(input): Promise<ProviderRefund> {
    const db = getDb()
    const [existing] = await db
      .select()
      .from(testProviderRefunds)
      .where(eq(testProviderRefunds.idempotencyKey, input.idempotencyKey))
    if (existing) return { id: existing.id, amountCents: existing.amountCents, status: 'succeeded' }
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PaymentProviderError('The refund amount must be a positive whole number of cents.', 'invalid_amount')
    }
    const [intent] = await db.select().from(testProviderIntents).where(eq(testProviderIntents.id, input.intentId))
    if (intent) {
      if (intent.status !== 'succeeded') {
        throw new PaymentProviderError(
          'This payment has not succeeded, so it cannot be refunded.',
          'charge_not_refundable',
        )
      }
      const [{ refunded }] = await db
        .select({ refunded: sql<number>`coalesce(sum(${testProviderRefunds.amountCents}), 0)::int` })
        .from(testProviderRefunds)
        .where(
          and(
            eq(testProviderRefunds.intentId, intent.id),
            inArray(testProviderRefunds.status, ['succeeded', 'pending']),
          ),
        )
      if (refunded + input.amountCents > intent.amountCents) {
        throw new PaymentProviderError(
          'The refund amount is greater than the amount left to refund.',
          'amount_too_large',
        )
      }
    } else if (!input.intentId.startsWith('pi_test_')) {
      throw new PaymentProviderError(`No such payment intent: '${input.intentId}'`, 'resource_missing')
    }
    // An unknown pi_test_ intent is a demo-data charge (seeded without provider rows); the amount
    // left to refund is then checked against our own payments rows by the caller.
    const id = `re_test_${randomId(12)}`
    await db
      .insert(testProviderRefunds)
      .values({ id, intentId: input.intentId, idempotencyKey: input.idempotencyKey, amountCents: input.amountCents })
      .onConflictDoNothing({ target: testProviderRefunds.idempotencyKey })
    const [row] = await db
      .select()
      .from(testProviderRefunds)
      .where(eq(testProviderRefunds.idempotencyKey, input.idempotencyKey))
    return { id: row.id, amountCents: row.amountCents, status: 'succeeded' }
  },

  dashboardUrl() {
    return null
  },

  // Payout accounts: the nurse types a test bank number into our own form (no onboarding page).
  async createPayoutAccount(input): Promise<ProviderPayoutAccount> {
    const bank = input.bank
    if (!bank || bank.routingNumber !== TEST_ROUTING_NUMBER || ![TEST_ACCOUNT_SUCCEEDS, TEST_ACCOUNT_FAILS].includes(bank.accountNumber)) {
      throw new PaymentProviderError(
        `Use the test routing number ${TEST_ROUTING_NUMBER} with account ${TEST_ACCOUNT_SUCCEEDS} (or ${TEST_ACCOUNT_FAILS} to see a failed payout).`,
        'invalid_bank_account',
      )
    }
    const id = `acct_test_${randomId(8)}`
    await getDb()
      .insert(testProviderAccounts)
      .values({ id, bankLast4: bank.accountNumber.slice(-4), failsPayouts: bank.accountNumber === TEST_ACCOUNT_FAILS })
    return testAccount(await findTestAccount(id))
  },

  async retrievePayoutAccount(accountId) {
    return testAccount(await findTestAccount(accountId))
  },

  async onboardingLink() {
    return null
  },

  async accountDashboardLink() {
    return null
  },

  async createTransfer(input): Promise<ProviderTransfer> {
    const db = getDb()
    const [earlier] = await db.select().from(testProviderTransfers).where(eq(testProviderTransfers.idempotencyKey, input.idempotencyKey))
    if (earlier) return { id: earlier.id, amountCents: earlier.amountCents, reversedCents: earlier.reversedCents }
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PaymentProviderError('The transfer amount must be a positive whole number of cents.', 'invalid_amount')
    }
    const account = await findTestAccount(input.accountId)
    if (account.failsPayouts) throw new PaymentProviderError(TEST_BANK_FAILURE, 'payout_failed')
    await db
      .insert(testProviderTransfers)
      .values({
        id: `tr_test_${randomId(12)}`,
        accountId: account.id,
        idempotencyKey: input.idempotencyKey,
        amountCents: input.amountCents,
        metadata: input.metadata,
      })
      .onConflictDoNothing({ target: testProviderTransfers.idempotencyKey })
    const [row] = await db.select().from(testProviderTransfers).where(eq(testProviderTransfers.idempotencyKey, input.idempotencyKey))
    return { id: row.id, amountCents: row.amountCents, reversedCents: row.reversedCents }
  },

  async reverseTransfer(input) {
    const db = getDb()
    // One reversal per key: the key is stored in the transfer's metadata as reversal ids.
    const [transfer] = await db.select().from(testProviderTransfers).where(eq(testProviderTransfers.id, input.transferId))
    const reversalId = `trr_test_${input.idempotencyKey}`
    // A demo-data payout (seeded without provider rows, like the demo charges) is taken back as asked.
    if (!transfer && input.transferId.startsWith('tr_test_seed_')) return { id: reversalId, amountCents: input.amountCents }
    if (!transfer) throw new PaymentProviderError(`No such transfer: '${input.transferId}'`, 'resource_missing')
    if (transfer.metadata[reversalId]) return { id: reversalId, amountCents: Number(transfer.metadata[reversalId]) }
    if (transfer.reversedCents + input.amountCents > transfer.amountCents) {
      throw new PaymentProviderError('The reversal is more than is left of the transfer.', 'amount_too_large')
    }
    await db
      .update(testProviderTransfers)
      .set({
        reversedCents: sql`${testProviderTransfers.reversedCents} + ${input.amountCents}`,
        metadata: { ...transfer.metadata, [reversalId]: String(input.amountCents) },
      })
      .where(and(eq(testProviderTransfers.id, transfer.id), eq(testProviderTransfers.reversedCents, transfer.reversedCents)))
    return { id: reversalId, amountCents: input.amountCents }
  },

  transferDashboardUrl() {
    return null
  },

  // Saved cards: the parent types a test card number into our own form (saveTestCard below).
  async createCustomer() {
    return { id: `cus_test_${randomId(8)}` }
  },

  async createSetupIntent() {
    return null
  },

  async retrieveSetupIntent(setupIntentId: string): Promise<never> {
    throw new PaymentProviderError(`No such setup intent: '${setupIntentId}'`, 'resource_missing')
  },

  async retrieveCard(paymentMethodId: string): Promise<ProviderCard> {
    return testCard(await findTestCard(paymentMethodId))
  },

  async detachCard(paymentMethodId: string) {
    await getDb().update(testProviderCards).set({ detached: true }).where(eq(testProviderCards.id, paymentMethodId))
  },

  /** The built-in provider's card form takes a card number (chargeTestCard), never a PaymentMethod. */
  async payIntentWithNewCard(): Promise<ProviderIntent> {
    throw new PaymentProviderError('The test provider takes a card number, not a payment method.', 'unsupported')
  },

  async chargeSavedCard(input: ChargeSavedCardInput): Promise<ProviderIntent> {
    const db = getDb()
    const card = await findTestCard(input.paymentMethodId)
    if (card.detached || card.customerId !== input.customerId) {
      throw new PaymentProviderError('This card is no longer saved.', 'card_detached')
    }
    let intentId = input.intentId
    if (!intentId) {
      const intent = await testPaymentProvider.createIntent({
        bookingId: Number(input.metadata.bookingId ?? 0),
        amountCents: input.amountCents,
        platformFeeCents: input.platformFeeCents,
        idempotencyKey: input.idempotencyKey,
        description: input.description,
        metadata: input.metadata,
      })
      intentId = intent.id
    }
    const intent = await findIntent(intentId)
    // Like Stripe, a key already answered is answered again, whatever the card says now.
    if (intent.status === 'succeeded' || (intent.paymentMethodId === card.id && !input.intentId)) return toIntent(intent)
    const [row] = await db
      .update(testProviderIntents)
      .set(
        card.declinesCharges
          ? { status: 'requires_payment_method', lastError: CARD_DECLINED_MESSAGE, paymentMethodId: card.id, updatedAt: new Date() }
          : { status: 'succeeded', lastError: null, paymentMethodId: card.id, customerId: card.customerId, updatedAt: new Date() },
      )
      .where(eq(testProviderIntents.id, intent.id))
      .returning()
    return toIntent(row)
  },
}

async function findTestCard(paymentMethodId: string) {
  const [row] = await getDb().select().from(testProviderCards).where(eq(testProviderCards.id, paymentMethodId))
  if (!row) throw new PaymentProviderError(`No such payment method: '${paymentMethodId}'`, 'resource_missing')
  return row
}

function testCard(row: typeof testProviderCards.$inferSelect): ProviderCard {
  // Test cards never expire within the test: the end of the year after next, like Stripe's examples.
  return { paymentMethodId: row.id, customerId: row.customerId, brand: 'visa', last4: row.last4, expMonth: 12, expYear: new Date().getUTCFullYear() + 2 }
}

async function makeTestCard(customerId: string, digits: string) {
  const id = `pm_test_${randomId(12)}`
  await getDb()
    .insert(testProviderCards)
    .values({ id, customerId, last4: digits.slice(-4), declinesCharges: sameCard(digits, TEST_CARD_SAVED_DECLINES) })
  return id
}

export type SaveTestCardResult = { ok: true; card: ProviderCard } | { ok: false; status: 400 | 402; error: string }

/**
 * The test provider's 'Save card' (Stripe's SetupIntent, offline): 4242… is saved, 4000 0000 0000
 * 0341 is saved and then declined at every charge, 4000 0000 0000 0002 is declined at once.
 */
export async function saveTestCard(input: { customerId: string; cardNumber: string }): Promise<SaveTestCardResult> {
  const digits = digitsOf(input.cardNumber)
  if (sameCard(digits, TEST_CARD_DECLINED)) return { ok: false, status: 402, error: CARD_DECLINED_MESSAGE }
  if (!sameCard(digits, TEST_CARD_SUCCEEDS) && !sameCard(digits, TEST_CARD_SAVED_DECLINES)) {
    return { ok: false, status: 400, error: CARD_INVALID_MESSAGE }
  }
  return { ok: true, card: testCard(await findTestCard(await makeTestCard(input.customerId, digits))) }
}

async function findTestAccount(accountId: string) {
  const [row] = await getDb().select().from(testProviderAccounts).where(eq(testProviderAccounts.id, accountId))
  if (!row) throw new PaymentProviderError(`No such account: '${accountId}'`, 'resource_missing')
  return row
}

function testAccount(row: typeof testProviderAccounts.$inferSelect): ProviderPayoutAccount {
  return {
    id: row.id,
    detailsSubmitted: true,
    payoutsEnabled: true,
    requirementsDue: [],
    disabledReason: null,
    bankLast4: row.bankLast4,
  }
}

export type TestCardResult = { ok: true; status: 'succeeded' } | { ok: false; status: 400 | 402 | 404; error: string }

function sameSecret(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** The test card form's "charge": 4242… succeeds, 4000 0000 0000 0002 is declined. */
export async function chargeTestCard(input: {
  paymentIntentId: string
  clientSecret: string
  cardNumber: string
}): Promise<TestCardResult> {
  const [intent] = await getDb()
    .select()
    .from(testProviderIntents)
    .where(eq(testProviderIntents.id, input.paymentIntentId))
  // The client secret is the card form's credential, as with Stripe.js.
  if (!intent || !sameSecret(intent.clientSecret, input.clientSecret)) {
    return { ok: false, status: 404, error: 'This payment could not be found. Please try again.' }
  }
  if (intent.status === 'succeeded') return { ok: true, status: 'succeeded' }
  const digits = digitsOf(input.cardNumber)
  if (sameCard(digits, TEST_CARD_SUCCEEDS)) {
    // An intent that saves the card (a weekly series' first week) keeps it on the customer, as
    // Stripe's setup_future_usage does.
    const paymentMethodId = intent.savesCard && intent.customerId ? await makeTestCard(intent.customerId, digits) : null
    await getDb()
      .update(testProviderIntents)
      .set({ status: 'succeeded', lastError: null, paymentMethodId, updatedAt: new Date() })
      .where(eq(testProviderIntents.id, intent.id))
    return { ok: true, status: 'succeeded' }
  }
  if (sameCard(digits, TEST_CARD_DECLINED) || sameCard(digits, TEST_CARD_SAVED_DECLINES)) {
    // A declined card leaves the intent open for another attempt, as Stripe does.
    await getDb()
      .update(testProviderIntents)
      .set({ status: 'requires_payment_method', lastError: CARD_DECLINED_MESSAGE, updatedAt: new Date() })
      .where(eq(testProviderIntents.id, intent.id))
    return { ok: false, status: 402, error: CARD_DECLINED_MESSAGE }
  }
  return { ok: false, status: 400, error: CARD_INVALID_MESSAGE }
}
