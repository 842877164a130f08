import type { LoaderFunctionArgs } from '@remix-run/node'
import { listAdminNurses } from '~/domain/admin/admin.server'
import { AdminNursesQuerySchema } from '~/schemas/admin'
import { parseQuery, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/admin/nurses?verificationStatus&page → {nurses, totalPages} (docs/product-texts.md).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin'])
  const query = parseQuery(request, AdminNursesQuerySchema)
  const { rows, totalPages, page } = await listAdminNurses(query)
  return privateJson({ nurses: rows, totalPages, page })
}
