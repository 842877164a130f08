// POST /_api/payments/create-intent (docs/product-texts.md): the intent for the parent's pending
// booking.
import type { ActionFunctionArgs } from '@remix-run/node'
import { createPaymentIntentForBooking } from '~/domain/payments/payments.server'
import { CreatePaymentIntentSchema } from '~/schemas/booking'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiUser } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiUser(request)
  const { bookingId } = await parseBody(request, CreatePaymentIntentSchema)
  const result = await createPaymentIntentForBooking(user, bookingId)
  if (!result.ok) return apiError(result.status, result.error)
  const { clientSecret, paymentIntentId, totalAmountCents, platformFeeCents, nursePayoutCents } = result
  return Response.json({ clientSecret, paymentIntentId, totalAmountCents, platformFeeCents, nursePayoutCents })
}

export const loader = () => methodNotAllowed()
