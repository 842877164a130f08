import type { LoaderFunctionArgs } from '@remix-run/node'
import { getParentReceipt } from '~/domain/parents/parent-bookings.server'
import { translator } from '~/i18n/i18n.server'
import { ReceiptQuerySchema } from '~/schemas/parent-bookings'
import { apiError, parseQuery, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/bookings/receipt?paymentId= → {receipt}: the dashboard's receipt dialog (docs/money.md).
// The parent who paid, or an admin for any family's (decision 0051); anyone else's payment is 404.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ['parent', 'admin'])
  const { paymentId } = parseQuery(request, ReceiptQuerySchema)
  const receipt = await getParentReceipt({ reader: user, paymentId, t: translator('parent') })
  if (!receipt) return apiError(404, 'Receipt not found')
  return privateJson({ receipt })
}
