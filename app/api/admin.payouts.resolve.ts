import type { ActionFunctionArgs } from '@remix-run/node'
import { resolveNightProblem } from '~/domain/payouts/payouts.server'
import { ResolveProblemApiSchema } from '~/schemas/payouts'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// POST /_api/admin/payouts/resolve {problemId, decision: release|refund, note} (issue 15) →
// {refundCents, reversalFailure?}: the payments tab's decision on a held night.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const admin = await requireApiRole(request, ['admin'])
  const input = await parseBody(request, ResolveProblemApiSchema)
  const result = await resolveNightProblem(admin, input, new Date())
  if (!result.ok) return apiError(result.status, result.error)
  const { ok: _ok, ...answer } = result
  return Response.json(answer)
}

export const loader = () => methodNotAllowed()
