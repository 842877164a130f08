import type { LoaderFunctionArgs } from '@remix-run/node'
import { getNursePayouts } from '~/domain/payouts/nurse-payouts.server'
import { apiError, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/nurses/payouts (issue 15) → {account, nights, months, years, totals}: the signed-in
// nurse's payouts, as her Bookings & Payments tab and statements read them.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ['nurse'])
  const payouts = await getNursePayouts(user.id, new Date())
  if (!payouts) return apiError(404, 'Nurse profile not found')
  return privateJson(payouts)
}
