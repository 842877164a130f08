// What every payment provider is (docs/money.md): the interface, its intents and refunds, and the
// error a provider raises. Its own module so the providers and payment-provider.server.ts, which
// picks one, both import it without importing each other.
export interface CreateIntentInput {
  /** The booking paid for; none for a due-date reservation's deposit (its metadata names the reservation). */
  bookingId?: number
  amountCents: number
  platformFeeCents: number
  /** The same key for the same booking, so a retried request never charges twice. */
  idempotencyKey: string
  description: string
  customerEmail?: string
  metadata: Record<string, string>
  /**
   * The first week of a series paid week by week: the card the parent pays with is kept on this
   * customer for the later weeks' off-session charges (Stripe's setup_future_usage).
   */
  saveCardFor?: { customerId: string }
}

export interface ProviderIntent {
  id: string
  clientSecret: string
  amountCents: number
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled'
  metadata: Record<string, string>
  lastError?: string | null
  /** The card that paid or was tried (a PaymentMethod id), when the provider says. */
  paymentMethodId?: string | null
}

export interface ProviderRefund {
  id: string
  amountCents: number
  status: 'pending' | 'succeeded' | 'failed' | 'canceled'
}

/** Where a nurse is paid (issue 15): the provider's own view of the account. */
export interface ProviderPayoutAccount {
  id: string
  detailsSubmitted: boolean
  payoutsEnabled: boolean
  requirementsDue: string[]
  disabledReason: string | null
  bankLast4: string | null
}

export interface CreatePayoutAccountInput {
  nurseId: number
  email: string
  idempotencyKey: string
  /** The built-in test provider takes the bank numbers itself; Stripe collects them in onboarding. */
  bank?: { routingNumber: string; accountNumber: string }
}

export interface ProviderTransfer {
  id: string
  amountCents: number
  reversedCents: number
}

/** A card kept at the provider for later charges (issue 15, docs/decisions/0028). */
export interface ProviderCard {
  paymentMethodId: string
  customerId: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

/** Stripe's SetupIntent: the parent enters a card once, to be charged later without them. */
export interface ProviderSetup {
  id: string
  clientSecret: string
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled'
  customerId: string | null
  paymentMethodId: string | null
  lastError: string | null
}

export interface ChargeSavedCardInput {
  customerId: string
  paymentMethodId: string
  amountCents: number
  platformFeeCents: number
  idempotencyKey: string
  description: string
  metadata: Record<string, string>
  /** An intent made earlier and not paid yet (the booking's first charge): it is paid with the card instead of a new one. */
  intentId?: string
  /** True when the parent is not there (the weekly charges); false when they clicked 'Pay with saved card'. */
  offSession: boolean
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
  /**
   * Pays an open intent with a card the parent has just entered (a PaymentMethod made by Stripe.js
   * from the card form), while they wait. A card whose bank asks for its own approval (3-D Secure)
   * is answered as not paid, with the reason, instead of waiting for it.
   */
  payIntentWithNewCard(input: { intentId: string; paymentMethodId: string; idempotencyKey: string }): Promise<ProviderIntent>
  /** A link for admins to open the payment at the provider, when there is one. */
  dashboardUrl(intentId: string): string | null

  // Paying nurses (issue 15, docs/decisions/0027).
  createPayoutAccount(input: CreatePayoutAccountInput): Promise<ProviderPayoutAccount>
  retrievePayoutAccount(accountId: string): Promise<ProviderPayoutAccount>
  /** The provider's onboarding page for the account, or null when the app collects the details itself. */
  onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string | null>
  /** Where a nurse whose account is set up changes her bank details (Stripe's Express dashboard), or null. */
  accountDashboardLink(accountId: string): Promise<string | null>
  /** Sends money to the account; the same key never sends twice. */
  createTransfer(input: {
    accountId: string
    amountCents: number
    idempotencyKey: string
    transferGroup: string
    description: string
    metadata: Record<string, string>
  }): Promise<ProviderTransfer>
  /** Takes part or all of a transfer back; the same key never takes back twice. */
  reverseTransfer(input: { transferId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string; amountCents: number }>
  transferDashboardUrl(transferId: string): string | null

  // Saved cards and weekly charges (issue 15, docs/decisions/0028).
  /** The parent's customer at the provider; the same key makes one customer however often it is asked. */
  createCustomer(input: { userId: number; email: string; name: string; idempotencyKey: string }): Promise<{ id: string }>
  /** A SetupIntent for the card form, or null when the app takes the card itself (the test provider). */
  createSetupIntent(input: { customerId: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<ProviderSetup | null>
  retrieveSetupIntent(setupIntentId: string): Promise<ProviderSetup>
  retrieveCard(paymentMethodId: string): Promise<ProviderCard>
  /** Removes the card from the customer; the card can never be charged again. */
  detachCard(paymentMethodId: string): Promise<void>
  /**
   * Charges a saved card. A decline is not thrown: the answer is the intent, not succeeded, with
   * `lastError` (Stripe leaves such an intent open to be paid on-session with another card).
   */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<ProviderIntent>
}
