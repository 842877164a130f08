// What the admin's background check and credential pages say about a verification's log and
// its screenings, in the reader's language. The log keeps codes ('report-completed', 'looked-up'),
// the words are here; a code this list does not know is shown as stored.
import type { Translate } from '../../i18n/translate'

/** Every code the verification logs hold: the background check's, then the credential's. */
export const VERIFICATION_LOG_ACTIONS = [
  'ordered',
  'report-started',
  'report-suspended',
  'report-completed',
  'approved',
  'pre-adverse-notice-sent',
  'final-notice-sent',
  'disputed',
  'listed',
  'looked-up',
  'lookup-failed',
  'confirmed',
  'refused',
  'expiring',
  'expired',
  'notice-reminder-30',
  'notice-reminder-7',
  'notice-expired',
  'notice-recheck',
] as const

export const SCREENING_OUTCOMES = ['clear', 'consider', 'pending', 'suspended'] as const

export const CREDENTIAL_STATUSES = ['submitted', 'current', 'expiring', 'expired', 'revoked', 'rejected'] as const

const known = (list: readonly string[], value: string) => list.includes(value)

/** A log entry's code in words: 'pre-adverse-notice-sent' is 'Pre-adverse notice sent'. */
export function logActionLabel(action: string, t: Translate): string {
  return known(VERIFICATION_LOG_ACTIONS, action) ? t(`log.action.${action}`) : action
}

/** A screening's outcome as the provider reported it ('clear', 'consider'), in words. */
export function screeningOutcomeLabel(outcome: string, t: Translate): string {
  return known(SCREENING_OUTCOMES, outcome) ? t(`log.outcome.${outcome}`) : outcome
}

/** A credential's status in words, as the log's arrow shows where it moved. */
export function credentialStatusLabel(status: string, t: Translate): string {
  return known(CREDENTIAL_STATUSES, status) ? t(`log.credentialStatus.${status}`) : status
}

export const LOOKUP_OUTCOMES = ['active', 'expired', 'encumbered', 'not_found'] as const

/** What a license registry answered ('active', 'not_found'), in words. */
export function lookupOutcomeLabel(outcome: string, t: Translate): string {
  return known(LOOKUP_OUTCOMES, outcome) ? t(`log.lookup.${outcome}`) : outcome
}

export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const

/** Where a nurse's application stands ('pending', 'approved'), in words. */
export function verificationStatusLabel(status: string, t: Translate): string {
  return known(VERIFICATION_STATUSES, status) ? t(`log.verification.${status}`) : status
}
