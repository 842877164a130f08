import type { ActionFunctionArgs } from '@remix-run/node'
import { sendDueReminders } from '~/domain/bookings/reminders.server'
import { methodNotAllowed } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// POST /_api/notifications/send-reminders (docs/product-texts.md), admins only: the reminder sweep,
// now.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  await requireApiRole(request, ['admin'])
  const { sent, message } = await sendDueReminders(new Date())
  return Response.json({ message, sent })
}

export const loader = () => methodNotAllowed()
