// The demo's due-date reservations (issue 36, docs/decisions/0066): the demo family (Jordan,
// parent@example.com) waiting for a baby due in three weeks, with Nora (nurse@example.com)
// reserved and its deposit paid (decision 0073); and Sam Rivera's request, deposit paid too, due in ten weeks, waiting for Nora's answer, so her list has
// one to accept; and Casey Nguyen, whose baby came last week: the reservation with Hoa Pham started
// and became the weekly booking seeded for them. Written as the life cycle would have left them (this file is the life cycle's one
// exemption, tests/unit/status-writes.test.ts). Weekdays are picked so that no held night meets a
// seeded booking of hers and the two reservations never hold the same night.
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm'
import type { Tx } from '../db/client.server'
import { availabilityDates, bookingOccurrences, bookings, payments, reservationEvents, reservations } from '../db/schema'
import { depositFor } from '../domain/payments/deposit-rules'
import { heldDates, respondByFor, weekdayOf, type ReservationPlan } from '../domain/reservations/reservation-window'
import { addDays, localToday } from '../domain/time/shift-times'

export interface DemoReservationPeople {
  nurse: { id: number; timezone: string; rate: number; start: string; end: string }
  waitingFamilyId: number
  askingFamilyId: number
  /** A family whose baby has arrived: its seeded weekly booking is the plan it started. */
  arrivedFamilyId: number
}

async function freeWeekdays(tx: Tx, nurseId: number, plan: Omit<ReservationPlan, 'weekdays' | 'nightsPerWeek'>, count: number, taken: Set<number>) {
  const span = heldDates({ ...plan, weekdays: [0, 1, 2, 3, 4, 5, 6], nightsPerWeek: 7 })
  const booked = await tx
    .select({ date: bookingOccurrences.date })
    .from(bookingOccurrences)
    .where(and(eq(bookingOccurrences.nurseId, nurseId), ne(bookingOccurrences.status, 'cancelled'), gte(bookingOccurrences.date, addDays(span[0], -1)), lte(bookingOccurrences.date, addDays(span.at(-1)!, 1))))
  // A weekday is free when no night around it is booked (a late shift the evening before may overlap).
  const busy = new Set(booked.flatMap(({ date }) => [weekdayOf(date), (weekdayOf(date) + 1) % 7, (weekdayOf(date) + 6) % 7]))
  return [1, 3, 5, 0, 2, 4, 6].filter((day) => !busy.has(day) && !taken.has(day)).slice(0, count).sort((a, b) => a - b)
}

export async function insertDemoReservations(tx: Tx, people: DemoReservationPeople, now: Date): Promise<void> {
  const { nurse } = people
  const today = localToday(nurse.timezone, now)
  const base = { windowBeforeDays: 14, windowAfterDays: 21, startTimeLocal: nurse.start, endTimeLocal: nurse.end }
  const waiting = { ...base, dueDate: addDays(today, 21), weeks: 4 }
  const asking = { ...base, dueDate: addDays(today, 70), weeks: 6 }
  const waitingDays = await freeWeekdays(tx, nurse.id, waiting, 3, new Set())
  const askingDays = await freeWeekdays(tx, nurse.id, asking, 2, new Set(waitingDays))
  const common = { nurseId: nurse.id, timezone: nurse.timezone, nightlyRateCents: nurse.rate, extraBabyCents: 0, babies: 1 }
  const askedAt = new Date(now.getTime() - 8 * 3600_000)
  const acceptedAt = new Date(now.getTime() - 9 * 86400_000)
  const rows = []
  if (waitingDays.length) {
    rows.push({
      ...common,
      ...waiting,
      parentId: people.waitingFamilyId,
      weekdays: waitingDays,
      nightsPerWeek: waitingDays.length,
      status: 'accepted' as const,
      addressText: '1408 Bouldin Ave, Austin, TX 78704',
      notes: 'Our first baby. We would love help with nights while we learn the ropes.',
      respondBy: respondByFor(new Date(acceptedAt.getTime() - 20 * 3600_000)),
      answeredAt: acceptedAt,
      createdAt: new Date(acceptedAt.getTime() - 20 * 3600_000),
      updatedAt: acceptedAt,
    })
  }
  if (askingDays.length) {
    rows.push({
      ...common,
      ...asking,
      parentId: people.askingFamilyId,
      weekdays: askingDays,
      nightsPerWeek: askingDays.length,
      status: 'requested' as const,
      addressText: '2315 Bissonnet St, Houston, TX 77005',
      notes: null,
      respondBy: respondByFor(askedAt),
      answeredAt: null,
      createdAt: askedAt,
      updatedAt: askedAt,
    })
  }
  if (!rows.length) return
  const arrived = await arrivedFamilyRow(tx, people.arrivedFamilyId, now)
  const inserted = await tx
    .insert(reservations)
    .values(rows.map((row) => ({ ...row, depositCents: depositFor(row, row).amountCents })))
    .returning()
  if (arrived) await insertStarted(tx, arrived)
  // Nora opens every night the accepted plan could need, as a nurse who said yes would: so the demo
  // family's 'Our baby is here' books from any first night in the window.
  const accepted = inserted.find((row) => row.status === 'accepted')
  if (accepted) {
    const dates = heldDates(accepted).filter((date) => date > today)
    await tx
      .insert(availabilityDates)
      .values(dates.map((date) => ({ nurseId: nurse.id, date, startTimeLocal: nurse.start, endTimeLocal: nurse.end, createdAt: acceptedAt })))
      .onConflictDoNothing()
  }
  // Each paid its deposit, the plan's first week, as it was made (decision 0073): charges of the
  // built-in test provider, like the seeded bookings' (docs/money.md).
  await tx.insert(payments).values(
    inserted.map((row) => {
      const deposit = depositFor(row, row)
      return {
        bookingId: null,
        reservationId: row.id,
        kind: 'charge' as const,
        provider: 'test',
        providerPaymentId: `pi_test_seed_deposit_${row.id}`,
        amountCents: deposit.amountCents,
        feeCents: deposit.feeCents,
        status: 'succeeded' as const,
        idempotencyKey: `reservation-${row.id}-deposit`,
        createdAt: row.createdAt,
        updatedAt: row.createdAt,
      }
    }),
  )
  await tx.insert(reservationEvents).values(
    inserted.flatMap((row) => [
      { reservationId: row.id, actorId: row.parentId, action: 'made', fromStatus: null, toStatus: 'unpaid' as const, createdAt: row.createdAt },
      { reservationId: row.id, actorId: null, action: 'deposit-paid', fromStatus: 'unpaid' as const, toStatus: 'requested' as const, createdAt: row.createdAt },
      ...(row.status === 'accepted'
        ? [{ reservationId: row.id, actorId: null, action: 'nurse-accept', fromStatus: 'requested' as const, toStatus: 'accepted' as const, createdAt: row.answeredAt! }]
        : []),
    ]),
  )
}

