import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { NURSE_PROFILE_NOT_FOUND } from '~/domain/nurses/nurse-profile'
import { listOwnAvailability, publishAvailability } from '~/domain/nurses/nurse-profile.server'
import { PublishAvailabilitySchema } from '~/schemas/nurse-profile'
import { apiError, methodNotAllowed, parseBody, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/nurses/availability-dates → {dates: [{date, startTimeLocal, endTimeLocal, booked}]}:
// the signed-in nurse's calendar from today on. (The public open nights are /_api/nurses/availability.)
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ['nurse'])
  const dates = await listOwnAvailability(user.id, new Date())
  if (!dates) return apiError(404, NURSE_PROFILE_NOT_FOUND)
  return privateJson({ dates })
}

// POST /_api/nurses/availability-dates {dates, defaultStartTime, defaultEndTime, nightlyRate (cents)}
// → {dates}: the selection becomes the calendar; booked nights are never removed.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['nurse'])
  const input = await parseBody(request, PublishAvailabilitySchema)
  const now = new Date()
  const result = await publishAvailability(user.id, input, now)
  if (!result.ok) return apiError(result.status, result.error)
  return privateJson({ message: 'Availability updated!', dates: (await listOwnAvailability(user.id, now)) ?? [] })
}
