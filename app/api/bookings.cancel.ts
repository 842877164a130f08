import type { ActionFunctionArgs } from '@remix-run/node'
import { cancelOccurrence } from '~/domain/payments/cancellation.server'
import { CancelOccurrenceSchema } from '~/schemas/parent-bookings'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// POST /_api/bookings/cancel {occurrenceId} → {message} (docs/product-texts.md); the same domain
// call as the dashboard. A family cancels its own nights: any other role gets the guard's 403, as
// on /_api/bookings/move-night (decision 0051).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent'])
  const input = await parseBody(request, CancelOccurrenceSchema)
  const result = await cancelOccurrence({ parentId: user.id, ...input, now: new Date() })
  if (!result.ok) return apiError(result.status, result.error)
  return Response.json({
    message: result.message,
    refundCents: result.refundCents,
    bookingCancelled: result.bookingCancelled,
  })
}

export const loader = () => methodNotAllowed()
