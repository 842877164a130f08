// A nurse's dated credentials (docs/decisions/0062): she lists one with its number, issuer, expiry
// and document; a license (RN, LPN) is looked up in the license registry at once and moved where
// its answer puts it; any other kind waits for an admin, who confirms it from its document or
// refuses it with a reason. She may delete one no one has answered yet; a checked one stays on
// record and a renewed one, listed after it, takes its place. The one writer of a credential's
// status is credential-life-cycle.server.ts; every change is in its log with who and when.
import { translator } from '~/i18n/i18n.server'
import type { Translate } from '~/i18n/translate'
import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, not, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { countOf, readPage, type Paged } from '../platform/paging'
import { getDb } from '../../db/client.server'
import { files, nurseCredentialEvents, nurseCredentials, nurseProfiles, users } from '../../db/schema'
import { localToday } from '../time/shift-times'
import { isLicenseKind, isValidCredential, statusByCalendar, statusOfLookup, type CredentialKind, type CredentialRow, type CredentialStatus } from './credential-life-cycle'
import { changeCredentialStatus, createCredential, deleteSubmittedCredential, logCredentialEvent, updateCredentialDetails } from './credential-life-cycle.server'
import { refreshListing } from './listing.server'
import { CREDENTIAL_MESSAGES as M, credentialStanding, MAX_CREDENTIALS_PER_NURSE, type CredentialFacts, type CredentialStanding } from './credentials'
import { lookupLicense } from './license-lookup.server'
import { LicenseLookupError } from './providers/license-types'

type Refused = { ok: false; status: 400 | 403 | 404 | 409; error: string; field?: 'document' | 'expiresOn' }

/** What she typed, once the schema has read it (app/schemas/credentials.ts). */
export interface CredentialListingInput {
  kind: CredentialKind
  number?: string
  state?: string
  issuer?: string
  expiresOn?: string
}

/** A credential as her page and the admin's show it. */
export interface CredentialView extends CredentialFacts {
  id: number
  number: string | null
  lookupSource: string | null
  documentUrl: string | null
  listedAt: string
  /** A newer credential of the same kind was listed after it. */
  replaced: boolean
  standing: CredentialStanding
}

const fileUrl = (id: number | null) => (id === null ? null : `/files/${id}`)

async function profileOf(userId: number) {
  const [profile] = await getDb()
    .select({ id: nurseProfiles.id, timezone: nurseProfiles.timezone, name: users.displayName })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.userId, userId))
  return profile ?? null
}

/** The latest refusal reason of each refused credential, from its log. */
async function refusalsOf(credentialIds: number[]): Promise<Map<number, string>> {
  if (credentialIds.length === 0) return new Map()
  const rows = await getDb()
    .select({ credentialId: nurseCredentialEvents.credentialId, note: nurseCredentialEvents.note })
    .from(nurseCredentialEvents)
    .where(and(inArray(nurseCredentialEvents.credentialId, credentialIds), eq(nurseCredentialEvents.action, 'refused')))
    .orderBy(asc(nurseCredentialEvents.id))
  return new Map(rows.map((row) => [row.credentialId, row.note ?? '']))
}

function toView(row: CredentialRow, her: { today: string; timeZone: string }, replaced: boolean, refusal: string | null, t?: Translate): CredentialView {
  const facts: CredentialFacts = {
    kind: row.kind,
    issuer: row.issuer,
    expiresOn: row.expiresOn,
    status: row.status,
    lookupOutcome: row.lookupOutcome,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    checkedOn: row.checkedAt ? localToday(her.timeZone, row.checkedAt) : null,
    byAdmin: row.checkedBy !== null,
    refusal,
  }
  return {
    ...facts,
    id: row.id,
    number: row.number,
    lookupSource: row.lookupSource,
    documentUrl: fileUrl(row.documentFileId),
    listedAt: row.createdAt.toISOString(),
    replaced,
    standing: credentialStanding(facts, her.today, t),
  }
}

