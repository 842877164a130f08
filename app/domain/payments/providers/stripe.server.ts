// Stripe behind the PaymentProvider interface (DESIGN.md §8): PaymentIntents created with an
// idempotency key per booking, intents re-read from Stripe as the source of truth, refunds.
// STRIPE_API_BASE (tests only) points the real SDK at a local fake Stripe server.
import Stripe from 'stripe'
import type { CreateIntentInput, PaymentProvider, ProviderIntent, ProviderRefund } from './types'

const INTENT_STATUSES = new Set<ProviderIntent['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
])

export function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  // A manual-capture intent waiting for capture is not paid yet: treat it as processing.
  const status = INTENT_STATUSES.has(intent.status as ProviderIntent['status'])
    ? (intent.status as ProviderIntent['status'])
    : 'processing'
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    status,
    metadata: { ...(intent.metadata ?? {}) },
    lastError: intent.last_payment_error?.message ?? null,
  }
}

function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  const status: ProviderRefund['status'] =
    refund.status === 'succeeded' || refund.status === 'failed' || refund.status === 'canceled'
      ? refund.status
      : 'pending'
  return { id: refund.id, amountCents: refund.amount, status }
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
        automatic_payment_methods: { enabled: true },
        description: input.description,
        receipt_email: input.customerEmail,
        metadata: input.metadata,
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
