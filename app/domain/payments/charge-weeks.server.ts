// The stored charge schedule of a series paid week by week (issue 15, docs/decisions/0028; the
// rule: charge-weeks.ts). Written once when the booking is made; the weekly-charges job and the
// payments domain move each week's status.
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client.server'
import { bookingChargeWeeks, bookingOccurrences, bookings, payments } from '../../db/schema'
import {
  chargeDueAt,
  isChargedWeekly,
  planChargeWeeks,
  unpaidWeekReleaseAt,
  weekAmountDue,
  weekOfNight,
  type SeriesShape,
  type WeekNight,
} from './charge-weeks'
import type { BookingAmounts } from '../bookings/cancellation'

export type ChargeWeekRow = typeof bookingChargeWeeks.$inferSelect

type SeriesBooking = SeriesShape & BookingAmounts & { id: number; startDate: string }

/** A new booking's weeks, when it is paid week by week (nothing otherwise). In the booking's transaction. */
export async function createChargeWeeks(tx: DbOrTx, booking: SeriesBooking, nights: readonly WeekNight[], bookedAt: Date) {
  if (!isChargedWeekly(booking)) return
  const weeks = planChargeWeeks(booking, nights, bookedAt)
  await tx.insert(bookingChargeWeeks).values(
    weeks.map((week) => ({
      bookingId: booking.id,
      week: week.week,
      firstNightAt: week.firstNightAt,
      dueAt: week.dueAt,
      createdAt: bookedAt,
      updatedAt: bookedAt,
    })),
  )
}

export async function getChargeWeeks(db: DbOrTx, bookingId: number): Promise<ChargeWeekRow[]> {
  return db.select().from(bookingChargeWeeks).where(eq(bookingChargeWeeks.bookingId, bookingId)).orderBy(asc(bookingChargeWeeks.week))
}

/**
 * The booking's weeks with what each costs now, from its nights: the schedule the pages show and
 * the amount the job charges. Empty for a booking paid in one charge.
 */
export async function getWeekAmounts(db: DbOrTx, bookingId: number) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId))
  if (!booking || !isChargedWeekly(booking)) return []
  const [rows, nights] = await Promise.all([
    getChargeWeeks(db, bookingId),
    db.select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, bookingId)),
  ])
  const planned = new Map(planChargeWeeks(booking, nights, booking.createdAt).map((week) => [week.week, week]))
  return rows.map((row) => {
    const plan = planned.get(row.week)
    return {
      ...row,
      nights: plan?.nights ?? [],
      grossCents: plan?.grossCents ?? 0,
      amountDueCents: plan ? weekAmountDue(plan, booking) : 0,
    }
  })
}

/** The week of a night's series, or null when its booking is paid in one charge. */
export async function findWeekOfNight(db: DbOrTx, occurrenceId: number): Promise<ChargeWeekRow | null> {
  const [row] = await db
    .select({ booking: bookings, date: bookingOccurrences.date })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .where(eq(bookingOccurrences.id, occurrenceId))
  if (!row || !isChargedWeekly(row.booking)) return null
  const [week] = await db
    .select()
    .from(bookingChargeWeeks)
    .where(
      and(eq(bookingChargeWeeks.bookingId, row.booking.id), eq(bookingChargeWeeks.week, weekOfNight(row.booking.startDate, row.date))),
    )
  return week ?? null
}

/** Has the family paid for this night? Nights of a series paid week by week are paid once their week is. */
export function isWeekPaid(week: ChargeWeekRow | null): boolean {
  return week === null || week.status === 'paid'
}

export interface ChargeWeekView {
  week: number
  status: ChargeWeekRow['status']
  /** When the week is (or was) charged; week 1: at booking. */
  dueAt: string
  firstNightDate: string | null
  lastNightDate: string | null
  nights: number
  /** What was charged for a paid week, else what charging it now would take. */
  amountCents: number
  /** A declined week: when its nights are released unless it is paid. */
  releaseAt: string | null
  lastError: string | null
}

/** The booking's weekly charges as the parent's pages show them; empty for a booking paid in one charge. */
export async function getChargeSchedule(bookingId: number, db: DbOrTx = getDb()): Promise<ChargeWeekView[]> {
  const weeks = await getWeekAmounts(db, bookingId)
  const paymentIds = weeks.map((week) => week.paymentId).filter((id): id is number => id !== null)
  const paid = paymentIds.length
    ? new Map(
        (await db.select({ id: payments.id, amountCents: payments.amountCents }).from(payments).where(inArray(payments.id, paymentIds))).map(
          (row) => [row.id, row.amountCents],
        ),
      )
    : new Map<number, number>()
  return weeks.map((week) => {
    const live = week.nights.filter((night) => night.status !== 'cancelled' || week.status === 'released')
    return {
      week: week.week,
      status: week.status,
      dueAt: week.dueAt.toISOString(),
      firstNightDate: live[0]?.date ?? null,
      lastNightDate: live[live.length - 1]?.date ?? null,
      nights: live.length,
      amountCents: week.status === 'paid' && week.paymentId !== null ? (paid.get(week.paymentId) ?? week.amountDueCents) : week.amountDueCents,
      releaseAt: week.status === 'failed' && week.failedAt ? unpaidWeekReleaseAt(week.failedAt).toISOString() : null,
      lastError: week.status === 'failed' ? week.lastError : null,
    }
  })
}

/**
 * A night of the series moved within its week (docs/decisions/0034): a week not charged yet is
 * charged five days before its first night as it now stands. In the move's transaction.
 */
export async function rescheduleWeek(tx: DbOrTx, booking: SeriesBooking & { createdAt: Date }, nightDate: string) {
  const week = weekOfNight(booking.startDate, nightDate)
  const nights = await tx
    .select({ date: bookingOccurrences.date, startsAt: bookingOccurrences.startsAt })
    .from(bookingOccurrences)
    .where(and(eq(bookingOccurrences.bookingId, booking.id), ne(bookingOccurrences.status, 'cancelled')))
  const first = nights
    .filter((night) => weekOfNight(booking.startDate, night.date) === week)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0]
  if (!first) return
  await tx
    .update(bookingChargeWeeks)
    .set({ firstNightAt: first.startsAt, dueAt: chargeDueAt(week, first.startsAt, booking.createdAt) })
    .where(and(eq(bookingChargeWeeks.bookingId, booking.id), eq(bookingChargeWeeks.week, week), eq(bookingChargeWeeks.status, 'scheduled')))
}