/** Every credential of one nurse, the newest first; each marked when a newer one of its kind replaced it. */
export async function listNurseCredentials(nurseProfileId: number, her: { today: string; timeZone: string }, t?: Translate): Promise<CredentialView[]> {
  const rows = await getDb()
    .select()
    .from(nurseCredentials)
    .where(eq(nurseCredentials.nurseProfileId, nurseProfileId))
    .orderBy(desc(nurseCredentials.id))
  const refusals = await refusalsOf(rows.filter((row) => row.status === 'rejected').map((row) => row.id))
  const seenKinds = new Set<string>()
  return rows.map((row) => {
    const replaced = seenKinds.has(row.kind) && row.kind !== 'Other'
    seenKinds.add(row.kind)
    return toView(row, her, replaced, refusals.get(row.id) ?? null, t)
  })
}

/** Her page: her credentials, on her own today (with `t`, of the nurse namespace, in her language). Null when she has no profile yet. */
export async function getOwnCredentials(userId: number, now: Date, t?: Translate) {
  const profile = await profileOf(userId)
  if (!profile) return null
  const today = localToday(profile.timezone, now)
  return { nurseProfileId: profile.id, today, credentials: await listNurseCredentials(profile.id, { today, timeZone: profile.timezone }, t) }
}

/**
 * Lists a credential for her (the schema has checked the fields, the expiry against her today):
 * created 'submitted' with its document (a file she uploaded, stored and checked by its bytes by
 * the page: nurses/files.server.ts), and a license looked up at once.
 */
export async function listCredential(input: {
  userId: number
  listing: CredentialListingInput
  documentFileId: number | null
  now: Date
}): Promise<{ ok: true; credential: CredentialView } | Refused> {
  const profile = await profileOf(input.userId)
  if (!profile) return { ok: false, status: 404, error: M.noProfile }
  const { listing } = input
  const license = isLicenseKind(listing.kind)
  if (input.documentFileId !== null && !(await isOwnDocument(input.userId, input.documentFileId))) {
    return { ok: false, status: 400, error: 'Choose the document again.', field: 'document' }
  }
  const [held] = await getDb().select({ n: count() }).from(nurseCredentials).where(eq(nurseCredentials.nurseProfileId, profile.id))
  if (held.n >= MAX_CREDENTIALS_PER_NURSE) return { ok: false, status: 409, error: M.tooMany }
  const created = await createCredential(getDb(), {
    nurseProfileId: profile.id,
    kind: listing.kind,
    number: listing.number?.trim() || null,
    issuer: license ? listing.state!.toUpperCase() : listing.issuer!.trim(),
    expiresOn: listing.expiresOn ?? null,
    documentFileId: input.documentFileId,
    actorId: input.userId,
    now: input.now,
  })
  const today = localToday(profile.timezone, input.now)
  const after = license ? await lookUp(created, profile.name, today, input.now) : created
  return { ok: true, credential: toView(after, { today, timeZone: profile.timezone }, false, null) }
}

/** A certification document she uploaded herself. */
async function isOwnDocument(userId: number, fileId: number): Promise<boolean> {
  const [file] = await getDb()
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerId, userId), eq(files.kind, 'certification')))
  return file !== undefined
}

/**
 * Asks the registry about a license and moves it where the answer puts it (cause 'registry'). When
 * the registry cannot answer, the license stays as it is and the failure is logged; an admin can
 * ask again. Answers the credential as it is after.
 */
