// The one module that writes a reservation (issue 36, docs/decisions/0066): its first row, every
// status change (guarded in SQL by the statuses it may leave, so two servers or a retried call
// change a row once) and a due-date change, each logged in reservation_events with who and when.
// Callers pass their transaction and hold the nurse's lock where nights are at stake;
// tests/unit/status-writes.test.ts fails when a reservation is written anywhere else.
import { and, eq, inArray, isNotNull, lte, or, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.server'
import { reservationEvents, reservations } from '../../db/schema'
import { type ReservationCause, type ReservationStatus, reservationStatusesBefore } from './reservation-life-cycle'
import { refundDueDateAfterChange } from './reservation-window'

export type ReservationRow = typeof reservations.$inferSelect
type NewReservation = Omit<typeof reservations.$inferInsert, 'id' | 'status' | 'answeredAt' | 'reason' | 'cancelledBy' | 'cancelledAt' | 'startedAt' | 'depositCents'>

/**
 * A new reservation, its deposit not yet paid (decision 0073): it holds the nights until
 * `respondBy`, the deposit's 15 minutes.
 */
export async function insertReservation(tx: DbOrTx, values: NewReservation, actorId: number, now: Date): Promise<ReservationRow> {
  const [row] = await tx
    .insert(reservations)
    .values({ ...values, status: 'unpaid', createdAt: now, updatedAt: now })
    .returning()
  await tx.insert(reservationEvents).values({ reservationId: row.id, actorId, action: 'made', fromStatus: null, toStatus: 'unpaid', createdAt: now })
  return row
}

/**
 * The deposit went through: the reservation becomes a request with 48 hours for her answer, or is
 * accepted at once when she takes reservations instantly. Null when it was no longer unpaid.
 */
export async function markDepositPaid(tx: DbOrTx, reservationId: number, respondBy: Date, now: Date, { instant, depositCents }: { instant: boolean; depositCents: number }) {
  const [requested] = await move(tx, and(eq(reservations.id, reservationId), eq(reservations.status, 'unpaid')), 'requested', 'deposit-paid', null, now, { respondBy, depositCents })
  if (!requested || !instant) return requested ?? null
  const [accepted] = await move(tx, eq(reservations.id, reservationId), 'accepted', 'instant', null, now, { answeredAt: now })
  return accepted ?? null
}

/**
 * A reservation whose deposit did not go through is taken back as if never made: nothing was
 * paid, nobody was asked, and its nights are free again. Only an unpaid row is removed (its
 * events go with it; the failed charge stays in the ledger without it).
 */
export async function dropUnpaidReservation(tx: DbOrTx, reservationId: number): Promise<boolean> {
  const rows = await tx
    .delete(reservations)
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'unpaid')))
    .returning({ id: reservations.id })
  return rows.length > 0
}

async function move(
  tx: DbOrTx,
  where: SQL | undefined,
  to: ReservationStatus,
  cause: ReservationCause,
  actorId: number | null,
  now: Date,
  set: Partial<typeof reservations.$inferInsert> = {},
  note?: string,
): Promise<Array<ReservationRow & { fromStatus: ReservationStatus }>> {
  const from = reservationStatusesBefore(to, cause)
  if (!from.length) throw new Error(`no reservation becomes ${to} by ${cause}`)
  const before = await tx
    .select({ id: reservations.id, status: reservations.status })
    .from(reservations)
    .where(and(where, inArray(reservations.status, from)))
    .for('update')
  if (!before.length) return []
  const rows = await tx
    .update(reservations)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(inArray(reservations.id, before.map((row) => row.id)), inArray(reservations.status, from)))
    .returning()
  const fromOf = new Map(before.map((row) => [row.id, row.status]))
  if (rows.length) {
    await tx.insert(reservationEvents).values(
      rows.map((row) => ({ reservationId: row.id, actorId, action: cause, fromStatus: fromOf.get(row.id)!, toStatus: to, note: note ?? null, createdAt: now })),
    )
  }
  return rows.map((row) => ({ ...row, fromStatus: fromOf.get(row.id)! }))
}

