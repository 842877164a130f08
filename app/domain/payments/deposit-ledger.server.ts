// A due-date reservation's deposit in the ledger (decision 0073): a charge that names its
// reservation and no booking until the plan starts, then becomes one of the booking's first-week
// charges. What it pays of a booking, and the move itself, for payments.server.ts and the
// booking confirmation alike.
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.server'
import { payments } from '../../db/schema'
import { moveDepositsToBooking, type PaymentRow } from './payment-life-cycle.server'

/** The paid deposits of the reservation a booking's plan came from, still free or already this booking's. */
function depositsFor(booking: { id: number; reservationId: number | null }, exceptPaymentId?: number) {
  return and(
    eq(payments.kind, 'charge'),
    eq(payments.status, 'succeeded'),
    eq(payments.reservationId, booking.reservationId ?? -1),
    or(isNull(payments.bookingId), eq(payments.bookingId, booking.id)),
    exceptPaymentId === undefined ? undefined : ne(payments.id, exceptPaymentId),
  )
}

/** What the deposit pays of this booking's first charge: 0 for a booking made without a reservation. */
export async function depositCreditCents(db: DbOrTx, booking: { id: number; reservationId: number | null }, exceptPaymentId?: number): Promise<number> {
  if (booking.reservationId === null) return 0
  const [row] = await db.select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` }).from(payments).where(depositsFor(booking, exceptPaymentId))
  return Number(row?.cents ?? 0)
}

export async function depositFeeCents(db: DbOrTx, booking: { id: number; reservationId: number | null }): Promise<number> {
  if (booking.reservationId === null) return 0
  const [row] = await db.select({ cents: sql<number>`coalesce(sum(${payments.feeCents}), 0)::int` }).from(payments).where(depositsFor(booking))
  return Number(row?.cents ?? 0)
}

/**
 * The plan's booking is paid: its reservation's deposit becomes one of its charges, the first
 * week's (or the one charge's), so refunds, payouts and statements count it with the rest. Called
 * in the transaction that confirms the booking.
 */
export async function attachDeposit(tx: DbOrTx, booking: { id: number; reservationId: number | null }, week: number | null, now: Date): Promise<void> {
  if (booking.reservationId === null) return
  await moveDepositsToBooking(tx, depositsFor(booking), { bookingId: booking.id, week }, now)
}

/** The reservation's paid deposit not yet moved to a booking (what a start can count), if any. */
export async function findDeposit(db: DbOrTx, reservationId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, 'charge'), eq(payments.reservationId, reservationId), eq(payments.status, 'succeeded'), isNull(payments.bookingId)))
  return row
}
