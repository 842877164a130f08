// The forms of messages (issue 16): a message, asking a nurse a first question, and reporting a
// conversation (an admin suspending an account: account-standing.ts).
import { z } from 'zod'
import { MAX_MESSAGE_CHARS } from '../domain/messages/message-rules'
import { multilineText, positiveId } from './fields'

export const MESSAGE_EMPTY = 'Write your message first.'
export const REPORT_REASON_MESSAGE = 'Please tell us what is wrong (at least 5 characters).'

const body = multilineText(MAX_MESSAGE_CHARS, { error: MESSAGE_EMPTY, label: 'The message' }).pipe(z.string({ error: MESSAGE_EMPTY }).min(1, MESSAGE_EMPTY))

export const SendMessageSchema = z.object({ intent: z.literal('send'), body })
export const StartConversationSchema = z.object({ nurseId: positiveId('This nurse could not be found.'), body })
export const ConversationIntentSchema = z.object({ intent: z.enum(['read']) })
export const ReportConversationSchema = z.object({
  intent: z.literal('report'),
  reason: multilineText(500, { error: REPORT_REASON_MESSAGE, label: 'The reason' }).pipe(z.string({ error: REPORT_REASON_MESSAGE }).min(5, REPORT_REASON_MESSAGE)),
})

// Paging a conversation (docs/decisions/0044): the page's 'Earlier messages' link (?before=id) and
// the poll for what is new (/_api/messages?conversationId=&after=id).
const CURSOR_MESSAGE = 'This message could not be found.'
export const ConversationPageQuerySchema = z.object({ before: positiveId(CURSOR_MESSAGE).optional() })
export const NewMessagesQuerySchema = z.object({ conversationId: positiveId('This conversation could not be found.'), after: positiveId(CURSOR_MESSAGE) })
/** POST /_api/messages: a message in one of the member's conversations. */
export const SendMessageApiSchema = z.object({ conversationId: positiveId('This conversation could not be found.'), body })
