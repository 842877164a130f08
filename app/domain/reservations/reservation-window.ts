// The due-date reservation's arithmetic (docs/decisions/0066): the start window around the EDD, the
// nights a plan needs from one start date, and the held nights, every night that some start date in
// the window could need. Pure (dates are yyyy-MM-dd local dates in the nurse's zone); the instants
// come from time/night-instants, so daylight saving and month ends follow the one rule bookings use.
import { nightInstants } from '../time/night-instants'
import { addDays, localToday } from '../time/shift-times'
import { priceNights } from '../bookings/pricing'
import type { Translate } from '~/i18n/translate'

/** The longest plan a family can reserve, in weeks (half a year). */
export const MAX_RESERVATION_WEEKS = 26
/** The window a nurse may offer: up to four weeks before the due date, six weeks after. */
export const MAX_WINDOW_BEFORE_DAYS = 28
export const MAX_WINDOW_AFTER_DAYS = 42
/** How long a nurse has to answer a request. */
export const RESPOND_WITHIN_HOURS = 48

export interface ReservationPlan {
  dueDate: string
  windowBeforeDays: number
  windowAfterDays: number
  weeks: number
  nightsPerWeek: number
  /** The weekdays she works (0 = Sunday … 6 = Saturday); empty: the first nights of each week. */
  weekdays: readonly number[]
  startTimeLocal: string
  endTimeLocal: string
}

export interface HeldNight {
  date: string
  startsAt: Date
  endsAt: Date
}

/** The weekday of a local date, 0 = Sunday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay()
}

/** The first and last day the plan may start: EDD − before … EDD + after. */
export function reservationWindow(plan: Pick<ReservationPlan, 'dueDate' | 'windowBeforeDays' | 'windowAfterDays'>) {
  return { firstStart: addDays(plan.dueDate, -plan.windowBeforeDays), lastStart: addDays(plan.dueDate, plan.windowAfterDays) }
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = []
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date)
  return dates
}

/**
 * The nights of the plan when it starts on `start`: `weeks` weeks of seven days counted from the
 * start date. With weekdays chosen, the nights on those weekdays; without, the first
 * `nightsPerWeek` days of each of those weeks (so a plan without weekdays starts on its start
 * date, whatever day that is).
 */
export function planNights(plan: Pick<ReservationPlan, 'weeks' | 'nightsPerWeek' | 'weekdays'>, start: string): string[] {
  const nights: string[] = []
  for (let week = 0; week < plan.weeks; week++) {
    for (let day = 0; day < 7; day++) {
      const date = addDays(start, week * 7 + day)
      if (plan.weekdays.length ? plan.weekdays.includes(weekdayOf(date)) : day < plan.nightsPerWeek) nights.push(date)
    }
  }
  return nights
}

/**
 * The held dates: the union of the plan's nights over every start date in the window, sorted. A
 * date on a weekday the plan never uses, or outside [first start, last start + weeks), is not held.
 */
export function heldDates(plan: ReservationPlan): string[] {
  // Counted in whole days since 1970-01-01 (a Thursday) rather than in date strings: a nurse's
  // dashboard and profile read every live reservation's held nights on each request, and the
  // strings' parsing was most of their cost (docs/decisions/0076).
  const first = dayNumber(addDays(plan.dueDate, -plan.windowBeforeDays))
  const last = dayNumber(addDays(plan.dueDate, plan.windowAfterDays))
  const weekdays = new Set(plan.weekdays)
  const offsets: number[] = []
  for (let week = 0; week < plan.weeks; week++) for (let day = 0; day < 7; day++) offsets.push(week * 7 + day)
  const held = new Set<number>()
  for (let start = first; start <= last; start++) {
    for (const offset of offsets) {
      const night = start + offset
      if (weekdays.size ? weekdays.has((night + 4) % 7) : offset % 7 < plan.nightsPerWeek) held.add(night)
    }
  }
  return [...held].sort((a, b) => a - b).map(dateOfDayNumber)
}

const DAY_MS = 86_400_000

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
}

function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

/** The held nights with their instants, each night read in the nurse's zone. */
export function heldNights(plan: ReservationPlan, timeZone: string): HeldNight[] {
  return heldDates(plan).map((date) => ({ date, ...nightInstants(date, plan.startTimeLocal, plan.endTimeLocal, timeZone) }))
}

/**
 * The held dates whose night has not ended at `now`, without reading every night's instants: a
 * night dated after the nurse's today has not ended, one dated before yesterday has (a night ends
 * by the next morning), and only yesterday's and today's are read in her zone.
 */
export function heldDatesAhead(plan: ReservationPlan, timeZone: string, now: Date): string[] {
  const today = localToday(timeZone, now)
  const yesterday = addDays(today, -1)
  return heldDates(plan).filter(
    (date) => date > today || (date >= yesterday && nightInstants(date, plan.startTimeLocal, plan.endTimeLocal, timeZone).endsAt.getTime() > now.getTime()),
  )
}

/** The held nights that have not ended at `now`, with their instants. */
export function heldNightsAhead(plan: ReservationPlan, timeZone: string, now: Date): HeldNight[] {
  return heldDatesAhead(plan, timeZone, now).map((date) => ({ date, ...nightInstants(date, plan.startTimeLocal, plan.endTimeLocal, timeZone) }))
}

