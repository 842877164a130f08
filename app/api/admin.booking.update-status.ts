import type { ActionFunctionArgs } from '@remix-run/node'
import { updateBookingStatus } from '~/domain/admin/admin.server'
import { UpdateBookingStatusSchema } from '~/schemas/admin'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// POST /_api/admin/booking/update-status {bookingId, status, notes?} → {success, booking}
// (docs/product-texts.md).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['admin'])
  const input = await parseBody(request, UpdateBookingStatusSchema)
  const result = await updateBookingStatus({ ...input, actorId: user.id })
  if (!result.ok) return apiError(result.status, result.error)
  return Response.json({ success: true, booking: { id: result.bookingId, status: result.status } })
}

export const loader = () => methodNotAllowed()
