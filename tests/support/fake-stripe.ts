// A local fake of the parts of Stripe's HTTP API the app uses (DESIGN.md §8, §14), so the real
// `stripe` SDK is exercised offline: point it here with STRIPE_API_BASE (host, port, protocol).
// Bodies are form-encoded like the real API; Idempotency-Key replays the first answer.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

export interface FakeIntent {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  status: string
  client_secret: string
  description: string | null
  metadata: Record<string, string>
  last_payment_error: { type: string; code: string; message: string } | null
  latest_charge: string | null
  created: number
  livemode: false
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

const random = (n = 8) => randomBytes(n).toString('hex')
const nowSeconds = () => Math.floor(Date.now() / 1000)

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
  readonly requests: RecordedRequest[] = []
  private readonly idempotent = new Map<string, { status: number; body: unknown }>()
  private server?: http.Server
  url = ''

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = ''
      req.on('data', (chunk) => (raw += chunk))
      req.on('end', () => {
        const { status, body, replayed } = this.handle(req, raw)
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
    this.requests.length = 0
    this.idempotent.clear()
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

  private route(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    let match: RegExpMatchArray | null
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(body)
    if (method === 'GET' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = this.intents.get(match[1])
      return intent ? { status: 200, body: intent } : missing('payment_intent', match[1])
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/))) {
      return this.confirmIntent(match[1], String(body.payment_method ?? 'pm_card_visa'))
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

  private createIntent(body: Record<string, unknown>) {
    const amount = Number(body.amount)
    if (!Number.isInteger(amount) || amount < 50) {
      return invalid('Amount must be at least $0.50 usd', 'amount_too_small')
    }
    const id = `pi_fake_${random()}`
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency: String(body.currency ?? 'usd'),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${random(12)}`,
      description: (body.description as string) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      last_payment_error: null,
      latest_charge: null,
      created: nowSeconds(),
      livemode: false,
    }
    this.intents.set(id, intent)
    return { status: 200, body: intent }
  }

  /** Test helper endpoint: what Stripe.js does in the browser. */
  private confirmIntent(id: string, paymentMethod: string) {
    const intent = this.intents.get(id)
    if (!intent) return missing('payment_intent', id)
    if (intent.status === 'succeeded') {
      return invalid('This PaymentIntent has already succeeded.', 'payment_intent_unexpected_state')
    }
    if (paymentMethod === 'pm_card_chargeDeclined') {
      intent.status = 'requires_payment_method'
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }
      return { status: 402, body: { error: { ...intent.last_payment_error, payment_intent: intent } } }
    }
    this.succeed(id)
    return { status: 200, body: intent }
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
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }
    return intent
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

export async function startFakeStripe() {
  return new FakeStripe().start()
}
