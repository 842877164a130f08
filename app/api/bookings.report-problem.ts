import type { ActionFunctionArgs } from '@remix-run/node'
import { reportNightProblem } from '~/domain/payouts/payouts.server'
import { ReportProblemApiSchema } from '~/schemas/payouts'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// POST /_api/bookings/report-problem {bookingId, occurrenceId, description} (issue 15) →
// {problemId}: the family's report holds the night's payout; the same domain call as the booking page.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent', 'admin'])
  const { bookingId, occurrenceId, description } = await parseBody(request, ReportProblemApiSchema)
  const result = await reportNightProblem(user, { bookingId, occurrenceId, description }, new Date())
  if (!result.ok) return apiError(result.status, result.error)
  return Response.json({ problemId: result.problemId }, { status: 201 })
}

export const loader = () => methodNotAllowed()
