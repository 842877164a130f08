// Edits after approval (docs/decisions/0063), the database side. Every write of a nurse's name,
// photo, documents or credentials goes through saveReviewedFields: before approval it writes them
// at once; after, into her one pending change. An admin then approves (the values move onto her
// profile in one transaction, once) or refuses (the approved version stays), and she is e-mailed.
// This file is the only writer of nurse_profile_changes.status (tests/unit/status-writes.test.ts).
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { countOf, readPage, type Paged } from '../platform/paging'
import { getConfig } from '../../config.server'
import { getDb, type DbOrTx } from '../../db/client.server'
import { nurseProfileChanges, nurseProfiles, users } from '../../db/schema'
import { sendEmail } from '../notifications/email.server'
import type { VerificationStatus } from './nurse-profile'
import { clearPublicNurseCache } from './nurses.server'
import {
  editsNeedReview,
  fromColumns,
  mergeProposal,
  PROFILE_CHANGE_MESSAGES,
  profileChangeApprovedEmail,
  profileChangeRefusedEmail,
  toColumns,
  waitingFields,
  type ProposedValues,
  type ReviewedField,
  type ReviewedValues,
} from './profile-changes'

type Refused = { ok: false; status: 400 | 404 | 409; error: string }

/**
 * An edit of the reviewed fields. A field left out does not change; a file set to null is removed
 * (a photo at once, whatever her status: showing less needs no review).
 */
export interface ReviewedEdit {
  displayName?: string
  photoFileId?: number | null
  certificationFileId?: number | null
  idDocumentFileId?: number | null
  credentials?: string[]
}

const fileUrl = (id: number | null | undefined) => (id === null || id === undefined ? null : `/files/${id}`)

async function readApproved(tx: DbOrTx, nurseProfileId: number): Promise<ReviewedValues & { userId: number }> {
  const [row] = await tx
    .select({
      userId: nurseProfiles.userId,
      displayName: users.displayName,
      photoFileId: nurseProfiles.photoFileId,
      certificationFileId: nurseProfiles.certificationFileId,
      idDocumentFileId: nurseProfiles.idDocumentFileId,
      credentials: nurseProfiles.credentials,
    })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.id, nurseProfileId))
  return row
}

/** Writes reviewed values onto the profile and the account: before approval, and on an admin's approval. */
async function writeLive(tx: DbOrTx, nurse: { id: number; userId: number }, values: ReviewedEdit, now: Date) {
  if (values.displayName !== undefined) {
    await tx.update(users).set({ displayName: values.displayName, updatedAt: now }).where(eq(users.id, nurse.userId))
  }
  const profile: Partial<typeof nurseProfiles.$inferInsert> = {}
  // An uploaded photo replaces an external one (schema.ts).
  if (values.photoFileId !== undefined) Object.assign(profile, { photoFileId: values.photoFileId, photoUrl: null })
  if (values.certificationFileId !== undefined) profile.certificationFileId = values.certificationFileId
  if (values.idDocumentFileId !== undefined) profile.idDocumentFileId = values.idDocumentFileId
  if (values.credentials !== undefined) profile.credentials = values.credentials
  if (Object.keys(profile).length) await tx.update(nurseProfiles).set({ ...profile, updatedAt: now }).where(eq(nurseProfiles.id, nurse.id))
}

/**
 * The one way to change a nurse's name, photo, documents or credentials, inside the caller's
 * transaction (which holds her profile row). Before approval they are saved at once; after, each
 * new value waits in her one pending change, merged with what already waits. Answers the fields
 * that wait after this edit.
 */
export async function saveReviewedFields(
  tx: DbOrTx,
  input: { nurse: { id: number; userId: number; verificationStatus: VerificationStatus }; edit: ReviewedEdit; now: Date },
): Promise<{ ok: true; waiting: ReviewedField[] } | Refused> {
  const { nurse, edit, now } = input
  if (!editsNeedReview(nurse.verificationStatus)) {
    await writeLive(tx, nurse, edit, now)
    return { ok: true, waiting: [] }
  }
  if (edit.certificationFileId === null || edit.idDocumentFileId === null) {
    return { ok: false, status: 400, error: PROFILE_CHANGE_MESSAGES.documentRemoval }
  }
  const { photoFileId, certificationFileId, idDocumentFileId, ...rest } = edit
  const proposed: ProposedValues = { ...rest, certificationFileId, idDocumentFileId }
  if (photoFileId === null) await writeLive(tx, nurse, { photoFileId: null }, now)
  else proposed.photoFileId = photoFileId

  const approved = await readApproved(tx, nurse.id)
  const [row] = await tx
    .select()
    .from(nurseProfileChanges)
    .where(and(eq(nurseProfileChanges.nurseProfileId, nurse.id), eq(nurseProfileChanges.status, 'pending')))
    .for('update')
  const waiting = row ? fromColumns(row) : {}
  // A removed photo no longer waits to be replaced either.
  if (photoFileId === null) delete waiting.photoFileId
  const merged = mergeProposal(approved, waiting, proposed)
  const fields = waitingFields(merged)
  if (fields.length === 0) {
    if (row) await tx.delete(nurseProfileChanges).where(eq(nurseProfileChanges.id, row.id))
  } else if (row) {
    await tx.update(nurseProfileChanges).set({ ...toColumns(merged), updatedAt: now }).where(eq(nurseProfileChanges.id, row.id))
  } else {
    await tx.insert(nurseProfileChanges).values({ nurseProfileId: nurse.id, ...toColumns(merged), submittedAt: now, createdAt: now, updatedAt: now })
  }
  return { ok: true, waiting: fields }
}

