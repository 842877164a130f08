// The admin's side of a background check (docs/decisions/0061): the queue of reports to decide,
// one check beside her application, and the decision. 'Approve' engages a consider report;
// 'Start adverse action' sends the pre-adverse notice with the report's summary and her rights and
// starts a wait of five business days in which she may dispute; 'Send final notice' is refused
// until the wait is over. A suspended or expired check is never approved. Every step is in the
// check's log with who took it and when.
import { asc, count, desc, eq } from 'drizzle-orm'
import { countOf, readPage, type Paged } from '../platform/paging'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { translator } from '../../i18n/i18n.server'
import { backgroundCheckAdverseActions, backgroundCheckEvents, backgroundChecks, nurseProfiles, users, type CheckScreening } from '../../db/schema'
import { sendEmail } from '../notifications/email.server'
import { formatMoment } from '../time/viewer-time'
import { CHECK_MESSAGES } from './background-checks'
import { adverseActionView, iso, type AdverseActionView } from './background-checks.server'
import { ADJUDICATION_STATUSES, earliestFinalNotice, type CheckStatus } from './check-life-cycle'
import { changeCheckStatus, checkStatusIn } from './check-life-cycle.server'
import { finalAdverseNoticeEmail, preAdverseNoticeEmail } from './check-emails'
import { refreshListing } from './listing.server'
import { getVerificationProviderNamed } from './verification-provider.server'
import { listNurseCredentials, type CredentialView } from './credentials.server'
import { localToday } from '../time/shift-times'

type Refused = { ok: false; status: 404 | 409 | 502; error: string }

export interface CheckQueueRow {
  checkId: number
  nurseProfileId: number
  nurseName: string
  status: CheckStatus
  completedAt: string | null
  earliestFinalAt: string | null
  disputedAt: string | null
}

/** Reports to decide and notices whose wait runs, the longest waiting first, twenty a page. */
export async function listChecksToDecide(query: { page: number } = { page: 1 }): Promise<Paged<CheckQueueRow>> {
  const db = getDb()
  const waiting = checkStatusIn(ADJUDICATION_STATUSES)
  const paged = await readPage(
    query.page,
    (offset, limit) =>
      db
        .select({
          checkId: backgroundChecks.id,
          nurseProfileId: backgroundChecks.nurseProfileId,
          nurseName: users.displayName,
          status: backgroundChecks.status,
          completedAt: backgroundChecks.completedAt,
          earliestFinalAt: backgroundCheckAdverseActions.earliestFinalAt,
          disputedAt: backgroundCheckAdverseActions.disputedAt,
        })
        .from(backgroundChecks)
        .innerJoin(nurseProfiles, eq(nurseProfiles.id, backgroundChecks.nurseProfileId))
        .innerJoin(users, eq(users.id, nurseProfiles.userId))
        .leftJoin(backgroundCheckAdverseActions, eq(backgroundCheckAdverseActions.checkId, backgroundChecks.id))
        .where(waiting)
        .orderBy(asc(backgroundChecks.completedAt), asc(backgroundChecks.id))
        .limit(limit)
        .offset(offset),
    () => countOf(db.select({ value: count() }).from(backgroundChecks).where(waiting)),
  )
  return {
    ...paged,
    rows: paged.rows.map((row) => ({
      ...row,
      completedAt: row.completedAt?.toISOString() ?? null,
      earliestFinalAt: row.earliestFinalAt?.toISOString() ?? null,
      disputedAt: row.disputedAt?.toISOString() ?? null,
    })),
  }
}

export interface AdminCheckView {
  id: number
  status: CheckStatus
  result: 'clear' | 'consider' | 'suspended' | null
  provider: string
  reportId: string | null
  screenings: CheckScreening[]
  consentName: string
  consentedAt: string
  completedAt: string | null
  expiresAt: string | null
  decidedAt: string | null
  application: {
    nurseProfileId: number
    name: string
    email: string
    baseLocation: string
    yearsExperience: number
    credentials: string[]
    /** Her dated credentials (docs/decisions/0062), the newest first. */
    datedCredentials: CredentialView[]
    specialties: string[]
    bio: string | null
    verificationStatus: string
    idDocumentUrl: string | null
    certificationDocumentUrl: string | null
  }
  adverse: AdverseActionView | null
  log: Array<{ action: string; by: string | null; at: string; note: string | null }>
}

