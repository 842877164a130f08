// POST /_api/reservations/cancel {reservationId} (issue 36, docs/product-texts.md): its family or its
// nurse withdraws a reservation that stands → {reservation}; anyone else's is 404.
import type { ActionFunctionArgs } from '@remix-run/node'
import { withdrawReservationWithDeposit } from '~/domain/payments/reservation-deposits.server'
import { ReservationCancelSchema } from '~/schemas/reservations'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent', 'nurse'])
  const input = await parseBody(request, ReservationCancelSchema)
  const result = await withdrawReservationWithDeposit(user, input)
  if (!result.ok) return apiError(result.status, result.error)
  return Response.json({ reservation: result.reservation })
}

export const loader = () => methodNotAllowed()
