// POST /_api/bookings/create (docs/product-texts.md): the signed-in parent books nights; 409 names
// clashes.
import type { ActionFunctionArgs } from '@remix-run/node'
import { startBooking } from '~/domain/payments/start-booking.server'
import { BookingRequestSchema } from '~/schemas/booking'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { limitBookingCreation } from '~/utils/rate-limit.server'
import { requireApiRole } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent'])
  const input = await parseBody(request, BookingRequestSchema)
  // `payWith: 'saved_card'` books and pays in one step (how an account that left unpaid holds books: decision 0045).
  const result = await startBooking(user, input, {
    limit: limitBookingCreation,
    payAtOnce: input.payWith === 'saved_card' ? { savedCard: true } : null,
  })
  if (!result.ok) {
    if (result.status === 429) {
      return Response.json({ error: result.error }, { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } })
    }
    const { clashes, unpaidBookingId, payAtOnce } = result
    return apiError(result.status, result.error, {
      ...(clashes ? { clashes } : {}),
      ...(unpaidBookingId ? { unpaidBookingId } : {}),
      ...(payAtOnce ? { payAtOnce } : {}),
    })
  }
  return Response.json({ booking: result.booking })
}

export const loader = () => methodNotAllowed()
