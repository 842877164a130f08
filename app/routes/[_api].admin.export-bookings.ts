import type { LoaderFunctionArgs } from '@remix-run/node'
import { listAllAdminBookings, toBookingsCsv } from '~/domain/admin/admin.server'
import { AdminExportQuerySchema } from '~/schemas/admin'
import { parseQuery } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/admin/export-bookings?search&status (spec 001 §7): the bookings list's own query,
// every page of it, as a CSV download named bookings.csv.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin'])
  const query = parseQuery(request, AdminExportQuerySchema)
  const csv = toBookingsCsv(await listAllAdminBookings(query))
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="bookings.csv"',
      'Cache-Control': 'private, no-store',
    },
  })
}
