// A credential's life cycle (docs/decisions/0062), in the manner of a background check's: every
// status, the named sets other rules ask about, and every change with what may cause it. Pure;
// credential-life-cycle.server.ts is the one module that writes a credential's status.
//
//   submitted ──registry or admin──▶ current ──30 days before──▶ expiring ──on the day──▶ expired
//       │                               │                            │
//       └──registry: not found / admin refuses──▶ rejected           └──registry: encumbered──▶ revoked
//
// A renewal is a new credential (a new card, a new expiry): the old one keeps its history.
import { dayjs } from '../time/night-instants'
import type { nurseCredentials } from '../../db/schema'

export type CredentialRow = typeof nurseCredentials.$inferSelect

export const CREDENTIAL_KINDS = ['RN', 'LPN', 'CNA', 'NCS', 'CPR', 'Doula', 'Other'] as const satisfies ReadonlyArray<CredentialRow['kind']>
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number]

/** What each kind is called where families and nurses read it. */
export const CREDENTIAL_KIND_NAMES: Record<CredentialKind, string> = {
  RN: 'RN license',
  LPN: 'LPN license',
  CNA: 'CNA certification',
  NCS: 'Newborn Care Specialist certificate',
  CPR: 'Infant CPR / NRP card',
  Doula: 'Doula certificate',
  Other: 'Other certificate',
}

/** Licenses a state board issues: the license registry answers for them. */
export const LICENSE_KINDS = ['RN', 'LPN'] as const satisfies readonly CredentialKind[]
export const isLicenseKind = (kind: string): kind is (typeof LICENSE_KINDS)[number] => (LICENSE_KINDS as readonly string[]).includes(kind)

/**
 * The kinds a listed nurse's profile depends on: when her one of these lapses she leaves search
 * and new bookings (so does her background check after twelve months).
 */
export const DEPENDED_ON_KINDS = ['RN', 'LPN', 'CPR'] as const satisfies readonly CredentialKind[]
export const isDependedOnKind = (kind: string) => (DEPENDED_ON_KINDS as readonly string[]).includes(kind)

export const CREDENTIAL_STATUSES = [
  'submitted', // she listed it: a registry or an admin has not answered yet
  'current', // a registry said active, or an admin confirmed the document
  'expiring', // current, and it expires within EXPIRING_DAYS
  'expired', // its expiry passed, or the registry says expired
  'revoked', // the registry says encumbered, or an admin withdrew it
  'rejected', // the registry does not know it, or an admin refused the document
] as const satisfies ReadonlyArray<CredentialRow['status']>
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number]

/** A credential that counts: shown to families, and enough for search and new bookings. */
export const VALID_CREDENTIAL_STATUSES = ['current', 'expiring'] as const satisfies readonly CredentialStatus[]
export const isValidCredential = (status: string) => (VALID_CREDENTIAL_STATUSES as readonly string[]).includes(status)

/** An expiry this close (in days) makes a current credential 'expiring', and sends the first reminder. */
export const EXPIRING_DAYS = 30
/** The second reminder. */
export const LAST_REMINDER_DAYS = 7

export type CredentialCause =
  | 'registry' // the license registry's answer
  | 'admin' // an admin confirmed, refused or withdrew it
  | 'calendar' // the daily job: its expiry came near, or passed

export const CREDENTIAL_TRANSITIONS: ReadonlyArray<readonly [from: CredentialStatus, to: CredentialStatus, causes: readonly CredentialCause[]]> = [
  ['submitted', 'current', ['registry', 'admin']],
  ['submitted', 'expiring', ['registry', 'admin']],
  ['submitted', 'expired', ['registry', 'calendar']],
  ['submitted', 'revoked', ['registry']],
  ['submitted', 'rejected', ['registry', 'admin']],
  ['current', 'expiring', ['calendar', 'registry']],
  ['current', 'expired', ['calendar', 'registry']],
  ['current', 'revoked', ['registry', 'admin']],
  // The registry answers again after a renewal it knows of (a new expiry on the same number).
  ['expiring', 'current', ['registry']],
  ['expiring', 'expired', ['calendar', 'registry']],
  ['expiring', 'revoked', ['registry', 'admin']],
  ['expired', 'current', ['registry']],
  ['expired', 'expiring', ['registry']],
  ['rejected', 'current', ['admin']],
]

export function statusesLeadingToCredential(to: CredentialStatus, cause: CredentialCause): CredentialStatus[] {
  return CREDENTIAL_TRANSITIONS.filter(([, target, causes]) => target === to && causes.includes(cause)).map(([from]) => from)
}

export function canChangeCredential(from: CredentialStatus, to: CredentialStatus, cause: CredentialCause): boolean {
  return statusesLeadingToCredential(to, cause).includes(from)
}

/** Whole days from `today` to `expiresOn` (both 'YYYY-MM-DD'); negative once it has passed. */
export function daysUntil(expiresOn: string, today: string): number {
  return dayjs.utc(expiresOn).diff(dayjs.utc(today), 'day')
}

/**
 * Where a valid credential stands on `today` by its expiry alone: a credential is good through its
 * expiry day, 'expiring' within EXPIRING_DAYS of it, and 'expired' the day after. One without an
 * expiry (a doula certificate) stays current.
 */
export function statusByCalendar(expiresOn: string | null, today: string): 'current' | 'expiring' | 'expired' {
  if (expiresOn === null) return 'current'
  const days = daysUntil(expiresOn, today)
  if (days < 0) return 'expired'
  return days <= EXPIRING_DAYS ? 'expiring' : 'current'
}

/** Where a registry's answer puts a license on `today`. */
export function statusOfLookup(outcome: 'active' | 'expired' | 'encumbered' | 'not_found', expiresOn: string | null, today: string): CredentialStatus {
  if (outcome === 'not_found') return 'rejected'
  if (outcome === 'encumbered') return 'revoked'
  if (outcome === 'expired') return 'expired'
  return statusByCalendar(expiresOn, today)
}
