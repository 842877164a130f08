import type { LoaderFunctionArgs } from '@remix-run/node'
import { listPayoutAttention } from '~/domain/payouts/payouts.server'
import { privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/admin/payouts (issue 15) → {holds, failures}: nights a problem report holds and
// payouts that failed, oldest first, as the payments tab lists them.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin'])
  return privateJson(await listPayoutAttention())
}
