import type { LoaderFunctionArgs } from '@remix-run/node'
import { listAllAdminBookings, toBookingsCsvChunks } from '~/domain/admin/admin.server'
import { AdminExportQuerySchema } from '~/schemas/admin'
import { parseQuery } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'
import { streamedText } from '~/utils/streamed-download.server'

// GET /_api/admin/export-bookings?search&status (docs/product-texts.md): the bookings list's own
// query, every page of it, as a CSV download named bookings.csv. Streamed batch by batch, read only
// as fast as the client takes it: a million bookings never sit in memory (docs/decisions/0022, 0068).
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin'])
  const query = parseQuery(request, AdminExportQuerySchema)
  const body = streamedText(toBookingsCsvChunks(listAllAdminBookings(query)), context, (error) => console.error('Export failed:', error))
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="bookings.csv"',
      'Cache-Control': 'private, no-store',
    },
  })
}
