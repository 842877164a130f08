// The forms of interviews (issue 36, docs/decisions/0067): a family asking for one, and the
// answers on its page. The times are read here as datetime-local text; whether they are far
// enough ahead and apart is a rule of the domain (interview-rules.ts), which has the clock.
import { z } from 'zod'
import { MEDIA, TIME_UNREADABLE } from '../domain/interviews/interview-rules'
import { zoneName } from '../domain/time/viewer-time'
import { multilineText, positiveId, text } from './fields'

export const MAX_NOTE_CHARS = 500
const MEDIUM_MESSAGE = 'Choose a video call or a phone call.'
const CONTACT_MESSAGE = 'Enter your meeting link or phone number.'

const time = text(30, { error: TIME_UNREADABLE, tooLong: TIME_UNREADABLE }).optional()
// The zone the form's times were shown in: the page writes it in a hidden field.
const timeZone = z
  .string({ error: 'Choose a time zone.' })
  .transform((value, context) => {
    const name = zoneName(value)
    if (!name) context.addIssue({ code: 'custom', message: 'Choose a time zone.' })
    return name ?? ''
  })

const times = { time1: time, time2: time, time3: time, timeZone }

export const RequestInterviewSchema = z.object({
  nurseId: positiveId('This nurse could not be found.'),
  medium: z.enum(MEDIA, { error: MEDIUM_MESSAGE }),
  ...times,
  note: multilineText(MAX_NOTE_CHARS, { label: 'The note' }).optional(),
})
export type RequestInterview = z.infer<typeof RequestInterviewSchema>

const contact = text(500, { error: CONTACT_MESSAGE, tooLong: CONTACT_MESSAGE }).pipe(z.string({ error: CONTACT_MESSAGE }).min(1, CONTACT_MESSAGE))

/** The side that did not propose the waiting times picks one (the nurse with her link or number). */
export const AcceptInterviewSchema = z.object({
  intent: z.literal('accept'),
  at: z.iso.datetime({ error: 'Choose one of the times.', offset: true }),
  contact: contact.optional(),
})

/**
 * Other times, in turn: the nurse's with the link or number she will use (the domain asks for it
 * from her), the family's without one.
 */
export const CounterInterviewSchema = z.object({ intent: z.literal('counter'), ...times, contact: contact.optional() })

export const InterviewIntentSchema = z.object({ intent: z.enum(['accept', 'counter', 'decline', 'cancel'], { error: 'Choose what to do.' }) })
