import type { ActionFunctionArgs } from '@remix-run/node'
import { retryPayout } from '~/domain/payouts/payouts.server'
import { RetryPayoutApiSchema } from '~/schemas/payouts'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// POST /_api/admin/payouts/retry {paymentId} (issue 15) → {outcome: paid|failed|skipped}: sends a
// failed payout again under a new key.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const admin = await requireApiRole(request, ['admin'])
  const { paymentId } = await parseBody(request, RetryPayoutApiSchema)
  const result = await retryPayout(admin, paymentId, new Date())
  if (!result.ok) return apiError(result.status, result.error)
  return Response.json({ outcome: result.outcome })
}

export const loader = () => methodNotAllowed()
