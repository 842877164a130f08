import type { LoaderFunctionArgs } from '@remix-run/node'
import { listAdminBookings } from '~/domain/admin/admin.server'
import { AdminBookingsQuerySchema } from '~/schemas/admin'
import { parseQuery, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/admin/bookings?search&status&page (docs/product-texts.md) → {bookings, totalPages},
// with the page and its edges (`cursors`): `after` (Next) or `before` (Previous) with the next
// page's number read that page from the edge, at any depth (docs/decisions/0022).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin'])
  const query = parseQuery(request, AdminBookingsQuerySchema)
  const { rows, totalPages, page, cursors } = await listAdminBookings(query)
  return privateJson({ bookings: rows, totalPages, page, cursors })
}
