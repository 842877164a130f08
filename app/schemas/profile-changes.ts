// An admin's decision on a nurse's change after approval (docs/decisions/0063): approve, or refuse
// with the reason she will read.
import { z } from 'zod'
import { multilineText, positiveId } from './fields'

export const REFUSAL_REASON_MESSAGE = 'Give the reason for refusing: she reads it.'

export const ProfileChangeDecisionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), changeId: positiveId('Choose a change.') }),
  z.object({
    intent: z.literal('refuse'),
    changeId: positiveId('Choose a change.'),
    reason: multilineText(500, { error: REFUSAL_REASON_MESSAGE, label: 'The reason' }).pipe(z.string({ error: REFUSAL_REASON_MESSAGE }).min(1, REFUSAL_REASON_MESSAGE)),
  }),
])
export type ProfileChangeDecision = z.infer<typeof ProfileChangeDecisionSchema>
