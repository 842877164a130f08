// The one writer of an interview's status (issue 36, docs/decisions/0067; tests/unit/status-writes.test.ts
// keeps it so): a family asks, the nurse accepts one time with her link or number, proposes
// others or declines; to the nurse's times the family picks one or, in turn, proposes others
// again; either side cancels. Every change is one
// guarded UPDATE on the status it expects, so two answers at once cannot both win; the e-mails go
// after the change, with the invitation once a time is agreed.
import { and, count, eq, gt, isNull, or } from 'drizzle-orm'
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import { getConfig } from '../../config.server'
import { getDb, type Db } from '../../db/client.server'
import { interviews, nurseProfiles, rateLimits, users } from '../../db/schema'
import { sendEmailAfterTheFact } from '../notifications/email.server'
import {
  interviewAcceptedEmail,
  interviewCancelledEmail,
  interviewCounterEmail,
  interviewDeclinedEmail,
  interviewFamilyCounterEmail,
  interviewRequestEmail,
  toInterviewIcs,
  type InterviewEmailFacts,
  type ScheduledFacts,
} from './interview-emails'
import {
  ANSWERED_ALREADY,
  INTERVIEW_MINUTES,
  INTERVIEW_NOT_FOUND,
  NURSE_NOT_ASKABLE,
  OPEN_PER_FAMILY,
  OPEN_PER_NURSE,
  REQUESTS_PER_DAY,
  TOO_MANY_OPEN,
  TOO_MANY_TODAY,
  TOO_MANY_WITH_NURSE,
  canCancel,
  canCounter,
  canDecline,
  canPick,
  checkProposedTimes,
  readContact,
  type InterviewMedium,
  type InterviewSide,
} from './interview-rules'
import { loadInterview, sideOf, type InterviewActor, type LoadedInterview } from './interviews.server'

type Failure =
  | { ok: false; status: 403 | 404 | 409; error: string }
  | { ok: false; status: 429; error: string; retryAfterSeconds: number }
  | { ok: false; status: 400; error: string; field: string }

/** Times as a form sends them: datetime-local text, read in the zone the form showed. */
export interface LocalTimes {
  values: readonly (string | undefined)[]
  timeZone: string
}

function readTimes(times: LocalTimes, now: Date): { ok: true; times: Date[] } | { ok: false; status: 400; error: string; field: string } {
  const checked = checkProposedTimes(times.values, times.timeZone, now)
  return checked.ok ? checked : { ok: false, status: 400, error: checked.error, field: `time${Math.min(checked.index, 2) + 1}` }
}
type Done = { ok: true; id: number }

const notFound = { ok: false, status: 404, error: INTERVIEW_NOT_FOUND } as const
const changed = { ok: false, status: 409, error: ANSWERED_ALREADY } as const

// How many interviews a family asks for in a day, counted on the rate_limits table as messages are
// (docs/decisions/0044): every app server counts the same requests.
const dailyByDb = new WeakMap<Db, RateLimiterDrizzle>()
function dailyLimiter(db: Db) {
  let limiter = dailyByDb.get(db)
  if (!limiter) {
    limiter = new RateLimiterDrizzle({ keyPrefix: 'interview-day', points: REQUESTS_PER_DAY, duration: 24 * 60 * 60, storeClient: db, schema: rateLimits })
    dailyByDb.set(db, limiter)
  }
  return limiter
}

/** Open: waiting for an answer, or agreed and not yet over (interview-rules.ts: isOpen). */
const openAt = (now: Date) =>
  or(
    eq(interviews.status, 'proposed'),
    and(eq(interviews.status, 'accepted'), gt(interviews.scheduledAt, new Date(now.getTime() - INTERVIEW_MINUTES * 60_000))),
  )!

function emailFacts(row: LoadedInterview): InterviewEmailFacts {
  return {
    id: row.interview.id,
    origin: getConfig().APP_ORIGIN,
    medium: row.interview.medium as InterviewMedium,
    parentName: row.parentName,
    nurseName: row.nurseName,
    nurseTimeZone: row.nurseTimeZone,
  }
}

function organizerEmail(): string {
  // 'Nightlight <hello@…>' or a bare address: the part between the angle brackets when there is one.
  const from = getConfig().MAIL_FROM
  const open = from.lastIndexOf('<')
  const close = from.lastIndexOf('>')
  return open >= 0 && close > open ? from.slice(open + 1, close).trim() : from.trim()
}

export function scheduledFacts(row: LoadedInterview): ScheduledFacts {
  return {
    ...emailFacts(row),
    scheduledAt: row.interview.scheduledAt!,
    contact: row.interview.contact ?? '',
    createdAt: row.interview.createdAt,
    updatedAt: row.interview.updatedAt,
    organizerEmail: organizerEmail(),
  }
}

