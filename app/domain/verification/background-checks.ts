// The background check as the nurse and the admin read it (docs/decisions/0061): the messages,
// the disclosure's text, her authorization's rule, and where her check stands in words. Pure.
import type { Translate } from '~/i18n/translate'
import type { CheckStatus } from './check-life-cycle'
import { formatMonthYear } from '../time/shift-times'

export const CHECK_MESSAGES = {
  noProfile: 'Start your application first: the check is part of it.',
  alreadyOpen: 'Your background check is already under way.',
  alreadyCurrent: 'Your background check is current; there is nothing to do.',
  nameMismatch: (accountName: string) => `Type your full name as it is on your account: ${accountName}.`,
  notFound: 'Background check not found',
  notDecidable: 'This check is not waiting for a decision.',
  suspendedNeverApproved: 'A suspended check cannot be approved: the provider could not finish it.',
  expiredNeverApproved: 'This check has expired: she needs a new one.',
  finalTooSoon: (earliest: string) => `The waiting period is not over: the final notice can go from ${earliest}.`,
  notInWait: 'There is no pre-adverse notice waiting on this check.',
  noDispute: 'There is no pre-adverse notice to dispute.',
  approvalNeedsCheck: 'She needs a clear background check, or one an admin approved, before she can be approved.',
} as const

/** What the platform pays and the nurse does not. */
export const CHECK_COST_NOTE = 'Nightlight pays for the check. It costs you nothing.'

/**
 * The disclosure (Fair Credit Reporting Act, 15 U.S.C. § 1681b(b)(2)): in a document that consists
 * solely of the disclosure, shown on its own page before she authorizes anything.
 */
export const DISCLOSURE_TITLE = 'Disclosure regarding background investigation'
export const DISCLOSURE_PARAGRAPHS = [
  'Nightlight may obtain a consumer report (a background check) about you from a consumer reporting agency for employment purposes, that is, to decide whether you may offer your services to families on Nightlight, and, if you are approved, again each year while you do.',
  'Your authorization covers these yearly re-checks for as long as you offer your services on Nightlight: about a month before your check is a year old, we order the next one ourselves and tell you by e-mail. If the agency needs details from you, it asks you directly.',
  'The report may include a trace of your identity and past addresses, a search of the national and state sex offender registries, and searches of national, state and county criminal records.',
  'The consumer reporting agency is Checkr, Inc., One Montgomery Street, Suite 2400, San Francisco, CA 94104, (844) 824-3257, checkr.com. You will give your own details, including your social security number, to Checkr directly: Nightlight never receives or stores it.',
  'You may ask Checkr for a copy of your report, and you have the rights described in "A Summary of Your Rights Under the Fair Credit Reporting Act", which Checkr gives you with the report and which is available at consumerfinance.gov.',
]

/** Her authorization: the name she types must be her account's, whatever its spacing and case. */
export function isOwnName(typed: string, accountName: string): boolean {
  const normal = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase()
  return normal(typed) !== '' && normal(typed) === normal(accountName)
}

/** First and last name for the provider, from her account's one name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/)
  return parts.length > 1 ? { firstName: parts.slice(0, -1).join(' '), lastName: parts[parts.length - 1] } : { firstName: parts[0] ?? '', lastName: parts[0] ?? '' }
}

/** Where her check stands, as she reads it on her dashboard. */
export function checkStandingForNurse(
  check: { status: CheckStatus; current: boolean } | null,
  t?: Translate,
): { label: string; detail: string; color: 'teal' | 'blue' | 'yellow' | 'red' } {
  const standing = englishStanding(check)
  if (!t) return standing
  // With `t` (the nurse namespace): the same standing in the reader's language.
  const key = !check ? 'notStarted' : (check.status === 'clear' || check.status === 'approved') && !check.current ? 'expired' : check.status
  return { ...standing, label: t(`checkStanding.${key}.label`), detail: t(`checkStanding.${key}.detail`) }
}

function englishStanding(check: { status: CheckStatus; current: boolean } | null): { label: string; detail: string; color: 'teal' | 'blue' | 'yellow' | 'red' } {
  if (!check) return { label: 'Not started', detail: 'Your background check has not been started.', color: 'blue' }
  if ((check.status === 'clear' || check.status === 'approved') && !check.current) {
    return { label: 'Expired', detail: 'Your background check is more than a year old: please authorize a new one.', color: 'yellow' }
  }
  const words: Record<CheckStatus, { label: string; detail: string; color: 'teal' | 'blue' | 'yellow' | 'red' }> = {
    invited: { label: 'Pending', detail: 'Waiting for you to finish the provider’s form.', color: 'blue' },
    pending: { label: 'Pending', detail: 'The provider is running your check; this usually takes one to three days.', color: 'blue' },
    needs_review: { label: 'Pending', detail: 'Your report is back and our team is reviewing it. We will write to you.', color: 'blue' },
    clear: { label: 'Clear', detail: 'Your background check came back clear.', color: 'teal' },
    approved: { label: 'Approved', detail: 'Your background check was reviewed and approved.', color: 'teal' },
    pre_adverse: {
      label: 'Pre-adverse notice',
      detail: 'We sent you a pre-adverse action notice. You can dispute the report before we decide.',
      color: 'yellow',
    },
    adverse: { label: 'Not approved', detail: 'We sent you the final adverse action notice.', color: 'red' },
    suspended: {
      label: 'Suspended',
      detail: 'The provider could not confirm your identity and stopped the check. Check your e-mail from the provider, or start a new check.',
      color: 'yellow',
    },
  }
  return words[check.status]
}

/** An admin's name for a status. */
export const ADMIN_CHECK_LABELS: Record<CheckStatus, string> = {
  invited: 'Invited',
  pending: 'Pending',
  needs_review: 'Consider: to decide',
  clear: 'Clear',
  approved: 'Approved by an admin',
  pre_adverse: 'Pre-adverse notice sent',
  adverse: 'Final notice sent',
  suspended: 'Suspended',
}

/** What families read on a profile: 'Background check clear · March 2026'. */
export function publicCheckLabel(completedOn: string, t?: Translate): string {
  if (t) return t('nurse.backgroundCheckClear', { month: formatMonthYear(completedOn) })
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${completedOn}T12:00:00Z`))
  return `Background check clear · ${month}`
}