/** The nurse accepts a request; null when it was no longer a request. */
export async function acceptReservation(tx: DbOrTx, reservationId: number, actorId: number, now: Date) {
  const [row] = await move(tx, eq(reservations.id, reservationId), 'accepted', 'nurse-accept', actorId, now, { answeredAt: now })
  return row ?? null
}

/** The nurse declines a request, with her reason; null when it was no longer a request. */
export async function declineReservation(tx: DbOrTx, reservationId: number, actorId: number, reason: string, now: Date) {
  const [row] = await move(tx, eq(reservations.id, reservationId), 'declined', 'nurse-decline', actorId, now, { answeredAt: now, reason }, reason)
  return row ?? null
}

/** Either side withdraws a live reservation; null when it no longer stood. */
export async function cancelReservation(tx: DbOrTx, reservationId: number, by: { id: number; side: 'parent' | 'nurse' }, now: Date) {
  const cause: ReservationCause = by.side === 'parent' ? 'parent-cancel' : 'nurse-cancel'
  const [row] = await move(tx, eq(reservations.id, reservationId), 'cancelled', cause, by.id, now, { cancelledBy: by.id, cancelledAt: now })
  return row ?? null
}

/**
 * The family's plan became a paid booking ('Our baby is here', decision 0069), with her or, when
 * the baby came outside her window, with a backup nurse (decision 0070): called in the transaction
 * that confirms the booking's first payment. Null when it was no longer accepted.
 */
export async function startReservation(tx: DbOrTx, reservationId: number, actorId: number, now: Date, cause: 'baby-home' | 'backup-nurse' = 'baby-home') {
  // A declined reservation starts again only with a backup after she turned its start down (it
  // had started before); a request she declined never does.
  const where = and(eq(reservations.id, reservationId), or(eq(reservations.status, 'accepted'), isNotNull(reservations.startedAt)))
  const [row] = await move(tx, where, 'started', cause, actorId, now, { startedAt: now })
  return row ?? null
}

/**
 * She turns down the start of the plan within 12 hours (decision 0070): the started reservation
 * becomes declined with her reason, in the transaction that cancels its booking. Null when it was
 * not started.
 */
export async function turnDownStart(tx: DbOrTx, reservationId: number, actorId: number, reason: string, now: Date) {
  const [row] = await move(tx, and(eq(reservations.id, reservationId), eq(reservations.status, 'started')), 'declined', 'nurse-turn-down', actorId, now, { reason }, reason)
  return row ?? null
}

/** The provider refused the turned-down booking's refund: the reservation is started again. */
export async function undoTurnDown(tx: DbOrTx, reservationId: number, now: Date) {
  const [row] = await move(tx, and(eq(reservations.id, reservationId), isNotNull(reservations.startedAt)), 'started', 'refund-failed', null, now, { reason: null })
  return row ?? null
}

/** Requests not answered by their respond-by become lapsed (the lapse job); answers the rows lapsed. */
export function lapseUnanswered(tx: DbOrTx, now: Date, onlyId?: number) {
  return move(
    tx,
    and(eq(reservations.status, 'requested'), lte(reservations.respondBy, now), onlyId ? eq(reservations.id, onlyId) : undefined),
    'lapsed',
    'lapse',
    null,
    now,
  )
}

/** The family's new due date (the caller checked the new window under the nurse's lock). */
export async function recordDueDateChange(tx: DbOrTx, reservation: ReservationRow, dueDate: string, actorId: number, now: Date) {
  const [row] = await tx
    .update(reservations)
    // A change after the deposit's last refund day keeps the date it counted from (decision 0073).
    .set({ dueDate, refundDueDate: refundDueDateAfterChange(reservation, now), updatedAt: now })
    .where(and(eq(reservations.id, reservation.id), inArray(reservations.status, ['requested', 'accepted'])))
    .returning()
  if (!row) return null
  await tx.insert(reservationEvents).values({
    reservationId: row.id,
    actorId,
    action: 'due-date-changed',
    fromStatus: row.status,
    toStatus: row.status,
    note: `${reservation.dueDate} → ${dueDate}`,
    createdAt: now,
  })
  return row
}
