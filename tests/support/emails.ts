// What an e-mail says, checked the same way by the unit tests of every e-mail builder: its subject,
// pieces of its plain text (and what it leaves out), and pieces of its HTML. Each test builds its
// own e-mail with the pure builder it tests; nothing here touches the database.
import { expect } from 'vitest'
import type { EmailContent } from '../../app/domain/notifications/email-layout'

export interface ExpectedEmail {
  /** The whole subject, or a matcher such as expect.stringContaining('…'). */
  subject: unknown
  /** Pieces the plain text contains. */
  text?: readonly string[]
  /** Pieces the plain text does not contain. */
  notInText?: readonly string[]
  /** Pieces the HTML contains. */
  html?: readonly string[]
}

export function expectEmail(email: EmailContent, expected: ExpectedEmail): void {
  expect(email.subject).toEqual(expected.subject)
  for (const piece of expected.text ?? []) expect(email.text).toContain(piece)
  for (const piece of expected.notInText ?? []) expect(email.text).not.toContain(piece)
  for (const piece of expected.html ?? []) expect(email.html).toContain(piece)
}
