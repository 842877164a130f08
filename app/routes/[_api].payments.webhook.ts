// POST /_api/payments/webhook (docs/money.md): Stripe's signed event deliveries. The signature
// covers the exact bytes, so the body is read as text before anything parses it. Exempt from the
// Origin check (server/security.js): it comes from Stripe's servers, not a browser.
import type { ActionFunctionArgs } from '@remix-run/node'
import { handleStripeWebhook } from '~/domain/payments/stripe-webhook.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const rawBody = await request.text()
  try {
    const result = await handleStripeWebhook(rawBody, request.headers.get('Stripe-Signature'))
    if (!result.ok) return apiError(result.status, result.error)
    return Response.json({ received: true, duplicate: result.duplicate })
  } catch (error) {
    // Stripe retries a failed delivery; handling is idempotent, so the retry is safe.
    console.error('Stripe webhook handling failed:', error)
    return apiError(500, 'Webhook handling failed')
  }
}

export const loader = () => methodNotAllowed()