/** What waits, as the nurse (her dashboard, the /_api call) sees it: only the fields that wait. */
export interface PendingChangeView {
  fields: ReviewedField[]
  submittedAt: string
  displayName?: string
  photoUrl?: string
  certificationDocumentUrl?: string
  idDocumentUrl?: string
  credentials?: string[]
}

function toView(row: typeof nurseProfileChanges.$inferSelect): PendingChangeView {
  const values = fromColumns(row)
  const view: PendingChangeView = { fields: waitingFields(values), submittedAt: row.submittedAt.toISOString() }
  if (values.displayName !== undefined) view.displayName = values.displayName
  if (values.photoFileId !== undefined) view.photoUrl = `/files/${values.photoFileId}`
  if (values.certificationFileId !== undefined) view.certificationDocumentUrl = `/files/${values.certificationFileId}`
  if (values.idDocumentFileId !== undefined) view.idDocumentUrl = `/files/${values.idDocumentFileId}`
  if (values.credentials !== undefined) view.credentials = values.credentials
  return view
}

/** Her profile's id, as a subquery: her changes are read in one query from her account's id. */
function profileIdOf(db: DbOrTx, userId: number) {
  return db.select({ id: nurseProfiles.id }).from(nurseProfiles).where(eq(nurseProfiles.userId, userId))
}

/** The signed-in nurse's pending change, or null. */
export async function getOwnPendingChange(userId: number): Promise<PendingChangeView | null> {
  const db = getDb()
  const [row] = await db
    .select()
    .from(nurseProfileChanges)
    .where(and(inArray(nurseProfileChanges.nurseProfileId, profileIdOf(db, userId)), eq(nurseProfileChanges.status, 'pending')))
  return row ? toView(row) : null
}

/**
 * An admin's refusal she has not been shown yet, marked shown as it is read: she reads the reason
 * once on her dashboard (the e-mail keeps it). A refusal is unseen while its updatedAt is its
 * decidedAt; showing it moves updatedAt on (docs/decisions/0063).
 */
export async function takeUnseenRefusal(userId: number, now: Date): Promise<{ reason: string; decidedAt: string; fields: ReviewedField[] } | null> {
  const db = getDb()
  const rows = await db
    .update(nurseProfileChanges)
    .set({ updatedAt: sql`greatest(${now.toISOString()}::timestamptz, ${nurseProfileChanges.decidedAt} + interval '1 millisecond')` })
    .where(
      and(
        inArray(nurseProfileChanges.nurseProfileId, profileIdOf(db, userId)),
        eq(nurseProfileChanges.status, 'rejected'),
        eq(nurseProfileChanges.updatedAt, nurseProfileChanges.decidedAt),
      ),
    )
    .returning()
  const latest = rows.sort((a, b) => b.id - a.id)[0]
  if (!latest?.decidedAt) return null
  return { reason: latest.reason ?? '', decidedAt: latest.decidedAt.toISOString(), fields: waitingFields(fromColumns(latest)) }
}

/** Changes waiting for an admin, the longest waiting first, twenty a page. */
export async function listPendingProfileChanges(query: { page: number } = { page: 1 }): Promise<Paged<PendingProfileChangeRow>> {
  const db = getDb()
  const pending = eq(nurseProfileChanges.status, 'pending')
  const paged = await readPage(
    query.page,
    (offset, limit) =>
      db
        .select({ change: nurseProfileChanges, nurseName: users.displayName })
        .from(nurseProfileChanges)
        .innerJoin(nurseProfiles, eq(nurseProfiles.id, nurseProfileChanges.nurseProfileId))
        .innerJoin(users, eq(users.id, nurseProfiles.userId))
        .where(pending)
        .orderBy(asc(nurseProfileChanges.submittedAt), asc(nurseProfileChanges.id))
        .limit(limit)
        .offset(offset),
    () => countOf(db.select({ value: count() }).from(nurseProfileChanges).where(pending)),
  )
  return {
    ...paged,
    rows: paged.rows.map(({ change, nurseName }) => ({
      id: change.id,
      nurseName,
      fields: waitingFields(fromColumns(change)),
      submittedAt: change.submittedAt.toISOString(),
    })),
  }
}

