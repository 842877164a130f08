// The interview e-mails (issue 36, docs/decisions/0067) and the invitation they carry. Pure: the
// sender (interview-life-cycle.server.ts, interview-reminders.server.ts) passes in the names,
// times and origin. Times are written in the nurse's zone and named ('Dec 3, 2:20 PM EST'): we do
// not know the family's zone in an e-mail, and a named time cannot be misread. `t` (the `emails`
// catalogue) writes them, and the invitation, in the reader's language.
import type { Translate } from '~/i18n/translate'
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
const kind = (medium: InterviewMedium, t: Translate) => (medium === 'video' ? t('interview.videoCall') : t('interview.phoneCall'))
const firstOf = (name: string) => name.trim().split(/\s+/)[0] || name
const minutes = INTERVIEW_MINUTES

/** The times waiting for an answer, one line each. */
function timeLines(times: readonly Date[], timeZone: string, t: Translate): Array<[string, string]> {
  return times.map((at, i) => [t('interview.timeNumber', { number: i + 1 }), named(at, timeZone)])
}

/** To the nurse: a family asks for an interview at one of these times. */
export function interviewRequestEmail(facts: InterviewEmailFacts & { times: readonly Date[]; note: string | null }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('interviewRequest.subject', { family: facts.parentName, minutes }),
    heading: t('interviewRequest.heading', { family: facts.parentName }),
    paragraphs: [
      t(facts.medium === 'video' ? 'interviewRequest.hiVideo' : 'interviewRequest.hiPhone', {
        name: firstOf(facts.nurseName),
        family: facts.parentName,
        minutes,
        call: kind(facts.medium, t),
      }),
      ...(facts.note ? [t('interviewRequest.note', { note: facts.note })] : []),
    ],
    details: timeLines(facts.times, facts.nurseTimeZone, t),
    action: { label: t('interview.answer'), url: link(facts) },
  }, t)
}

/** To the family: the nurse proposed other times. */
export function interviewCounterEmail(facts: InterviewEmailFacts & { times: readonly Date[] }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('interviewCounter.subject', { who: facts.nurseName }),
    heading: t('interviewCounter.heading', { who: firstOf(facts.nurseName) }),
    paragraphs: [t('interviewCounter.hi', { name: firstOf(facts.parentName), nurse: facts.nurseName, minutes, call: kind(facts.medium, t) })],
    details: timeLines(facts.times, facts.nurseTimeZone, t),
    action: { label: t('interviewCounter.action'), url: link(facts) },
  }, t)
}

/** To the nurse: none of her times suit the family, which proposes others (in turn). */
export function interviewFamilyCounterEmail(facts: InterviewEmailFacts & { times: readonly Date[] }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('interviewCounter.subject', { who: facts.parentName }),
    heading: t('interviewCounter.heading', { who: facts.parentName }),
    paragraphs: [
      t(facts.medium === 'video' ? 'interviewFamilyCounter.hiVideo' : 'interviewFamilyCounter.hiPhone', {
        name: firstOf(facts.nurseName),
        family: facts.parentName,
        minutes,
        call: kind(facts.medium, t),
      }),
    ],
    details: timeLines(facts.times, facts.nurseTimeZone, t),
    action: { label: t('interview.answer'), url: link(facts) },
  }, t)
}

