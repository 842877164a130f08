import type { LoaderFunctionArgs } from '@remix-run/node'
import { listPayoutAttention } from '~/domain/payouts/payouts.server'
import type { Paged } from '~/domain/platform/paging'
import { AdminPayoutsQuerySchema } from '~/schemas/admin'
import { parseQuery, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/admin/payouts?holds=&failed= (issue 15) → {holds, failures, pages}: nights a problem
// report holds and payouts that failed, oldest first, twenty of each a page as the payments tab
// lists them; `pages` tells each list's page, its number of pages and how many wait in all.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin'])
  const query = parseQuery(request, AdminPayoutsQuerySchema)
  const { holds, failures } = await listPayoutAttention({ holdsPage: query.holds, failuresPage: query.failed })
  return privateJson({ holds: holds.rows, failures: failures.rows, pages: { holds: pageOf(holds), failures: pageOf(failures) } })
}

const pageOf = ({ page, totalPages, totalRows }: Paged<unknown>) => ({ page, totalPages, totalRows })