/** A family asks an approved, listed nurse for an interview at one to three times (already checked by interview-rules.ts). */
export async function requestInterview(
  parent: InterviewActor,
  input: { nurseId: number; medium: InterviewMedium; times: LocalTimes; note: string | null },
  now: Date = new Date(),
): Promise<Done | Failure> {
  if (parent.role !== 'parent') return { ok: false, status: 403, error: 'Only families can ask for an interview.' }
  const read = readTimes(input.times, now)
  if (!read.ok) return read
  const times = read.times
  const db = getDb()
  // Counted before the transaction (the limiter writes through its own connection); a request the
  // checks below refuse gives its point back.
  try {
    await dailyLimiter(db).consume(String(parent.id))
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error
    return { ok: false, status: 429, error: TOO_MANY_TODAY, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) }
  }
  const made = await db.transaction(async (tx): Promise<Done | Failure> => {
    // Asks of one family are taken one at a time, so two at once cannot pass the limits together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, parent.id)).for('update')
    const [nurse] = await tx
      .select({ id: nurseProfiles.id })
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(and(eq(nurseProfiles.id, input.nurseId), eq(nurseProfiles.verificationStatus, 'approved'), isNull(nurseProfiles.lapsedAt), isNull(users.suspendedAt)))
    if (!nurse) return { ok: false, status: 404, error: NURSE_NOT_ASKABLE }
    const [withNurse] = await tx
      .select({ n: count() })
      .from(interviews)
      .where(and(eq(interviews.parentId, parent.id), eq(interviews.nurseId, nurse.id), openAt(now)))
    if (withNurse.n >= OPEN_PER_NURSE) return { ok: false, status: 409, error: TOO_MANY_WITH_NURSE }
    const [open] = await tx.select({ n: count() }).from(interviews).where(and(eq(interviews.parentId, parent.id), openAt(now)))
    if (open.n >= OPEN_PER_FAMILY) return { ok: false, status: 409, error: TOO_MANY_OPEN }
    const [row] = await tx
      .insert(interviews)
      .values({
        parentId: parent.id,
        nurseId: nurse.id,
        status: 'proposed',
        medium: input.medium,
        proposedBy: 'parent',
        proposedTimes: times,
        note: input.note,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: interviews.id })
    return { ok: true, id: row.id }
  })
  if (!made.ok) {
    await dailyLimiter(db).reward(String(parent.id), 1)
    return made
  }
  const row = (await loadInterview(made.id))!
  await sendEmailAfterTheFact(row.nurseEmail, (t) => interviewRequestEmail({ ...emailFacts(row), times, note: input.note }, t), `Interview ${made.id} (asked)`)
  return made
}

/** The row if the actor is this side of it, else null (another family's interview is a missing one). */
async function ownRow(actor: InterviewActor, id: number): Promise<{ row: LoadedInterview; side: InterviewSide } | null> {
  const row = await loadInterview(id)
  if (!row) return null
  const side = sideOf(actor, row)
  return side === 'parent' || side === 'nurse' ? { row, side } : null
}

async function sendScheduled(id: number) {
  const row = (await loadInterview(id))!
  const facts = scheduledFacts(row)
  const about = `Interview ${id} (agreed)`
  await sendEmailAfterTheFact(
    row.parentEmail,
    (t) => ({
      ...interviewAcceptedEmail(facts, 'parent', t),
      attachments: [toInterviewIcs(facts, { side: 'parent', email: row.parentEmail, name: row.parentName }, 'request', t)],
    }),
    about,
  )
  await sendEmailAfterTheFact(
    row.nurseEmail,
    (t) => ({
      ...interviewAcceptedEmail(facts, 'nurse', t),
      attachments: [toInterviewIcs(facts, { side: 'nurse', email: row.nurseEmail, name: row.nurseName }, 'request', t)],
    }),
    about,
  )
}

/**
 * The side that did not propose the waiting times picks one: the nurse with her link or number
 * (for the medium the family chose), the family with none (the nurse gave hers with her times).
 */
