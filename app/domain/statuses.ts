// Every status the app shows, with its words and its tone, in one place (issue 12): bookings,
// nights, payments and a nurse's verification, as families, nurses and admins see them. Pure and
// free of UI: the tone is what the status means; app/components/status-badge.tsx gives each tone
// its colour.
import { isBookedNight, type NightStatus } from './bookings/life-cycle'
import { PAYOUT_STATE_LABELS, type NightPayoutState } from './payouts/payout-rules'

/** What a status means at a glance: waiting on someone, under way, done well, stopped, or neither. */
export type Tone = 'waiting' | 'active' | 'good' | 'stopped' | 'neutral'

export interface StatusView {
  label: string
  tone: Tone
}

const UNKNOWN: StatusView = { label: 'Unknown', tone: 'neutral' }

function lookup(table: Record<string, StatusView>, status: string): StatusView {
  return Object.hasOwn(table, status) ? table[status] : UNKNOWN
}

const BOOKING: Record<string, StatusView> = {
  pending: { label: 'Pending', tone: 'waiting' },
  confirmed: { label: 'Confirmed', tone: 'active' },
  completed: { label: 'Completed', tone: 'good' },
  cancelled: { label: 'Cancelled', tone: 'stopped' },
}

/** A booking's status: pending, confirmed, completed, cancelled; else 'Unknown'. */
export function bookingStatus(status: string): StatusView {
  return lookup(BOOKING, status)
}

const NIGHT: Record<NightStatus, StatusView> = {
  scheduled: { label: 'Scheduled', tone: 'active' },
  pending: { label: 'Pending', tone: 'waiting' },
  completed: { label: 'Completed', tone: 'good' },
  cancelled: { label: 'Cancelled', tone: 'stopped' },
}

/** A night's status as a family sees it (anything else, a retired status too, 'Unknown'). */
export function nightStatus(status: string): StatusView {
  return lookup(NIGHT, status)
}

/**
 * A night as its nurse sees it: a night waiting for the family's payment says so, a scheduled
 * night is confirmed work, and a night that has ended without being marked otherwise was worked.
 */
export function nightStatusForNurse(status: string, { ended }: { ended: boolean }): StatusView {
  if (status === 'pending') return { label: 'Awaiting payment', tone: 'waiting' }
  if (isBookedNight(status)) return ended ? NIGHT.completed : { label: 'Confirmed', tone: 'active' }
  return nightStatus(status)
}

const PAYMENT: Record<string, StatusView> = {
  succeeded: { label: 'Succeeded', tone: 'good' },
  pending: { label: 'Pending', tone: 'waiting' },
  failed: { label: 'Failed', tone: 'stopped' },
  refunded: { label: 'Refunded', tone: 'neutral' },
}

/** A payment: succeeded, pending, failed, refunded; anything else is Unknown. */
export function paymentStatus(status: string): StatusView {
  return lookup(PAYMENT, status)
}

/** A nurse's verification in the admin's table: approved = Active, rejected = Suspended, else Pending. */
export function verificationForAdmin(status: string): StatusView {
  if (status === 'approved') return { label: 'Active', tone: 'good' }
  if (status === 'rejected') return { label: 'Suspended', tone: 'stopped' }
  return { label: 'Pending', tone: 'waiting' }
}

/** A nurse's own verification badge: approved = Verified, pending = Pending Review, else Not Verified. */
export function verificationForNurse(status: string): StatusView {
  if (status === 'approved') return { label: 'Verified', tone: 'good' }
  if (status === 'pending') return { label: 'Pending Review', tone: 'waiting' }
  return { label: 'Not Verified', tone: 'neutral' }
}

const PAYOUT_TONES: Record<NightPayoutState, Tone> = {
  upcoming: 'neutral',
  payable: 'waiting',
  on_hold: 'waiting',
  sending: 'active',
  paid: 'good',
  failed: 'stopped',
  reversed: 'stopped',
  none: 'neutral',
}
const PAYOUT: Record<string, StatusView> = Object.fromEntries(
  Object.entries(PAYOUT_TONES).map(([state, tone]) => [state, { label: PAYOUT_STATE_LABELS[state as NightPayoutState], tone }]),
)

/** A night's payout as its nurse sees it (issue 15; payout-rules.ts's states and words). */
export function payoutStatus(state: string): StatusView {
  return lookup(PAYOUT, state)
}
