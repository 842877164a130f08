// A night report sent from a phone with a poor connection (docs/decisions/0074). Pure: the words
// the form shows and how the phone reads the server's answer to a send; the phone keeps the
// report (app/utils/pending-reports.client.ts) until an answer says it was received or refused.

export const SAVED_ON_PHONE = 'Saved on this phone. It will be sent when you are back online.'
export const SENDING = 'Sending…'
export const SENT = 'Sent.'
export const SENT_ALREADY_RECEIVED = 'Sent. It had already been received, so the family has it once.'
export const SIGNED_OUT = 'Saved on this phone. Sign in again, then open this report to send it.'
export const REFUSED = 'The report could not be sent. Check it and send it again.'

/** The header a phone's send carries: 'press' when she pressed Send, 'retry' when the phone sends a kept report. */
export const SEND_HEADER = 'X-Night-Report-Send'
/** The answer's header when the filing had already been received. */
export const ALREADY_RECEIVED_HEADER = 'X-Night-Report-Already-Received'
/** The form's hidden field with the key of one press of Send. */
export const SUBMISSION_KEY_FIELD = 'submissionKey'

export type SendOutcome = 'sent' | 'already-received' | 'signed-out' | 'refused' | 'retry'

export interface SendAnswer {
  /** `Response.type`: 'opaqueredirect' when the server redirected (sent with `redirect: 'manual'`). */
  type: string
  status: number
  alreadyReceived: boolean
}

/**
 * What a send's answer means. A filed report answers 200 (the send header asks for no redirect);
 * a redirect is the sign-in page (the session ended); 4xx is a refusal the form must show; no
 * answer (the connection dropped), a 5xx, a 408 or a 429 is tried again later.
 */
export function sendOutcome(answer: SendAnswer | 'network-error'): SendOutcome {
  if (answer === 'network-error') return 'retry'
  if (answer.type === 'opaqueredirect' || (answer.status >= 300 && answer.status < 400)) return 'signed-out'
  if (answer.status >= 200 && answer.status < 300) return answer.alreadyReceived ? 'already-received' : 'sent'
  if (answer.status === 408 || answer.status === 429 || answer.status >= 500) return 'retry'
  return 'refused'
}

/** The form's status line after an outcome. */
export function outcomeMessage(outcome: SendOutcome): string {
  return {
    sent: SENT,
    'already-received': SENT_ALREADY_RECEIVED,
    'signed-out': SIGNED_OUT,
    refused: REFUSED,
    retry: SAVED_ON_PHONE,
  }[outcome]
}
