// The life cycle of a `payments` row (docs/decisions/0052), as bookings/life-cycle.ts is a
// booking's: every status, the named sets other rules ask about, the status each kind of row is
// first written with, and every change between statuses. Pure; payment-life-cycle.server.ts is the
// one module that writes `payments` rows and checks each write against these tables
// (tests/unit/status-writes.test.ts fails when a row is written anywhere else).
//
// A row is a charge (the family pays), a refund (part of a charge goes back), a payout (a night's
// pay sent to its nurse) or a reversal (a payout taken back; docs/decisions/0027).
import type { payments } from '../../db/schema'

type StoredPayment = typeof payments.$inferSelect

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded', 'canceled'] as const satisfies ReadonlyArray<
  StoredPayment['status']
>
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
export type PaymentKind = StoredPayment['kind']

/** A charge that took the family's money: it went through, and may have been refunded since. */
export const COLLECTED_CHARGE_STATUSES = ['succeeded', 'refunded'] as const satisfies readonly PaymentStatus[]

/** A row that stands: made, or on its way at the provider (a refund, payout or reversal that counts). */
export const LIVE_PAYMENT_STATUSES = ['pending', 'succeeded'] as const satisfies readonly PaymentStatus[]

/** A charge still waiting to go through: not answered yet, or declined and open to another card. */
export const OPEN_CHARGE_STATUSES = ['pending', 'failed'] as const satisfies readonly PaymentStatus[]

/** An attempt that came to nothing: refused ('failed'), or given up or superseded ('canceled'). */
export const UNSUCCESSFUL_PAYMENT_STATUSES = ['failed', 'canceled'] as const satisfies readonly PaymentStatus[]

/** A payout attempt that holds its night: sent, on its way, or failed and waiting for a retry. */
export const CLAIMING_PAYOUT_STATUSES = [...LIVE_PAYMENT_STATUSES, 'failed'] as const satisfies readonly PaymentStatus[]

function isOneOf<S extends string>(set: readonly S[], status: string): status is S {
  return (set as readonly string[]).includes(status)
}

export const isCollectedCharge = (status: string) => isOneOf(COLLECTED_CHARGE_STATUSES, status)
export const isLivePayment = (status: string) => isOneOf(LIVE_PAYMENT_STATUSES, status)
export const isUnsuccessfulPayment = (status: string) => isOneOf(UNSUCCESSFUL_PAYMENT_STATUSES, status)

/**
 * The statuses a row of each kind is first written with. A charge and a payout are written before
 * the provider is asked, under their idempotency key, so they start 'pending'; a refund is written
 * with the provider's answer; a reversal with its outcome, a failed one kept to show the admin.
 */
export const STARTING_STATUSES: Record<PaymentKind, readonly PaymentStatus[]> = {
  charge: ['pending'],
  payout: ['pending'],
  refund: ['pending', 'succeeded', 'failed', 'canceled'],
  reversal: ['succeeded', 'failed'],
}

/** What moves a row: the provider's answer, a job, or a person. */
export type PaymentCause =
  | 'provider-answer' // the provider (its answer to our call, the webhook, a job reading it back) said how it went
  | 'test-card' // the built-in test provider's card form declined the card
  | 'no-saved-card' // a week of a series came due with no card to charge
  | 'fully-refunded' // a charge's live refunds came to all of it
  | 'retry' // an admin's retry, or the nurse's new account, supersedes a failed payout
  | 'night-refunded' // a night refunded to its family stops its payout that failed

type Table = ReadonlyArray<readonly [from: PaymentStatus, to: PaymentStatus, kinds: readonly PaymentKind[], causes: readonly PaymentCause[]]>

export const PAYMENT_TRANSITIONS: Table = [
  ['pending', 'succeeded', ['charge', 'payout'], ['provider-answer']],
  // A charge declined, or one whose intent was given up, that went through after all (the family
  // paid with another card, a later week's charge was paid after a decline).
  ['failed', 'succeeded', ['charge', 'reversal'], ['provider-answer']],
  ['canceled', 'succeeded', ['charge'], ['provider-answer']],
  ['pending', 'failed', ['charge'], ['provider-answer', 'test-card', 'no-saved-card']],
  ['pending', 'failed', ['payout'], ['provider-answer']],
  ['pending', 'canceled', ['charge'], ['provider-answer']],
  ['failed', 'canceled', ['charge'], ['provider-answer']],
  ['failed', 'canceled', ['payout'], ['retry', 'night-refunded']],
  ['succeeded', 'refunded', ['charge'], ['fully-refunded']],
]

export class PaymentTransitionRefused extends Error {
  constructor(
    readonly kind: PaymentKind,
    readonly from: string,
    readonly to: string,
    readonly cause: PaymentCause | 'written',
  ) {
    super(
      cause === 'written'
        ? `A ${kind} may not be written '${to}'`
        : `A ${kind} may not go from '${from}' to '${to}' by ${cause}`,
    )
  }
}

/**
 * May a row of this kind go from `from` to `to` by `cause`? Staying in its status is always
 * allowed: a failed charge declined again keeps 'failed' with the new reason.
 */
export function paymentMayChange(kind: PaymentKind, from: PaymentStatus, to: PaymentStatus, cause: PaymentCause): boolean {
  if (from === to) return true
  return PAYMENT_TRANSITIONS.some(([f, t, kinds, causes]) => f === from && t === to && kinds.includes(kind) && causes.includes(cause))
}

/** Every status a row of this kind may leave for `to` by `cause`: a status change's default guard. */
export function paymentStatusesBefore(kind: PaymentKind, to: PaymentStatus, cause: PaymentCause): PaymentStatus[] {
  return PAYMENT_TRANSITIONS.filter(([, t, kinds, causes]) => t === to && kinds.includes(kind) && causes.includes(cause)).map(([f]) => f)
}

/** Throws when a write the code is about to make is not in the tables: a bug, never user input. */
export function assertPaymentChange(kind: PaymentKind, from: PaymentStatus, to: PaymentStatus, cause: PaymentCause): void {
  if (!paymentMayChange(kind, from, to, cause)) throw new PaymentTransitionRefused(kind, from, to, cause)
}

export function assertPaymentStart(kind: PaymentKind, status: PaymentStatus): void {
  if (!STARTING_STATUSES[kind].includes(status)) throw new PaymentTransitionRefused(kind, '', status, 'written')
}
