// Stripe behind the PaymentProvider interface (docs/money.md): PaymentIntents created with an
// idempotency key per booking, intents re-read from Stripe as the source of truth, refunds, and
// cards saved on a customer for the weekly off-session charges (issue 15, docs/decisions/0028).
// STRIPE_API_BASE (tests only) points the real SDK at a local fake Stripe server.
import Stripe from 'stripe'
import {
  PaymentProviderError,
  type ChargeSavedCardInput,
  type CreateIntentInput,
  type CreatePayoutAccountInput,
  type PaymentProvider,
  type ProviderCard,
  type ProviderIntent,
  type ProviderPayoutAccount,
  type ProviderRefund,
  type ProviderSetup,
  type ProviderTransfer,
} from './types'

const INTENT_STATUSES = new Set<ProviderIntent['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
])

// A manual-capture intent waiting for capture is not paid yet: treat it as processing.
function toIntentStatus(status: string): ProviderIntent['status'] {
  return INTENT_STATUSES.has(status as ProviderIntent['status']) ? (status as ProviderIntent['status']) : 'processing'
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null)
}

export function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    status: toIntentStatus(intent.status),
    metadata: { ...(intent.metadata ?? {}) },
    lastError: intent.last_payment_error?.message ?? null,
    paymentMethodId: idOf(intent.payment_method),
  }
}

function toProviderSetup(setup: Stripe.SetupIntent): ProviderSetup {
  return {
    id: setup.id,
    clientSecret: setup.client_secret ?? '',
    status: toIntentStatus(setup.status),
    customerId: idOf(setup.customer),
    paymentMethodId: idOf(setup.payment_method),
    lastError: setup.last_setup_error?.message ?? null,
  }
}

export function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  const status: ProviderRefund['status'] =
    refund.status === 'succeeded' || refund.status === 'failed' || refund.status === 'canceled'
      ? refund.status
      : 'pending'
  return { id: refund.id, amountCents: refund.amount, status }
}

/** A Connect account as the app needs it: can it be paid, and what is still missing. */
export function toPayoutAccount(account: Stripe.Account): ProviderPayoutAccount {
  const bank = account.external_accounts?.data.find((external) => external.object === 'bank_account')
  return {
    id: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])].filter(
      (key, index, all) => all.indexOf(key) === index,
    ),
    disabledReason: account.requirements?.disabled_reason ?? null,
    bankLast4: bank?.last4 ?? null,
  }
}

function toProviderTransfer(transfer: Stripe.Transfer): ProviderTransfer {
  return { id: transfer.id, amountCents: transfer.amount, reversedCents: transfer.amount_reversed ?? 0 }
}

export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1 }
  if (apiBase) {
    const url = new URL(apiBase)
    options.host = url.hostname
    options.port = url.port || (url.protocol === 'https:' ? 443 : 80)
    options.protocol = url.protocol === 'https:' ? 'https' : 'http'
  }
  return new Stripe(secretKey, options)
}

