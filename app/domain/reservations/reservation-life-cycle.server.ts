// The one module that writes a reservation (issue 36, docs/decisions/0066): its first row, every
// status change (guarded in SQL by the statuses it may leave, so two servers or a retried call
// change a row once) and a due-date change, each logged in reservation_events with who and when.
// Callers pass their transaction and hold the nurse's lock where nights are at stake;
// tests/unit/status-writes.test.ts fails when a reservation is written anywhere else.
import { and, eq, inArray, isNotNull, lte, or, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.server'
import { reservationEvents, reservations } from '../../db/schema'
import { canChangeReservation, LIVE_RESERVATION_STATUSES, type ReservationCause, type ReservationStatus, reservationStatusesBefore } from './reservation-life-cycle'

export type ReservationRow = typeof reservations.$inferSelect
type NewReservation = Omit<typeof reservations.$inferInsert, 'id' | 'status' | 'answeredAt' | 'reason' | 'cancelledBy' | 'cancelledAt' | 'startedAt'>

/** A new request, or one accepted at once when the nurse takes reservations instantly. */
export async function insertReservation(
  tx: DbOrTx,
  values: NewReservation,
  actorId: number,
  now: Date,
  { instant }: { instant: boolean },
): Promise<ReservationRow> {
  if (instant && !canChangeReservation('requested', 'accepted', 'instant')) throw new Error('instant acceptance is not a change of the life cycle')
  const [row] = await tx
    .insert(reservations)
    .values({ ...values, status: instant ? 'accepted' : 'requested', answeredAt: instant ? now : null, createdAt: now, updatedAt: now })
    .returning()
  await tx.insert(reservationEvents).values([
    { reservationId: row.id, actorId, action: 'requested', fromStatus: null, toStatus: 'requested', createdAt: now },
    ...(instant ? [{ reservationId: row.id, actorId: null, action: 'instant', fromStatus: 'requested' as const, toStatus: 'accepted' as const, createdAt: now }] : []),
  ])
  return row
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
  return move(tx, and(lte(reservations.respondBy, now), onlyId ? eq(reservations.id, onlyId) : undefined), 'lapsed', 'lapse', null, now)
}

/** The family's new due date (the caller checked the new window under the nurse's lock). */
export async function recordDueDateChange(tx: DbOrTx, reservation: ReservationRow, dueDate: string, actorId: number, now: Date) {
  const [row] = await tx
    .update(reservations)
    .set({ dueDate, updatedAt: now })
    .where(and(eq(reservations.id, reservation.id), inArray(reservations.status, [...LIVE_RESERVATION_STATUSES])))
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