async function lookUp(credential: CredentialRow, name: string, today: string, now: Date): Promise<CredentialRow> {
  const db = getDb()
  let result
  try {
    result = await lookupLicense(
      { kind: credential.kind as 'RN' | 'LPN', state: credential.issuer, number: credential.number ?? '', name, expiresOn: credential.expiresOn },
      today,
    )
  } catch (error) {
    if (!(error instanceof LicenseLookupError)) throw error
    console.error('A license lookup failed:', error)
    await logCredentialEvent(db, { credentialId: credential.id, actorId: null, action: 'lookup-failed', note: error.message, now })
    return credential
  }
  const expiresOn = result.expiresOn ?? credential.expiresOn
  const to = statusOfLookup(result.outcome, expiresOn, today)
  const values = { expiresOn, lookupOutcome: result.outcome, lookupSource: result.source, checkedAt: now, checkedBy: null }
  const note = `${result.source}: ${result.outcome}${result.expiresOn ? `, expires ${result.expiresOn}` : ''}`
  const moved =
    to !== credential.status &&
    (await changeCredentialStatus(db, { credentialId: credential.id, to, cause: 'registry', actorId: null, action: 'looked-up', note, values, now }))
  if (!moved) {
    // The same answer again: the day it was checked (what families read) and any new expiry.
    if (to === credential.status) await updateCredentialDetails(db, credential.id, values, now)
    await logCredentialEvent(db, { credentialId: credential.id, actorId: null, action: 'looked-up', fromStatus: credential.status, toStatus: credential.status, note, now })
  }
  // A registry's answer may renew her listing, or end it (docs/decisions/0062).
  else await refreshListing(credential.nurseProfileId, now)
  const [after] = await db.select().from(nurseCredentials).where(eq(nurseCredentials.id, credential.id))
  return after
}

async function credentialWithNurse(credentialId: number) {
  const [row] = await getDb()
    .select({ credential: nurseCredentials, timezone: nurseProfiles.timezone, name: users.displayName, userId: users.id })
    .from(nurseCredentials)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, nurseCredentials.nurseProfileId))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseCredentials.id, credentialId))
  return row ?? null
}

/**
 * An admin confirms a credential from its document (a certificate waiting, or a license the
 * registry did not find, e.g. from a board outside it): it becomes current, or expiring, by its
 * expiry. One whose expiry passed while it waited is not confirmed.
 */
export async function confirmCredential(input: { credentialId: number; adminId: number; now: Date }): Promise<{ ok: true } | Refused> {
  const row = await credentialWithNurse(input.credentialId)
  if (!row) return { ok: false, status: 404, error: M.notFound }
  const { credential } = row
  if (credential.status !== 'submitted' && credential.status !== 'rejected') return { ok: false, status: 409, error: M.notWaiting }
  const to = statusByCalendar(credential.expiresOn, localToday(row.timezone, input.now))
  if (to === 'expired') return { ok: false, status: 409, error: M.expiredWhileWaiting }
  const moved = await changeCredentialStatus(getDb(), {
    credentialId: credential.id,
    to,
    cause: 'admin',
    actorId: input.adminId,
    action: 'confirmed',
    values: { checkedAt: input.now, checkedBy: input.adminId },
    now: input.now,
  })
  // A renewal confirmed brings her back into search at once (docs/decisions/0062).
  if (moved) await refreshListing(credential.nurseProfileId, input.now)
  return moved ? { ok: true } : { ok: false, status: 409, error: M.notWaiting }
}

/** An admin refuses a waiting credential; she reads the reason on her page. */
export async function refuseCredential(input: { credentialId: number; adminId: number; reason: string; now: Date }): Promise<{ ok: true } | Refused> {
  const row = await credentialWithNurse(input.credentialId)
  if (!row) return { ok: false, status: 404, error: M.notFound }
  if (row.credential.status !== 'submitted') return { ok: false, status: 409, error: M.notWaiting }
  const moved = await changeCredentialStatus(getDb(), {
    credentialId: input.credentialId,
    to: 'rejected',
    cause: 'admin',
    actorId: input.adminId,
    action: 'refused',
    note: input.reason.trim(),
    values: { checkedAt: input.now, checkedBy: input.adminId },
    now: input.now,
  })
  return moved ? { ok: true } : { ok: false, status: 409, error: M.notWaiting }
}

