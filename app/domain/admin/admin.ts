// The admin side's pure rules: paging, the texts and badges of the tables, finding a booking by its
// reference, and the nurse's verification decision e-mail. No database, no clock of its own: `now`
// is passed in.
import { isPaidBooking, type BookingStatus } from '../bookings/life-cycle'
import type { Translate } from '../../i18n/translate'
import { renderEmail, type EmailContent } from '../notifications/email-layout'

/** Rows per page of every admin table; pages start at 1. */
// An admin's status change moves money and nights, so not every change is allowed
// (docs/decisions/0008-admin-booking-status-changes.md). The select offers all four; the server
// answers these texts for the changes it refuses.
export const REOPEN_REFUSED =
  'A cancelled booking cannot be reopened: its nights may have been booked by another family. Ask the family to book the nights again.'
export const BACK_TO_PENDING_REFUSED =
  'A booking cannot go back to pending: pending means waiting for payment, and unpaid nights are released after 15 minutes.'
export const UNPAID_REFUSED = 'This booking has no successful payment, so it cannot be confirmed or completed.'
export const NOT_OVER_REFUSED = 'A booking can be marked completed only once its last night has ended.'

/**
 * Why an admin may not move a booking from `from` to `to`, or null when the change is allowed.
 * `nightsAhead` counts the booking's nights, not cancelled, that have not ended yet: a booking is
 * completed only when its nights are, so the family never sees a 'Completed' booking with nights
 * still to come.
 */
export function bookingStatusChangeProblem(
  from: BookingStatus,
  to: BookingStatus,
  booking: { paid: boolean; nightsAhead: number },
): string | null {
  if (from === to) return null
  if (from === 'cancelled') return REOPEN_REFUSED
  if (to === 'pending') return BACK_TO_PENDING_REFUSED
  if (isPaidBooking(to) && !booking.paid) return UNPAID_REFUSED
  if (to === 'completed' && booking.nightsAhead > 0) return NOT_OVER_REFUSED
  return null
}

export const VERIFICATION_DECISIONS = ['pending', 'approved', 'rejected'] as const
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number]

export const REJECTION_REASON_REQUIRED = 'Please provide a reason for rejection'

const DAY_MS = 24 * 60 * 60 * 1000

/** How old served stats may be before a refresh starts, once there are too many bookings to count on each view. */
export const STATS_MAX_AGE_MS = 30_000

/**
 * The share of the database's time the background recount of the stats may take: a recount that
 * took T waits at least T / share before the next (docs/decisions/0036).
 */
export const STATS_BACKGROUND_SHARE = 0.02

/** Whether stats counted at `countedAt`, in `tookMs`, are due for a recount at `now` (epoch ms). */
export function statsRecountDue(counted: { at: number; tookMs: number }, now: number): boolean {
  return now - counted.at > Math.max(STATS_MAX_AGE_MS, counted.tookMs / STATS_BACKGROUND_SHARE)
}

/**
 * A nurse's last update as the admin tables show it: 'Updated today', '1d ago',
 * 'Nd ago', or 'Never updated'. Whole days elapsed, so yesterday evening at breakfast is today.
 */
export function formatLastUpdate(updatedAt: Date | string | null | undefined, now: Date, t?: Translate): string {
  const never = t ? t('lastUpdate.never') : 'Never updated'
  if (!updatedAt) return never
  const at = typeof updatedAt === 'string' ? new Date(updatedAt) : updatedAt
  if (Number.isNaN(at.getTime())) return never
  const days = Math.floor((now.getTime() - at.getTime()) / DAY_MS)
  if (days <= 0) return t ? t('lastUpdate.today') : 'Updated today'
  return t ? t('lastUpdate.daysAgo', { days }) : `${days}d ago`
}

/**
 * The payment's type. The source app guessed it from which names were present (client and nurse
 * = charge, only nurse = payout, else refund); our payments carry their kind, so it is read, not
 * guessed.
 */
