// The background check's forms (docs/decisions/0061): her authorization after the disclosure, her
// answer to a pre-adverse notice, and an admin's decision.
import { z } from 'zod'
import { multilineText, positiveId, text } from './fields'

export const AUTHORIZE_MESSAGE = 'Tick the box to authorize the background check.'
const FULL_NAME_MESSAGE = 'Type your full name to sign.'
const DISPUTE_MESSAGE = 'Tell us what is wrong or what we should consider (at least 10 characters).'

export const BackgroundCheckIntentSchema = z.object({ intent: z.enum(['authorize', 'dispute']) })

export const BackgroundCheckConsentSchema = z.object({
  intent: z.literal('authorize'),
  fullName: text(120, { error: FULL_NAME_MESSAGE, label: 'Your full name' }).pipe(z.string({ error: FULL_NAME_MESSAGE }).min(2, FULL_NAME_MESSAGE)),
  authorize: z.boolean({ error: AUTHORIZE_MESSAGE }).refine((accepted) => accepted, AUTHORIZE_MESSAGE),
})
export type BackgroundCheckConsent = z.infer<typeof BackgroundCheckConsentSchema>

export const BackgroundCheckDisputeSchema = z.object({
  intent: z.literal('dispute'),
  note: multilineText(2000, { error: DISPUTE_MESSAGE, label: 'Your answer' }).pipe(z.string({ error: DISPUTE_MESSAGE }).min(10, DISPUTE_MESSAGE)),
})

export const CheckDecisionSchema = z.object({
  checkId: positiveId('Choose a check.'),
  intent: z.enum(['approve', 'adverse', 'final']),
})
