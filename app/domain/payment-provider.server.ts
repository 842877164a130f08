// One interface over the card processor (DESIGN.md §8): Stripe when keys are set, the built-in
// test provider otherwise. The booking flow, refunds, receipts and the admin payments tab only
// talk to this interface.
import { getConfig } from '../config.server'
import { getStripeProvider } from './payment-providers/stripe.server'
import { testPaymentProvider } from './payment-providers/test-provider.server'

export interface CreateIntentInput {
  bookingId: number
  amountCents: number
  platformFeeCents: number
  /** The same key for the same booking, so a retried request never charges twice. */
  idempotencyKey: string
  description: string
  customerEmail?: string
  metadata: Record<string, string>
}

export interface ProviderIntent {
  id: string
  clientSecret: string
  amountCents: number
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled'
  metadata: Record<string, string>
  lastError?: string | null
}

export interface ProviderRefund {
  id: string
  amountCents: number
  status: 'pending' | 'succeeded' | 'failed' | 'canceled'
}

/** A provider refused a request (unknown intent, over-refund, reused idempotency key, …). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code: string = 'provider_error',
  ) {
    super(message)
  }
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test'
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>
  /** Re-reads the intent from the provider: the only source of truth for its status and amount. */
  retrieveIntent(intentId: string): Promise<ProviderIntent>
  refund(input: { intentId: string; amountCents: number; idempotencyKey: string; reason?: string }): Promise<ProviderRefund>
  /** A link for admins to open the payment at the provider, when there is one. */
  dashboardUrl(intentId: string): string | null
}

/** Stripe when its keys are set, the built-in test provider otherwise (DESIGN.md §2, §8). Read
 * from the configuration on every call, so tests can switch between them. */
export function getPaymentProvider(): PaymentProvider {
  const config = getConfig()
  if (config.stripeEnabled && config.STRIPE_SECRET_KEY) {
    return getStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE })
  }
  return testPaymentProvider
}

/** The provider that made a payment, to re-read or refund it (a row records its provider). */
export function getPaymentProviderNamed(name: string): PaymentProvider {
  if (name === 'test') return testPaymentProvider
  const provider = getPaymentProvider()
  if (provider.name !== name) {
    throw new PaymentProviderError(`The ${name} payment provider is not configured on this server.`, 'provider_unavailable')
  }
  return provider
}
