// GET /_api/reservations/backups?reservationId=&firstNight= (issue 36, docs/decisions/0070,
// docs/product-texts.md): the baby came outside the reserved nurse's window; the nurses near the
// family open on every night of the same plan from that first night, each with her price for it →
// {firstNight, nights, nurses: [{nurse, planCents, weekCents}]}. Only the family's own accepted
// reservation (another's is 404); a first night inside the window is 409.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { findBackupNurses } from '~/domain/payments/backup-nurses.server'
import { ReservationStartSchema } from '~/schemas/reservations'
import { apiError, parseQuery, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ['parent'])
  const input = parseQuery(request, ReservationStartSchema)
  const result = await findBackupNurses(user, input)
  if (!result.ok) return apiError(result.status, result.error)
  return privateJson({
    firstNight: result.firstNight,
    nights: result.nights,
    nurses: result.nurses.map(({ card, planCents, weekCents }) => ({ nurse: card, planCents, weekCents })),
  })
}
