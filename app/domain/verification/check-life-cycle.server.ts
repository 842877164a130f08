// The one writer of a background check's status (docs/decisions/0061; the pattern of decision
// 0052): a check is created 'invited' with its 'ordered' event, and every change is checked
// against CHECK_TRANSITIONS, guarded in SQL by the statuses it may leave (two writers racing change
// a check once), and logged with who made it and when. tests/unit/status-writes.test.ts fails on a
// write of background_checks anywhere else.
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.server'
import { backgroundCheckEvents, backgroundChecks, type CheckScreening } from '../../db/schema'
import { purgePublicPages } from '../platform/public-page-purge'
import { isPassingCheck, PASSING_CHECK_STATUSES, statusesLeadingTo, type CheckCause, type CheckStatus } from './check-life-cycle'

export type BackgroundCheckRow = typeof backgroundChecks.$inferSelect

/** A check just ordered: her consent, the provider's candidate and invitation. */
export async function createCheck(
  db: DbOrTx,
  input: {
    nurseProfileId: number
    provider: string
    candidateId: string
    invitationId: string
    invitationUrl: string | null
    consentName: string
    consentedAt: Date
    /** Null: the daily job's yearly re-check. */
    actorId: number | null
    now: Date
  },
): Promise<BackgroundCheckRow> {
  const { actorId, now, ...values } = input
  const [check] = await db
    .insert(backgroundChecks)
    .values({ ...values, status: 'invited', invitedAt: now, createdAt: now, updatedAt: now })
    .returning()
  await db.insert(backgroundCheckEvents).values({ checkId: check.id, actorId, action: 'ordered', toStatus: 'invited', createdAt: now })
  return check
}

/** What a change may also write beside the status. */
export interface CheckChangeValues {
  reportId?: string
  result?: 'clear' | 'consider' | 'suspended' | null
  screenings?: CheckScreening[]
  completedAt?: Date | null
  expiresAt?: Date | null
  decidedBy?: number | null
  decidedAt?: Date | null
}

/**
 * Moves a check to `to` when the table lets its status go there by this cause; false (and nothing
 * written) when it may not, or when another writer moved it first.
 */
export async function changeCheckStatus(
  db: DbOrTx,
  input: { checkId: number; to: CheckStatus; cause: CheckCause; actorId: number | null; action: string; note?: string | null; values?: CheckChangeValues; now: Date },
): Promise<boolean> {
  const from = statusesLeadingTo(input.to, input.cause)
  if (from.length === 0) return false
  const [before] = await db
    .select({ status: backgroundChecks.status })
    .from(backgroundChecks)
    .where(eq(backgroundChecks.id, input.checkId))
  if (!before || !from.includes(before.status)) return false
  const changed = await db
    .update(backgroundChecks)
    .set({ ...input.values, status: input.to, updatedAt: input.now })
    .where(and(eq(backgroundChecks.id, input.checkId), eq(backgroundChecks.status, before.status)))
    .returning({ id: backgroundChecks.id })
  if (changed.length === 0) return false
  // Her profile and card say 'Background check clear' on cached public pages.
  if (isPassingCheck(before.status) !== isPassingCheck(input.to)) purgePublicPages()
  await logCheckEvent(db, { checkId: input.checkId, actorId: input.actorId, action: input.action, fromStatus: before.status, toStatus: input.to, note: input.note ?? null, now: input.now })
  return true
}

/** Writes what the provider says without a change of status (the report id, screenings so far). */
export async function updateCheckDetails(db: DbOrTx, checkId: number, values: Pick<CheckChangeValues, 'reportId' | 'screenings'>, now: Date) {
  await db.update(backgroundChecks).set({ ...values, updatedAt: now }).where(eq(backgroundChecks.id, checkId))
}

/** A step that changes no status (a dispute, a notice re-sent), kept in the check's log. */
export async function logCheckEvent(
  db: DbOrTx,
  input: { checkId: number; actorId: number | null; action: string; fromStatus?: CheckStatus | null; toStatus?: CheckStatus | null; note?: string | null; now: Date },
) {
  await db.insert(backgroundCheckEvents).values({
    checkId: input.checkId,
    actorId: input.actorId,
    action: input.action,
    fromStatus: input.fromStatus ?? null,
    toStatus: input.toStatus ?? null,
    note: input.note ?? null,
    createdAt: input.now,
  })
}

/** The checks in these statuses (SQL), for the queue. */
export const checkStatusIn = (statuses: readonly CheckStatus[]) => inArray(backgroundChecks.status, [...statuses])

/**
 * What families may read of a nurse's check (SQL, for a select beside her profile): the day
 * ('YYYY-MM-DD', in her profile's zone) her latest passing, unexpired check completed, or null.
 */
export function currentCheckCompletedOn(nurseProfileId: SQLWrapper, timeZone: SQLWrapper) {
  return sql<string | null>`(select to_char(max(${backgroundChecks.completedAt}) at time zone ${timeZone}, 'YYYY-MM-DD') from ${backgroundChecks}
    where ${backgroundChecks.nurseProfileId} = ${nurseProfileId} and ${inArray(backgroundChecks.status, [...PASSING_CHECK_STATUSES])}
    and ${backgroundChecks.expiresAt} > now())`
}
