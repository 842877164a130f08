// POST /_api/verification/webhook (docs/decisions/0061): Checkr's signed report and invitation
// events. The signature covers the exact bytes, so the body is read as text before anything parses
// it. Exempt from the Origin check (server/security.js): it comes from Checkr's servers.
import type { ActionFunctionArgs } from '@remix-run/node'
import { handleCheckrWebhook } from '~/domain/verification/check-webhook.server'
import { CHECKR_SIGNATURE_HEADER } from '~/domain/verification/providers/checkr.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const rawBody = await request.text()
  try {
    const result = await handleCheckrWebhook(rawBody, request.headers.get(CHECKR_SIGNATURE_HEADER))
    if (!result.ok) return apiError(result.status, result.error)
    return Response.json({ received: true, duplicate: result.duplicate })
  } catch (error) {
    // Checkr retries a failed delivery; applying is idempotent, so the retry is safe.
    console.error('Checkr webhook handling failed:', error)
    return apiError(500, 'Webhook handling failed')
  }
}

export const loader = () => methodNotAllowed()