/** An admin asks the registry again about a license it could not answer for. */
export async function lookUpAgain(input: { credentialId: number; now: Date }): Promise<{ ok: true; status: CredentialStatus } | Refused> {
  const row = await credentialWithNurse(input.credentialId)
  if (!row) return { ok: false, status: 404, error: M.notFound }
  if (!isLicenseKind(row.credential.kind) || row.credential.status !== 'submitted') return { ok: false, status: 409, error: M.notWaiting }
  const after = await lookUp(row.credential, row.name, localToday(row.timezone, input.now), input.now)
  return { ok: true, status: after.status }
}

/**
 * The sweep asks the registry again about a valid license whose expiry comes near or passes (at 30
 * days, and the day after): a license the board renewed comes back current with its new expiry
 * instead of lapsing. Answers the license as it is after; unchanged when the registry is down.
 */
export async function recheckLicense(credentialId: number, now: Date): Promise<CredentialRow | null> {
  const row = await credentialWithNurse(credentialId)
  if (!row || !isLicenseKind(row.credential.kind) || !isValidCredential(row.credential.status)) return row?.credential ?? null
  return lookUp(row.credential, row.name, localToday(row.timezone, now), now)
}

/**
 * She removes one of her own credentials: deleted while no one has answered it; a checked one
 * stays on record (the renewed one takes its place). Another nurse's is not found.
 */
export async function removeCredential(input: { userId: number; credentialId: number }): Promise<{ ok: true } | Refused> {
  const row = await credentialWithNurse(input.credentialId)
  if (!row || row.userId !== input.userId) return { ok: false, status: 404, error: M.notFound }
  if (row.credential.status !== 'submitted') return { ok: false, status: 409, error: M.keptForHistory }
  return (await deleteSubmittedCredential(getDb(), input.credentialId)) ? { ok: true } : { ok: false, status: 409, error: M.keptForHistory }
}

export interface CredentialQueueRow {
  credentialId: number
  nurseProfileId: number
  nurseName: string
  kind: CredentialKind
  issuer: string
  expiresOn: string | null
  status: CredentialStatus
  lookupOutcome: CredentialRow['lookupOutcome']
  listedAt: string
  checkedAt: string | null
}

/**
 * The admin's queue, twenty a page in each of its two lists: credentials waiting for a decision,
 * the longest waiting first (certificates, and licenses the registry could not answer for), and
 * licenses the registry refused (not found, encumbered, expired) that she has not replaced with a
 * valid one since, the latest checked first. `nurseProfileId` keeps one nurse's.
 */
export async function listCredentialsToConfirm(
  options: { nurseProfileId?: number; waitingPage?: number; refusedPage?: number } = {},
): Promise<{ waiting: Paged<CredentialQueueRow>; refused: Paged<CredentialQueueRow> }> {
  const db = getDb()
  const columns = {
    credentialId: nurseCredentials.id,
    nurseProfileId: nurseCredentials.nurseProfileId,
    nurseName: users.displayName,
    kind: nurseCredentials.kind,
    issuer: nurseCredentials.issuer,
    expiresOn: nurseCredentials.expiresOn,
    status: nurseCredentials.status,
    lookupOutcome: nurseCredentials.lookupOutcome,
    listedAt: nurseCredentials.createdAt,
    checkedAt: nurseCredentials.checkedAt,
  }
  const ofNurse = options.nurseProfileId === undefined ? undefined : eq(nurseCredentials.nurseProfileId, options.nurseProfileId)
  // A valid credential of the same kind listed after a refused one settles it.
  const later = alias(nurseCredentials, 'later_credential')
  const settled = exists(
    db
      .select({ id: later.id })
      .from(later)
      .where(
        and(
          eq(later.nurseProfileId, nurseCredentials.nurseProfileId),
          eq(later.kind, nurseCredentials.kind),
          inArray(later.status, ['current', 'expiring']),
          gt(later.id, nurseCredentials.id),
        ),
      ),
  )
  const waitingRows = and(eq(nurseCredentials.status, 'submitted'), ofNurse)
  const refusedRows = and(inArray(nurseCredentials.status, ['rejected', 'revoked', 'expired']), isNotNull(nurseCredentials.lookupOutcome), not(settled), ofNurse)
  const list = (where: SQL | undefined, order: SQL[]) => (offset: number, limit: number) =>
    db
      .select(columns)
      .from(nurseCredentials)
      .innerJoin(nurseProfiles, eq(nurseProfiles.id, nurseCredentials.nurseProfileId))
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
  const counted = (where: SQL | undefined) => () => countOf(db.select({ value: count() }).from(nurseCredentials).where(where))
  const [waiting, refused] = await Promise.all([
    readPage(options.waitingPage ?? 1, list(waitingRows, [asc(nurseCredentials.createdAt), asc(nurseCredentials.id)]), counted(waitingRows)),
    readPage(options.refusedPage ?? 1, list(refusedRows, [desc(nurseCredentials.checkedAt), desc(nurseCredentials.id)]), counted(refusedRows)),
  ])
  const out = (row: (typeof waiting.rows)[number]): CredentialQueueRow => ({ ...row, listedAt: row.listedAt.toISOString(), checkedAt: row.checkedAt?.toISOString() ?? null })
  return { waiting: { ...waiting, rows: waiting.rows.map(out) }, refused: { ...refused, rows: refused.rows.map(out) } }
}

