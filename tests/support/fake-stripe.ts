// A local fake of the parts of Stripe's HTTP API the app uses (docs/architecture.md), so the real
// `stripe` SDK is exercised offline: point it here with STRIPE_API_BASE (host, port, protocol).
// Bodies are form-encoded like the real API; Idempotency-Key replays the first answer.
// Cards: Stripe's test PaymentMethods pm_card_visa and pm_card_chargeDeclined (what the browser
// stand-in sends), or cards kept on a customer (addCard, completeSetup, payIntent) that are
// charged later by id, the weekly off-session charges of issue 15.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

export interface FakeCardError {
  type: 'card_error'
  code: string
  decline_code: string
  message: string
  payment_method?: FakePaymentMethod
}

export interface FakeIntent {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  status: string
  client_secret: string
  description: string | null
  metadata: Record<string, string>
  customer: string | null
  payment_method: string | null
  setup_future_usage: string | null
  automatic_payment_methods: { enabled: boolean; allow_redirects: string } | null
  payment_method_types: string[]
  last_payment_error: FakeCardError | null
  latest_charge: string | null
  created: number
  livemode: false
}

export interface FakeCustomer {
  id: string
  object: 'customer'
  email: string | null
  name: string | null
  metadata: Record<string, string>
  created: number
  livemode: false
}

export interface FakePaymentMethod {
  id: string
  object: 'payment_method'
  type: 'card'
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: 'US' }
  customer: string | null
  metadata: Record<string, string>
  created: number
  livemode: false
}

export interface FakeSetupIntent {
  id: string
  object: 'setup_intent'
  status: string
  client_secret: string
  customer: string | null
  payment_method: string | null
  usage: string
  automatic_payment_methods: { enabled: boolean; allow_redirects: string } | null
  last_setup_error: FakeCardError | null
  metadata: Record<string, string>
  created: number
  livemode: false
}

/** What a card does when it is charged: Stripe's test cards 4242… (pays) and 4000…0341 (saves, then declines). */
export interface CardOptions {
  brand?: string
  last4?: string
  declines?: boolean
}

export interface FakeRefund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  status: string
  payment_intent: string
  charge: string | null
  metadata: Record<string, string>
  created: number
}

export interface FakeAccount {
  id: string
  object: 'account'
  type: 'express'
  country: string
  email: string | null
  details_submitted: boolean
  payouts_enabled: boolean
  charges_enabled: boolean
  requirements: { currently_due: string[]; past_due: string[]; eventually_due: string[]; disabled_reason: string | null }
  external_accounts: { object: 'list'; data: Array<{ id: string; object: 'bank_account'; last4: string }>; has_more: false }
  metadata: Record<string, string>
  created: number
}

export interface FakeTransfer {
  id: string
  object: 'transfer'
  amount: number
  amount_reversed: number
  currency: string
  destination: string
  transfer_group: string | null
  description: string | null
  metadata: Record<string, string>
  reversed: boolean
  reversals: { object: 'list'; data: Array<{ id: string; object: 'transfer_reversal'; amount: number; transfer: string }>; has_more: false }
  created: number
}

export interface RecordedRequest {
  method: string
  path: string
  idempotencyKey: string | null
  body: Record<string, unknown>
}

type Answer = { status: number; body: unknown }

const random = (n = 8) => randomBytes(n).toString('hex')
const nowSeconds = () => Math.floor(Date.now() / 1000)
const DECLINE = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
} as const
const MISSING_PAYMENT_METHOD = 'You cannot confirm this PaymentIntent because it is missing a payment method.'
/** Stripe's test PaymentMethods: each use makes a new card, as at Stripe. */
const TEST_CARDS: Record<string, CardOptions> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', declines: true },
}

