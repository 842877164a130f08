// Web Push on this device (docs/decisions/0074). A nurse or a family, signed in:
// GET ?endpoint= → {publicKey, topics, device} (the server's VAPID key, the switches the role has,
// this device's subscription when it is theirs); POST {action: 'subscribe' | 'topics' |
// 'unsubscribe'} → {device}. A device that is not theirs answers 404.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getConfig } from '~/config.server'
import { getDevice, getVapidKeys, removeSubscription, saveSubscription, updateDeviceTopics } from '~/domain/notifications/push.server'
import { isAllowedPushEndpoint, pushTopicsFor } from '~/domain/notifications/push-rules'
import { PushRequestSchema } from '~/schemas/push'
import { apiError, methodNotAllowed, parseBody, parseQuery, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

const ROLES = ['nurse', 'parent'] as const
const NOT_YOURS = 'This device is not subscribed.'
const BAD_ENDPOINT = 'This push endpoint is not accepted.'

const QuerySchema = z.object({ endpoint: z.url().max(2000).optional() })

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ROLES)
  const { endpoint } = parseQuery(request, QuerySchema)
  const { publicKey } = await getVapidKeys()
  const device = endpoint ? await getDevice(user.id, endpoint) : null
  return privateJson({ publicKey, topics: pushTopicsFor(user.role), device })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ROLES)
  const input = await parseBody(request, PushRequestSchema)
  const allowPrivate = getConfig().PUSH_ALLOW_PRIVATE_ENDPOINTS === 'true'
  switch (input.action) {
    case 'subscribe': {
      if (!isAllowedPushEndpoint(input.subscription.endpoint, allowPrivate)) return apiError(400, BAD_ENDPOINT)
      return privateJson({ device: await saveSubscription(user.id, input.subscription) })
    }
    case 'topics': {
      const device = await updateDeviceTopics(user.id, input.endpoint, input.topics)
      return device ? privateJson({ device }) : apiError(404, NOT_YOURS)
    }
    case 'unsubscribe':
      return (await removeSubscription(user.id, input.endpoint)) ? privateJson({ device: null }) : apiError(404, NOT_YOURS)
  }
}
