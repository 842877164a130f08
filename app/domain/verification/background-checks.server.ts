// A nurse's background check (docs/decisions/0061): her authorization starts it at the provider,
// the provider's report is re-read whenever it may have moved (at once after ordering, and on every
// webhook event), and she disputes a pre-adverse notice here. The admin's side is
// adjudication.server.ts; the one writer of a check's status is check-life-cycle.server.ts.
import { and, desc, eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { getDb } from '../../db/client.server'
import { backgroundCheckAdverseActions, backgroundChecks, nurseProfiles, users } from '../../db/schema'
import { CHECK_MESSAGES, isOwnName, splitName } from './background-checks'
import { checkExpiry, isCurrentCheck, isOpenCheck, isPassingCheck, statusOfReport, type CheckStatus } from './check-life-cycle'
import { changeCheckStatus, createCheck, logCheckEvent, updateCheckDetails, type BackgroundCheckRow } from './check-life-cycle.server'
import { refreshListing } from './listing.server'
import { getVerificationProvider, getVerificationProviderNamed } from './verification-provider.server'

type Refused = { ok: false; status: 400 | 404 | 409 | 502; error: string }

export interface NurseCheckView {
  id: number
  status: CheckStatus
  /** Passing and not expired. */
  current: boolean
  result: 'clear' | 'consider' | 'suspended' | null
  consentedAt: string
  completedAt: string | null
  expiresAt: string | null
  /** The provider's hosted form while she has not finished it. */
  invitationUrl: string | null
  adverse: AdverseActionView | null
}

export const iso = (date: Date | null) => date?.toISOString() ?? null

/** The adverse-action steps of a check as the nurse's page and the admin's page show them. */
export interface AdverseActionView {
  preAdverseSentAt: string
  earliestFinalAt: string
  disputedAt: string | null
  disputeNote: string | null
  finalSentAt: string | null
}

export function adverseActionView(row: typeof backgroundCheckAdverseActions.$inferSelect): AdverseActionView {
  return {
    preAdverseSentAt: row.preAdverseSentAt.toISOString(),
    earliestFinalAt: row.earliestFinalAt.toISOString(),
    disputedAt: iso(row.disputedAt),
    disputeNote: row.disputeNote,
    finalSentAt: iso(row.finalSentAt),
  }
}

async function latestCheckOf(nurseProfileId: number): Promise<BackgroundCheckRow | null> {
  const [check] = await getDb()
    .select()
    .from(backgroundChecks)
    .where(eq(backgroundChecks.nurseProfileId, nurseProfileId))
    .orderBy(desc(backgroundChecks.id))
    .limit(1)
  return check ?? null
}

/** Her profile and account, as ordering a check needs them. */
async function nurseOf(userId: number) {
  const [nurse] = await getDb()
    .select({ nurseProfileId: nurseProfiles.id, name: users.displayName, email: users.email, state: nurseProfiles.locationState })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.userId, userId))
  return nurse ?? null
}

export type NurseCheck = { nurseProfileId: number; accountName: string; check: NurseCheckView | null; canStart: boolean }

/** Where her latest check stands, and whether she may start one now. */
export async function getNurseCheck(userId: number, now: Date): Promise<NurseCheck | null> {
  const nurse = await nurseOf(userId)
  return nurse ? getCheckOf(nurse, now) : null
}

/** getNurseCheck for a caller that knows her profile and account already (her dashboard). */
export async function getCheckOf(nurse: { nurseProfileId: number; name: string }, now: Date): Promise<NurseCheck> {
  const check = await latestCheckOf(nurse.nurseProfileId)
  if (!check) return { nurseProfileId: nurse.nurseProfileId, accountName: nurse.name, check: null, canStart: true }
  const [adverse] = await getDb().select().from(backgroundCheckAdverseActions).where(eq(backgroundCheckAdverseActions.checkId, check.id))
  const current = isCurrentCheck(check, now)
  return {
    nurseProfileId: nurse.nurseProfileId,
    accountName: nurse.name,
    canStart: !current && !isOpenCheck(check.status),
    check: {
      id: check.id,
      status: check.status,
      current,
      result: check.result,
      consentedAt: check.consentedAt.toISOString(),
      completedAt: iso(check.completedAt),
      expiresAt: iso(check.expiresAt),
      invitationUrl: check.status === 'invited' ? check.invitationUrl : null,
      adverse: adverse ? adverseActionView(adverse) : null,
    },
  }
}

/**
 * Her authorization (the full name she typed, after the disclosure) orders the check: a candidate
 * and an invitation at the provider, then the check, under a lock on her profile so two clicks
 * order one. The provider's calls carry keys made from her profile and her last check, so a
 * retry after a failure makes no second candidate. The platform pays; she is charged nothing.
 */