export interface AdminCredentialView {
  credential: CredentialView
  nurse: { nurseProfileId: number; userId: number; name: string; email: string; verificationStatus: string; baseLocation: string }
  /** Her other credentials, beside this one. */
  others: CredentialView[]
  log: Array<{ action: string; by: string | null; at: string; note: string | null; from: CredentialStatus | null; to: CredentialStatus | null }>
}

export async function getCredentialForAdmin(credentialId: number, now: Date): Promise<AdminCredentialView | null> {
  const db = getDb()
  const [row] = await db
    .select({
      credential: nurseCredentials,
      timezone: nurseProfiles.timezone,
      verificationStatus: nurseProfiles.verificationStatus,
      baseLocation: nurseProfiles.baseLocation,
      name: users.displayName,
      email: users.email,
      userId: users.id,
    })
    .from(nurseCredentials)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, nurseCredentials.nurseProfileId))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseCredentials.id, credentialId))
  if (!row) return null
  const today = localToday(row.timezone, now)
  const all = await listNurseCredentials(row.credential.nurseProfileId, { today, timeZone: row.timezone }, translator('nurse'))
  const log = await db
    .select({
      action: nurseCredentialEvents.action,
      by: users.displayName,
      at: nurseCredentialEvents.createdAt,
      note: nurseCredentialEvents.note,
      from: nurseCredentialEvents.fromStatus,
      to: nurseCredentialEvents.toStatus,
    })
    .from(nurseCredentialEvents)
    .leftJoin(users, eq(users.id, nurseCredentialEvents.actorId))
    .where(eq(nurseCredentialEvents.credentialId, credentialId))
    .orderBy(desc(nurseCredentialEvents.id))
  return {
    credential: all.find((item) => item.id === credentialId)!,
    nurse: {
      nurseProfileId: row.credential.nurseProfileId,
      userId: row.userId,
      name: row.name,
      email: row.email,
      verificationStatus: row.verificationStatus,
      baseLocation: row.baseLocation,
    },
    others: all.filter((item) => item.id !== credentialId),
    log: log.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
  }
}

/** One nurse's credentials for an admin (from her row on the dashboard), on her own today. */
export async function getNurseCredentialsForAdmin(nurseProfileId: number, now: Date): Promise<{ name: string; credentials: CredentialView[] } | null> {
  const [profile] = await getDb()
    .select({ timezone: nurseProfiles.timezone, name: users.displayName })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.id, nurseProfileId))
  if (!profile) return null
  return { name: profile.name, credentials: await listNurseCredentials(nurseProfileId, { today: localToday(profile.timezone, now), timeZone: profile.timezone }, translator('nurse')) }
}
