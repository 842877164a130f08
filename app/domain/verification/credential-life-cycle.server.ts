// The one writer of a credential's status (docs/decisions/0062; the pattern of the background
// check's writer): a credential is created 'submitted' with its 'listed' event, and every change is
// checked against CREDENTIAL_TRANSITIONS, guarded in SQL by the status it leaves (two writers racing
// change it once), and logged with who made it (null: a registry or the daily job) and when.
// tests/unit/status-writes.test.ts fails on a write of nurse_credentials anywhere else.
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.server'
import { nurseCredentialEvents, nurseCredentials } from '../../db/schema'
import { purgePublicPages } from '../platform/public-page-purge'
import { isValidCredential, statusesLeadingToCredential, type CredentialCause, type CredentialKind, type CredentialRow, type CredentialStatus } from './credential-life-cycle'

/** A credential she just listed, waiting for a registry or an admin. */
export async function createCredential(
  db: DbOrTx,
  input: {
    nurseProfileId: number
    kind: CredentialKind
    number: string | null
    issuer: string
    expiresOn: string | null
    documentFileId: number | null
    actorId: number | null
    now: Date
  },
): Promise<CredentialRow> {
  const { actorId, now, ...values } = input
  const [credential] = await db
    .insert(nurseCredentials)
    .values({ ...values, status: 'submitted', createdAt: now, updatedAt: now })
    .returning()
  await db.insert(nurseCredentialEvents).values({ credentialId: credential.id, actorId, action: 'listed', toStatus: 'submitted', createdAt: now })
  return credential
}

/** What a change may also write beside the status. */
export interface CredentialChangeValues {
  expiresOn?: string | null
  lookupOutcome?: CredentialRow['lookupOutcome']
  lookupSource?: string | null
  checkedAt?: Date | null
  checkedBy?: number | null
}

/**
 * Moves a credential to `to` when the table lets its status go there by this cause; false (and
 * nothing written) when it may not, or when another writer moved it first.
 */
export async function changeCredentialStatus(
  db: DbOrTx,
  input: {
    credentialId: number
    to: CredentialStatus
    cause: CredentialCause
    actorId: number | null
    action: string
    note?: string | null
    values?: CredentialChangeValues
    now: Date
  },
): Promise<boolean> {
  const from = statusesLeadingToCredential(input.to, input.cause)
  if (from.length === 0) return false
  const [before] = await db.select({ status: nurseCredentials.status }).from(nurseCredentials).where(eq(nurseCredentials.id, input.credentialId))
  if (!before || !from.includes(before.status)) return false
  const changed = await db
    .update(nurseCredentials)
    .set({ ...input.values, status: input.to, updatedAt: input.now })
    .where(and(eq(nurseCredentials.id, input.credentialId), eq(nurseCredentials.status, before.status)))
    .returning({ id: nurseCredentials.id })
  if (changed.length === 0) return false
  // Families read valid credentials on cached public pages: a credential that starts or stops
  // counting changes her profile and her card.
  if (isValidCredential(before.status) !== isValidCredential(input.to)) purgePublicPages()
  await logCredentialEvent(db, {
    credentialId: input.credentialId,
    actorId: input.actorId,
    action: input.action,
    fromStatus: before.status,
    toStatus: input.to,
    note: input.note ?? null,
    now: input.now,
  })
  return true
}

/** Writes what a registry said without a change of status (a lookup that confirmed what we knew). */
export async function updateCredentialDetails(db: DbOrTx, credentialId: number, values: CredentialChangeValues, now: Date) {
  await db.update(nurseCredentials).set({ ...values, updatedAt: now }).where(eq(nurseCredentials.id, credentialId))
}

/** A step that changes no status (a lookup that found nothing new, a reminder), kept in its log. */
export async function logCredentialEvent(
  db: DbOrTx,
  input: {
    credentialId: number
    actorId: number | null
    action: string
    fromStatus?: CredentialStatus | null
    toStatus?: CredentialStatus | null
    note?: string | null
    now: Date
  },
) {
  await db.insert(nurseCredentialEvents).values({
    credentialId: input.credentialId,
    actorId: input.actorId,
    action: input.action,
    fromStatus: input.fromStatus ?? null,
    toStatus: input.toStatus ?? null,
    note: input.note ?? null,
    createdAt: input.now,
  })
}

/**
 * Deletes a credential no one has answered yet (she listed it by mistake), with its one event;
 * false when it has been checked since: a checked credential keeps its history.
 */
export async function deleteSubmittedCredential(db: DbOrTx, credentialId: number): Promise<boolean> {
  const deleted = await db
    .delete(nurseCredentials)
    .where(and(eq(nurseCredentials.id, credentialId), eq(nurseCredentials.status, 'submitted')))
    .returning({ id: nurseCredentials.id })
  return deleted.length > 0
}
