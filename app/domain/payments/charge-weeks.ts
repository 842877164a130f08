// Weekly charging of long series (issue 15, docs/decisions/0028). Pure: the booking, the job that
// charges each week, the pages that show the schedule and the payouts all count weeks here.
//
// The rule:
// - A weekly series longer than two weeks is paid week by week; every other booking is paid in
//   full at booking, as before.
// - Week 1 is paid at booking. Week k (k ≥ 2) is charged to the parent's saved card, off-session,
//   five days before its first night starts: a card hold lasts seven days, so a charge made any
//   earlier than the week could not be held for it, and five days leaves time to fix a decline.
// - A week's nights are those whose date falls in the k-th seven days from the series' first night.
// - A week costs its nights' shares of the booking total (each night's price plus its part of the
//   fee, as refunds count them); the last week takes the rounding remainder, so the weeks add up
//   to the total exactly. Nights cancelled before the week is charged are taken off what is charged:
//   the amount is what the night kept after its refund (nothing, or half within 48 hours).
// - A declined weekly charge holds the week's nights for 48 hours while the parent pays through
//   the link we e-mail; then the nights are released and the nurse is told.
import { nightShareCents, type BookingAmounts } from '../bookings/cancellation'

export const WEEKLY_CHARGING_AFTER_WEEKS = 2
export const CHARGE_DAYS_BEFORE_WEEK = 5
export const UNPAID_WEEK_HOLD_HOURS = 48

const DAY_MS = 24 * 60 * 60 * 1000

export interface SeriesShape {
  pattern: string
  weeksCount: number | null
}

/** Is this booking paid week by week? Only weekly series longer than two weeks are. */
export function isChargedWeekly(booking: SeriesShape): boolean {
  return booking.pattern === 'recurring' && (booking.weeksCount ?? 0) > WEEKLY_CHARGING_AFTER_WEEKS
}

/** Days between two calendar dates (YYYY-MM-DD), counted in UTC so no time zone moves them. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/** The week (1, 2, …) of the series a night belongs to. */
export function weekOfNight(seriesStartDate: string, nightDate: string): number {
  return Math.floor(daysBetween(seriesStartDate, nightDate) / 7) + 1
}

/** When week k's charge is due: five days before its first night starts (week 1: at booking). */
export function chargeDueAt(week: number, firstNightAt: Date, bookedAt: Date): Date {
  if (week === 1) return bookedAt
  return new Date(firstNightAt.getTime() - CHARGE_DAYS_BEFORE_WEEK * DAY_MS)
}

/** Until when a week whose charge was declined keeps its nights. */
export function unpaidWeekReleaseAt(failedAt: Date): Date {
  return new Date(failedAt.getTime() + UNPAID_WEEK_HOLD_HOURS * 60 * 60 * 1000)
}

export interface WeekNight {
  id: number
  date: string
  status: string
  startsAt: Date
  priceCents: number
  refundCents: number | null
}

export interface PlannedWeek<Night extends WeekNight = WeekNight> {
  week: number
  firstNightAt: Date
  dueAt: Date
  nights: Night[]
  /** The week's part of the booking total, before any cancellation. */
  grossCents: number
}

/** The series' weeks, each with its nights and its part of the total. Weeks without nights are left out. */
export function planChargeWeeks<Night extends WeekNight>(
  booking: BookingAmounts & { startDate: string },
  nights: readonly Night[],
  bookedAt: Date,
): PlannedWeek<Night>[] {
  const byWeek = new Map<number, Night[]>()
  for (const night of [...nights].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const week = weekOfNight(booking.startDate, night.date)
    byWeek.set(week, [...(byWeek.get(week) ?? []), night])
  }
  const weeks = [...byWeek.entries()]
    .sort(([a], [b]) => a - b)
    .map(([week, weekNights]) => ({
      week,
      firstNightAt: weekNights[0].startsAt,
      dueAt: chargeDueAt(week, weekNights[0].startsAt, bookedAt),
      nights: weekNights,
      grossCents: weekNights.reduce((sum, night) => sum + nightShareCents(night.priceCents, booking), 0),
    }))
  if (weeks.length > 0) {
    const remainder = booking.totalAmountCents - weeks.reduce((sum, week) => sum + week.grossCents, 0)
    weeks[weeks.length - 1].grossCents += remainder
  }
  return weeks
}

/**
 * What a booking of these nights takes when it is made: its total, or week 1's part of it when the
 * series is paid week by week. The same sum the booking's first charge asks, before it exists.
 */
export function amountDueAtBooking(booking: SeriesShape & BookingAmounts, nightDates: readonly string[]): number {
  if (!isChargedWeekly(booking) || nightDates.length === 0) return booking.totalAmountCents
  const priceCents = Math.round(booking.subtotalCents / nightDates.length)
  const nights = nightDates.map((date, id) => ({
    id,
    date,
    status: 'pending',
    startsAt: new Date(`${date}T00:00:00Z`),
    priceCents,
    refundCents: null,
  }))
  const startDate = [...nightDates].sort()[0]
  const [firstWeek] = planChargeWeeks({ ...booking, startDate }, nights, new Date(0))
  return weekAmountDue(firstWeek, booking)
}

/**
 * What charging the week now takes: its part of the total less what its cancelled nights gave
 * back (a cancelled night with no refund recorded gives back its whole share: it was never paid).
 */
export function weekAmountDue(week: Pick<PlannedWeek, 'grossCents' | 'nights'>, booking: BookingAmounts): number {
  const credited = week.nights.reduce(
    (sum, night) => sum + (night.status === 'cancelled' ? (night.refundCents ?? nightShareCents(night.priceCents, booking)) : (night.refundCents ?? 0)),
    0,
  )
  return Math.max(0, week.grossCents - credited)
}

/** The platform fee inside a week's charge, in proportion to the booking's. */
export function weekFeeCents(amountCents: number, booking: { platformFeeCents: number; totalAmountCents: number }): number {
  return booking.totalAmountCents > 0 ? Math.round((amountCents * booking.platformFeeCents) / booking.totalAmountCents) : 0
}
