// A background check's life cycle (docs/decisions/0061), in the manner of the bookings' (decision
// 0052): every status, the named sets other rules ask about, and every change with what may cause
// it. Pure; check-life-cycle.server.ts is the one module that writes a check's status, each write
// checked against this table. The provider moves a check only forward: events re-read the report,
// and a change the table does not hold (a late 'report.created' after the report completed) is
// not made.
import { dayjs } from '../time/night-instants'
import type { backgroundChecks } from '../../db/schema'

export const CHECK_STATUSES = [
  'invited', // ordered: she is in the provider's hosted flow
  'pending', // her report is being run
  'needs_review', // the report came back 'consider': an admin decides
  'clear', // the report came back clear
  'approved', // an admin approved a 'consider' report
  'pre_adverse', // the pre-adverse notice went out; she may dispute during the wait
  'adverse', // the final adverse-action notice went out
  'suspended', // the provider could not finish (her identity could not be confirmed)
] as const satisfies ReadonlyArray<(typeof backgroundChecks.$inferSelect)['status']>
export type CheckStatus = (typeof CHECK_STATUSES)[number]

/** A check that lets her be approved and listed, while it has not expired. */
export const PASSING_CHECK_STATUSES = ['clear', 'approved'] as const satisfies readonly CheckStatus[]
/** A check still under way: while one is, no second check is ordered. */
export const OPEN_CHECK_STATUSES = ['invited', 'pending', 'needs_review', 'pre_adverse'] as const satisfies readonly CheckStatus[]
/** The admin's queue: reports to decide, and notices whose wait is running. */
export const ADJUDICATION_STATUSES = ['needs_review', 'pre_adverse'] as const satisfies readonly CheckStatus[]

const isOneOf = <S extends string>(set: readonly S[], status: string): status is S => (set as readonly string[]).includes(status)
export const isPassingCheck = (status: string) => isOneOf(PASSING_CHECK_STATUSES, status)
export const isOpenCheck = (status: string) => isOneOf(OPEN_CHECK_STATUSES, status)

export type CheckCause =
  | 'provider' // the provider's report, re-read after an event or when ordering
  | 'admin-approve' // an admin approved the report
  | 'admin-adverse' // an admin started an adverse action (the pre-adverse notice)
  | 'admin-final' // an admin sent the final notice after the wait

export const CHECK_TRANSITIONS: ReadonlyArray<readonly [from: CheckStatus, to: CheckStatus, causes: readonly CheckCause[]]> = [
  ['invited', 'pending', ['provider']],
  ['invited', 'clear', ['provider']],
  ['invited', 'needs_review', ['provider']],
  ['invited', 'suspended', ['provider']],
  ['pending', 'clear', ['provider']],
  ['pending', 'needs_review', ['provider']],
  ['pending', 'suspended', ['provider']],
  // The provider resumes a suspended report once she gives what it lacked.
  ['suspended', 'pending', ['provider']],
  ['suspended', 'clear', ['provider']],
  ['suspended', 'needs_review', ['provider']],
  ['needs_review', 'approved', ['admin-approve']],
  ['needs_review', 'pre_adverse', ['admin-adverse']],
  // Her dispute may change the admin's mind before the final notice.
  ['pre_adverse', 'approved', ['admin-approve']],
  ['pre_adverse', 'adverse', ['admin-final']],
]

/** The statuses a check may leave for `to` by this cause. */
export function statusesLeadingTo(to: CheckStatus, cause: CheckCause): CheckStatus[] {
  return CHECK_TRANSITIONS.filter(([, target, causes]) => target === to && causes.includes(cause)).map(([from]) => from)
}

export function canChangeCheck(from: CheckStatus, to: CheckStatus, cause: CheckCause): boolean {
  return statusesLeadingTo(to, cause).includes(from)
}

/** Where a provider's report puts a check. */
export function statusOfReport(report: { status: string; result: 'clear' | 'consider' | null }): CheckStatus {
  if (report.status === 'suspended') return 'suspended'
  if (report.status === 'complete' && report.result === 'clear') return 'clear'
  if (report.status === 'complete' && report.result === 'consider') return 'needs_review'
  return 'pending'
}

/** A check is good for twelve months after its report completed. */
export const CHECK_VALID_MONTHS = 12

export function checkExpiry(completedAt: Date): Date {
  return dayjs(completedAt).add(CHECK_VALID_MONTHS, 'month').toDate()
}

/** Passing, and not expired: the check her approval and her listing stand on. */
export function isCurrentCheck(check: { status: string; expiresAt: Date | null }, now: Date): boolean {
  return isPassingCheck(check.status) && check.expiresAt !== null && check.expiresAt > now
}

/** The waiting period after a pre-adverse notice (FCRA practice: at least five business days). */
export const ADVERSE_WAIT_BUSINESS_DAYS = 5

/**
 * The earliest moment the final notice may go: five business days (Monday to Friday, counted in
 * UTC) after the pre-adverse notice, at the same time of day. Public holidays are not skipped: the
 * five days are a floor, and an admin may wait longer.
 */
export function earliestFinalNotice(preAdverseSentAt: Date): Date {
  let day = dayjs(preAdverseSentAt)
  let left = ADVERSE_WAIT_BUSINESS_DAYS
  while (left > 0) {
    day = day.add(1, 'day')
    const weekday = day.toDate().getUTCDay()
    if (weekday !== 0 && weekday !== 6) left -= 1
  }
  return day.toDate()
}
