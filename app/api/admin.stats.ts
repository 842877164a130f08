import type { LoaderFunctionArgs } from '@remix-run/node'
import { readAdminStats } from '~/domain/admin/admin.server'
import { privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/admin/stats → {activeBookings, pendingVerifications, totalPayoutsDueCents}
// (docs/product-texts.md).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin'])
  const stats = await readAdminStats(new Date())
  return privateJson(stats)
}
