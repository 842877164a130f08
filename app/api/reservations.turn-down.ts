// POST /_api/reservations/turn-down {reservationId, reason} (issue 36, docs/decisions/0070,
// docs/product-texts.md): the nurse turns down the start of a family's plan within 12 hours of it
// and before its first night → {refundCents}. Its booking is cancelled and refunded in full; the
// family is e-mailed the nurses open for its plan. Another nurse's reservation is 404.
import type { ActionFunctionArgs } from '@remix-run/node'
import { turnDownStart } from '~/domain/payments/turn-down-start.server'
import { ReservationTurnDownSchema } from '~/schemas/reservations'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['nurse'])
  const input = await parseBody(request, ReservationTurnDownSchema)
  const result = await turnDownStart(user, input)
  if (!result.ok) return apiError(result.status, result.error)
  return Response.json({ refundCents: result.refundCents })
}

export const loader = () => methodNotAllowed()
