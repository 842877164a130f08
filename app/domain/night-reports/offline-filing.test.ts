import { describe, expect, test } from 'vitest'
import { filingDecision } from './night-report-rules'
import { outcomeMessage, SAVED_ON_PHONE, sendOutcome, SENT, SENT_ALREADY_RECEIVED, SIGNED_OUT } from './offline-filing'

describe('a filing sent again', () => {
  test('with the key of the filing applied last is already received; a new key, or none, is filed', () => {
    expect(filingDecision('k1', 'k1')).toBe('already-received')
    expect(filingDecision('k1', 'k2')).toBe('file')
    expect(filingDecision(null, 'k1')).toBe('file')
    expect(filingDecision(undefined, 'k1')).toBe('file')
    // Two filings without JavaScript carry no key: each is filed (a correction), as before.
    expect(filingDecision(null, null)).toBe('file')
    expect(filingDecision('', '')).toBe('file')
  })
})

describe("the phone's reading of a send's answer", () => {
  const answer = (status: number, extra: Partial<{ type: string; alreadyReceived: boolean }> = {}) => ({
    type: 'basic',
    status,
    alreadyReceived: false,
    ...extra,
  })

  test('200 is sent, or already received when the server says so', () => {
    expect(sendOutcome(answer(200))).toBe('sent')
    expect(sendOutcome(answer(200, { alreadyReceived: true }))).toBe('already-received')
  })

  test('no answer, a server error, a timeout or too many requests is tried again; the report stays on the phone', () => {
    expect(sendOutcome('network-error')).toBe('retry')
    expect(sendOutcome(answer(502))).toBe('retry')
    expect(sendOutcome(answer(503))).toBe('retry')
    expect(sendOutcome(answer(408))).toBe('retry')
    expect(sendOutcome(answer(429))).toBe('retry')
    expect(outcomeMessage('retry')).toBe(SAVED_ON_PHONE)
  })

  test('a redirect is the sign-in page: never taken for sent', () => {
    expect(sendOutcome(answer(0, { type: 'opaqueredirect' }))).toBe('signed-out')
    expect(sendOutcome(answer(302))).toBe('signed-out')
    expect(outcomeMessage('signed-out')).toBe(SIGNED_OUT)
  })

  test('a refusal (invalid, not hers, closed) is refused, not retried', () => {
    expect(sendOutcome(answer(400))).toBe('refused')
    expect(sendOutcome(answer(404))).toBe('refused')
    expect(sendOutcome(answer(409))).toBe('refused')
  })

  test('the status words', () => {
    expect(SAVED_ON_PHONE).toBe('Saved on this phone. It will be sent when you are back online.')
    expect(outcomeMessage('sent')).toBe(SENT)
    expect(SENT).toBe('Sent.')
    expect(outcomeMessage('already-received')).toBe(SENT_ALREADY_RECEIVED)
  })
})
