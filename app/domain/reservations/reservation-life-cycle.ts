// A due-date reservation's life cycle (issue 36, docs/decisions/0066): its statuses, the named set
// that holds a nurse's nights, and every change with who or what may cause it. Pure;
// reservation-life-cycle.server.ts is the one module that writes a reservation's status
// (tests/unit/status-writes.test.ts) and checks each write against this table.
import type { reservations } from '../../db/schema'

export const RESERVATION_STATUSES = ['unpaid', 'requested', 'accepted', 'lapsed', 'declined', 'cancelled', 'started'] as const satisfies ReadonlyArray<
  (typeof reservations.$inferSelect)['status']
>
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number]

/**
 * A reservation that holds its nurse's nights: made and its deposit being paid (15 minutes,
 * decision 0073), asked and not yet answered (so her answer can never fail for a clash), or
 * accepted. An unpaid one or a request past its respond-by no longer holds, even before a job
 * writes it.
 */
export const LIVE_RESERVATION_STATUSES = ['unpaid', 'requested', 'accepted'] as const satisfies readonly ReservationStatus[]

/** The live statuses whose hold ends at their respond-by: the deposit's 15 minutes, the answer's 48 hours. */
export const WAITING_RESERVATION_STATUSES = ['unpaid', 'requested'] as const satisfies readonly ReservationStatus[]

/** What the family and the nurse see: every reservation whose deposit was paid. */
export const isShownReservation = (status: string) => status !== 'unpaid'

export const isLiveReservation = (status: string): status is (typeof LIVE_RESERVATION_STATUSES)[number] =>
  (LIVE_RESERVATION_STATUSES as readonly string[]).includes(status)

/** Who or what causes a change. */
export type ReservationCause =
  | 'deposit-paid' // the deposit went through: the request goes to her (decision 0073)
  | 'nurse-accept' // she said yes
  | 'instant' // she takes reservations at once: accepted as it is made
  | 'nurse-decline' // she said no, with a reason
  | 'lapse' // 48 hours passed without an answer (the lapse job)
  | 'parent-cancel' // the family withdrew
  | 'nurse-cancel' // she withdrew
  | 'baby-home' // the plan became a paid booking ('Our baby is here', decision 0069)
  | 'backup-nurse' // the plan became a paid booking with another nurse: the baby came outside her window, or she turned the start down (decision 0070)
  | 'nurse-turn-down' // she turned down the start within 12 hours of it; its booking was cancelled and refunded in full (decision 0070)
  | 'refund-failed' // the provider refused that refund: the turn-down is undone

export const RESERVATION_TRANSITIONS: ReadonlyArray<readonly [from: ReservationStatus, to: ReservationStatus, causes: readonly ReservationCause[]]> = [
  ['unpaid', 'requested', ['deposit-paid']],
  ['requested', 'accepted', ['nurse-accept', 'instant']],
  ['requested', 'declined', ['nurse-decline']],
  ['requested', 'lapsed', ['lapse']],
  ['requested', 'cancelled', ['parent-cancel', 'nurse-cancel']],
  ['accepted', 'cancelled', ['parent-cancel', 'nurse-cancel']],
  ['accepted', 'started', ['baby-home', 'backup-nurse']],
  ['started', 'declined', ['nurse-turn-down']],
  ['declined', 'started', ['backup-nurse', 'refund-failed']],
]

export function canChangeReservation(from: ReservationStatus, to: ReservationStatus, cause: ReservationCause): boolean {
  return RESERVATION_TRANSITIONS.some(([a, b, causes]) => a === from && b === to && causes.includes(cause))
}

/** The statuses a change to `to` by `cause` may leave. */
export function reservationStatusesBefore(to: ReservationStatus, cause: ReservationCause): ReservationStatus[] {
  return RESERVATION_TRANSITIONS.filter(([, b, causes]) => b === to && causes.includes(cause)).map(([a]) => a)
}

/** The family can change the due date while the reservation stands (paid) and has not started. */
export const canChangeDueDate = (status: string) => status === 'requested' || status === 'accepted'
