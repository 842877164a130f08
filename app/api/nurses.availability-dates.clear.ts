import type { ActionFunctionArgs } from '@remix-run/node'
import { clearedMessage } from '~/domain/nurses/nurse-profile'
import { clearFutureAvailability } from '~/domain/nurses/nurse-profile.server'
import { ClearAvailabilitySchema } from '~/schemas/nurse-profile'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// POST /_api/nurses/availability-dates/clear {} → {message, removedCount, keptBookedCount}:
// every future unbooked night is removed; booked nights stay.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['nurse'])
  await parseBody(request, ClearAvailabilitySchema)
  const result = await clearFutureAvailability(user.id, new Date())
  if (!result.ok) return apiError(result.status, result.error)
  return Response.json({
    message: clearedMessage(result.keptBookedCount),
    removedCount: result.removedCount,
    keptBookedCount: result.keptBookedCount,
  })
}

export const loader = () => methodNotAllowed()
