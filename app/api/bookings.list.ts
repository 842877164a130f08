import type { LoaderFunctionArgs } from '@remix-run/node'
import { listParentBookings } from '~/domain/parents/parent-bookings.server'
import { BookingListQuerySchema } from '~/schemas/parent-bookings'
import { parseQuery, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/bookings/list?status=upcoming|past|cancelled (docs/product-texts.md): the signed-in
// parent's own bookings.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ['parent', 'admin'])
  const { status } = parseQuery(request, BookingListQuerySchema)
  const bookings = await listParentBookings(user.id, status, new Date())
  return privateJson({ bookings })
}