class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const
  constructor(private readonly stripe: Stripe, private readonly testMode: boolean) {}

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: 'usd',
        // No redirect-based methods: Stripe refuses to confirm an intent that allows them without a
        // return_url, and chargeSavedCard confirms this intent on the server with a saved card.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        description: input.description,
        receipt_email: input.customerEmail,
        metadata: input.metadata,
        // The first week of a weekly series: Stripe keeps the card on the customer for the later weeks.
        ...(input.saveCardFor
          ? { customer: input.saveCardFor.customerId, setup_future_usage: 'off_session' as const }
          : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    )
    return toProviderIntent(intent)
  }

  async retrieveIntent(intentId: string): Promise<ProviderIntent> {
    return toProviderIntent(await this.stripe.paymentIntents.retrieve(intentId))
  }

  async refund(input: { intentId: string; amountCents: number; idempotencyKey: string; reason?: string }) {
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: input.intentId,
        amount: input.amountCents,
        reason: 'requested_by_customer',
        metadata: input.reason ? { reason: input.reason.slice(0, 500) } : undefined,
      },
      { idempotencyKey: input.idempotencyKey },
    )
    return toProviderRefund(refund)
  }

  dashboardUrl(intentId: string): string {
    return `https://dashboard.stripe.com/${this.testMode ? 'test/' : ''}payments/${encodeURIComponent(intentId)}`
  }

  // Stripe Connect Express: Stripe hosts onboarding and collects the bank details and identity.
  async createPayoutAccount(input: CreatePayoutAccountInput): Promise<ProviderPayoutAccount> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        country: 'US',
        email: input.email,
        capabilities: { transfers: { requested: true } },
        business_type: 'individual',
        metadata: { nurseId: String(input.nurseId) },
      },
      { idempotencyKey: input.idempotencyKey },
    )
    return toPayoutAccount(account)
  }

  async retrievePayoutAccount(accountId: string): Promise<ProviderPayoutAccount> {
    return toPayoutAccount(await this.stripe.accounts.retrieve(accountId))
  }

  async onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string> {
    const link = await this.stripe.accountLinks.create({
      account: input.accountId,
      return_url: input.returnUrl,
      refresh_url: input.refreshUrl,
      type: 'account_onboarding',
    })
    return link.url
  }

  async accountDashboardLink(accountId: string): Promise<string> {
    return (await this.stripe.accounts.createLoginLink(accountId)).url
  }

  async createTransfer(input: Parameters<PaymentProvider['createTransfer']>[0]): Promise<ProviderTransfer> {
    const transfer = await this.stripe.transfers.create(
      {
        amount: input.amountCents,
        currency: 'usd',
        destination: input.accountId,
        transfer_group: input.transferGroup,
        description: input.description,
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    )
    return toProviderTransfer(transfer)
  }

  async reverseTransfer(input: { transferId: string; amountCents: number; idempotencyKey: string }) {
    const reversal = await this.stripe.transfers.createReversal(
      input.transferId,
      { amount: input.amountCents },
      { idempotencyKey: input.idempotencyKey },
    )
    return { id: reversal.id, amountCents: reversal.amount }
  }

  transferDashboardUrl(transferId: string): string {
    return `https://dashboard.stripe.com/${this.testMode ? 'test/' : ''}connect/transfers/${encodeURIComponent(transferId)}`
  }

  async createCustomer(input: { userId: number; email: string; name: string; idempotencyKey: string }) {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name, metadata: { userId: String(input.userId) } },
      { idempotencyKey: input.idempotencyKey },
    )
    return { id: customer.id }
  }

  async createSetupIntent(input: { customerId: string; idempotencyKey: string; metadata: Record<string, string> }) {
    const setup = await this.stripe.setupIntents.create(
      {
        customer: input.customerId,
        usage: 'off_session',
        automatic_payment_methods: { enabled: true },
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    )
    return toProviderSetup(setup)
  }

  async retrieveSetupIntent(setupIntentId: string): Promise<ProviderSetup> {
    return toProviderSetup(await this.stripe.setupIntents.retrieve(setupIntentId))
  }

  async retrieveCard(paymentMethodId: string): Promise<ProviderCard> {
    const method = await this.stripe.paymentMethods.retrieve(paymentMethodId)
    if (!method.card) throw new PaymentProviderError('This card could not be read.', 'not_a_card')
    return {
      paymentMethodId: method.id,
      // A card on no customer (never saved, or detached) cannot be charged later: '' matches no parent.
      customerId: idOf(method.customer) ?? '',
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
    }
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    await this.stripe.paymentMethods.detach(paymentMethodId)
  }

  async chargeSavedCard(input: ChargeSavedCardInput): Promise<ProviderIntent> {
    try {
      if (input.intentId) return toProviderIntent(await this.payIntentWithSavedCard(input.intentId, input))
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          // Confirmed here, with no return_url: only methods that never redirect (a saved card).
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          off_session: input.offSession,
          confirm: true,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      )
      return toProviderIntent(intent)
    } catch (error) {
      // A declined card (or one the bank wants the parent to authenticate, off-session) is an
      // answer, not a failure: Stripe sends the intent back with the reason, still open to be paid.
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error
      const raw = error.raw as { payment_intent?: Stripe.PaymentIntent } | undefined
      const declined = error.payment_intent ?? raw?.payment_intent
      const intent = declined ?? (input.intentId ? await this.stripe.paymentIntents.retrieve(input.intentId) : null)
      if (!intent) throw error
      const answer = toProviderIntent(intent)
      return { ...answer, lastError: answer.lastError ?? error.message }
    }
  }

  async payIntentWithNewCard(input: { intentId: string; paymentMethodId: string; idempotencyKey: string }): Promise<ProviderIntent> {
    try {
      const intent = await this.stripe.paymentIntents.confirm(
        input.intentId,
        // Confirmed on the server, with no page to come back to: a card that needs its bank's
        // approval fails here rather than waiting for a step this request cannot show.
        { payment_method: input.paymentMethodId, error_on_requires_action: true },
        { idempotencyKey: input.idempotencyKey },
      )
      return toProviderIntent(intent)
    } catch (error) {
      // A decline is an answer: Stripe sends the intent back, still open, with the bank's reason.
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error
      const raw = error.raw as { payment_intent?: Stripe.PaymentIntent } | undefined
      const declined = error.payment_intent ?? raw?.payment_intent ?? (await this.stripe.paymentIntents.retrieve(input.intentId))
      const answer = toProviderIntent(declined)
      return { ...answer, lastError: answer.lastError ?? error.message }
    }
  }

  /** The booking's own unpaid intent, paid with the saved card instead of a new intent. */
  private async payIntentWithSavedCard(intentId: string, input: ChargeSavedCardInput) {
    // Stripe keys are account-wide: each call gets its own key derived from the charge's.
    await this.stripe.paymentIntents.update(
      intentId,
      { customer: input.customerId, payment_method: input.paymentMethodId },
      { idempotencyKey: `${input.idempotencyKey}:update` },
    )
    return this.stripe.paymentIntents.confirm(
      intentId,
      { payment_method: input.paymentMethodId, off_session: input.offSession || undefined },
      { idempotencyKey: `${input.idempotencyKey}:confirm` },
    )
  }
}

let cached: { key: string; provider: StripePaymentProvider } | undefined

export function getStripeProvider(options: { secretKey: string; apiBase?: string }): PaymentProvider {
  const key = `${options.secretKey}|${options.apiBase ?? ''}`
  if (cached?.key !== key) {
    const client = createStripeClient(options.secretKey, options.apiBase)
    cached = { key, provider: new StripePaymentProvider(client, options.secretKey.startsWith('sk_test_')) }
  }
  return cached.provider
}

/** Verifies a webhook delivery's signature and parses it; throws when the signature is wrong. */
export function constructStripeEvent(rawBody: string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret)
}

export type { Stripe }
