// Expiry and re-checks (docs/decisions/0062): when a listed nurse lapses out of search and new
// bookings, which reminder a date calls for, and when the yearly re-check is due. Pure: the clock
// comes in as a parameter; listing.server.ts and expiry-sweep.server.ts act on these answers.
import type { Translate } from '~/i18n/translate'
import { dayjs } from '../time/night-instants'
import { isCurrentCheck, isPassingCheck } from './check-life-cycle'
import { CREDENTIAL_KIND_NAMES, daysUntil, DEPENDED_ON_KINDS, EXPIRING_DAYS, isValidCredential, LAST_REMINDER_DAYS, type CredentialKind } from './credential-life-cycle'

/** A notice of verification_notices: each is sent once per check or credential. */
export type ExpiryNotice = 'reminder-30' | 'reminder-7' | 'expired' | 'recheck'

/**
 * Why an approved nurse is out of search and new bookings, or null when she may be listed: a
 * passing background check she had has expired with no current one, or every credential of a
 * kind her profile depends on (RN, LPN, CPR) is expired or revoked. A nurse who never had a
 * passing check is not lapsed by this rule: approving her already required one.
 */
export function lapseReasonOf(
  input: { checks: ReadonlyArray<{ status: string; expiresAt: Date | null }>; credentials: ReadonlyArray<{ kind: string; status: string }> },
  now: Date,
): string | null {
  const reasons: string[] = []
  const hadPassingCheck = input.checks.some((check) => isPassingCheck(check.status))
  if (hadPassingCheck && !input.checks.some((check) => isCurrentCheck(check, now))) reasons.push('background check expired')
  for (const kind of DEPENDED_ON_KINDS) {
    const ofKind = input.credentials.filter((credential) => credential.kind === kind)
    const lapsed = ofKind.filter((credential) => credential.status === 'expired' || credential.status === 'revoked')
    if (lapsed.length > 0 && !ofKind.some((credential) => isValidCredential(credential.status))) {
      const words = lapsed.some((credential) => credential.status === 'revoked') ? 'revoked' : 'expired'
      reasons.push(`${CREDENTIAL_KIND_NAMES[kind as CredentialKind]} ${words}`)
    }
  }
  if (reasons.length === 0) return null
  const text = reasons.join('; ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * The reminder a credential's expiry calls for on `today`: the first from EXPIRING_DAYS before,
 * the last from LAST_REMINDER_DAYS before, 'expired' the day after its expiry day. A sweep that
 * missed the first (it was listed a week before) sends only the one due now.
 */
export function credentialNoticeDue(expiresOn: string, today: string): ExpiryNotice | null {
  const days = daysUntil(expiresOn, today)
  if (days < 0) return 'expired'
  if (days <= LAST_REMINDER_DAYS) return 'reminder-7'
  if (days <= EXPIRING_DAYS) return 'reminder-30'
  return null
}

const DAY_MS = 24 * 3600 * 1000

/** The same for a background check, by the instant it expires (twelve months after it completed). */
export function checkNoticeDue(expiresAt: Date, now: Date): ExpiryNotice | null {
  const left = expiresAt.getTime() - now.getTime()
  if (left <= 0) return 'expired'
  if (left <= LAST_REMINDER_DAYS * DAY_MS) return 'reminder-7'
  if (left <= EXPIRING_DAYS * DAY_MS) return 'reminder-30'
  return null
}

/** The yearly re-check is ordered eleven months after the last check completed: a month before it expires. */
export const RECHECK_AFTER_MONTHS = 11

export function recheckDueAt(completedAt: Date): Date {
  return dayjs(completedAt).add(RECHECK_AFTER_MONTHS, 'month').toDate()
}

/** A check the provider has not answered about for this long is re-read (a webhook that never came). */
export const STALE_CHECK_HOURS = 6

/**
 * What she reads about a date coming near, on her dashboard and her check's page. With `t` (the
 * nurse namespace) in the reader's language; `what` is then already in it.
 */
export function expiryLine(what: string, expiresOn: string, today: string, t?: Translate): string {
  const days = daysUntil(expiresOn, today)
  if (t) {
    const on = longDateIn(expiresOn, t)
    if (days < 0) return t('expiry.expiredOn', { what, on })
    if (days === 0) return t('expiry.expiresToday', { what })
    return t('expiry.expiresOn', { what, on, days })
  }
  const on = longDate(expiresOn)
  if (days < 0) return `Your ${what} expired on ${on}.`
  if (days === 0) return `Your ${what} expires today.`
  return `Your ${what} expires on ${on}, in ${days} ${days === 1 ? 'day' : 'days'}.`
}

/** 'March 3, 2027' / '3 de marzo de 2027' from '2027-03-03', by the nurse namespace's `t`. */
export function longDateIn(day: string, t: Translate): string {
  const [year, month, date] = day.split('-')
  return t('expiry.longDate', { year, month: String(Number(month)), day: String(Number(date)) })
}

/** 'March 3, 2027' from '2027-03-03'. */

export function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
}

/** A lapse's reason inside a sentence: 'background check expired', 'RN license expired'. */
export function reasonInSentence(reason: string): string {
  return /^[A-Z][A-Z]/.test(reason) ? reason : reason.charAt(0).toLowerCase() + reason.slice(1)
}

/** 'YYYY-MM-DD' of an instant, in UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10)
