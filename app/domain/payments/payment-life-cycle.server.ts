// The one module that writes `payments` rows (docs/decisions/0052), as bookings/life-cycle.server.ts
// is for a booking's status. A new row starts in a status its kind may start with, and a status
// changes only along payment-life-cycle.ts's table, guarded in SQL by the row's kind and the
// statuses it may leave, so two servers or a webhook racing a job change a row once. Callers pass
// their database or transaction; the provider calls, e-mails and bookings around a write stay with
// them. tests/unit/status-writes.test.ts fails when `payments` is written anywhere else.
import { and, eq, inArray, isNull, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.server'
import { payments } from '../../db/schema'
import {
  assertPaymentChange,
  assertPaymentStart,
  COLLECTED_CHARGE_STATUSES,
  LIVE_PAYMENT_STATUSES,
  type PaymentCause,
  type PaymentKind,
  type PaymentStatus,
  paymentStatusesBefore,
} from './payment-life-cycle'

export type PaymentRow = typeof payments.$inferSelect
export type NewPayment = typeof payments.$inferInsert & { kind: PaymentKind; status: PaymentStatus }
/** What a row records besides its kind and status: its provider id once answered, a failure's words, when it was last looked at. */
export type PaymentDetails = Omit<PgUpdateSetSource<typeof payments>, 'id' | 'kind' | 'status' | 'bookingId'>

/** Writes a new row. */
export async function createPayment(db: DbOrTx, row: NewPayment): Promise<PaymentRow> {
  assertPaymentStart(row.kind, row.status)
  const [created] = await db.insert(payments).values(row).returning()
  return created
}

/**
 * Writes a new row unless one holds its key already (its idempotency key or provider id: another
 * server, a retried call or the webhook wrote it first). Answers the new row, or undefined.
 */
export async function createPaymentUnlessTaken(db: DbOrTx, row: NewPayment): Promise<PaymentRow | undefined> {
  assertPaymentStart(row.kind, row.status)
  const [created] = await db.insert(payments).values(row).onConflictDoNothing().returning()
  return created
}

/**
 * A reversal under its idempotency key: written, or, when an earlier try of it failed, that row
 * takes `again` (what the provider answered this time).
 */
export async function createOrRetryReversal(
  db: DbOrTx,
  row: NewPayment & { kind: 'reversal'; idempotencyKey: string },
  again: PaymentDetails & { status?: PaymentStatus },
): Promise<void> {
  assertPaymentStart(row.kind, row.status)
  if (again.status) assertPaymentChange('reversal', 'failed', again.status, 'provider-answer')
  await db.insert(payments).values(row).onConflictDoUpdate({ target: payments.idempotencyKey, set: again })
}

/**
 * Moves the rows of this kind that `where` matches from any of `from` (by default every status the
 * table lets it leave) to `to` by `cause`, each change checked against the table, with `set`
 * written alongside. Answers the rows moved: none when another writer moved them first.
 */
export async function changePaymentStatus(
  db: DbOrTx,
  change: { where: SQL | undefined; kind: PaymentKind; from?: readonly PaymentStatus[]; to: PaymentStatus; cause: PaymentCause; set?: PaymentDetails },
): Promise<PaymentRow[]> {
  const from = change.from ?? paymentStatusesBefore(change.kind, change.to, change.cause)
  for (const status of from) assertPaymentChange(change.kind, status, change.to, change.cause)
  return db
    .update(payments)
    .set({ ...change.set, status: change.to })
    .where(and(change.where, eq(payments.kind, change.kind), inArray(payments.status, [...from])))
    .returning()
}

/** Changes what the rows `where` matches record besides their status (PaymentDetails). Answers them. */
export async function updatePayments(db: DbOrTx, where: SQL | undefined, set: PaymentDetails): Promise<PaymentRow[]> {
  return db.update(payments).set(set).where(where).returning()
}

// --- Reading by status ---------------------------------------------------------------------------
// payment-life-cycle.ts's named sets as SQL, over the status column given (an alias's, raw SQL's, or the table's).

/** A charge that took the family's money (COLLECTED_CHARGE_STATUSES), over a row already known to be a charge. */
export const collectedCharge = (status: SQLWrapper = payments.status) => inArray(status, [...COLLECTED_CHARGE_STATUSES])

/** A row made or on its way (LIVE_PAYMENT_STATUSES). */
export const livePayment = (status: SQLWrapper = payments.status) => inArray(status, [...LIVE_PAYMENT_STATUSES])

/**
 * The booking a payment belongs to. Every payment has one except a deposit still on its due-date
 * reservation (decision 0073), which the booking paths never read: one reaching them is a bug.
 */
export function bookingIdOf(payment: Pick<PaymentRow, 'id' | 'bookingId'>): number {
  if (payment.bookingId === null) throw new Error(`Payment ${payment.id} is a reservation's deposit, not a booking's payment`)
  return payment.bookingId
}

/**
 * A reservation's deposit becomes a charge of the booking its plan became (decision 0073): the one
 * write that gives a payment its booking after it was made.
 */
export async function moveDepositsToBooking(db: DbOrTx, where: SQL | undefined, booking: { bookingId: number; week: number | null }, now: Date) {
  return db
    .update(payments)
    .set({ bookingId: booking.bookingId, week: booking.week, updatedAt: now })
    .where(and(where, eq(payments.kind, 'charge'), isNull(payments.bookingId)))
    .returning()
}