export async function startBackgroundCheck(input: {
  userId: number
  fullName: string
  now: Date
}): Promise<{ ok: true; check: BackgroundCheckRow; invitationUrl: string | null } | Refused> {
  const nurse = await nurseOf(input.userId)
  if (!nurse) return { ok: false, status: 404, error: CHECK_MESSAGES.noProfile }
  if (!isOwnName(input.fullName, nurse.name)) return { ok: false, status: 400, error: CHECK_MESSAGES.nameMismatch(nurse.name) }
  const latest = await latestCheckOf(nurse.nurseProfileId)
  const refusal = startRefusal(latest, input.now)
  if (refusal) return refusal
  return orderCheck(nurse, latest, { consentName: input.fullName.trim(), consentedAt: input.now, actorId: input.userId, now: input.now, refuse: startRefusal })
}

/**
 * The yearly re-check (docs/decisions/0062), ordered by the daily job under the authorization she
 * gave with her last check (the disclosure covers a check each year while she offers her services):
 * its name and date are carried to the new check. Refused while a check is open, or when a newer
 * check than `afterCheckId` exists.
 */
export async function orderRecheck(input: {
  nurseProfileId: number
  afterCheckId: number
  now: Date
}): Promise<{ ok: true; check: BackgroundCheckRow; invitationUrl: string | null } | Refused> {
  const [nurse] = await getDb()
    .select({ nurseProfileId: nurseProfiles.id, name: users.displayName, email: users.email, state: nurseProfiles.locationState })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.id, input.nurseProfileId))
  if (!nurse) return { ok: false, status: 404, error: CHECK_MESSAGES.noProfile }
  const latest = await latestCheckOf(nurse.nurseProfileId)
  const refuse = (check: BackgroundCheckRow | null): Refused | null => {
    if (!check || check.id !== input.afterCheckId) return { ok: false, status: 409, error: CHECK_MESSAGES.alreadyOpen }
    return isOpenCheck(check.status) ? { ok: false, status: 409, error: CHECK_MESSAGES.alreadyOpen } : null
  }
  const refusal = refuse(latest)
  if (refusal || !latest) return refusal ?? { ok: false, status: 409, error: CHECK_MESSAGES.alreadyOpen }
  return orderCheck(nurse, latest, { consentName: latest.consentName, consentedAt: latest.consentedAt, actorId: null, now: input.now, refuse })
}

async function orderCheck(
  nurse: { nurseProfileId: number; name: string; email: string; state: string | null },
  latest: BackgroundCheckRow | null,
  order: { consentName: string; consentedAt: Date; actorId: number | null; now: Date; refuse: (latest: BackgroundCheckRow | null, now: Date) => Refused | null },
): Promise<{ ok: true; check: BackgroundCheckRow; invitationUrl: string | null } | Refused> {
  const provider = getVerificationProvider()
  // Her address too: another database (a restored backup, a staging copy) reuses profile ids.
  const key = `nurse-${nurse.nurseProfileId}-${nurse.email.toLowerCase()}-check-after-${latest?.id ?? 0}`
  let candidateId: string
  let invitation: Awaited<ReturnType<typeof provider.createInvitation>>
  try {
    candidateId = (await provider.createCandidate({ ...splitName(nurse.name), email: nurse.email, idempotencyKey: `${key}-candidate` })).id
    invitation = await provider.createInvitation({ candidateId, workState: nurse.state, idempotencyKey: `${key}-invitation` })
  } catch (error) {
    console.error('Ordering a background check failed:', error)
    return { ok: false, status: 502, error: 'The background-check provider could not be reached. Please try again in a few minutes.' }
  }
  const created = await getDb().transaction(async (tx) => {
    await tx.select({ id: nurseProfiles.id }).from(nurseProfiles).where(eq(nurseProfiles.id, nurse.nurseProfileId)).for('update')
    const [again] = await tx
      .select()
      .from(backgroundChecks)
      .where(eq(backgroundChecks.nurseProfileId, nurse.nurseProfileId))
      .orderBy(desc(backgroundChecks.id))
      .limit(1)
    const raced = order.refuse(again ?? null, order.now)
    if (raced) return raced
    return createCheck(tx, {
      nurseProfileId: nurse.nurseProfileId,
      provider: provider.name,
      candidateId,
      invitationId: invitation.id,
      invitationUrl: invitation.url,
      consentName: order.consentName,
      consentedAt: order.consentedAt,
      actorId: order.actorId,
      now: order.now,
    })
  })
  if ('ok' in created) return created
  // The built-in provider answers at once; Checkr's invitation waits for her.
  const check = (await refreshCheck(created.id, order.now)) ?? created
  return { ok: true, check, invitationUrl: invitation.url }
}

