import { z } from 'zod'
import { email, multilineText, text } from './fields'

export const BARRIER_DESCRIPTION_MESSAGE = 'Tell us what stood in your way, in a few words or more.'
export const BARRIER_EMAIL_MESSAGE = 'Enter an e-mail address we can answer, or leave it empty.'

/** 'Report a barrier' on /accessibility: what happened, where, and how to answer (optional). */
export const BarrierReportSchema = z.object({
  description: multilineText(2000, { error: BARRIER_DESCRIPTION_MESSAGE, label: 'What happened' }).pipe(
    z.string({ error: BARRIER_DESCRIPTION_MESSAGE }).min(5, BARRIER_DESCRIPTION_MESSAGE),
  ),
  page: text(500, { label: 'The page' }).optional(),
  email: email(BARRIER_EMAIL_MESSAGE).optional(),
})
export type BarrierReport = z.infer<typeof BarrierReportSchema>
