// An admin suspending or reinstating an account (issue 16; issue 38 item 1): from a reported
// conversation or from the member's own admin page. The reason is kept in the audit log.
import { z } from 'zod'
import { multilineText, positiveId } from './fields'

export const STANDING_REASON_MESSAGE = 'Please give the reason (at least 5 characters).'

const reason = multilineText(500, { error: STANDING_REASON_MESSAGE, label: 'The reason' }).pipe(z.string({ error: STANDING_REASON_MESSAGE }).min(5, STANDING_REASON_MESSAGE))
const userId = positiveId('This account could not be found.')

export const SuspendUserSchema = z.object({ userId, reason })
export const AccountStandingSchema = z.object({ intent: z.enum(['suspend', 'reinstate'], { error: 'Unknown action' }), userId, reason })
export type AccountStanding = z.infer<typeof AccountStandingSchema>