/** `metadata[bookingId]=1&automatic_payment_methods[enabled]=true` → nested objects. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter(Boolean)
    let target = result as Record<string, unknown>
    parts.forEach((part, i) => {
      if (i === parts.length - 1) target[part] = value
      else target = (target[part] ??= {}) as Record<string, unknown>
    })
  }
  return result
}

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>()
  readonly refunds = new Map<string, FakeRefund>()
  readonly accounts = new Map<string, FakeAccount>()
  readonly transfers = new Map<string, FakeTransfer>()
  readonly customers = new Map<string, FakeCustomer>()
  readonly paymentMethods = new Map<string, FakePaymentMethod>()
  readonly setupIntents = new Map<string, FakeSetupIntent>()
  readonly requests: RecordedRequest[] = []
  /** Cards that save but decline every charge. */
  private readonly decliningCards = new Set<string>()
  /** Cards detached, or used once on no customer: Stripe never charges them again. */
  private readonly spentCards = new Set<string>()
  private readonly idempotent = new Map<string, { status: number; body: unknown }>()
  private server?: http.Server
  url = ''

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = ''
      req.on('data', (chunk) => (raw += chunk))
      req.on('end', () => {
        // A bug in the fake answers 500 (the test fails with it) instead of leaving the SDK waiting.
        const { status, body, replayed } = this.safely(() => this.handle(req, raw))
        res.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': `req_${random(6)}`,
          ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}),
        })
        res.end(JSON.stringify(body))
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async stop() {
    // The SDK keeps connections alive; close them so the server (and the test run) can end.
    this.server?.closeAllConnections()
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  reset() {
    this.intents.clear()
    this.refunds.clear()
    this.accounts.clear()
    this.transfers.clear()
    this.customers.clear()
    this.paymentMethods.clear()
    this.setupIntents.clear()
    this.decliningCards.clear()
    this.spentCards.clear()
    this.requests.length = 0
    this.idempotent.clear()
  }

  private safely(handle: () => Answer & { replayed?: boolean }): Answer & { replayed?: boolean } {
    try {
      return handle()
    } catch (error) {
      return { status: 500, body: { error: { type: 'api_error', message: `Fake Stripe failed: ${String(error)}` } } }
    }
  }

  private handle(req: http.IncomingMessage, raw: string): { status: number; body: unknown; replayed?: boolean } {
    const method = req.method ?? 'GET'
    const path = (req.url ?? '/').split('?')[0]
    const body = method === 'POST' ? parseStripeForm(raw) : {}
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null
    this.requests.push({ method, path, idempotencyKey: key, body })
    if (key && method === 'POST') {
      const cacheKey = `${path}|${key}`
      const saved = this.idempotent.get(cacheKey)
      if (saved) return { ...saved, replayed: true }
      const answer = this.route(method, path, body)
      this.idempotent.set(cacheKey, answer)
      return answer
    }
    return this.route(method, path, body)
  }

  private route(method: string, path: string, body: Record<string, unknown>): Answer {
    let match: RegExpMatchArray | null
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(body)
    if (method === 'GET' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = this.intents.get(match[1])
      return intent ? { status: 200, body: intent } : missing('payment_intent', match[1])
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      return this.updateIntent(match[1], body)
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/))) {
      const intent = this.intents.get(match[1])
      return intent ? this.confirmIntent(intent, body) : missing('payment_intent', match[1])
    }
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(body)
    if (method === 'GET' && (match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = this.customers.get(match[1])
      return customer ? { status: 200, body: customer } : missing('customer', match[1])
    }
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSetupIntent(body)
    if (method === 'GET' && (match = path.match(/^\/v1\/setup_intents\/([^/]+)$/))) {
      const setup = this.setupIntents.get(match[1])
      return setup ? { status: 200, body: setup } : missing('setup_intent', match[1])
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/setup_intents\/([^/]+)\/confirm$/))) {
      return this.confirmSetupIntent(match[1], body)
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/payment_methods\/([^/]+)$/))) {
      const card = this.paymentMethods.get(match[1])
      return card ? { status: 200, body: card } : missing('payment_method', match[1])
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/))) {
      return this.detachCard(match[1])
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body)
    if (method === 'POST' && path === '/v1/accounts') return this.createAccount(body)
    if (method === 'GET' && (match = path.match(/^\/v1\/accounts\/([^/]+)$/))) {
      const account = this.accounts.get(match[1])
      return account ? { status: 200, body: account } : missing('account', match[1])
    }
    if (method === 'POST' && path === '/v1/account_links') return this.createAccountLink(body)
    if (method === 'POST' && (match = path.match(/^\/v1\/accounts\/([^/]+)\/login_links$/))) {
      const account = this.accounts.get(match[1])
      if (!account) return missing('account', match[1])
      if (!account.details_submitted) return invalid('Cannot create a login link for an account that has not completed onboarding.', 'account_invalid')
      return { status: 200, body: { object: 'login_link', url: `${this.url}/express/${account.id}`, created: nowSeconds() } }
    }
    if (method === 'POST' && path === '/v1/transfers') return this.createTransfer(body)
    if (method === 'GET' && (match = path.match(/^\/v1\/transfers\/([^/]+)$/))) {
      const transfer = this.transfers.get(match[1])
      return transfer ? { status: 200, body: transfer } : missing('transfer', match[1])
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/transfers\/([^/]+)\/reversals$/))) {
      return this.createReversal(match[1], body)
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    }
  }

  private createIntent(body: Record<string, unknown>): Answer {
    const amount = Number(body.amount)
    if (!Number.isInteger(amount) || amount < 50) {
      return invalid('Amount must be at least $0.50 usd', 'amount_too_small')
    }
    const customer = body.customer === undefined ? null : String(body.customer)
    if (customer && !this.customers.has(customer)) return missing('customer', customer)
    const id = `pi_fake_${random()}`
    const types = body.payment_method_types as Record<string, string> | undefined
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency: String(body.currency ?? 'usd'),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${random(12)}`,
      description: (body.description as string) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      customer,
      payment_method: null,
      setup_future_usage: (body.setup_future_usage as string) ?? null,
      // Since API 2023-08-16 an intent with no payment_method_types takes the Dashboard's methods.
      automatic_payment_methods: types ? null : automaticMethods(body),
      payment_method_types: types ? Object.values(types) : ['card'],
      last_payment_error: null,
      latest_charge: null,
      created: nowSeconds(),
      livemode: false,
    }
    if (body.payment_method !== undefined) {
      const card = this.cardFor(String(body.payment_method), intent.customer)
      if ('status' in card) return card
      intent.payment_method = card.id
    }
    if (body.confirm !== 'true') {
      this.intents.set(id, intent)
      return { status: 200, body: intent }
    }
    // confirm=true creates and confirms in one call; a request Stripe refuses creates nothing.
    if (!intent.payment_method) {
      return invalid(MISSING_PAYMENT_METHOD, 'payment_intent_unexpected_state')
    }
    this.intents.set(id, intent)
    const answer = this.confirmIntent(intent, { return_url: body.return_url })
    if (answer.status !== 200 && answer.status !== 402) this.intents.delete(id)
    return answer
  }

  private updateIntent(id: string, body: Record<string, unknown>): Answer {
    const intent = this.intents.get(id)
    if (!intent) return missing('payment_intent', id)
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return invalid(
        `You cannot update this PaymentIntent because it has a status of ${intent.status}.`,
        'payment_intent_unexpected_state',
      )
    }
    const customer = body.customer === undefined ? intent.customer : String(body.customer)
    if (customer && !this.customers.has(customer)) return missing('customer', customer)
    if (body.payment_method !== undefined) {
      const card = this.cardFor(String(body.payment_method), customer)
      if ('status' in card) return card
      intent.payment_method = card.id
    }
    intent.customer = customer
    if (body.amount !== undefined) intent.amount = Number(body.amount)
    if (body.description !== undefined) intent.description = String(body.description)
    if (body.setup_future_usage !== undefined) intent.setup_future_usage = String(body.setup_future_usage) || null
    if (body.metadata !== undefined) {
      intent.metadata = { ...intent.metadata, ...(body.metadata as Record<string, string>) }
    }
    return { status: 200, body: intent }
  }

  /**
   * POST /v1/payment_intents/:id/confirm, from the server (the secret key, a saved card) or from
   * Stripe.js in the browser (the publishable key and the client secret in the body).
   */
  private confirmIntent(intent: FakeIntent, body: Record<string, unknown>): Answer {
    if (intent.status === 'succeeded') {
      return invalid('This PaymentIntent has already succeeded.', 'payment_intent_unexpected_state')
    }
    if (intent.status === 'canceled') {
      return invalid('This PaymentIntent has been canceled and cannot be confirmed.', 'payment_intent_unexpected_state')
    }
    const fromBrowser = body.client_secret !== undefined
    // Stripe refuses a server-side confirm that could redirect with nowhere to return to, even for a
    // card. The browser stand-in (tests/e2e-stripe) leaves return_url out; real Stripe.js sends it.
    const redirects =
      intent.automatic_payment_methods?.enabled && intent.automatic_payment_methods.allow_redirects !== 'never'
    if (!fromBrowser && redirects && !body.return_url) {
      return invalid(
        'A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.',
        'parameter_missing',
      )
    }
    let cardId = intent.payment_method
    if (body.payment_method !== undefined) {
      const card = this.cardFor(String(body.payment_method), intent.customer)
      if ('status' in card) return card
      cardId = card.id
    }
    if (!cardId) {
      return invalid(MISSING_PAYMENT_METHOD, 'payment_intent_unexpected_state')
    }
    return this.charge(intent, this.paymentMethods.get(cardId)!)
  }

  /** The bank's answer: a declined card leaves the intent open, with the reason, as Stripe does. */
  private charge(intent: FakeIntent, card: FakePaymentMethod): Answer {
    if (this.decliningCards.has(card.id)) {
      intent.status = 'requires_payment_method'
      intent.payment_method = null
      intent.last_payment_error = { ...DECLINE, payment_method: card }
      return { status: 402, body: { error: { ...intent.last_payment_error, payment_intent: intent } } }
    }
    intent.payment_method = card.id
    // setup_future_usage keeps the card on the intent's customer once it has paid.
    if (intent.setup_future_usage && intent.customer && !card.customer) card.customer = intent.customer
    if (!card.customer) this.spentCards.add(card.id)
    this.succeed(intent.id)
    return { status: 200, body: intent }
  }

  /** A card to charge for this customer: a test card becomes a new card; a saved one must be theirs. */
  private cardFor(reference: string, customer: string | null): FakePaymentMethod | Answer {
    if (TEST_CARDS[reference]) return this.makeCard(null, TEST_CARDS[reference])
    const card = this.paymentMethods.get(reference)
    if (!card) return missing('payment_method', reference)
    if (this.spentCards.has(card.id)) {
      return invalid(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        'payment_method_unexpected_state',
      )
    }
    if (card.customer && card.customer !== customer) {
      return invalid(
        `The PaymentMethod ${card.id} does not belong to the Customer ${customer ?? '(none)'}.`,
        'payment_method_invalid_parameter',
      )
    }
    return card
  }

  private makeCard(customer: string | null, options: CardOptions): FakePaymentMethod {
    const card: FakePaymentMethod = {
      id: `pm_fake_${random()}`,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: options.brand ?? 'visa',
        last4: options.last4 ?? '4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: 'credit',
        country: 'US',
      },
      customer,
      metadata: {},
      created: nowSeconds(),
      livemode: false,
    }
    this.paymentMethods.set(card.id, card)
    if (options.declines) this.decliningCards.add(card.id)
    return card
  }

  private createCustomer(body: Record<string, unknown>): Answer {
    const customer: FakeCustomer = {
      id: `cus_fake_${random()}`,
      object: 'customer',
      email: (body.email as string) ?? null,
      name: (body.name as string) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: nowSeconds(),
      livemode: false,
    }
    this.customers.set(customer.id, customer)
    return { status: 200, body: customer }
  }

  private createSetupIntent(body: Record<string, unknown>): Answer {
    const customer = body.customer === undefined ? null : String(body.customer)
    if (customer && !this.customers.has(customer)) return missing('customer', customer)
    const id = `seti_fake_${random()}`
    const setup: FakeSetupIntent = {
      id,
      object: 'setup_intent',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${random(12)}`,
      customer,
      payment_method: null,
      usage: String(body.usage ?? 'off_session'),
      automatic_payment_methods: automaticMethods(body),
      last_setup_error: null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: nowSeconds(),
      livemode: false,
    }
    this.setupIntents.set(id, setup)
    return { status: 200, body: setup }
  }

  /** What Stripe.js's confirmSetup does in the browser: pm_card_chargeDeclined fails, any other card is saved. */
  private confirmSetupIntent(id: string, body: Record<string, unknown>): Answer {
    const setup = this.setupIntents.get(id)
    if (!setup) return missing('setup_intent', id)
    if (setup.status === 'succeeded') {
      return invalid('This SetupIntent has already succeeded.', 'setup_intent_unexpected_state')
    }
    const reference = String(body.payment_method ?? 'pm_card_visa')
    const test = TEST_CARDS[reference]
    if (!test) return missing('payment_method', reference)
    if (test.declines) {
      this.failSetup(id)
      return { status: 402, body: { error: { ...setup.last_setup_error, setup_intent: setup } } }
    }
    return { status: 200, body: this.completeSetup(id, test) }
  }

  private detachCard(id: string): Answer {
    const card = this.paymentMethods.get(id)
    if (!card) return missing('payment_method', id)
    if (!card.customer) {
      return invalid(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        'payment_method_unexpected_state',
      )
    }
    card.customer = null
    this.spentCards.add(id)
    return { status: 200, body: card }
  }

  private createRefund(body: Record<string, unknown>) {
    const intent = this.intents.get(String(body.payment_intent))
    if (!intent) return missing('payment_intent', String(body.payment_intent))
    if (intent.status !== 'succeeded')
      return invalid('This PaymentIntent does not have a successful charge to refund.', 'charge_not_refundable')
    const refunded = this.refundedAmount(intent.id)
    const amount = body.amount === undefined ? intent.amount - refunded : Number(body.amount)
    if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > intent.amount) {
      return invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`,
        'amount_too_large',
      )
    }
    const refund: FakeRefund = {
      id: `re_fake_${random()}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      status: 'succeeded',
      payment_intent: intent.id,
      charge: intent.latest_charge,
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: nowSeconds(),
    }
    this.refunds.set(refund.id, refund)
    return { status: 200, body: refund }
  }

  private createAccount(body: Record<string, unknown>) {
    if (body.type !== 'express') return invalid('Only Express accounts are faked here.', 'parameter_invalid')
    const account: FakeAccount = {
      id: `acct_fake_${random()}`,
      object: 'account',
      type: 'express',
      country: String(body.country ?? 'US'),
      email: (body.email as string) ?? null,
      details_submitted: false,
      payouts_enabled: false,
      charges_enabled: false,
      requirements: {
        currently_due: ['external_account', 'individual.ssn_last_4', 'tos_acceptance.date'],
        past_due: [],
        eventually_due: [],
        disabled_reason: 'requirements.past_due',
      },
      external_accounts: { object: 'list', data: [], has_more: false },
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: nowSeconds(),
    }
    this.accounts.set(account.id, account)
    return { status: 200, body: account }
  }

  private createAccountLink(body: Record<string, unknown>) {
    const account = this.accounts.get(String(body.account))
    if (!account) return missing('account', String(body.account))
    if (!body.return_url || !body.refresh_url) return invalid('return_url and refresh_url are required.', 'parameter_missing')
    const query = new URLSearchParams({ account: account.id, return_url: String(body.return_url), refresh_url: String(body.refresh_url) })
    return {
      status: 200,
      body: { object: 'account_link', url: `${this.url}/connect/onboarding?${query}`, created: nowSeconds(), expires_at: nowSeconds() + 300 },
    }
  }

  private createTransfer(body: Record<string, unknown>) {
    const account = this.accounts.get(String(body.destination))
    if (!account) return missing('account', String(body.destination))
    const amount = Number(body.amount)
    if (!Number.isInteger(amount) || amount <= 0) return invalid('Invalid positive integer', 'parameter_invalid_integer')
    if (!account.payouts_enabled) {
      return invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers', 'insufficient_capabilities_for_transfer')
    }
    const transfer: FakeTransfer = {
      id: `tr_fake_${random()}`,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency: String(body.currency ?? 'usd'),
      destination: account.id,
      transfer_group: (body.transfer_group as string) ?? null,
      description: (body.description as string) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      reversed: false,
      reversals: { object: 'list', data: [], has_more: false },
      created: nowSeconds(),
    }
    this.transfers.set(transfer.id, transfer)
    return { status: 200, body: transfer }
  }

  private createReversal(transferId: string, body: Record<string, unknown>) {
    const transfer = this.transfers.get(transferId)
    if (!transfer) return missing('transfer', transferId)
    const amount = body.amount === undefined ? transfer.amount - transfer.amount_reversed : Number(body.amount)
    if (!Number.isInteger(amount) || amount <= 0 || transfer.amount_reversed + amount > transfer.amount) {
      return invalid('The reversal amount is greater than the transfer amount left.', 'amount_too_large')
    }
    const reversal = { id: `trr_fake_${random()}`, object: 'transfer_reversal' as const, amount, transfer: transfer.id }
    transfer.reversals.data.push(reversal)
    transfer.amount_reversed += amount
    transfer.reversed = transfer.amount_reversed >= transfer.amount
    return { status: 200, body: reversal }
  }

  /** The nurse finished Stripe's hosted onboarding (what the browser does at the account link). */
  completeOnboarding(accountId: string, options: { payoutsEnabled?: boolean; last4?: string } = {}) {
    const account = this.accounts.get(accountId)!
    account.details_submitted = true
    account.payouts_enabled = options.payoutsEnabled ?? true
    account.charges_enabled = account.payouts_enabled
    account.requirements = {
      currently_due: account.payouts_enabled ? [] : ['individual.verification.document'],
      past_due: [],
      eventually_due: [],
      disabled_reason: account.payouts_enabled ? null : 'requirements.pending_verification',
    }
    account.external_accounts.data = [{ id: `ba_fake_${random()}`, object: 'bank_account', last4: options.last4 ?? '6789' }]
    return account
  }

  refundedAmount(intentId: string) {
    return [...this.refunds.values()].filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0)
  }

  /** The card went through (as if Stripe.js confirmed it in the browser). */
  succeed(intentId: string) {
    const intent = this.intents.get(intentId)!
    intent.status = 'succeeded'
    intent.last_payment_error = null
    intent.latest_charge ??= `ch_fake_${random()}`
    return intent
  }

  decline(intentId: string) {
    const intent = this.intents.get(intentId)!
    intent.status = 'requires_payment_method'
    intent.last_payment_error = { ...DECLINE }
    return intent
  }

  /**
   * The parent paid the intent in the browser with a new card. An intent made with
   * setup_future_usage keeps the card on its customer, or on `saveForCustomer` when given.
   */
  payIntent(intentId: string, options: { declines?: boolean; saveForCustomer?: string; last4?: string } = {}) {
    const intent = this.intents.get(intentId)!
    if (intent.status === 'succeeded') throw new Error(`${intentId} is already paid`)
    const card = this.makeCard(null, { declines: options.declines, last4: options.last4 })
    this.charge(intent, card)
    if (options.saveForCustomer && intent.status === 'succeeded') {
      card.customer = options.saveForCustomer
      this.spentCards.delete(card.id)
    }
    return intent
  }

  /** A card already kept on the customer; `declines` makes every charge on it fail. Returns its pm_ id. */
  addCard(customerId: string, options: CardOptions = {}) {
    if (!this.customers.has(customerId)) throw new Error(`No such customer: ${customerId}`)
    return this.makeCard(customerId, options).id
  }

  /**
   * The parent entered a card in the Payment Element and Stripe saved it (confirmSetup in the
   * browser). `declines` is a card that saves but is declined when charged (Stripe's 4000…0341).
   */
  completeSetup(setupIntentId: string, options: CardOptions = {}) {
    const setup = this.setupIntents.get(setupIntentId)!
    const card = this.makeCard(setup.customer, options)
    setup.payment_method = card.id
    setup.status = 'succeeded'
    setup.last_setup_error = null
    return setup
  }

  /** The bank refused to save the card: the SetupIntent waits for another. */
  failSetup(setupIntentId: string) {
    const setup = this.setupIntents.get(setupIntentId)!
    setup.status = 'requires_payment_method'
    setup.payment_method = null
    setup.last_setup_error = { ...DECLINE }
    return setup
  }

  /** The Charge object of a charge.refunded event for this intent. */
  chargeFor(intentId: string) {
    const intent = this.intents.get(intentId)!
    const refunds = [...this.refunds.values()].filter((r) => r.payment_intent === intentId)
    return {
      id: intent.latest_charge ?? `ch_fake_${random()}`,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: this.refundedAmount(intentId),
      currency: intent.currency,
      payment_intent: intentId,
      refunded: this.refundedAmount(intentId) >= intent.amount,
      refunds: { object: 'list', data: refunds, has_more: false, url: `/v1/charges/${intent.latest_charge}/refunds` },
      status: 'succeeded',
    }
  }

  /** A webhook delivery signed like Stripe's, for the app's webhook endpoint. */
  signedEvent(type: string, object: unknown, secret: string, id = `evt_fake_${random()}`, connected?: { account: string }) {
    const payload = JSON.stringify({
      id,
      // Events about a connected account (its payouts) name it, as Connect webhooks do.
      ...(connected ? { account: connected.account } : {}),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: JSON.parse(JSON.stringify(object)) },
    })
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret })
    return { id, payload, signature }
  }
}

function missing(kind: string, id: string) {
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` } },
  }
}

function invalid(message: string, code: string) {
  return { status: 400, body: { error: { type: 'invalid_request_error', code, message } } }
}

/** automatic_payment_methods as Stripe stores it: on by default, redirects allowed unless 'never'. */
function automaticMethods(body: Record<string, unknown>) {
  const asked = body.automatic_payment_methods as { enabled?: string; allow_redirects?: string } | undefined
  return { enabled: asked?.enabled !== 'false', allow_redirects: asked?.allow_redirects ?? 'always' }
}

export async function startFakeStripe() {
  return new FakeStripe().start()
}
