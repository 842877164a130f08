// POST /_api/payments/test-card (docs/product-texts.md): the built-in test provider's card form. The
// client secret is the credential, as with Stripe.js; 4242… succeeds, 4000 0000 0000 0002 declines.
import type { ActionFunctionArgs } from '@remix-run/node'
import { payWithTestCard } from '~/domain/payments/payments.server'
import { TestCardPaymentSchema } from '~/schemas/booking'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const input = await parseBody(request, TestCardPaymentSchema)
  const result = await payWithTestCard(input)
  if (!result.ok) return apiError(result.status, result.error)
  return Response.json({ status: result.status })
}

export const loader = () => methodNotAllowed()
