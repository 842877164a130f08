// A refused form's answer (Conform's reply) with its messages in the reader's language: the
// schemas write English sentences, and the page shows what the answer holds.
import type { SubmissionResult } from '@conform-to/react'
import { translateMessage } from '~/i18n/i18n.server'

export function translatedReply<R extends SubmissionResult<string[]>>(reply: R): R {
  if (!reply.error) return reply
  const error = Object.fromEntries(
    Object.entries(reply.error).map(([name, messages]) => [name, messages ? messages.map((message) => translateMessage(message)) : messages]),
  )
  return { ...reply, error }
}
