// POST /_api/reservations/create (issue 36, docs/product-texts.md): the signed-in family asks a nurse
// to start when the baby comes home → 201 {reservation}; 409 names the nights already taken.
import type { ActionFunctionArgs } from '@remix-run/node'
import { createReservation } from '~/domain/reservations/reservations.server'
import { ReservationRequestSchema } from '~/schemas/reservations'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent'])
  const input = await parseBody(request, ReservationRequestSchema)
  const result = await createReservation(user, input)
  if (!result.ok) return apiError(result.status, result.error, result.clashes ? { clashes: result.clashes } : {})
  return Response.json({ reservation: result.reservation }, { status: 201 })
}

export const loader = () => methodNotAllowed()
