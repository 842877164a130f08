// What a nurse reads about her pay (issue 15): each night's payout state and amount, the months
// with their totals and statements, and the year's earnings for taxes. The Bookings & Payments
// tab, the statement CSV and the statement PDF all read getNursePayouts, so they cannot disagree.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { translator } from '../../i18n/i18n.server'
import { bookingOccurrences, bookings, nightProblems, nurseProfiles, payments, reservations, users } from '../../db/schema'
import { workedOrCancelledNight } from '../bookings/life-cycle.server'
import { isCollectedCharge } from '../payments/payment-life-cycle'
import { localToday } from '../time/shift-times'
import { firstName } from '../accounts/display-name'
import {
  nightPayoutState,
  payableAt,
  payoutAccountAdvice,
  payoutAccountState,
  settleNight,
  type NightPayoutState,
  type PayoutAccountState,
} from './payout-rules'
import { getPayoutAccount, SETTLED_BOOKING } from './payouts.server'

export interface PayoutNight {
  occurrenceId: number
  bookingId: number
  date: string
  nightStatus: string
  parentFirstName: string
  state: NightPayoutState
  /** What the nurse gets (or got) for the night; 0 when nothing is owed. */
  payoutCents: number
  payableAt: string
  paidAt: string | null
  transferId: string | null
  failure: string | null
}

export interface PayoutMonth {
  /** yyyy-MM of the nights. */
  month: string
  nights: number
  paidCents: number
  payableCents: number
  onHoldCents: number
  upcomingCents: number
}

export interface PayoutYear {
  year: string
  /** Sent in that year (by the day of the transfer), less what was reversed. */
  paidCents: number
  nightsPaid: number
}

/** A deposit a family left to her by withdrawing within 30 days of the due date (decision 0073). */
export interface KeptDepositPayout {
  reservationId: number
  parentFirstName: string
  dueDate: string
  /** What is sent to her: the deposit less the platform's fee inside it. */
  payoutCents: number
  state: 'sending' | 'paid' | 'failed'
  paidAt: string | null
  failure: string | null
}

export interface NursePayouts {
  nurseName: string
  /** The nurse's zone: the day a payout was sent is read in it (statements, the yearly summary). */
  timezone: string
  account: {
    state: PayoutAccountState
    provider: string | null
    bankLast4: string | null
    advice: string | null
  }
  nights: PayoutNight[]
  /** Kept deposits sent (or being sent) to her, newest first; not nights, so not in the months. */
  keptDeposits: KeptDepositPayout[]
  months: PayoutMonth[]
  years: PayoutYear[]
  totals: { paidCents: number; payableCents: number; onHoldCents: number; failedCents: number }
}

