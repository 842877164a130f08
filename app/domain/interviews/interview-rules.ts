// An interview before booking (issue 36, docs/decisions/0067). Pure: the times one side may
// propose, the nurse's meeting link or phone number, who may answer what, and when the contact
// shows. The clock is passed in; the writing is in interview-life-cycle.server.ts.
import { dayjs } from '../time/night-instants'

export const INTERVIEW_MINUTES = 20
export const MAX_PROPOSED_TIMES = 3
/** A time proposed is at least this far ahead: the other side needs a moment to answer. */
export const MIN_LEAD_HOURS = 2
export const MAX_DAYS_AHEAD = 60
/** The nurse's link or number shows to the family until this long after the interview ends. */
export const CONTACT_SHOWN_HOURS_AFTER = 3
/** The reminder e-mail goes this long before the interview. */
export const REMINDER_MINUTES_BEFORE = 60

// Limits against a stranger flooding a nurse (docs/decisions/0067).
/** Open (waiting or ahead) interviews of one family with one nurse. */
export const OPEN_PER_NURSE = 1
/** Open interviews of one family with all nurses together. */
export const OPEN_PER_FAMILY = 3
/** Interviews one family may ask for in a day, answered or not. */
export const REQUESTS_PER_DAY = 5

export const MEDIA = ['video', 'phone'] as const
export type InterviewMedium = (typeof MEDIA)[number]
export type InterviewStatus = 'proposed' | 'accepted' | 'declined' | 'cancelled'
export type InterviewSide = 'parent' | 'nurse'

export const TIMES_MISSING = 'Choose at least one time.'
export const TIME_UNREADABLE = 'Choose a date and a time.'
export const TIME_TOO_SOON = `Choose times at least ${MIN_LEAD_HOURS} hours from now.`
export const TIME_TOO_LATE = `Choose times within the next ${MAX_DAYS_AHEAD} days.`
export const TIME_SKIPPED = 'That time does not exist on that day (the clocks change). Choose another time.'
export const TIMES_TOO_CLOSE = `Choose different times, at least ${INTERVIEW_MINUTES} minutes apart.`
export const LINK_INVALID = 'Enter your meeting link, starting with https:// (for example https://meet.example.com/abc).'
export const PHONE_INVALID = 'Enter a US phone number with its area code, like (512) 555-0123.'
export const TOO_MANY_WITH_NURSE = 'You already have an interview with this nurse. Open it from your interviews to change it.'
export const TOO_MANY_OPEN = `You have ${OPEN_PER_FAMILY} interviews waiting or ahead. Once one is done or cancelled, you can ask for another.`
export const TOO_MANY_TODAY = `You have asked for ${REQUESTS_PER_DAY} interviews today. Please try again tomorrow.`
export const INTERVIEW_NOT_FOUND = 'This interview could not be found.'
export const NURSE_NOT_ASKABLE = 'This nurse is not taking interviews right now.'
export const ANSWERED_ALREADY = 'This interview has changed since you opened it. Please look at it again.'

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/

/**
 * A wall time from a datetime-local field ('2026-12-03T14:20') read in `timeZone`, or a refusal.
 * A wall time the clocks skip (a spring-forward hour) is refused rather than moved; of a time
 * that happens twice (fall back), the second (standard time) is taken, as dayjs reads it.
 */
export function readLocalTime(value: string, timeZone: string): { ok: true; at: Date } | { ok: false; error: string } {
  const match = LOCAL_INPUT.exec(value.trim())
  if (!match) return { ok: false, error: TIME_UNREADABLE }
  const [, date, time] = match
  const parsed = dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', timeZone)
  if (!parsed.isValid()) return { ok: false, error: TIME_UNREADABLE }
  if (parsed.format('YYYY-MM-DDTHH:mm') !== `${date}T${time}`) {
    // Either the calendar has no such day (Feb 30) or the clocks skip this hour.
    return dayjs.utc(`${date}T${time}`, 'YYYY-MM-DDTHH:mm', true).isValid() ? { ok: false, error: TIME_SKIPPED } : { ok: false, error: TIME_UNREADABLE }
  }
  return { ok: true, at: parsed.toDate() }
}

/** The wall time of an instant in a zone, as a datetime-local field holds it. */
export function toLocalInput(at: Date, timeZone: string): string {
  return dayjs(at).tz(timeZone).format('YYYY-MM-DDTHH:mm')
}

/** The first and last times a proposal may name, as datetime-local fields bound them. */
export function proposableRange(now: Date, timeZone: string): { earliest: string; latest: string } {
  return {
    earliest: toLocalInput(new Date(now.getTime() + MIN_LEAD_HOURS * 3_600_000), timeZone),
    latest: toLocalInput(new Date(now.getTime() + MAX_DAYS_AHEAD * 86_400_000), timeZone),
  }
}

/** The end of the 20-minute slot starting at `at`. */
export function slotEnd(at: Date): Date {
  return new Date(at.getTime() + INTERVIEW_MINUTES * 60_000)
}

/**
 * The times one side proposes: one to three, each read in the proposer's zone, each at least
 * MIN_LEAD_HOURS ahead and within MAX_DAYS_AHEAD days, no two slots overlapping. Blank fields are
 * skipped. Answers the times in order, or the first problem with the field it belongs to.
 */
