import type { LoaderFunctionArgs } from '@remix-run/node'
import { listAllAdminBookings, toBookingsCsvChunks } from '~/domain/admin/admin.server'
import { AdminExportQuerySchema } from '~/schemas/admin'
import { parseQuery } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/admin/export-bookings?search&status (docs/product-texts.md): the bookings list's own
// query, every page of it, as a CSV download named bookings.csv. Streamed batch by batch, read only
// as fast as the client takes it: a million bookings never sit in memory (docs/decisions/0022).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin'])
  const query = parseQuery(request, AdminExportQuerySchema)
  const chunks = toBookingsCsvChunks(listAllAdminBookings(query))
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      } catch (error) {
        // The headers are gone already: the download ends short and the log says why ('Export failed').
        console.error('Export failed:', error)
        controller.error(error)
      }
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="bookings.csv"',
      'Cache-Control': 'private, no-store',
    },
  })
}
