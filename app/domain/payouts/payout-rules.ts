// When and how much a nurse is paid for a night (issue 15, docs/decisions/0027). Pure: the payout
// job, the nurse's Bookings & Payments tab, her statements and the admin's payments tab all read
// these rules, so what a nurse is shown is what she is sent.
//
// - A night is payable PAYABLE_AFTER_HOURS after it ends, unless the family reported a problem
//   with it (the payout is held until an admin releases it or refunds the night).
// - A worked night pays its price (the nurse gets the subtotal: docs/money.md); the platform keeps
//   the night's part of the fee.
// - A cancelled night pays the nurse her share of what the family was not refunded (the
//   cancellation fee kept), in the proportion of price to fee, and nothing else;
//   it is settled on the same schedule as if it had been worked.
// - A refunded problem night is settled like a cancelled one: what was refunded is not paid out.
import { nightShareCents, type BookingAmounts } from '../bookings/cancellation'
import { isWorkedNight, isWorkedOrCancelledNight } from '../bookings/life-cycle'
import type { Translate } from '../../i18n/translate'

export const PAYABLE_AFTER_HOURS = 24
const PAYABLE_AFTER_MS = PAYABLE_AFTER_HOURS * 60 * 60 * 1000

/** A problem can be reported from the night's start until its payout is due. */
export const PROBLEM_REPORT_WINDOW_HOURS = PAYABLE_AFTER_HOURS

export interface SettleableNight {
  status: string
  priceCents: number
  /** What the family had back for this night (a cancellation or a refunded problem), if anything. */
  refundCents: number | null
  endsAt: Date | string
}

export interface NightSettlement {
  /** Sent to the nurse. */
  transferCents: number
  /** Kept by the platform. */
  feeCents: number
}

/** The moment a night's payout falls due. */
export function payableAt(night: Pick<SettleableNight, 'endsAt'>): Date {
  return new Date(new Date(night.endsAt).getTime() + PAYABLE_AFTER_MS)
}

/**
 * What settling this night of a paid booking pays the nurse and leaves to the platform, or null
 * when the night owes nobody anything (a pending or no-show night, or a cancelled night refunded
 * in full).
 */
export function settleNight(night: SettleableNight, booking: BookingAmounts): NightSettlement | null {
  if (!isWorkedOrCancelledNight(night.status)) return null
  const shareCents = nightShareCents(night.priceCents, booking)
  const keptCents = Math.max(0, shareCents - (night.refundCents ?? 0))
  if (keptCents === 0 || shareCents === 0) return null
  const transferCents = keptCents === shareCents ? night.priceCents : Math.round((keptCents * night.priceCents) / shareCents)
  return { transferCents, feeCents: keptCents - transferCents }
}

export type NightPayoutState =
  /** Not ended, or ended less than PAYABLE_AFTER_HOURS ago. */
  | 'upcoming'
  /** Due: sent on the job's next run once the nurse's payout account can receive it. */
  | 'payable'
  /** The family reported a problem; an admin decides. */
  | 'on_hold'
  /** A transfer is on its way. */
  | 'sending'
  | 'paid'
  | 'failed'
  | 'reversed'
  /** Nothing is owed for this night (cancelled with a full refund, unpaid, no-show). */
  | 'none'

export interface PayoutFacts {
  night: SettleableNight
  booking: BookingAmounts & { paid: boolean }
  /** The night's latest payout attempt, if any. */
  payout: { status: string; reversedCents?: number } | null
  /** An open problem report holds the payout. */
  held: boolean
}

