import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { CONVERSATION_NOT_FOUND, listNewMessages, sendMessage } from '~/domain/messages/messages.server'
import { NewMessagesQuerySchema, SendMessageApiSchema } from '~/schemas/messages'
import { apiError, methodNotAllowed, parseBody, parseQuery, privateJson } from '~/utils/api.server'
import { requireApiRole } from '~/utils/session.server'

// GET /_api/messages?conversationId=&after= (docs/decisions/0044) → {messages, revised, unread,
// unlocked}: only the messages written after the one named, which is what the conversation page's
// poll asks for every few seconds (never the whole conversation); `revised` are the sender's few
// messages before them, masked again with the new ones.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiRole(request, ['parent', 'nurse'])
  const query = parseQuery(request, NewMessagesQuerySchema)
  const found = await listNewMessages(user, query.conversationId, query.after)
  if (!found) return apiError(404, CONVERSATION_NOT_FOUND)
  return privateJson(found)
}

// POST /_api/messages {conversationId, body} → {success: true}; the same call and limits as the
// page's form: 429 {error} with Retry-After when the sender has reached one.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireApiRole(request, ['parent', 'nurse'])
  const input = await parseBody(request, SendMessageApiSchema)
  const sent = await sendMessage(user, input.conversationId, input.body)
  if (!sent.ok) {
    return sent.status === 429
      ? Response.json({ error: sent.error }, { status: 429, headers: { 'Retry-After': String(sent.retryAfterSeconds) } })
      : apiError(sent.status, sent.error)
  }
  return Response.json({ success: true })
}
