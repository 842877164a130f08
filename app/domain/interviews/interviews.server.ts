// Reading interviews (issue 36, docs/decisions/0067): a family's or a nurse's list, and one
// interview as its page shows it. Every read is scoped by the acting side, so another family's
// interview answers like a missing one; an admin reads any, without acting on it. The nurse's link
// or number is in the answer only where showsContact allows it.
import { desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb } from '../../db/client.server'
import { interviews, nurseProfiles, users } from '../../db/schema'
import {
  canCancel,
  canCounter,
  canDecline,
  canPick,
  isPast,
  showsContact,
  type InterviewMedium,
  type InterviewSide,
  type InterviewStatus,
} from './interview-rules'

export type InterviewActor = { id: number; role: 'parent' | 'nurse' | 'admin' }

const parents = alias(users, 'interview_parent')
const nurseUsers = alias(users, 'interview_nurse_user')

function selectLoaded() {
  return getDb()
    .select({
      interview: interviews,
      parentName: parents.displayName,
      parentEmail: parents.email,
      nurseName: nurseUsers.displayName,
      nurseEmail: nurseUsers.email,
      nurseUserId: nurseProfiles.userId,
      nurseSlug: nurseProfiles.slug,
      nurseTimeZone: nurseProfiles.timezone,
    })
    .from(interviews)
    .innerJoin(parents, eq(parents.id, interviews.parentId))
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, interviews.nurseId))
    .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
    .$dynamic()
}

/** An interview with the people around it, for the life cycle's e-mails and the pages. */
export async function loadInterview(id: number) {
  const [row] = await selectLoaded().where(eq(interviews.id, id))
  return row ?? null
}
export type LoadedInterview = NonNullable<Awaited<ReturnType<typeof loadInterview>>>

/** Which side the actor is on this interview, 'admin' to read it, or null: not theirs. */
export function sideOf(actor: InterviewActor, row: LoadedInterview): InterviewSide | 'admin' | null {
  if (actor.role === 'parent' && row.interview.parentId === actor.id) return 'parent'
  if (actor.role === 'nurse' && row.nurseUserId === actor.id) return 'nurse'
  if (actor.role === 'admin') return 'admin'
  return null
}

export interface InterviewView {
  id: number
  side: InterviewSide | 'admin'
  status: InterviewStatus
  medium: InterviewMedium
  proposedBy: InterviewSide | 'admin'
  proposedTimes: string[]
  scheduledAt: string | null
  note: string | null
  parentName: string
  nurseName: string
  nurseId: number
  nurseSlug: string
  nurseTimeZone: string
  /** The nurse's link or number: to the nurse always, to the family only while showsContact. */
  contact: string | null
  can: { pick: boolean; counter: boolean; decline: boolean; cancel: boolean; book: boolean }
}

function toView(row: LoadedInterview, side: InterviewSide | 'admin', now: Date): InterviewView {
  const interview = row.interview
  const facts = { status: interview.status, proposedBy: interview.proposedBy, scheduledAt: interview.scheduledAt }
  const acting = side === 'admin' ? null : side
  const contactShown = side === 'nurse' || side === 'admin' ? interview.contact : showsContact(facts, now) ? interview.contact : null
  return {
    id: interview.id,
    side,
    status: interview.status,
    medium: interview.medium as InterviewMedium,
    proposedBy: interview.proposedBy,
    proposedTimes: interview.proposedTimes.map((at) => at.toISOString()),
    scheduledAt: interview.scheduledAt?.toISOString() ?? null,
    note: interview.note,
    parentName: row.parentName,
    nurseName: row.nurseName,
    nurseId: interview.nurseId,
    nurseSlug: row.nurseSlug,
    nurseTimeZone: row.nurseTimeZone,
    contact: contactShown,
    can: {
      pick: acting !== null && canPick(facts, acting),
      counter: acting !== null && canCounter(facts, acting),
      decline: acting !== null && canDecline(facts, acting),
      cancel: acting !== null && canCancel(facts, now),
      book: acting === 'parent' && isPast(facts, now),
    },
  }
}

/** One interview for its page: null unless the actor is one of its two sides, or an admin. */
export async function getInterview(actor: InterviewActor, id: number, now: Date = new Date()): Promise<InterviewView | null> {
  const row = await loadInterview(id)
  if (!row) return null
  const side = sideOf(actor, row)
  return side ? toView(row, side, now) : null
}

/** A family's or a nurse's interviews, the latest asked first (at most 100: a few are ever open). */
export async function listInterviews(actor: InterviewActor, now: Date = new Date()): Promise<InterviewView[]> {
  if (actor.role === 'admin') return []
  const rows = await selectLoaded()
    .where(actor.role === 'parent' ? eq(interviews.parentId, actor.id) : eq(nurseProfiles.userId, actor.id))
    .orderBy(desc(interviews.createdAt), desc(interviews.id))
    .limit(100)
  return rows.map((row) => toView(row, actor.role === 'parent' ? 'parent' : 'nurse', now))
}