const overlaps = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) =>
  a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime()

/** The dates of `nights` whose time overlaps any of `held`, sorted and without repeats. */
export function clashingDates(nights: ReadonlyArray<{ date: string; startsAt: Date; endsAt: Date }>, held: readonly HeldNight[]): string[] {
  const clashes = new Set<string>()
  for (const night of nights) if (held.some((h) => overlaps(night, h))) clashes.add(night.date)
  return [...clashes].sort()
}

/** The plan's nights a week: the chosen weekdays' count, or nightsPerWeek without them. */
export function nightsPerWeekOf(plan: Pick<ReservationPlan, 'nightsPerWeek' | 'weekdays'>): number {
  return plan.weekdays.length || plan.nightsPerWeek
}

/** How long a reservation whose deposit is being paid holds its nights (decision 0073). */
export const UNPAID_HOLD_MINUTES = 15

/** Until when a reservation made now holds its nights while its deposit is paid. */
export function unpaidHoldUntil(madeAt: Date): Date {
  return new Date(madeAt.getTime() + UNPAID_HOLD_MINUTES * 60_000)
}

/** A family that withdraws more than this many days before the due date gets its deposit back (decision 0073). */
export const DEPOSIT_REFUND_DAYS_BEFORE_DUE = 30

function daysApart(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/**
 * The due date a reservation's deposit counts its 30 days from: the due date, or the one it had when
 * a change came after the last day the deposit could be had back (moving the date then gives
 * nothing back).
 */
export function depositCountedFrom(reservation: { dueDate: string; refundDueDate?: string | null }): string {
  return reservation.refundDueDate ?? reservation.dueDate
}

/**
 * What a change of due date made on this instant keeps as the date the deposit counts from: null
 * (the new due date) while the deposit can still be had back, else the date it counted from.
 */
export function refundDueDateAfterChange(reservation: { dueDate: string; refundDueDate: string | null; timezone: string }, at: Date): string | null {
  const countedFrom = depositCountedFrom(reservation)
  return familyCancelRefundsDeposit(countedFrom, reservation.timezone, at) ? null : countedFrom
}

/** Whether the family withdrawing on this instant gets its deposit back: more than 30 days before the due date, in the nurse's zone. */
export function familyCancelRefundsDeposit(dueDate: string, timezone: string, at: Date): boolean {
  return daysApart(localToday(timezone, at), dueDate) > DEPOSIT_REFUND_DAYS_BEFORE_DUE
}

/** The last day on which the family can withdraw and get the deposit back. */
export function lastFullRefundDay(dueDate: string): string {
  return addDays(dueDate, -(DEPOSIT_REFUND_DAYS_BEFORE_DUE + 1))
}

/** When a request not answered lapses. */
export function respondByFor(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + RESPOND_WITHIN_HOURS * 60 * 60 * 1000)
}

const WEEKDAY_NAMES = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays']

/** 'Mondays, Wednesdays and Fridays' or '3 nights a week'. */
export function describeWeekdays(plan: Pick<ReservationPlan, 'nightsPerWeek' | 'weekdays'>, t?: Translate): string {
  if (t) {
    if (!plan.weekdays.length) return t('plan.nightsAWeek', { count: plan.nightsPerWeek })
    const names = [...plan.weekdays].sort((a, b) => a - b).map((day) => t(WEEKDAY_KEYS[day]))
    return names.length === 1 ? names[0] : t('plan.list', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] })
  }
  if (!plan.weekdays.length) return `${plan.nightsPerWeek} night${plan.nightsPerWeek === 1 ? '' : 's'} a week`
  const names = [...plan.weekdays].sort((a, b) => a - b).map((day) => WEEKDAY_NAMES[day])
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** The weekdays' plural names in the `parent` catalogue. */
const WEEKDAY_KEYS = ['plan.sundays', 'plan.mondays', 'plan.tuesdays', 'plan.wednesdays', 'plan.thursdays', 'plan.fridays', 'plan.saturdays']

/** 'She can start from 14 days before to 21 days after your due date.' (With `t`, of the `parent` namespace, in the reader's language.) */
export function windowSentence(windowBeforeDays: number, windowAfterDays: number, t?: Translate): string {
  if (t) return t('plan.window', { before: windowBeforeDays, after: windowAfterDays })
  const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`
  return `She can start from ${days(windowBeforeDays)} before to ${days(windowAfterDays)} after your due date.`
}

/** The plan's price at her quoted rates: a full week's amounts and the whole plan's (docs/money.md). */
export function quotePlan(
  plan: Pick<ReservationPlan, 'weeks' | 'nightsPerWeek' | 'weekdays'>,
  rates: { nightlyRateCents: number; extraBabyCents: number; babies: number },
) {
  const babies = { babies: rates.babies, extraBabyCents: rates.extraBabyCents }
  const perWeek = nightsPerWeekOf(plan)
  return {
    nights: perWeek * plan.weeks,
    week: priceNights(rates.nightlyRateCents, perWeek, babies),
    total: priceNights(rates.nightlyRateCents, perWeek * plan.weeks, babies),
  }
}
