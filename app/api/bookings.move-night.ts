import type { ActionFunctionArgs } from '@remix-run/node'
import { moveOccurrence } from '~/domain/payments/move-night.server'
import { MoveNightSchema } from '~/schemas/parent-bookings'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// POST /_api/bookings/move-night {bookingId, occurrenceId, date} (issue 17, docs/decisions/0034) →
// {message, occurrenceId, date, differenceCents}; the same domain call as the move page. A family
// moves its own nights: any other role gets the guard's 403, as on /_api/bookings/create (0047).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent'])
  const input = await parseBody(request, MoveNightSchema)
  const result = await moveOccurrence({ parentId: user.id, ...input, now: new Date() })
  if (!result.ok) return apiError(result.status, result.error)
  return Response.json({
    message: result.message,
    occurrenceId: result.occurrenceId,
    date: result.date,
    differenceCents: result.differenceCents,
  })
}

export const loader = () => methodNotAllowed()