export function paymentTypeLabel(kind: string): 'Client Charge' | 'Nurse Payout' | 'Payout Reversal' | 'Refund'
export function paymentTypeLabel(kind: string, t: Translate): string
export function paymentTypeLabel(kind: string, t?: Translate): string {
  if (t) {
    if (kind === 'charge') return t('paymentType.charge')
    if (kind === 'payout') return t('paymentType.payout')
    if (kind === 'reversal') return t('paymentType.reversal')
    return t('paymentType.refund')
  }
  if (kind === 'charge') return 'Client Charge'
  if (kind === 'payout') return 'Nurse Payout'
  if (kind === 'reversal') return 'Payout Reversal'
  return 'Refund'
}

export const STRIPE_DASHBOARD_URL = 'https://dashboard.stripe.com/payments'

/**
 * The Stripe dashboard link of a payment, or null when Stripe has never seen it: the built-in
 * test provider's ids also start with 'pi_', so the provider decides.
 */
export function stripePaymentUrl(provider: string, providerPaymentId: string): string | null {
  if (provider !== 'stripe') return null
  // A nurse's payout is a Connect transfer (issue 15).
  if (providerPaymentId.startsWith('tr_')) {
    return `https://dashboard.stripe.com/connect/transfers/${encodeURIComponent(providerPaymentId)}`
  }
  if (!providerPaymentId.startsWith('pi_')) return null
  return `${STRIPE_DASHBOARD_URL}/${encodeURIComponent(providerPaymentId)}`
}

/**
 * A booking id typed into the search box: '12', '#12', 'NN-000012' or '#NN-000012' (the reference
 * format of app/domain/booking-rules.ts). Null when the text is not a booking reference.
 */
export function bookingIdFromSearch(search: string): number | null {
  const match = /^#?\s*(?:nn-?)?0*(\d{1,9})$/i.exec(search.trim())
  if (!match) return null
  const id = Number(match[1])
  return id > 0 ? id : null
}

/** What LIKE matches literally: the user's % and _ are not wildcards. */
export function likePattern(search: string): string {
  return `%${escapeLike(search)}%`
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Characters before a search's '@' that make its address search a range of one index. */
const LOCAL_PART_MIN = 3

/**
 * An address holds a search with one '@' only where the two '@' meet: its local part ends with
 * the search's and its domain starts with the search's. For such a search ('jane.doe@gm…'), the
 * LIKE pattern of the local parts read backwards ('eod.enaj%'), which a btree index answers as a
 * range (docs/decisions/0038); null for any other search, which the trigram indexes answer.
 */
export function reversedLocalPartPattern(search: string): string | null {
  const at = search.indexOf('@')
  if (at < LOCAL_PART_MIN || at !== search.lastIndexOf('@')) return null
  return `${escapeLike([...search.slice(0, at)].reverse().join(''))}%`
}

export interface VerificationEmailInput {
  nurseName: string
  decision: 'approved' | 'rejected'
  reason?: string | null
  dashboardUrl: string
}

/** The verification decision e-mail: a rejected nurse reads why. `t` (the `emails` catalogue) in her language. */
export function verificationDecisionEmail(input: VerificationEmailInput, t: Translate): EmailContent {
  if (input.decision === 'approved') {
    return renderEmail({
      subject: t('decision.approved.subject'),
      heading: t('decision.approved.heading'),
      paragraphs: [t('decision.approved.hi', { name: input.nurseName }), t('decision.approved.next')],
      action: { label: t('decision.action'), url: input.dashboardUrl },
    }, t)
  }
  return renderEmail({
    subject: t('decision.rejected.subject'),
    heading: t('decision.rejected.heading'),
    paragraphs: [t('decision.rejected.hi', { name: input.nurseName }), t('decision.rejected.again')],
    details: [[t('label.reason'), input.reason?.trim() || t('decision.noReason')]],
    action: { label: t('decision.action'), url: input.dashboardUrl },
  }, t)
}
