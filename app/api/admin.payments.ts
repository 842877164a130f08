import type { LoaderFunctionArgs } from '@remix-run/node'
import { listAdminPayments } from '~/domain/admin/admin.server'
import { AdminPageQuerySchema } from '~/schemas/admin'
import { parseQuery, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/admin/payments?page (docs/product-texts.md) → {payments, totalPages}; each row has its
// kind, from which the UI names its type.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin'])
  const query = parseQuery(request, AdminPageQuerySchema)
  const { rows, totalPages, page } = await listAdminPayments(query)
  return privateJson({ payments: rows, totalPages, page })
}