export function checkProposedTimes(
  values: readonly (string | undefined)[],
  timeZone: string,
  now: Date,
): { ok: true; times: Date[] } | { ok: false; error: string; index: number } {
  const filled = values.map((value, index) => ({ value: value?.trim() ?? '', index })).filter((entry) => entry.value !== '')
  if (filled.length === 0) return { ok: false, error: TIMES_MISSING, index: 0 }
  if (filled.length > MAX_PROPOSED_TIMES) return { ok: false, error: `Choose at most ${MAX_PROPOSED_TIMES} times.`, index: MAX_PROPOSED_TIMES }
  const times: Date[] = []
  for (const { value, index } of filled) {
    const read = readLocalTime(value, timeZone)
    if (!read.ok) return { ...read, index }
    const ms = read.at.getTime()
    if (ms < now.getTime() + MIN_LEAD_HOURS * 3_600_000) return { ok: false, error: TIME_TOO_SOON, index }
    if (ms > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) return { ok: false, error: TIME_TOO_LATE, index }
    if (times.some((other) => Math.abs(other.getTime() - ms) < INTERVIEW_MINUTES * 60_000)) return { ok: false, error: TIMES_TOO_CLOSE, index }
    times.push(read.at)
  }
  return { ok: true, times: times.sort((a, b) => a.getTime() - b.getTime()) }
}

/** A meeting link: https only (a link the family opens must not be a script or a plain-text page). */
export function readMeetingLink(value: string): string | null {
  const trimmed = value.trim()
  if (trimmed.length > 500 || /\s/.test(trimmed)) return null
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || !url.hostname.includes('.') || url.username || url.password) return null
  return url.toString()
}

/**
 * A US phone number, written one way: '(512) 555-0123'. Ten digits (with an optional leading 1),
 * area code and exchange not starting with 0 or 1 (the North American plan).
 */
export function readUsPhone(value: string): string | null {
  if (value.length > 40 || !/^[\d\s().+-]+$/.test(value.trim())) return null
  let digits = value.replace(/\D/g, '')
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1)
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}

/** The nurse's contact for this medium, written one way, or the field's message. */
export function readContact(medium: InterviewMedium, value: string): { ok: true; contact: string } | { ok: false; error: string } {
  const contact = medium === 'video' ? readMeetingLink(value) : readUsPhone(value)
  return contact ? { ok: true, contact } : { ok: false, error: medium === 'video' ? LINK_INVALID : PHONE_INVALID }
}

export interface InterviewFacts {
  status: InterviewStatus
  proposedBy: InterviewSide | 'admin'
  scheduledAt: Date | null
}

/** Is the interview still open: waiting for an answer, or agreed and not over yet? */
export function isOpen(interview: InterviewFacts, now: Date): boolean {
  if (interview.status === 'proposed') return true
  return interview.status === 'accepted' && interview.scheduledAt !== null && slotEnd(interview.scheduledAt) > now
}

/** May this side pick one of the waiting times? The side that did not propose them. */
export function canPick(interview: InterviewFacts, side: InterviewSide): boolean {
  return interview.status === 'proposed' && interview.proposedBy !== side
}

/**
 * May this side propose other times? The side the waiting times wait for, in turn: the nurse
 * against the family's, and the family, when none of hers suit, against the nurse's (which goes
 * back to her to accept or propose again).
 */
export function canCounter(interview: InterviewFacts, side: InterviewSide): boolean {
  if (interview.status !== 'proposed') return false
  return side === 'nurse' ? interview.proposedBy === 'parent' : interview.proposedBy === 'nurse'
}

/** May the nurse decline? Only while the family's times wait for her. */
export function canDecline(interview: InterviewFacts, side: InterviewSide): boolean {
  return side === 'nurse' && interview.status === 'proposed' && interview.proposedBy === 'parent'
}

/** Either side may cancel while it waits, or while it is agreed and has not ended. */
export function canCancel(interview: InterviewFacts, now: Date): boolean {
  return isOpen(interview, now)
}

/**
 * Does the family see the nurse's link or number now? Only on an agreed interview, and only until
 * CONTACT_SHOWN_HOURS_AFTER its end: it is for this interview, not a way around the masking of
 * messages before a booking (docs/decisions/0067).
 */
export function showsContact(interview: InterviewFacts, now: Date): boolean {
  if (interview.status !== 'accepted' || !interview.scheduledAt) return false
  return now.getTime() <= slotEnd(interview.scheduledAt).getTime() + CONTACT_SHOWN_HOURS_AFTER * 3_600_000
}

/** After the interview's time: the family is offered to book her with one click. */
export function isPast(interview: InterviewFacts, now: Date): boolean {
  return interview.status === 'accepted' && interview.scheduledAt !== null && interview.scheduledAt <= now
}

/** Is the reminder due: an agreed interview starting within REMINDER_MINUTES_BEFORE and not started. */
export function isReminderDue(interview: InterviewFacts, now: Date): boolean {
  if (interview.status !== 'accepted' || !interview.scheduledAt) return false
  const ms = interview.scheduledAt.getTime() - now.getTime()
  return ms > 0 && ms <= REMINDER_MINUTES_BEFORE * 60_000
}

export const STATUS_LABELS: Record<InterviewStatus, string> = {
  proposed: 'Waiting for an answer',
  accepted: 'Agreed',
  declined: 'Declined',
  cancelled: 'Cancelled',
}
