// The interview e-mails (issue 36, docs/decisions/0067) and the invitation they carry. Pure: the
// sender (interview-life-cycle.server.ts, interview-reminders.server.ts) passes in the names,
// times and origin. Times are written in the nurse's zone and named ('Dec 3, 2:20 PM EST'): we do
// not know the family's zone in an e-mail, and a named time cannot be misread.
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import type { EmailAttachment, EmailContent } from '../notifications/email-layout'
import { renderEmail } from '../notifications/email-layout'
import { formatMoment } from '../time/viewer-time'
import { INTERVIEW_MINUTES, slotEnd, type InterviewMedium } from './interview-rules'

export interface InterviewEmailFacts {
  id: number
  origin: string
  medium: InterviewMedium
  parentName: string
  nurseName: string
  nurseTimeZone: string
}

const link = (facts: InterviewEmailFacts) => `${facts.origin.replace(/\/$/, '')}/interviews/${facts.id}`
const named = (at: Date, timeZone: string) => formatMoment(at, { timeZone, told: false })
const kind = (medium: InterviewMedium) => (medium === 'video' ? 'video call' : 'phone call')
const firstOf = (name: string) => name.trim().split(/\s+/)[0] || name

/** The times waiting for an answer, one line each. */
function timeLines(times: readonly Date[], timeZone: string): Array<[string, string]> {
  return times.map((at, i) => [`Time ${i + 1}`, named(at, timeZone)])
}

/** To the nurse: a family asks for an interview at one of these times. */
export function interviewRequestEmail(facts: InterviewEmailFacts & { times: readonly Date[]; note: string | null }): EmailContent {
  return renderEmail({
    subject: `${facts.parentName} asks for a ${INTERVIEW_MINUTES}-minute interview`,
    heading: `${facts.parentName} would like to meet you`,
    paragraphs: [
      `Hi ${firstOf(facts.nurseName)}, ${facts.parentName} asks for a free ${INTERVIEW_MINUTES}-minute ${kind(facts.medium)} before booking. Accept one of these times with your ${facts.medium === 'video' ? 'meeting link' : 'phone number'}, propose others, or decline.`,
      ...(facts.note ? [`Their note: “${facts.note}”`] : []),
    ],
    details: timeLines(facts.times, facts.nurseTimeZone),
    action: { label: 'Answer', url: link(facts) },
  })
}

/** To the family: the nurse proposed other times. */
export function interviewCounterEmail(facts: InterviewEmailFacts & { times: readonly Date[] }): EmailContent {
  return renderEmail({
    subject: `${facts.nurseName} proposed other interview times`,
    heading: `${firstOf(facts.nurseName)} proposed other times`,
    paragraphs: [`Hi ${firstOf(facts.parentName)}, ${facts.nurseName} cannot make the times you asked for. Pick one of hers for your ${INTERVIEW_MINUTES}-minute ${kind(facts.medium)}:`],
    details: timeLines(facts.times, facts.nurseTimeZone),
    action: { label: 'Pick a time', url: link(facts) },
  })
}

/** To the nurse: none of her times suit the family, which proposes others (in turn). */
export function interviewFamilyCounterEmail(facts: InterviewEmailFacts & { times: readonly Date[] }): EmailContent {
  return renderEmail({
    subject: `${facts.parentName} proposed other interview times`,
    heading: `${facts.parentName} proposed other times`,
    paragraphs: [
      `Hi ${firstOf(facts.nurseName)}, none of your times suit ${facts.parentName}. Accept one of theirs for your ${INTERVIEW_MINUTES}-minute ${kind(facts.medium)} with your ${facts.medium === 'video' ? 'meeting link' : 'phone number'}, propose others, or decline.`,
    ],
    details: timeLines(facts.times, facts.nurseTimeZone),
    action: { label: 'Answer', url: link(facts) },
  })
}

/** To the family: the nurse declined. */
export function interviewDeclinedEmail(facts: InterviewEmailFacts): EmailContent {
  return renderEmail({
    subject: `${facts.nurseName} cannot do an interview`,
    heading: `${firstOf(facts.nurseName)} declined the interview`,
    paragraphs: [`Hi ${firstOf(facts.parentName)}, ${facts.nurseName} cannot meet at the times asked. You can still ask her a question or look at other nurses.`],
    action: { label: 'See the interview', url: link(facts) },
  })
}

export interface ScheduledFacts extends InterviewEmailFacts {
  scheduledAt: Date
  contact: string
  /** When the interview was first asked for, and when it last changed: the invitation's stamp. */
  createdAt: Date
  updatedAt: Date
  /** The address invitations come from (our mail sender), for calendars that answer one. */
  organizerEmail: string
}

/** How each side joins: the family opens the link or calls; the nurse waits with her own link or phone. */
function howToJoin(facts: ScheduledFacts, to: 'parent' | 'nurse'): string {
  if (facts.medium === 'video') return to === 'parent' ? `Join at ${facts.contact}` : `Your link: ${facts.contact}`
  return to === 'parent' ? `Call ${firstOf(facts.nurseName)} at ${facts.contact}` : `${facts.parentName} will call you at ${facts.contact}`
}