const fileUrl = (id: number | null) => (id === null ? null : `/files/${id}`)

export async function getCheckForAdmin(checkId: number): Promise<AdminCheckView | null> {
  const db = getDb()
  const [row] = await db
    .select({ check: backgroundChecks, profile: nurseProfiles, name: users.displayName, email: users.email })
    .from(backgroundChecks)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, backgroundChecks.nurseProfileId))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(backgroundChecks.id, checkId))
  if (!row) return null
  const [adverse] = await db.select().from(backgroundCheckAdverseActions).where(eq(backgroundCheckAdverseActions.checkId, checkId))
  const log = await db
    .select({ action: backgroundCheckEvents.action, by: users.displayName, at: backgroundCheckEvents.createdAt, note: backgroundCheckEvents.note })
    .from(backgroundCheckEvents)
    .leftJoin(users, eq(users.id, backgroundCheckEvents.actorId))
    .where(eq(backgroundCheckEvents.checkId, checkId))
    .orderBy(desc(backgroundCheckEvents.id))
  const { check, profile } = row
  const datedCredentials = await listNurseCredentials(profile.id, { today: localToday(profile.timezone, new Date()), timeZone: profile.timezone }, translator('nurse'))
  return {
    id: check.id,
    status: check.status,
    result: check.result,
    provider: check.provider,
    reportId: check.reportId,
    screenings: check.screenings,
    consentName: check.consentName,
    consentedAt: check.consentedAt.toISOString(),
    completedAt: iso(check.completedAt),
    expiresAt: iso(check.expiresAt),
    decidedAt: iso(check.decidedAt),
    application: {
      nurseProfileId: profile.id,
      name: row.name,
      email: row.email,
      baseLocation: profile.baseLocation,
      yearsExperience: profile.yearsExperience,
      credentials: profile.credentials,
      datedCredentials,
      specialties: profile.specialties,
      bio: profile.bio,
      verificationStatus: profile.verificationStatus,
      idDocumentUrl: fileUrl(profile.idDocumentFileId),
      certificationDocumentUrl: fileUrl(profile.certificationFileId),
    },
    adverse: adverse ? adverseActionView(adverse) : null,
    log: log.map((entry) => ({ action: entry.action, by: entry.by, at: entry.at.toISOString(), note: entry.note })),
  }
}

async function checkWithNurse(checkId: number) {
  const [row] = await getDb()
    .select({ check: backgroundChecks, name: users.displayName, email: users.email, timeZone: nurseProfiles.timezone })
    .from(backgroundChecks)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, backgroundChecks.nurseProfileId))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(backgroundChecks.id, checkId))
  return row ?? null
}

/** Engages a report that came back 'consider' (or withdraws a pre-adverse notice after her dispute). */
export async function approveCheck(input: { checkId: number; actorId: number; now: Date }): Promise<{ ok: true } | Refused> {
  const found = await checkWithNurse(input.checkId)
  if (!found) return { ok: false, status: 404, error: CHECK_MESSAGES.notFound }
  const { check } = found
  if (check.status === 'suspended') return { ok: false, status: 409, error: CHECK_MESSAGES.suspendedNeverApproved }
  if (check.expiresAt && check.expiresAt <= input.now) return { ok: false, status: 409, error: CHECK_MESSAGES.expiredNeverApproved }
  const changed = await getDb().transaction(async (tx) => {
    const moved = await changeCheckStatus(tx, {
      checkId: check.id,
      to: 'approved',
      cause: 'admin-approve',
      actorId: input.actorId,
      action: 'approved',
      values: { decidedBy: input.actorId, decidedAt: input.now },
      now: input.now,
    })
    if (moved && check.status === 'pre_adverse') {
      await tx.update(backgroundCheckAdverseActions).set({ withdrawnAt: input.now }).where(eq(backgroundCheckAdverseActions.checkId, check.id))
    }
    return moved
  })
  if (!changed) return { ok: false, status: 409, error: CHECK_MESSAGES.notDecidable }
  if (check.status === 'pre_adverse') await withdrawAtProvider(check.provider, check.id)
  // An approved re-check renews her listing if her old check had lapsed.
  await refreshListing(check.nurseProfileId, input.now)
  return { ok: true }
}