/**
 * The reservation a family whose baby has arrived made: its seeded confirmed weekly booking is the
 * plan (weeks, weekdays, shift, rate); the baby was due eight days before the first night, which
 * so falls inside the window. Null when the seed has no such booking.
 */
async function arrivedFamilyRow(tx: Tx, parentId: number, now: Date) {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.parentId, parentId), eq(bookings.status, 'confirmed')))
    .orderBy(asc(bookings.startDate))
    .limit(1)
  if (!booking) return null
  const nights = await tx.select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, booking.id)).orderBy(asc(bookingOccurrences.startsAt))
  if (!nights.length) return null
  const firstWeek = nights.filter((night) => night.date < addDays(booking.startDate, 7))
  const askedAt = new Date(now.getTime() - 60 * 86400_000)
  const startedAt = booking.createdAt > askedAt ? booking.createdAt : now
  return {
    bookingId: booking.id,
    values: {
      parentId,
      nurseId: booking.nurseId,
      status: 'started' as const,
      dueDate: addDays(booking.startDate, -8),
      windowBeforeDays: 14,
      windowAfterDays: 21,
      weeks: booking.weeksCount ?? 1,
      nightsPerWeek: firstWeek.length,
      weekdays: [...new Set(firstWeek.map((night) => weekdayOf(night.date)))].sort((a, b) => a - b),
      startTimeLocal: nights[0].startTimeLocal,
      endTimeLocal: nights[0].endTimeLocal,
      babies: booking.babies,
      timezone: booking.timezone,
      addressText: booking.addressText,
      notes: 'Our son is here! We would love the plan to start as soon as you can.',
      nightlyRateCents: booking.nightlyRateCents,
      extraBabyCents: booking.extraBabyCents,
      respondBy: new Date(askedAt.getTime() + 48 * 3600_000),
      answeredAt: new Date(askedAt.getTime() + 5 * 3600_000),
      startedAt,
      createdAt: askedAt,
      updatedAt: startedAt,
    },
  }
}

async function insertStarted(tx: Tx, arrived: NonNullable<Awaited<ReturnType<typeof arrivedFamilyRow>>>) {
  const [row] = await tx.insert(reservations).values(arrived.values).returning()
  await tx.update(bookings).set({ reservationId: row.id }).where(eq(bookings.id, arrived.bookingId))
  await tx.insert(reservationEvents).values([
    { reservationId: row.id, actorId: row.parentId, action: 'requested', fromStatus: null, toStatus: 'requested' as const, createdAt: row.createdAt },
    { reservationId: row.id, actorId: null, action: 'nurse-accept', fromStatus: 'requested' as const, toStatus: 'accepted' as const, createdAt: row.answeredAt! },
    { reservationId: row.id, actorId: row.parentId, action: 'baby-home', fromStatus: 'accepted' as const, toStatus: 'started' as const, createdAt: row.startedAt! },
  ])
}
