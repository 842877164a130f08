// POST /_api/reservations/respond {reservationId, answer: 'accept'|'decline', reason?} (issue 36,
// docs/product-texts.md): the nurse answers a request → {reservation}; another nurse's is 404.
import type { ActionFunctionArgs } from '@remix-run/node'
import { answerReservationWithDeposit } from '~/domain/payments/reservation-deposits.server'
import { ReservationAnswerSchema } from '~/schemas/reservations'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['nurse'])
  const input = await parseBody(request, ReservationAnswerSchema)
  const result = await answerReservationWithDeposit(user, input)
  if (!result.ok) return apiError(result.status, result.error, result.clashes ? { clashes: result.clashes } : {})
  return Response.json({ reservation: result.reservation })
}

export const loader = () => methodNotAllowed()
