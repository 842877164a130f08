// GET /_api/reservations/list (issue 36, docs/product-texts.md): a family's own reservations, or a
// nurse's, one timeline sorted by window; each with its deposit (decision 0073), or null for one
// made before deposits.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { readDeposits } from '~/domain/payments/reservation-deposits.server'
import { listReservations } from '~/domain/reservations/reservations.server'
import { privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ['parent', 'nurse'])
  const reservations = await listReservations(user)
  const deposits = await readDeposits(reservations.map((reservation) => reservation.id))
  return privateJson({ reservations: reservations.map((reservation) => ({ ...reservation, deposit: deposits.get(reservation.id) ?? null })) })
}