function startRefusal(latest: BackgroundCheckRow | null, now: Date): Refused | null {
  if (!latest) return null
  if (isOpenCheck(latest.status)) return { ok: false, status: 409, error: CHECK_MESSAGES.alreadyOpen }
  if (isCurrentCheck(latest, now)) return { ok: false, status: 409, error: CHECK_MESSAGES.alreadyCurrent }
  return null
}

/**
 * Re-reads a check from its provider and moves it where the report says, through the life cycle:
 * events are only a prompt, so one delivered late or twice moves nothing back. Answers the check
 * as it is after.
 */
export async function refreshCheck(checkId: number, now: Date): Promise<BackgroundCheckRow | null> {
  const db = getDb()
  const [check] = await db.select().from(backgroundChecks).where(eq(backgroundChecks.id, checkId))
  if (!check) return null
  const provider = getVerificationProviderNamed(check.provider)
  let reportId = check.reportId
  if (!reportId && check.invitationId) {
    const invitation = await provider.retrieveInvitation(check.invitationId)
    if (invitation.reportId) {
      reportId = invitation.reportId
      await updateCheckDetails(db, check.id, { reportId }, now)
    }
  }
  if (!reportId) return check
  const report = await provider.retrieveReport(reportId)
  const screenings = report.screenings.map(({ name, outcome, record }) => ({ name, outcome, record: record ?? null }))
  const to = statusOfReport(report)
  if (to === check.status) {
    await updateCheckDetails(db, check.id, { reportId, screenings }, now)
  } else {
    const completedAt = report.completedAt ? new Date(report.completedAt) : to === 'clear' || to === 'needs_review' ? now : null
    const changed = await changeCheckStatus(db, {
      checkId: check.id,
      to,
      cause: 'provider',
      actorId: null,
      action: to === 'pending' ? 'report-started' : to === 'suspended' ? 'report-suspended' : 'report-completed',
      note: report.result,
      values: {
        reportId,
        screenings,
        result: to === 'suspended' ? 'suspended' : report.result,
        completedAt,
        expiresAt: completedAt && to !== 'suspended' ? checkExpiry(completedAt) : null,
      },
      now,
    })
    // A clear report renews her listing if a lapsed check had taken her out of search.
    if (changed && isPassingCheck(to)) await refreshListing(check.nurseProfileId, now)
  }
  const [after] = await db.select().from(backgroundChecks).where(eq(backgroundChecks.id, checkId))
  return after ?? null
}

/** The check a provider's ids name (its report, its invitation, or the candidate's latest). */
export async function findCheckByProviderIds(provider: string, ids: { reportId?: string; invitationId?: string; candidateId?: string }) {
  const db = getDb()
  const byColumn = async (column: PgColumn, value: string | undefined) => {
    if (!value) return null
    const [row] = await db
      .select({ id: backgroundChecks.id })
      .from(backgroundChecks)
      .where(and(eq(backgroundChecks.provider, provider), eq(column, value)))
      .orderBy(desc(backgroundChecks.id))
      .limit(1)
    return row?.id ?? null
  }
  return (
    (await byColumn(backgroundChecks.reportId, ids.reportId)) ??
    (await byColumn(backgroundChecks.invitationId, ids.invitationId)) ??
    (await byColumn(backgroundChecks.candidateId, ids.candidateId))
  )
}

/** Her answer to a pre-adverse notice, during the wait: kept on the notice and in the log. */
export async function disputeCheck(input: { userId: number; note: string; now: Date }): Promise<{ ok: true } | Refused> {
  const nurse = await nurseOf(input.userId)
  if (!nurse) return { ok: false, status: 404, error: CHECK_MESSAGES.noProfile }
  const latest = await latestCheckOf(nurse.nurseProfileId)
  if (!latest || latest.status !== 'pre_adverse') return { ok: false, status: 409, error: CHECK_MESSAGES.noDispute }
  const db = getDb()
  await db
    .update(backgroundCheckAdverseActions)
    .set({ disputeNote: input.note.trim(), disputedAt: input.now })
    .where(eq(backgroundCheckAdverseActions.checkId, latest.id))
  await logCheckEvent(db, { checkId: latest.id, actorId: input.userId, action: 'disputed', note: input.note.trim(), now: input.now })
  return { ok: true }
}

/** Whether a nurse's latest check lets her be approved now: clear or approved, and not expired. */
export async function hasCurrentCheck(nurseProfileId: number, now: Date): Promise<boolean> {
  const latest = await latestCheckOf(nurseProfileId)
  return latest !== null && isCurrentCheck(latest, now)
}
