// POST /_api/payments/webhook (docs/money.md): Stripe's signed event deliveries. The signature
// covers the exact bytes, so the body is read as text before anything parses it. Exempt from the
// Origin check (server/security.js): it comes from Stripe's servers, not a browser. Payments handle
// their events first; any other goes to payouts, the area above them (decision 0057).
import type { ActionFunctionArgs } from '@remix-run/node'
import { handlePaymentStripeEvent, handleStripeWebhook, type StripeEventHandler } from '~/domain/payments/stripe-webhook.server'
import { handlePayoutStripeEvent } from '~/domain/payouts/payout-events.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'

const handleStripeEvent: StripeEventHandler = async (event, now) => {
  if (!(await handlePaymentStripeEvent(event, now))) await handlePayoutStripeEvent(event, now)
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const rawBody = await request.text()
  try {
    const result = await handleStripeWebhook(rawBody, request.headers.get('Stripe-Signature'), handleStripeEvent)
    if (!result.ok) return apiError(result.status, result.error)
    return Response.json({ received: true, duplicate: result.duplicate })
  } catch (error) {
    // Stripe retries a failed delivery; handling is idempotent, so the retry is safe.
    console.error('Stripe webhook handling failed:', error)
    return apiError(500, 'Webhook handling failed')
  }
}

export const loader = () => methodNotAllowed()