/**
 * The invitation (RFC 5545 and 5546): one UID per interview so a calendar replaces what it holds,
 * METHOD:REQUEST when agreed and METHOD:CANCEL (with a higher SEQUENCE) when called off, times in
 * UTC, LOCATION the meeting link or 'Phone'. Only the recipient is an attendee: the other side's
 * e-mail address is not shared through an invitation.
 */
export function toInterviewIcs(facts: ScheduledFacts, to: { side: 'parent' | 'nurse'; email: string; name: string }, method: 'request' | 'cancel'): EmailAttachment {
  const calendar = new ICalCalendar({
    prodId: { company: 'Nightlight', product: 'interviews', language: 'EN' },
    method: method === 'request' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  })
  calendar.createEvent({
    id: `interview-${facts.id}@nightlight`,
    sequence: method === 'request' ? 0 : 1,
    start: facts.scheduledAt,
    end: slotEnd(facts.scheduledAt),
    stamp: facts.updatedAt,
    summary: to.side === 'parent' ? `Interview with ${facts.nurseName} (Nightlight)` : `Interview with ${facts.parentName} (Nightlight)`,
    description: `A ${INTERVIEW_MINUTES}-minute ${kind(facts.medium)}. ${howToJoin(facts, to.side)}. Details: ${link(facts)}`,
    location: facts.medium === 'video' ? facts.contact : 'Phone',
    url: link(facts),
    status: method === 'request' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: 'Nightlight', email: facts.organizerEmail },
    attendees: [{ name: to.name, email: to.email }],
  })
  return { filename: `nightlight-interview-${facts.id}.ics`, contentType: `text/calendar; charset=utf-8; method=${method.toUpperCase()}`, content: calendar.toString() }
}

/** To each side: the time is agreed, with the invitation. */
export function interviewAcceptedEmail(facts: ScheduledFacts, to: 'parent' | 'nurse'): EmailContent {
  const when = named(facts.scheduledAt, facts.nurseTimeZone)
  return renderEmail({
    subject: to === 'parent' ? `Interview with ${facts.nurseName}: ${when}` : `Interview with ${facts.parentName}: ${when}`,
    heading: 'Your interview is set',
    paragraphs: [
      to === 'parent'
        ? `Hi ${firstOf(facts.parentName)}, your ${INTERVIEW_MINUTES}-minute ${kind(facts.medium)} with ${facts.nurseName} is set. The invitation is attached for your calendar.`
        : `Hi ${firstOf(facts.nurseName)}, your ${INTERVIEW_MINUTES}-minute ${kind(facts.medium)} with ${facts.parentName} is set. The invitation is attached for your calendar.`,
    ],
    details: [
      ['When', when],
      [facts.medium === 'video' ? 'Link' : 'Phone', howToJoin(facts, to)],
    ],
    action: { label: 'See the interview', url: link(facts) },
  })
}

/** To each side: the interview is called off (with a cancelling invitation when it had a time). */
export function interviewCancelledEmail(facts: InterviewEmailFacts & { scheduledAt: Date | null; by: 'parent' | 'nurse' }, to: 'parent' | 'nurse'): EmailContent {
  const who = facts.by === 'parent' ? facts.parentName : facts.nurseName
  const mine = facts.by === to
  return renderEmail({
    subject: mine ? 'You cancelled the interview' : `${who} cancelled the interview`,
    heading: 'Interview cancelled',
    paragraphs: [
      mine
        ? `The ${INTERVIEW_MINUTES}-minute ${kind(facts.medium)} with ${to === 'parent' ? facts.nurseName : facts.parentName} is cancelled.`
        : `${who} cancelled the ${INTERVIEW_MINUTES}-minute ${kind(facts.medium)}${facts.scheduledAt ? ` of ${named(facts.scheduledAt, facts.nurseTimeZone)}` : ''}.`,
    ],
    action: { label: 'See the interview', url: link(facts) },
  })
}

/** To each side, before the interview. */
export function interviewReminderEmail(facts: ScheduledFacts, to: 'parent' | 'nurse'): EmailContent {
  const other = to === 'parent' ? facts.nurseName : facts.parentName
  return renderEmail({
    subject: `Reminder: interview with ${other} at ${named(facts.scheduledAt, facts.nurseTimeZone)}`,
    heading: 'Your interview starts soon',
    paragraphs: [`Your ${INTERVIEW_MINUTES}-minute ${kind(facts.medium)} with ${other} starts at ${named(facts.scheduledAt, facts.nurseTimeZone)}.`],
    details: [[facts.medium === 'video' ? 'Link' : 'Phone', howToJoin(facts, to)]],
    action: { label: 'See the interview', url: link(facts) },
  })
}
