// POST /_api/reservations/book-backup {reservationId, nurseId, firstNight} (issue 36,
// docs/decisions/0070, docs/product-texts.md): the plan from a first night outside the reserved
// nurse's window, booked in one step with a backup nurse at her rates, held for payment of its
// first week like any booking → 201 {booking}; pressed again while it waits → 200, the same one.
// Once paid, the reservation has started and the reserved nurse's nights are free again.
import type { ActionFunctionArgs } from '@remix-run/node'
import { bookBackupNurse } from '~/domain/payments/backup-nurses.server'
import { ReservationBackupSchema } from '~/schemas/reservations'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { limitBookingCreation } from '~/utils/rate-limit.server'
import { requireApiRole } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent'])
  const input = await parseBody(request, ReservationBackupSchema)
  // A booking attempt like any other: counted against the family's hourly limit.
  const limited = await limitBookingCreation(user.id)
  if (!limited.ok) return Response.json({ error: limited.error }, { status: 429, headers: { 'Retry-After': String(limited.retryAfterSeconds) } })
  const result = await bookBackupNurse(user, input)
  if (!result.ok) return apiError(result.status, result.error)
  return Response.json({ booking: result.booking }, { status: result.existing ? 200 : 201 })
}

export const loader = () => methodNotAllowed()
