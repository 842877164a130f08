// POST /_api/reservations/start {reservationId, firstNight} (issue 36, docs/decisions/0069,
// docs/product-texts.md): 'Our baby is here'. The family's accepted reservation becomes a booking
// from that night, held for payment of its first week like any other → 201 {booking}; pressed
// again while that booking waits for payment → 200 with the same booking. Another family's is 404.
import type { ActionFunctionArgs } from '@remix-run/node'
import { startReservedPlan } from '~/domain/payments/start-reserved-plan.server'
import { ReservationStartSchema } from '~/schemas/reservations'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { limitBookingCreation } from '~/utils/rate-limit.server'
import { requireApiRole } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent'])
  const input = await parseBody(request, ReservationStartSchema)
  // Each press counts as a booking attempt, as on /book: nobody churns unpaid holds from here either.
  const limited = await limitBookingCreation(user.id)
  if (!limited.ok) return Response.json({ error: limited.error }, { status: 429, headers: { 'Retry-After': String(limited.retryAfterSeconds) } })
  const result = await startReservedPlan(user, input)
  // Outside her window: the nurses open from that night are at /_api/reservations/backups (decision 0070).
  if (!result.ok) return apiError(result.status, result.error, 'outsideWindow' in result && result.outsideWindow ? { outsideWindow: true } : {})
  return Response.json({ booking: result.booking }, { status: result.existing ? 200 : 201 })
}

export const loader = () => methodNotAllowed()
