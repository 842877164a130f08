// POST /_api/reservations/change-due-date {reservationId, dueDate} (issue 36, docs/product-texts.md):
// the family moves its due date while the reservation stands → {reservation}; 409 names the nights
// the new window would need that are taken.
import type { ActionFunctionArgs } from '@remix-run/node'
import { changeDueDate } from '~/domain/reservations/reservations.server'
import { ReservationDueDateSchema } from '~/schemas/reservations'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent'])
  const input = await parseBody(request, ReservationDueDateSchema)
  const result = await changeDueDate(user, input)
  if (!result.ok) return apiError(result.status, result.error, result.clashes ? { clashes: result.clashes } : {})
  return Response.json({ reservation: result.reservation })
}

export const loader = () => methodNotAllowed()
