// Messages at human pace (issue 33.2, docs/decisions/0044): how many messages an account may send.
// Pure: the numbers and the texts. The counting is in message-limits.server.ts.
import type { Translate } from '../../i18n/translate'

/** Any account, all conversations together: a person types a few messages a minute, not a flood. */
export const MESSAGES_PER_MINUTE = 10
/** A family, to the nurses it has no confirmed (or completed) booking with, all of them together. */
export const MESSAGES_PER_HOUR_WITHOUT_BOOKING = 20
/** One side of one conversation, in a day. */
export const MESSAGES_PER_CONVERSATION_PER_DAY = 200

export const TOO_MANY_MESSAGES_NOW = 'You are sending messages too quickly. Please wait a minute and try again.'

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}
const inHours = (seconds: number) => (seconds < 90 * 60 ? inMinutes(seconds) : `${Math.ceil(seconds / 3600)} hours`)

export function tooManyWithoutBooking(retryAfterSeconds: number): string {
  return `You can send ${MESSAGES_PER_HOUR_WITHOUT_BOOKING} messages an hour to nurses you have not booked yet. Please try again in ${inMinutes(retryAfterSeconds)}.`
}

export function tooManyInConversation(retryAfterSeconds: number): string {
  return `You have sent ${MESSAGES_PER_CONVERSATION_PER_DAY} messages in this conversation today. Please try again in ${inHours(retryAfterSeconds)}.`
}

/**
 * A refusal of these limits in the reader's language (the `conversations` catalogue's `t`): the
 * counting writes English, with the wait in it. A sentence that is none of these is answered as is.
 */
export function limitRefusalIn(refusal: string, retryAfterSeconds: number, t: Translate): string {
  if (refusal === TOO_MANY_MESSAGES_NOW) return t('limits.tooQuickly')
  if (refusal === tooManyWithoutBooking(retryAfterSeconds)) {
    return t('limits.withoutBooking', { limit: MESSAGES_PER_HOUR_WITHOUT_BOOKING, minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) })
  }
  if (refusal === tooManyInConversation(retryAfterSeconds)) {
    const limit = MESSAGES_PER_CONVERSATION_PER_DAY
    return retryAfterSeconds < 90 * 60
      ? t('limits.inConversationMinutes', { limit, minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) })
      : t('limits.inConversationHours', { limit, hours: Math.ceil(retryAfterSeconds / 3600) })
  }
  return refusal
}