async function withdrawAtProvider(provider: string, checkId: number) {
  const [adverse] = await getDb().select().from(backgroundCheckAdverseActions).where(eq(backgroundCheckAdverseActions.checkId, checkId))
  if (!adverse?.providerAdverseActionId) return
  try {
    await getVerificationProviderNamed(provider).cancelAdverseAction(adverse.providerAdverseActionId)
  } catch (error) {
    // Ours is decided and logged; the provider's record is only told.
    console.error('Withdrawing the adverse action at the provider failed:', error)
  }
}

/** The pre-adverse notice: recorded at the provider, the wait set, the check moved, the e-mail sent. */
export async function startAdverseAction(input: { checkId: number; actorId: number; now: Date }): Promise<{ ok: true; earliestFinalAt: Date } | Refused> {
  const found = await checkWithNurse(input.checkId)
  if (!found) return { ok: false, status: 404, error: CHECK_MESSAGES.notFound }
  const { check } = found
  if (check.status !== 'needs_review' || !check.reportId) return { ok: false, status: 409, error: CHECK_MESSAGES.notDecidable }
  let providerAdverseActionId: string
  try {
    providerAdverseActionId = (
      await getVerificationProviderNamed(check.provider).createAdverseAction({ reportId: check.reportId, idempotencyKey: `check-${check.id}-adverse` })
    ).id
  } catch (error) {
    console.error('Recording the adverse action at the provider failed:', error)
    return { ok: false, status: 502, error: 'The background-check provider could not be reached. Please try again.' }
  }
  const earliestFinalAt = earliestFinalNotice(input.now)
  const changed = await getDb().transaction(async (tx) => {
    const moved = await changeCheckStatus(tx, {
      checkId: check.id,
      to: 'pre_adverse',
      cause: 'admin-adverse',
      actorId: input.actorId,
      action: 'pre-adverse-notice-sent',
      note: `Final notice from ${earliestFinalAt.toISOString()}`,
      values: { decidedBy: input.actorId, decidedAt: input.now },
      now: input.now,
    })
    if (moved) {
      await tx.insert(backgroundCheckAdverseActions).values({
        checkId: check.id,
        providerAdverseActionId,
        preAdverseSentAt: input.now,
        earliestFinalAt,
        createdBy: input.actorId,
        createdAt: input.now,
      })
    }
    return moved
  })
  if (!changed) return { ok: false, status: 409, error: CHECK_MESSAGES.notDecidable }
  await sendEmail(
    found.email,
    (t) =>
      preAdverseNoticeEmail(
        {
          nurseName: found.name,
          screenings: check.screenings,
          earliestFinalAt,
          timeZone: found.timeZone,
          disputeUrl: `${getConfig().APP_ORIGIN}/nurse/background-check`,
        },
        t,
      ),
  )
  return { ok: true, earliestFinalAt }
}

/** The final adverse-action notice: only after the wait, and only once. */
export async function sendFinalNotice(input: { checkId: number; actorId: number; now: Date }): Promise<{ ok: true } | Refused> {
  const found = await checkWithNurse(input.checkId)
  if (!found) return { ok: false, status: 404, error: CHECK_MESSAGES.notFound }
  const [adverse] = await getDb().select().from(backgroundCheckAdverseActions).where(eq(backgroundCheckAdverseActions.checkId, input.checkId))
  if (found.check.status !== 'pre_adverse' || !adverse) return { ok: false, status: 409, error: CHECK_MESSAGES.notInWait }
  if (input.now < adverse.earliestFinalAt) return { ok: false, status: 409, error: CHECK_MESSAGES.finalTooSoon(formatMoment(adverse.earliestFinalAt, { timeZone: found.timeZone, told: false })) }
  const changed = await getDb().transaction(async (tx) => {
    const moved = await changeCheckStatus(tx, {
      checkId: input.checkId,
      to: 'adverse',
      cause: 'admin-final',
      actorId: input.actorId,
      action: 'final-notice-sent',
      values: { decidedBy: input.actorId, decidedAt: input.now },
      now: input.now,
    })
    if (moved) await tx.update(backgroundCheckAdverseActions).set({ finalSentAt: input.now }).where(eq(backgroundCheckAdverseActions.id, adverse.id))
    return moved
  })
  if (!changed) return { ok: false, status: 409, error: CHECK_MESSAGES.notInWait }
  await sendEmail(found.email, (t) => finalAdverseNoticeEmail({ nurseName: found.name }, t))
  return { ok: true }
}
