import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getNotificationPreferences, updateNotificationPreferences } from '~/domain/notifications/notification-preferences.server'
import { NotificationPreferencesSchema } from '~/schemas/notifications'
import { methodNotAllowed, parseBody, privateJson } from '~/utils/api.server'
import { requireApiUser } from '~/utils/session.server'

// GET and POST /_api/user/notification-preferences → {preferences} (docs/product-texts.md).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const preferences = await getNotificationPreferences(user.id)
  return privateJson({ preferences })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiUser(request)
  const input = await parseBody(request, NotificationPreferencesSchema)
  const preferences = await updateNotificationPreferences(user.id, input)
  return Response.json({ preferences })
}
