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
  signedEvent(type: string, object: unknown, secret: string, id = `evt_fake_${random()}`) {
    const payload = JSON.stringify({
      id,
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
