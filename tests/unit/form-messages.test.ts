// Page actions read their forms with parseForm (docs/decisions/0054). A field left blank, or typed
// as spaces only, must be told the form's own message, as it was when these forms were read with
// the schema's safeParse, and never zod's 'expected string, received undefined'.
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { STANDING_REASON_MESSAGE, SuspendUserSchema } from '../../app/schemas/account-standing'
import { MESSAGE_EMPTY, REPORT_REASON_MESSAGE, ReportConversationSchema, SendMessageSchema, StartConversationSchema } from '../../app/schemas/messages'
import { ACCOUNT_NUMBER_MESSAGE, PROBLEM_DESCRIPTION_MESSAGE, ReportProblemSchema, ResolveProblemSchema, ROUTING_NUMBER_MESSAGE, TestBankAccountSchema } from '../../app/schemas/payouts'
import { HIDE_REASON_MESSAGE, HideReviewSchema, REPLY_MESSAGE, ReplySchema, REVIEW_BODY_MESSAGE, ReviewSchema } from '../../app/schemas/reviews'
import { PayWeekSchema } from '../../app/schemas/saved-cards'
import { parseForm } from '../../app/utils/forms.server'
import { firstError } from '../../app/utils/api.server'

function messageOf(schema: z.ZodType, fields: Record<string, string>): string | null {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.set(name, value)
  const submission = parseForm(formData, { schema })
  return submission.status === 'success' ? null : firstError(submission.error)
}

const FORMS: Array<[string, z.ZodType, Record<string, string>, string, string]> = [
  ['a message', SendMessageSchema, { intent: 'send' }, 'body', MESSAGE_EMPTY],
  ['a first question to a nurse', StartConversationSchema, { nurseId: '3' }, 'body', MESSAGE_EMPTY],
  ['reporting a conversation', ReportConversationSchema, { intent: 'report' }, 'reason', REPORT_REASON_MESSAGE],
  ['suspending a member', SuspendUserSchema, { userId: '3' }, 'reason', STANDING_REASON_MESSAGE],
  ['a review', ReviewSchema, { intent: 'review', rating: '5' }, 'body', REVIEW_BODY_MESSAGE],
  ['a nurse’s answer to a review', ReplySchema, { intent: 'reply', reviewId: '3' }, 'reply', REPLY_MESSAGE],
  ['hiding a review', HideReviewSchema, { reviewId: '3' }, 'reason', HIDE_REASON_MESSAGE],
  ['reporting a problem with a night', ReportProblemSchema, { intent: 'report-problem', occurrenceId: '3' }, 'description', PROBLEM_DESCRIPTION_MESSAGE],
  ['resolving a reported problem', ResolveProblemSchema, { intent: 'resolve-problem', problemId: '3', decision: 'release' }, 'note', 'Say why, for the record'],
  ['a test bank account’s routing number', TestBankAccountSchema, { intent: 'connect-test-payout', accountNumber: '000123456789' }, 'routingNumber', ROUTING_NUMBER_MESSAGE],
  ['a test bank account’s account number', TestBankAccountSchema, { intent: 'connect-test-payout', routingNumber: '110000000' }, 'accountNumber', ACCOUNT_NUMBER_MESSAGE],
  ['paying a declined week with a test card', PayWeekSchema, { intent: 'pay-week', week: '2' }, 'cardNumber', 'Card number is required'],
]

describe('a blank field of a page’s form is told the form’s own message', () => {
  test.each(FORMS)('%s', (_form, schema, rest, field, message) => {
    // A week paid without a card number uses the saved card: blank is allowed there, spaces are not.
    if (schema !== PayWeekSchema) expect(messageOf(schema, { ...rest, [field]: '' })).toBe(message)
    expect(messageOf(schema, { ...rest, [field]: '   ' })).toBe(message)
  })
})