/** Every night of the nurse that could owe her something, latest first, with its payout state. */
export async function getNursePayouts(userId: number, now: Date): Promise<NursePayouts | null> {
  const db = getDb()
  const [nurse] = await db
    .select({ id: nurseProfiles.id, name: users.displayName, timezone: nurseProfiles.timezone })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.userId, userId))
  if (!nurse) return null
  const parents = db.$with('parents').as(db.select({ id: users.id, name: users.displayName }).from(users))
  const [account, nightRows, payoutRows, depositRows] = await Promise.all([
    getPayoutAccount(nurse.id),
    db
      .with(parents)
      .select({
        night: bookingOccurrences,
        booking: { ...SETTLED_BOOKING, status: bookings.status },
        parentName: parents.name,
        problem: nightProblems.status,
      })
      .from(bookingOccurrences)
      .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
      .innerJoin(parents, eq(parents.id, bookings.parentId))
      .leftJoin(nightProblems, eq(nightProblems.occurrenceId, bookingOccurrences.id))
      .where(and(eq(bookingOccurrences.nurseId, nurse.id), workedOrCancelledNight())),
    db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(bookings.nurseId, nurse.id), inArray(payments.kind, ['payout', 'reversal', 'charge'])))
      .orderBy(asc(payments.id)),
    db
      .with(parents)
      .select({ payment: payments, dueDate: reservations.dueDate, parentName: parents.name })
      .from(payments)
      .innerJoin(reservations, eq(reservations.id, payments.reservationId))
      .innerJoin(parents, eq(parents.id, reservations.parentId))
      .where(and(eq(reservations.nurseId, nurse.id), eq(payments.kind, 'payout'), isNull(payments.bookingId)))
      .orderBy(desc(payments.id)),
  ])

  const paidBookings = new Set<number>()
  const latestPayout = new Map<number, typeof payments.$inferSelect>()
  const reversedCents = new Map<number, number>()
  for (const { payment } of payoutRows) {
    if (payment.kind === 'charge') {
      if (isCollectedCharge(payment.status) && payment.bookingId !== null) paidBookings.add(payment.bookingId)
    } else if (payment.kind === 'payout' && payment.occurrenceId !== null) {
      latestPayout.set(payment.occurrenceId, payment)
    } else if (payment.kind === 'reversal' && payment.status === 'succeeded' && payment.occurrenceId !== null) {
      reversedCents.set(payment.occurrenceId, (reversedCents.get(payment.occurrenceId) ?? 0) + payment.amountCents)
    }
  }

  const nights: PayoutNight[] = []
  for (const { night, booking, parentName, problem } of nightRows) {
    const payout = latestPayout.get(night.id) ?? null
    const reversed = reversedCents.get(night.id) ?? 0
    const paid = paidBookings.has(booking.id)
    const state = nightPayoutState(
      {
        night,
        booking: { ...booking, paid },
        payout: payout ? { status: payout.status, reversedCents: reversed } : null,
        held: problem === 'open',
      },
      now,
    )
    if (state === 'none') continue
    const expected = paid ? (settleNight(night, booking)?.transferCents ?? 0) : 0
    nights.push({
      occurrenceId: night.id,
      bookingId: booking.id,
      date: night.date,
      nightStatus: night.status,
      parentFirstName: firstName(parentName),
      state,
      payoutCents: payout && payout.status === 'succeeded' ? payout.amountCents - reversed : expected,
      payableAt: payableAt(night).toISOString(),
      paidAt: payout?.status === 'succeeded' ? payout.updatedAt.toISOString() : null,
      transferId: payout?.status === 'succeeded' ? payout.providerPaymentId : null,
      failure: payout?.status === 'failed' ? payout.failureMessage : null,
    })
  }
  nights.sort((a, b) => (a.date === b.date ? b.occurrenceId - a.occurrenceId : a.date < b.date ? 1 : -1))

  // The year a payout counts in, for taxes: the day it was sent, in the nurse's time zone; a
  // reversal is netted against its night.
  const years = new Map<string, PayoutYear>()
  for (const night of nights) {
    if (!night.paidAt) continue
    const year = localToday(nurse.timezone, new Date(night.paidAt)).slice(0, 4)
    const row = years.get(year) ?? years.set(year, { year, paidCents: 0, nightsPaid: 0 }).get(year)!
    row.paidCents += night.payoutCents
    row.nightsPaid++
  }

  const months = new Map<string, PayoutMonth>()
  const totals = { paidCents: 0, payableCents: 0, onHoldCents: 0, failedCents: 0 }
  for (const night of nights) {
    const key = night.date.slice(0, 7)
    const month =
      months.get(key) ??
      months.set(key, { month: key, nights: 0, paidCents: 0, payableCents: 0, onHoldCents: 0, upcomingCents: 0 }).get(key)!
    month.nights++
    if (night.state === 'paid' || night.state === 'reversed' || night.state === 'sending') {
      month.paidCents += night.payoutCents
      totals.paidCents += night.payoutCents
    } else if (night.state === 'payable' || night.state === 'failed') {
      month.payableCents += night.payoutCents
      totals.payableCents += night.payoutCents
      if (night.state === 'failed') totals.failedCents += night.payoutCents
    } else if (night.state === 'on_hold') {
      month.onHoldCents += night.payoutCents
      totals.onHoldCents += night.payoutCents
    } else if (night.state === 'upcoming') {
      month.upcomingCents += night.payoutCents
    }
  }

  const accountFacts = account
    ? { ...account, requirementsDue: account.requirementsDue ?? [] }
    : null
  return {
    nurseName: nurse.name,
    timezone: nurse.timezone,
    account: {
      state: payoutAccountState(accountFacts),
      provider: account?.provider ?? null,
      bankLast4: account?.bankLast4 ?? null,
      advice: payoutAccountAdvice(accountFacts, translator('nurse')),
    },
    nights,
    keptDeposits: depositRows
      // A payout superseded by a retry ('canceled') is not what she was sent.
      .filter(({ payment }) => payment.status !== 'canceled')
      .map(({ payment, dueDate, parentName }) => ({
        reservationId: payment.reservationId!,
        parentFirstName: firstName(parentName),
        dueDate,
        payoutCents: payment.amountCents,
        state: payment.status === 'succeeded' ? ('paid' as const) : payment.status === 'failed' ? ('failed' as const) : ('sending' as const),
        paidAt: payment.status === 'succeeded' ? payment.updatedAt.toISOString() : null,
        failure: payment.status === 'failed' ? payment.failureMessage : null,
      })),
    months: [...months.values()].sort((a, b) => (a.month < b.month ? 1 : -1)),
    years: [...years.values()].sort((a, b) => (a.year < b.year ? 1 : -1)),
    totals,
  }
}

/** One month's statement: its nights (oldest first) and totals; null when the month has no nights. */
export async function getNurseStatement(userId: number, month: string, now: Date) {
  const payouts = await getNursePayouts(userId, now)
  if (!payouts) return null
  const totals = payouts.months.find((m) => m.month === month)
  if (!totals) return null
  const nights = payouts.nights.filter((night) => night.date.startsWith(month)).reverse()
  return { nurseName: payouts.nurseName, timezone: payouts.timezone, month, nights, totals, issuedAt: now.toISOString() }
}

export type NurseStatement = NonNullable<Awaited<ReturnType<typeof getNurseStatement>>>

/** The year's earnings summary: every payout sent in it, oldest first; null when there is none. */
export async function getNurseYearSummary(userId: number, year: string, now: Date) {
  const payouts = await getNursePayouts(userId, now)
  const totals = payouts?.years.find((row) => row.year === year)
  if (!payouts || !totals) return null
  const nights = payouts.nights
    .filter((night) => night.paidAt && localToday(payouts.timezone, new Date(night.paidAt)).startsWith(year))
    .reverse()
  return { nurseName: payouts.nurseName, timezone: payouts.timezone, year, nights, totals }
}

export type NurseYearSummary = NonNullable<Awaited<ReturnType<typeof getNurseYearSummary>>>
