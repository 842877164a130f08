import type { LoaderFunctionArgs } from '@remix-run/node'
import { getNightReportsPdf } from '~/domain/night-reports/night-reports.server'
import { formatBookingReference } from '~/domain/bookings/booking-rules'
import { BookingParamsSchema } from '~/schemas/parent-bookings'
import { requireParentOrAdmin } from '~/utils/session.server'

// GET /parent/night-reports/{bookingId}.pdf: the night reports of one of the signed-in parent's
// bookings, or of any family's for an admin (issue 16, decision 0029). Another parent's booking, or
// one with no report yet, is Not Found.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const parsed = BookingParamsSchema.safeParse(params)
  const pdf = parsed.success ? await getNightReportsPdf(user, parsed.data.bookingId) : null
  if (!pdf || !parsed.success) throw new Response('Night reports not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="nightlight-night-reports-${formatBookingReference(parsed.data.bookingId).replace('#', '')}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