export interface PendingProfileChangeRow {
  id: number
  nurseName: string
  fields: ReviewedField[]
  submittedAt: string
}

/** One change beside the approved version, for the admin's review page. */
export async function getProfileChangeForAdmin(changeId: number) {
  const [found] = await getDb()
    .select({
      change: nurseProfileChanges,
      email: users.email,
      slug: nurseProfiles.slug,
      displayName: users.displayName,
      photoFileId: nurseProfiles.photoFileId,
      photoUrl: nurseProfiles.photoUrl,
      certificationFileId: nurseProfiles.certificationFileId,
      idDocumentFileId: nurseProfiles.idDocumentFileId,
      credentials: nurseProfiles.credentials,
    })
    .from(nurseProfileChanges)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, nurseProfileChanges.nurseProfileId))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfileChanges.id, changeId))
  if (!found) return null
  const { change } = found
  return {
    id: change.id,
    status: change.status,
    submittedAt: change.submittedAt.toISOString(),
    decidedAt: change.decidedAt?.toISOString() ?? null,
    reason: change.reason,
    nurse: { name: found.displayName, email: found.email, slug: found.slug },
    approved: {
      displayName: found.displayName,
      photoUrl: fileUrl(found.photoFileId) ?? found.photoUrl,
      certificationDocumentUrl: fileUrl(found.certificationFileId),
      idDocumentUrl: fileUrl(found.idDocumentFileId),
      credentials: found.credentials,
    },
    proposed: toView(change),
  }
}

export type ProfileChangeForAdmin = NonNullable<Awaited<ReturnType<typeof getProfileChangeForAdmin>>>

/** Moves a pending change to its decision, once: null when it was no longer pending. */
async function decide(
  tx: DbOrTx,
  input: { changeId: number; to: 'approved' | 'rejected'; actorId: number; reason?: string; now: Date },
) {
  const [row] = await tx
    .update(nurseProfileChanges)
    .set({ status: input.to, decidedBy: input.actorId, decidedAt: input.now, reason: input.reason ?? null, updatedAt: input.now })
    .where(and(eq(nurseProfileChanges.id, input.changeId), eq(nurseProfileChanges.status, 'pending')))
    .returning()
  return row ?? null
}

async function notFoundOrDecided(changeId: number): Promise<Refused> {
  const [row] = await getDb().select({ id: nurseProfileChanges.id }).from(nurseProfileChanges).where(eq(nurseProfileChanges.id, changeId))
  return row
    ? { ok: false, status: 409, error: PROFILE_CHANGE_MESSAGES.alreadyDecided }
    : { ok: false, status: 404, error: PROFILE_CHANGE_MESSAGES.notFound }
}

/**
 * Approves a pending change: its values go onto her profile and account in the same transaction
 * that marks it approved, guarded by its pending status, so a second submit applies nothing.
 */
export async function approveProfileChange(input: { changeId: number; actorId: number; now: Date }): Promise<{ ok: true } | Refused> {
  const applied = await getDb().transaction(async (tx) => {
    const row = await decide(tx, { ...input, to: 'approved' })
    if (!row) return null
    const nurse = await readApproved(tx, row.nurseProfileId)
    const values = fromColumns(row)
    await writeLive(tx, { id: row.nurseProfileId, userId: nurse.userId }, values, input.now)
    const [account] = await tx
      .select({ email: users.email, name: users.displayName, slug: nurseProfiles.slug })
      .from(users)
      .innerJoin(nurseProfiles, eq(nurseProfiles.userId, users.id))
      .where(eq(users.id, nurse.userId))
    return { account, fields: waitingFields(values) }
  })
  if (!applied) return notFoundOrDecided(input.changeId)
  clearPublicNurseCache()
  const { account, fields } = applied
  await sendEmail(
    account.email,
    (t) => profileChangeApprovedEmail({ nurseName: account.name, fields, profileUrl: `${getConfig().APP_ORIGIN}/nurse/${account.slug}` }, t),
  )
  return { ok: true }
}

/** Refuses a pending change with the admin's reason: her profile keeps the approved version. */
export async function refuseProfileChange(input: { changeId: number; actorId: number; reason: string; now: Date }): Promise<{ ok: true } | Refused> {
  const row = await getDb().transaction((tx) => decide(tx, { ...input, to: 'rejected' }))
  if (!row) return notFoundOrDecided(input.changeId)
  const [account] = await getDb()
    .select({ email: users.email, name: users.displayName })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.id, row.nurseProfileId))
  await sendEmail(
    account.email,
    (t) =>
      profileChangeRefusedEmail(
        {
          nurseName: account.name,
          fields: waitingFields(fromColumns(row)),
          reason: input.reason,
          dashboardUrl: `${getConfig().APP_ORIGIN}/nurse/dashboard?tab=profile`,
        },
        t,
      ),
  )
  return { ok: true }
}
