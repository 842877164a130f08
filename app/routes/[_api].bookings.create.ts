// POST /_api/bookings/create (spec 000 §7): the signed-in parent books nights; 409 names clashes.
import type { ActionFunctionArgs } from '@remix-run/node'
import { createBooking } from '~/domain/bookings.server'
import { BookingRequestSchema } from '~/schemas/booking'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent'])
  const input = await parseBody(request, BookingRequestSchema)
  const result = await createBooking(user, input)
  if (!result.ok) return apiError(result.status, result.error, result.clashes ? { clashes: result.clashes } : {})
  return Response.json({ booking: result.booking })
}

export const loader = () => methodNotAllowed()