/** To the family: the nurse declined. */
export function interviewDeclinedEmail(facts: InterviewEmailFacts, t: Translate): EmailContent {
  return renderEmail({
    subject: t('interviewDeclined.subject', { nurse: facts.nurseName }),
    heading: t('interviewDeclined.heading', { nurse: firstOf(facts.nurseName) }),
    paragraphs: [t('interviewDeclined.hi', { name: firstOf(facts.parentName), nurse: facts.nurseName })],
    action: { label: t('interview.see'), url: link(facts) },
  }, t)
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
function howToJoin(facts: ScheduledFacts, to: 'parent' | 'nurse', t: Translate): string {
  if (facts.medium === 'video') return to === 'parent' ? t('interview.joinAt', { contact: facts.contact }) : t('interview.yourLink', { contact: facts.contact })
  return to === 'parent'
    ? t('interview.callAt', { nurse: firstOf(facts.nurseName), contact: facts.contact })
    : t('interview.willCallYou', { family: facts.parentName, contact: facts.contact })
}

/**
 * The invitation (RFC 5545 and 5546): one UID per interview so a calendar replaces what it holds,
 * METHOD:REQUEST when agreed and METHOD:CANCEL (with a higher SEQUENCE) when called off, times in
 * UTC, LOCATION the meeting link or 'Phone'. Only the recipient is an attendee: the other side's
 * e-mail address is not shared through an invitation.
 */
export function toInterviewIcs(
  facts: ScheduledFacts,
  to: { side: 'parent' | 'nurse'; email: string; name: string },
  method: 'request' | 'cancel',
  t: Translate,
): EmailAttachment {
  const calendar = new ICalCalendar({
    prodId: { company: 'Nightlight', product: 'interviews', language: t('interview.icsLanguage') },
    method: method === 'request' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  })
  calendar.createEvent({
    id: `interview-${facts.id}@nightlight`,
    sequence: method === 'request' ? 0 : 1,
    start: facts.scheduledAt,
    end: slotEnd(facts.scheduledAt),
    stamp: facts.updatedAt,
    summary: t('interview.icsSummary', { who: to.side === 'parent' ? facts.nurseName : facts.parentName }),
    description: t('interview.icsDescription', { minutes, call: kind(facts.medium, t), join: howToJoin(facts, to.side, t), link: link(facts) }),
    location: facts.medium === 'video' ? facts.contact : t('interview.phone'),
    url: link(facts),
    status: method === 'request' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: 'Nightlight', email: facts.organizerEmail },
    attendees: [{ name: to.name, email: to.email }],
  })
  return { filename: `nightlight-interview-${facts.id}.ics`, contentType: `text/calendar; charset=utf-8; method=${method.toUpperCase()}`, content: calendar.toString() }
}

/** To each side: the time is agreed, with the invitation. */
export function interviewAcceptedEmail(facts: ScheduledFacts, to: 'parent' | 'nurse', t: Translate): EmailContent {
  const when = named(facts.scheduledAt, facts.nurseTimeZone)
  const other = to === 'parent' ? facts.nurseName : facts.parentName
  return renderEmail({
    subject: t('interviewAccepted.subject', { other, when }),
    heading: t('interviewAccepted.heading'),
    paragraphs: [
      t('interviewAccepted.hi', { name: firstOf(to === 'parent' ? facts.parentName : facts.nurseName), minutes, call: kind(facts.medium, t), other }),
    ],
    details: [
      [t('interview.when'), when],
      [facts.medium === 'video' ? t('interview.link') : t('interview.phone'), howToJoin(facts, to, t)],
    ],
    action: { label: t('interview.see'), url: link(facts) },
  }, t)
}

/** To each side: the interview is called off (with a cancelling invitation when it had a time). */
export function interviewCancelledEmail(facts: InterviewEmailFacts & { scheduledAt: Date | null; by: 'parent' | 'nurse' }, to: 'parent' | 'nurse', t: Translate): EmailContent {
  const who = facts.by === 'parent' ? facts.parentName : facts.nurseName
  const mine = facts.by === to
  return renderEmail({
    subject: mine ? t('interviewCancelled.subjectMine') : t('interviewCancelled.subject', { who }),
    heading: t('interviewCancelled.heading'),
    paragraphs: [
      mine
        ? t('interviewCancelled.mine', { minutes, call: kind(facts.medium, t), other: to === 'parent' ? facts.nurseName : facts.parentName })
        : facts.scheduledAt
          ? t('interviewCancelled.theirsAt', { who, minutes, call: kind(facts.medium, t), when: named(facts.scheduledAt, facts.nurseTimeZone) })
          : t('interviewCancelled.theirs', { who, minutes, call: kind(facts.medium, t) }),
    ],
    action: { label: t('interview.see'), url: link(facts) },
  }, t)
}

/** To each side, before the interview. */
export function interviewReminderEmail(facts: ScheduledFacts, to: 'parent' | 'nurse', t: Translate): EmailContent {
  const other = to === 'parent' ? facts.nurseName : facts.parentName
  const when = named(facts.scheduledAt, facts.nurseTimeZone)
  return renderEmail({
    subject: t('interviewReminder.subject', { other, when }),
    heading: t('interviewReminder.heading'),
    paragraphs: [t('interviewReminder.body', { minutes, call: kind(facts.medium, t), other, when })],
    details: [[facts.medium === 'video' ? t('interview.link') : t('interview.phone'), howToJoin(facts, to, t)]],
    action: { label: t('interview.see'), url: link(facts) },
  }, t)
}
