// GET /_api/reservations/list (issue 36, docs/product-texts.md): a family's own reservations, or a
// nurse's, one timeline sorted by window.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listReservations } from '~/domain/reservations/reservations.server'
import { privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ['parent', 'nurse'])
  return privateJson({ reservations: await listReservations(user) })
}
