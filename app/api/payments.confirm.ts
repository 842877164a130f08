// POST /_api/payments/confirm (docs/product-texts.md): re-reads the intent from the provider,
// checks amount and status, then confirms the booking (docs/money.md).
import type { ActionFunctionArgs } from '@remix-run/node'
import { confirmPayment } from '~/domain/payments/payments.server'
import { ConfirmPaymentSchema } from '~/schemas/booking'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiUser } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiUser(request)
  const { paymentIntentId } = await parseBody(request, ConfirmPaymentSchema)
  const result = await confirmPayment(user, paymentIntentId)
  if (!result.ok) return apiError(result.status, result.error, result.reason ? { reason: result.reason } : {})
  return Response.json({ success: true, booking: result.booking })
}

export const loader = () => methodNotAllowed()