export async function acceptInterview(
  actor: InterviewActor,
  id: number,
  input: { at: Date; contact?: string },
  now: Date = new Date(),
): Promise<Done | Failure> {
  const own = await ownRow(actor, id)
  if (!own) return notFound
  const { row, side } = own
  const interview = row.interview
  if (!canPick(interview, side)) return changed
  const chosen = interview.proposedTimes.find((at) => at.getTime() === input.at.getTime())
  if (!chosen || chosen <= now) return { ok: false, status: 400, error: 'Choose one of the times proposed that is still ahead.', field: 'at' }
  let contact = interview.contact
  if (side === 'nurse') {
    const read = readContact(interview.medium as InterviewMedium, input.contact ?? '')
    if (!read.ok) return { ok: false, status: 400, error: read.error, field: 'contact' }
    contact = read.contact
  }
  const [updated] = await getDb()
    .update(interviews)
    .set({ status: 'accepted', scheduledAt: chosen, contact, updatedAt: now })
    .where(and(eq(interviews.id, id), eq(interviews.status, 'proposed'), eq(interviews.proposedBy, side === 'nurse' ? 'parent' : 'nurse')))
    .returning({ id: interviews.id })
  if (!updated) return changed
  await sendScheduled(id)
  return { ok: true, id }
}

/**
 * Other times, in turn, read in the form's zone: the nurse against the family's, with the link or
 * number she will use; the family, when none of the nurse's suit, against hers (the nurse's
 * contact stays hers, and she accepts or proposes again). The other side is e-mailed.
 */
export async function counterInterview(actor: InterviewActor, id: number, input: { times: LocalTimes; contact?: string }, now: Date = new Date()): Promise<Done | Failure> {
  const own = await ownRow(actor, id)
  if (!own) return notFound
  const { row, side } = own
  if (!canCounter(row.interview, side)) return changed
  const checked = readTimes(input.times, now)
  if (!checked.ok) return checked
  let contact = row.interview.contact
  if (side === 'nurse') {
    const read = readContact(row.interview.medium as InterviewMedium, input.contact ?? '')
    if (!read.ok) return { ok: false, status: 400, error: read.error, field: 'contact' }
    contact = read.contact
  }
  const waitedFor = side === 'nurse' ? 'parent' : 'nurse'
  const [updated] = await getDb()
    .update(interviews)
    .set({ status: 'proposed', proposedBy: side, proposedTimes: checked.times, contact, updatedAt: now })
    .where(and(eq(interviews.id, id), eq(interviews.status, 'proposed'), eq(interviews.proposedBy, waitedFor)))
    .returning({ id: interviews.id })
  if (!updated) return changed
  const facts = { ...emailFacts(row), times: checked.times }
  if (side === 'nurse') await sendEmailAfterTheFact(row.parentEmail, (t) => interviewCounterEmail(facts, t), `Interview ${id} (other times)`)
  else await sendEmailAfterTheFact(row.nurseEmail, (t) => interviewFamilyCounterEmail(facts, t), `Interview ${id} (the family's other times)`)
  return { ok: true, id }
}

/** The nurse declines the family's times. */
export async function declineInterview(actor: InterviewActor, id: number, now: Date = new Date()): Promise<Done | Failure> {
  const own = await ownRow(actor, id)
  if (!own) return notFound
  const { row, side } = own
  if (!canDecline(row.interview, side)) return side === 'nurse' ? changed : notFound
  const [updated] = await getDb()
    .update(interviews)
    .set({ status: 'declined', updatedAt: now })
    .where(and(eq(interviews.id, id), eq(interviews.status, 'proposed'), eq(interviews.proposedBy, 'parent')))
    .returning({ id: interviews.id })
  if (!updated) return changed
  await sendEmailAfterTheFact(row.parentEmail, (t) => interviewDeclinedEmail(emailFacts(row), t), `Interview ${id} (declined)`)
  return { ok: true, id }
}

/** Either side calls it off while it waits or before it ends; an agreed one sends both a cancelling invitation. */
export async function cancelInterview(actor: InterviewActor, id: number, now: Date = new Date()): Promise<Done | Failure> {
  const own = await ownRow(actor, id)
  if (!own) return notFound
  const { row, side } = own
  if (!canCancel(row.interview, now)) return changed
  const wasAccepted = row.interview.status === 'accepted'
  const [updated] = await getDb()
    .update(interviews)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(interviews.id, id), eq(interviews.status, row.interview.status)))
    .returning({ id: interviews.id })
  if (!updated) return changed
  const facts = { ...emailFacts(row), scheduledAt: row.interview.scheduledAt, by: side }
  for (const to of ['parent', 'nurse'] as const) {
    // A waiting request is only news to the other side; an agreed time leaves both calendars.
    if (!wasAccepted && to === side) continue
    const email = to === 'parent' ? row.parentEmail : row.nurseEmail
    const name = to === 'parent' ? row.parentName : row.nurseName
    await sendEmailAfterTheFact(
      email,
      (t) => {
        const content = interviewCancelledEmail(facts, to, t)
        return wasAccepted ? { ...content, attachments: [toInterviewIcs({ ...scheduledFacts(row), updatedAt: now }, { side: to, email, name }, 'cancel', t)] } : content
      },
      `Interview ${id} (cancelled)`,
    )
  }
  return { ok: true, id }
}
