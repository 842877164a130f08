// What every payment provider is (DESIGN.md §8): the interface, its intents and refunds, and the
// error a provider raises. Its own module so the providers and payment-provider.server.ts, which
// picks one, both import it without importing each other.
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