export function nightPayoutState({ night, booking, payout, held }: PayoutFacts, now: Date): NightPayoutState {
  // A 'canceled' attempt was superseded (a retry) or stopped (a refund): the night stands as if unpaid.
  if (payout && payout.status !== 'canceled') {
    if (payout.status === 'succeeded') return (payout.reversedCents ?? 0) > 0 ? 'reversed' : 'paid'
    if (payout.status === 'pending') return 'sending'
    if (payout.status === 'failed') return held ? 'on_hold' : 'failed'
  }
  if (!booking.paid || settleNight(night, booking) === null) return 'none'
  if (held) return 'on_hold'
  return payableAt(night).getTime() <= now.getTime() ? 'payable' : 'upcoming'
}

export const PAYOUT_STATE_LABELS: Record<NightPayoutState, string> = {
  upcoming: 'Not due yet',
  payable: 'Payable',
  on_hold: 'On hold',
  sending: 'Sending',
  paid: 'Paid',
  failed: 'Payout failed',
  reversed: 'Reversed',
  none: 'Nothing due',
}

/** Whether a family may still report a problem with this night: from its start until it is payable. */
export function canReportProblem(
  night: { status: string; startsAt: Date | string; endsAt: Date | string },
  now: Date,
): boolean {
  if (!isWorkedNight(night.status)) return false
  return new Date(night.startsAt).getTime() <= now.getTime() && now.getTime() < payableAt(night).getTime()
}

// --- Payout accounts ----------------------------------------------------------------------------

export interface PayoutAccountFacts {
  provider: string
  detailsSubmitted: boolean
  payoutsEnabled: boolean
  requirementsDue: string[]
  disabledReason: string | null
  lastFailure: string | null
}

export type PayoutAccountState = 'missing' | 'incomplete' | 'restricted' | 'ready'

export function payoutAccountState(account: PayoutAccountFacts | null): PayoutAccountState {
  if (!account) return 'missing'
  if (account.payoutsEnabled) return 'ready'
  return account.detailsSubmitted ? 'restricted' : 'incomplete'
}

/**
 * Why the nurse is not being paid and what to do about it, or null when all is well, in the words
 * of `t` (the `nurse` catalogue's translator). The provider's own failure text stays as it wrote it.
 */
export function payoutAccountAdvice(account: PayoutAccountFacts | null, t: Translate): string | null {
  const state = payoutAccountState(account)
  if (state === 'missing') return t('payouts.advice.missing')
  const failure = account!.lastFailure
    ? t('payouts.advice.failed', { reason: sentence(account!.lastFailure) })
    : null
  if (state === 'ready') return failure
  // Stripe lists a date of birth as three keys: each thing is asked for once.
  const due = [...new Set(account!.requirementsDue.map((key) => requirementLabel(key, t)))]
  const needs =
    due.length > 0
      ? t('payouts.advice.due', { list: due.join(', ') })
      : state === 'incomplete'
        ? t('payouts.advice.incomplete')
        : t('payouts.advice.restricted')
  return failure ? `${needs} ${failure}` : needs
}

function sentence(text: string): string {
  const trimmed = text.trim()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

/** Stripe's requirement keys, and the thing each asks for ('individual.dob.day' is a date of birth). */
export const PAYOUT_REQUIREMENTS: Record<string, string> = {
  external_account: 'bankAccount',
  'individual.ssn_last_4': 'ssnLast4',
  'individual.id_number': 'ssn',
  'individual.dob.day': 'dateOfBirth',
  'individual.dob.month': 'dateOfBirth',
  'individual.dob.year': 'dateOfBirth',
  'individual.address.line1': 'address',
  'individual.verification.document': 'identityDocument',
  'tos_acceptance.date': 'termsAcceptance',
  'tos_acceptance.ip': 'termsAcceptance',
  'business_profile.url': 'website',
  'business_profile.mcc': 'businessType',
}

/** A requirement key ('individual.ssn_last_4', 'external_account') in words; one we do not know is spelled out. */
export function requirementLabel(key: string, t: Translate): string {
  const thing = PAYOUT_REQUIREMENTS[key]
  return thing ? t(`payouts.requirement.${thing}`) : key.replace(/[._]/g, ' ')
}
