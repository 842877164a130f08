// Due-date reservations (issue 36, docs/decisions/0066): asking a nurse to start when the baby comes
// home, her answer, either side withdrawing, a new due date, and the lists and pages of both sides.
// A reservation holds every night some start date in its window could need (reservation-window.ts);
// it is made, accepted and moved under the nurse's row lock, the same lock booking creation takes,
// so a reservation and a plain booking racing for nights that would make each other impossible
// cannot both win. The status is written only by reservation-life-cycle.server.ts.
import { and, asc, desc, eq, gt, inArray, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getConfig } from '../../config.server'
import { getDb, type DbOrTx } from '../../db/client.server'
import { bookingOccurrences, bookings, nurseProfiles, reservations, users, verificationNotices } from '../../db/schema'
import type { ReservationRequest } from '../../schemas/reservations'
import { accessDeniedMessage } from '../accounts/auth-redirects'
import { firstName } from '../accounts/display-name'
import { nameNights } from '../bookings/booking-rules'
import { databaseErrorCode, NURSE_LAPSED, NURSE_NOT_BOOKABLE } from '../bookings/bookings.server'
import { liveNight } from '../bookings/life-cycle.server'
import { sendEmailAfterTheFact } from '../notifications/email.server'
import { pushLater } from '../notifications/push.server'
import { clearPublicNurseCache, listOpenNights } from '../nurses/nurses.server'
import type { OpenNight } from '../nurses/nurses.server'
import type { FeedWindow } from '../calendars/calendar-feed'
import { nightInstants } from '../time/night-instants'
import { addDays, checkShift, localToday, shiftProblemMessage } from '../time/shift-times'
import {
  babyIsHereEmail,
  dueDateChangedEmail,
  dueDateReminderEmail,
  dueDayEmail,
  reservationAcceptedEmail,
  reservationCancelledEmail,
  reservationDeclinedEmail,
  reservationLapsedEmail,
  reservationRequestedEmail,
  startedWithBackupEmail,
  startTurnedDownEmail,
} from './reservation-emails'
import { canChangeDueDate, isLiveReservation, LIVE_RESERVATION_STATUSES, WAITING_RESERVATION_STATUSES } from './reservation-life-cycle'
import * as lifeCycle from './reservation-life-cycle.server'
import type { ReservationRow } from './reservation-life-cycle.server'
import { clashingDates, heldDatesAhead, heldNightsAhead, type HeldNight, quotePlan, reservationWindow, respondByFor, unpaidHoldUntil } from './reservation-window'

export type { ReservationRow }

export interface ReservationActor {
  id: number
  role: 'parent' | 'nurse' | 'admin'
}

export type ReservationFailure = { ok: false; status: 400 | 403 | 404 | 409; error: string; clashes?: string[] }

/** How far ahead a due date may be: a pregnancy is about forty weeks. */
export const MAX_DUE_DATE_DAYS_AHEAD = 300
export const DUE_DATE_RANGE_MESSAGE = 'Your due date must be from today to ten months ahead'
export const RESERVATION_NOT_FOUND = 'Reservation not found'
export const NIGHTS_TAKEN_MESSAGE = 'She is not free for this plan. These nights are already taken'
export const RESERVED_FOR_ANOTHER_FAMILY = 'These nights are reserved for a family expecting a baby'
export const REQUEST_LAPSED = 'This request has lapsed: it was not answered within 48 hours.'
export const NOT_A_REQUEST = 'This reservation has already been answered.'
export const NOT_LIVE = 'This reservation no longer stands.'
/**
 * A family holds at most this many nurses at once, one reservation each: a reservation holds
 * weeks of a nurse's calendar before anything is paid, so one account cannot hold many nurses'.
 */
export const MAX_LIVE_RESERVATIONS = 3
export const TOO_MANY_RESERVATIONS = `You can hold at most ${MAX_LIVE_RESERVATIONS} reservations at a time. Cancel one to reserve another nurse.`
export const ALREADY_RESERVED = 'You already have a reservation with her. Change its due date or cancel it instead.'

const fail = (status: ReservationFailure['status'], error: string, clashes?: string[]): ReservationFailure =>
  clashes ? { ok: false, status, error, clashes } : { ok: false, status, error }

class Refused extends Error {
  constructor(readonly failure: ReservationFailure) {
    super(failure.error)
  }
}

// Exclusion violation, deadlock, serialization failure: the other side of a race won.
const RACE_CODES = new Set(['23P01', '40P01', '40001'])

// --- Held nights ------------------------------------------------------------------------------------

/** A reservation still holding nights: accepted, asked and inside its 48 hours, or made and inside its deposit's 15 minutes. */
function holdsNights(now: Date) {
  return and(
    inArray(reservations.status, [...LIVE_RESERVATION_STATUSES]),
    or(notInArray(reservations.status, [...WAITING_RESERVATION_STATUSES]), gt(reservations.respondBy, now)),
  )
}

export function isHolding(row: Pick<ReservationRow, 'status' | 'respondBy'>, now: Date): boolean {
  const waiting = (WAITING_RESERVATION_STATUSES as readonly string[]).includes(row.status)
  return isLiveReservation(row.status) && (!waiting || row.respondBy.getTime() > now.getTime())
}

/** The nights a reservation holds that have not ended yet. */
export function heldNightsOf(row: ReservationRow, now: Date): HeldNight[] {
  return heldNightsAhead(row, row.timezone, now)
}

/** The nurse's live reservations, except one (being accepted or moved) or one family's. */
async function readHoldingReservations(
  db: DbOrTx,
  nurseId: number,
  now: Date,
  except: { reservationId?: number; parentId?: number } = {},
): Promise<ReservationRow[]> {
  return db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.nurseId, nurseId),
        holdsNights(now),
        except.reservationId ? ne(reservations.id, except.reservationId) : undefined,
        except.parentId ? ne(reservations.parentId, except.parentId) : undefined,
      ),
    )
}

/**
 * Which of these nights a live reservation of another family holds: what refuses a plain booking
 * or a moved night. Call it under the nurse's row lock (bookings hand it in: payments/book-nights).
 */
export async function findReservedNights(
  db: DbOrTx,
  input: { nurseId: number; parentId: number; nights: ReadonlyArray<{ date: string; startsAt: Date; endsAt: Date }>; now: Date },
): Promise<string[]> {
  if (!input.nights.length) return []
  const held = (await readHoldingReservations(db, input.nurseId, input.now, { parentId: input.parentId })).flatMap((row) => heldNightsOf(row, input.now))
  return clashingDates(input.nights, held)
}

/** The check bookings take under the nurse's lock (payments hand it in): the nights held and the message. */
export async function refuseReservedNights(
  db: DbOrTx,
  input: { nurseId: number; parentId: number; nights: ReadonlyArray<{ date: string; startsAt: Date; endsAt: Date }>; now: Date },
): Promise<{ error: string; clashes: string[] } | null> {
  const clashes = await findReservedNights(db, input)
  return clashes.length ? { error: `${RESERVED_FOR_ANOTHER_FAMILY}: ${nameNights(clashes)}`, clashes } : null
}

/** The held nights already taken: another family's live booked nights, or another live reservation's held nights. */
async function findTakenNights(db: DbOrTx, nurseId: number, parentId: number, held: readonly HeldNight[], now: Date, exceptReservationId?: number) {
  if (!held.length) return []
  const from = new Date(Math.min(...held.map((n) => n.startsAt.getTime())))
  const to = new Date(Math.max(...held.map((n) => n.endsAt.getTime())))
  const booked = await db
    .select({ date: bookingOccurrences.date, startsAt: bookingOccurrences.startsAt, endsAt: bookingOccurrences.endsAt })
    .from(bookingOccurrences)
    .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
    .where(
      and(
        eq(bookingOccurrences.nurseId, nurseId),
        liveNight(),
        ne(bookings.parentId, parentId),
        lt(bookingOccurrences.startsAt, to),
        gt(bookingOccurrences.endsAt, from),
      ),
    )
  const others = (await readHoldingReservations(db, nurseId, now, { reservationId: exceptReservationId })).flatMap((row) => heldNightsOf(row, now))
  return [...new Set([...clashingDates(held, booked), ...clashingDates(held, others)])].sort()
}

// --- Views ------------------------------------------------------------------------------------------

export interface ReservationView {
  id: number
  status: ReservationRow['status']
  parentId: number
  parentName: string
  nurseId: number
  nurseName: string
  nurseSlug: string
  dueDate: string
  /** The due date the deposit counts from when a late change left it (null: the due date). */
  refundDueDate: string | null
  windowBeforeDays: number
  windowAfterDays: number
  firstStart: string
  lastStart: string
  weeks: number
  nightsPerWeek: number
  weekdays: number[]
  startTimeLocal: string
  endTimeLocal: string
  babies: number
  timezone: string
  addressText: string
  notes: string | null
  nightlyRateCents: number
  extraBabyCents: number
  weekCents: number
  totalCents: number
  respondBy: Date
  answeredAt: Date | null
  reason: string | null
  cancelledAt: Date | null
  createdAt: Date
  /** When its plan's booking was paid, if it ever was. */
  startedAt: Date | null
  /** She turned the start down within 12 hours (decision 0070): declined after it had started. */
  turnedDown: boolean
  /** Whether it holds the nurse's nights now (a request past its 48 hours does not). */
  holding: boolean
  /** The deposit paid as it was made (decision 0073); null for one made before deposits. */
  depositCents: number | null
}

const parentUsers = alias(users, 'parent_user')
const viewColumns = {
  reservation: reservations,
  nurseName: users.displayName,
  nurseSlug: nurseProfiles.slug,
  parentName: parentUsers.displayName,
}

function selectViews(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(reservations)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, reservations.nurseId))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .innerJoin(parentUsers, eq(parentUsers.id, reservations.parentId))
}

function toView(row: { reservation: ReservationRow; nurseName: string; nurseSlug: string; parentName: string }, now: Date): ReservationView {
  const r = row.reservation
  const quote = quotePlan(r, r)
  const window = reservationWindow(r)
  return {
    id: r.id,
    status: r.status,
    parentId: r.parentId,
    parentName: row.parentName,
    nurseId: r.nurseId,
    nurseName: row.nurseName,
    nurseSlug: row.nurseSlug,
    dueDate: r.dueDate,
    refundDueDate: r.refundDueDate,
    windowBeforeDays: r.windowBeforeDays,
    windowAfterDays: r.windowAfterDays,
    ...window,
    weeks: r.weeks,
    nightsPerWeek: r.nightsPerWeek,
    weekdays: r.weekdays,
    startTimeLocal: r.startTimeLocal,
    endTimeLocal: r.endTimeLocal,
    babies: r.babies,
    timezone: r.timezone,
    addressText: r.addressText,
    notes: r.notes,
    nightlyRateCents: r.nightlyRateCents,
    extraBabyCents: r.extraBabyCents,
    weekCents: quote.week.totalAmountCents,
    totalCents: quote.total.totalAmountCents,
    respondBy: r.respondBy,
    answeredAt: r.answeredAt,
    reason: r.reason,
    cancelledAt: r.cancelledAt,
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    turnedDown: r.status === 'declined' && r.startedAt !== null,
    holding: isHolding(r, now),
    depositCents: r.depositCents,
  }
}

/** Only a reservation whose deposit was paid is shown to anyone (decision 0073). */
const shown = ne(reservations.status, 'unpaid')

/** A family's reservations, newest first; a nurse's, as one timeline sorted by window. */
export async function listReservations(actor: ReservationActor, now = new Date()): Promise<ReservationView[]> {
  if (actor.role === 'parent') {
    const rows = await selectViews(getDb())
      .where(and(eq(reservations.parentId, actor.id), shown))
      .orderBy(desc(reservations.createdAt), desc(reservations.id))
    return rows.map((row) => toView(row, now))
  }
  if (actor.role === 'nurse') {
    const rows = await selectViews(getDb()).where(and(eq(nurseProfiles.userId, actor.id), shown)).orderBy(asc(reservations.dueDate), asc(reservations.id))
    return rows.map((row) => toView(row, now)).sort((a, b) => a.firstStart.localeCompare(b.firstStart) || a.id - b.id)
  }
  return []
}

/**
 * The start windows in a family's or a nurse's calendar feed: every reservation that holds her
 * nights, TENTATIVE, and those that stopped in the last 30 days (declined, lapsed, cancelled,
 * started), CANCELLED, so a calendar that had them removes them.
 */
export async function listFeedWindows(owner: { role: 'parent' | 'nurse'; userId: number }, now = new Date()): Promise<FeedWindow[]> {
  const recent = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000)
  const mine = owner.role === 'parent' ? eq(reservations.parentId, owner.userId) : eq(nurseProfiles.userId, owner.userId)
  const rows = await selectViews(getDb())
    .where(and(mine, shown, or(holdsNights(now), gt(reservations.updatedAt, recent))))
    .orderBy(asc(reservations.id))
  return rows.map((row) => {
    const view = toView(row, now)
    return {
      id: view.id,
      firstStart: view.firstStart,
      lastStart: view.lastStart,
      dueDate: view.dueDate,
      live: view.holding,
      otherName: owner.role === 'parent' ? view.nurseName : view.parentName.split(' ')[0],
      createdAt: view.createdAt,
      updatedAt: row.reservation.updatedAt,
    }
  })
}

/** One reservation for its family or its nurse; null for anyone else (the page answers 404). */
export async function getReservationFor(actor: ReservationActor, reservationId: number, now = new Date()): Promise<ReservationView | null> {
  const [row] = await selectViews(getDb()).where(
    and(
      eq(reservations.id, reservationId),
      shown,
      actor.role === 'parent' ? eq(reservations.parentId, actor.id) : actor.role === 'nurse' ? eq(nurseProfiles.userId, actor.id) : sql`false`,
    ),
  )
  return row ? toView(row, now) : null
}

// --- The nurse, locked ------------------------------------------------------------------------------

function lockNurse(tx: DbOrTx, nurseId: number) {
  return tx
    .select({
      id: nurseProfiles.id,
      userId: nurseProfiles.userId,
      verificationStatus: nurseProfiles.verificationStatus,
      lapsedAt: nurseProfiles.lapsedAt,
      timezone: nurseProfiles.timezone,
      minHours: nurseProfiles.minHours,
      maxHours: nurseProfiles.maxHours,
      maxBabies: nurseProfiles.maxBabies,
      nightlyRateCents: nurseProfiles.nightlyRateCents,
      extraBabyCents: nurseProfiles.extraBabyCents,
      windowBeforeDays: nurseProfiles.reservationWindowBeforeDays,
      windowAfterDays: nurseProfiles.reservationWindowAfterDays,
      instantReservations: nurseProfiles.instantReservations,
    })
    .from(nurseProfiles)
    .where(eq(nurseProfiles.id, nurseId))
    .for('update')
}

/** Why a due date cannot be reserved around (from today to ten months ahead, in the nurse's zone), or null. */
export function dueDateProblem(dueDate: string, timezone: string, now: Date): string | null {
  const today = localToday(timezone, now)
  return dueDate < today || dueDate > addDays(today, MAX_DUE_DATE_DAYS_AHEAD) ? DUE_DATE_RANGE_MESSAGE : null
}

async function runRefusable<T>(work: () => Promise<T>, onRace: () => ReservationFailure): Promise<T | ReservationFailure> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Refused) return error.failure
    if (RACE_CODES.has(databaseErrorCode(error) ?? '')) return onRace()
    throw error
  }
}

// --- Making a reservation ---------------------------------------------------------------------------

/**
 * A family asks a nurse to start when the baby comes home. Under her row lock: she is listed, the
 * plan fits her hours and babies, and no night it holds is booked by another family or held by
 * another live reservation. Priced at her rates now; accepted at once when she takes reservations
 * instantly. Answers the reservation as its family sees it.
 */
export async function createReservation(
  actor: ReservationActor,
  input: ReservationRequest,
  now = new Date(),
): Promise<{ ok: true; reservation: ReservationView } | ReservationFailure> {
  if (actor.role !== 'parent') return fail(403, accessDeniedMessage(actor.role))
  const weekdays = [...(input.weekdays ?? [])].sort((a, b) => a - b)
  const result = await runRefusable(
    () =>
      getDb().transaction(async (tx) => {
        // The family's own row first (then the nurse's, as every reservation takes them): two
        // requests of one family at once count each other's.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update')
        const [nurse] = await lockNurse(tx, input.nurseId)
        if (!nurse || nurse.verificationStatus !== 'approved') throw new Refused(fail(404, NURSE_NOT_BOOKABLE))
        const live = await tx.select({ nurseId: reservations.nurseId }).from(reservations).where(and(eq(reservations.parentId, actor.id), holdsNights(now)))
        if (live.some((row) => row.nurseId === nurse.id)) throw new Refused(fail(409, ALREADY_RESERVED))
        if (live.length >= MAX_LIVE_RESERVATIONS) throw new Refused(fail(409, TOO_MANY_RESERVATIONS))
        if (nurse.lapsedAt !== null) throw new Refused(fail(409, NURSE_LAPSED))
        const dateProblem = dueDateProblem(input.dueDate, nurse.timezone, now)
        if (dateProblem) throw new Refused(fail(400, dateProblem))
        if (input.babies > nurse.maxBabies) {
          throw new Refused(fail(400, nurse.maxBabies === 1 ? 'She cares for one baby at a time' : `She cares for up to ${nurse.maxBabies} babies`))
        }
        const shift = checkShift(input.startTimeLocal, input.endTimeLocal, nurse)
        if (shift) throw new Refused(fail(400, shiftProblemMessage(shift, nurse)))
        const plan = {
          dueDate: input.dueDate,
          windowBeforeDays: nurse.windowBeforeDays,
          windowAfterDays: nurse.windowAfterDays,
          weeks: input.weeks,
          nightsPerWeek: input.nightsPerWeek,
          weekdays,
          startTimeLocal: input.startTimeLocal,
          endTimeLocal: input.endTimeLocal,
        }
        const held = heldNightsAhead(plan, nurse.timezone, now)
        const taken = await findTakenNights(tx, nurse.id, actor.id, held, now)
        if (taken.length) throw new Refused(fail(409, `${NIGHTS_TAKEN_MESSAGE}: ${nameNights(taken)}`, taken))
        const row = await lifeCycle.insertReservation(
          tx,
          {
            parentId: actor.id,
            nurseId: nurse.id,
            ...plan,
            babies: input.babies,
            timezone: nurse.timezone,
            addressText: input.addressText,
            notes: input.notes || null,
            nightlyRateCents: nurse.nightlyRateCents,
            extraBabyCents: nurse.extraBabyCents,
            // Until the deposit is paid: its 15 minutes (decision 0073).
            respondBy: unpaidHoldUntil(now),
          },
          actor.id,
          now,
        )
        return row.id
      }),
    () => fail(409, NIGHTS_TAKEN_MESSAGE + '.'),
  )
  if (typeof result !== 'number') return result
  clearPublicNurseCache()
  return { ok: true, reservation: (await readUnpaid(result, now))! }
}

/** An unpaid reservation as its family will see it once paid; null once it is not unpaid. */
export async function readUnpaid(reservationId: number, now = new Date()): Promise<ReservationView | null> {
  const [row] = await selectViews(getDb()).where(and(eq(reservations.id, reservationId), eq(reservations.status, 'unpaid')))
  return row ? toView(row, now) : null
}

/**
 * Its deposit went through (decision 0073): under the nurse's lock, the reservation becomes a
 * request with 48 hours for her answer, or is accepted at once when she takes reservations
 * instantly, and both sides are told. 'taken' when it was paid after its 15 minutes and another
 * family's nights came in between (the caller refunds), 'gone' when it was not unpaid any more.
 */
export async function confirmDepositPaid(reservationId: number, depositCents: number, now = new Date()): Promise<'requested' | 'accepted' | 'taken' | 'gone' | 'missing'> {
  const outcome = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(reservations).where(eq(reservations.id, reservationId))
    if (!before) return 'missing' as const
    if (before.status !== 'unpaid') return 'gone' as const
    const [nurse] = await lockNurse(tx, before.nurseId)
    const [row] = await tx.select().from(reservations).where(eq(reservations.id, reservationId))
    if (!row || row.status !== 'unpaid') return 'gone' as const
    if (row.respondBy.getTime() <= now.getTime()) {
      const taken = await findTakenNights(tx, row.nurseId, row.parentId, heldNightsOf(row, now), now, row.id)
      if (taken.length) return 'taken' as const
    }
    const paid = await lifeCycle.markDepositPaid(tx, row.id, respondByFor(now), now, { instant: nurse.instantReservations, depositCents })
    return paid?.status === 'accepted' ? ('accepted' as const) : ('requested' as const)
  })
  if (outcome === 'requested' || outcome === 'accepted') {
    clearPublicNurseCache()
    const [row] = await selectViews(getDb()).where(eq(reservations.id, reservationId))
    await tellOf(toView(row, now), outcome)
  }
  return outcome
}

/** A reservation whose deposit did not go through is taken back: its nights are free again. */
export async function dropUnpaidReservation(reservationId: number): Promise<boolean> {
  const dropped = await getDb().transaction((tx) => lifeCycle.dropUnpaidReservation(tx, reservationId))
  if (dropped) clearPublicNurseCache()
  return dropped
}

/** Unpaid reservations past their 15 minutes: the deposit sweep asks the provider about each. */
export async function listUnpaidPastDue(now = new Date(), limit = 100): Promise<number[]> {
  const rows = await getDb()
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'unpaid'), lte(reservations.respondBy, now)))
    .orderBy(asc(reservations.id))
    .limit(limit)
  return rows.map((row) => row.id)
}

// --- Answers, withdrawals, a new due date -----------------------------------------------------------

async function ownRow(actor: ReservationActor, reservationId: number, now: Date) {
  const view = await getReservationFor(actor, reservationId, now)
  return view
}

/** The nurse accepts or declines a request; a request past its 48 hours lapses instead. */
export async function answerReservation(
  actor: ReservationActor,
  input: { reservationId: number; answer: 'accept' | 'decline'; reason?: string },
  now = new Date(),
): Promise<{ ok: true; reservation: ReservationView } | ReservationFailure> {
  if (actor.role !== 'nurse') return fail(403, accessDeniedMessage(actor.role))
  const own = await ownRow(actor, input.reservationId, now)
  if (!own) return fail(404, RESERVATION_NOT_FOUND)
  const result = await runRefusable(
    () =>
      getDb().transaction(async (tx) => {
        await lockNurse(tx, own.nurseId)
        const [row] = await tx.select().from(reservations).where(eq(reservations.id, own.id))
        if (row.status !== 'requested') throw new Refused(fail(409, NOT_A_REQUEST))
        if (row.respondBy.getTime() <= now.getTime()) {
          await lifeCycle.lapseUnanswered(tx, now, row.id)
          return 'lapsed' as const
        }
        if (input.answer === 'decline') {
          await lifeCycle.declineReservation(tx, row.id, actor.id, input.reason?.trim() ?? '', now)
          return 'declined' as const
        }
        // Its nights were held from the moment it was asked, so nothing can have taken them; checked
        // again all the same, under her lock, as the backstop.
        const taken = await findTakenNights(tx, row.nurseId, row.parentId, heldNightsOf(row, now), now, row.id)
        if (taken.length) throw new Refused(fail(409, `${NIGHTS_TAKEN_MESSAGE}: ${nameNights(taken)}`, taken))
        await lifeCycle.acceptReservation(tx, row.id, actor.id, now)
        return 'accepted' as const
      }),
    () => fail(409, NIGHTS_TAKEN_MESSAGE + '.'),
  )
  if (typeof result !== 'string') return result
  clearPublicNurseCache()
  const reservation = (await getReservationFor(actor, own.id, now))!
  await tellOf(reservation, result)
  if (result === 'lapsed') return fail(409, REQUEST_LAPSED)
  return { ok: true, reservation }
}

/** Either side withdraws a reservation that stands; the other side is told. */
export async function withdrawReservation(
  actor: ReservationActor,
  input: { reservationId: number },
  now = new Date(),
): Promise<{ ok: true; reservation: ReservationView } | ReservationFailure> {
  if (actor.role !== 'parent' && actor.role !== 'nurse') return fail(403, accessDeniedMessage(actor.role))
  const own = await ownRow(actor, input.reservationId, now)
  if (!own) return fail(404, RESERVATION_NOT_FOUND)
  const row = await getDb().transaction((tx) => lifeCycle.cancelReservation(tx, own.id, { id: actor.id, side: actor.role as 'parent' | 'nurse' }, now))
  if (!row) return fail(409, NOT_LIVE)
  clearPublicNurseCache()
  const reservation = (await getReservationFor(actor, own.id, now))!
  await tellOf(reservation, actor.role === 'parent' ? 'cancelled-by-parent' : 'cancelled-by-nurse')
  return { ok: true, reservation }
}

/**
 * The family's new due date, while the reservation stands: a real date from today to ten months
 * ahead, and the new window's held nights free of other families' nights, checked under the
 * nurse's lock. The window keeps the days before and after she offered when asked. She is told.
 */
export async function changeDueDate(
  actor: ReservationActor,
  input: { reservationId: number; dueDate: string },
  now = new Date(),
): Promise<{ ok: true; reservation: ReservationView } | ReservationFailure> {
  if (actor.role !== 'parent') return fail(403, accessDeniedMessage(actor.role))
  const own = await ownRow(actor, input.reservationId, now)
  if (!own) return fail(404, RESERVATION_NOT_FOUND)
  if (!canChangeDueDate(own.status) || !own.holding) return fail(409, NOT_LIVE)
  if (own.dueDate === input.dueDate) return fail(400, 'That is already your due date')
  const dateProblem = dueDateProblem(input.dueDate, own.timezone, now)
  if (dateProblem) return fail(400, dateProblem)
  const result = await runRefusable(
    () =>
      getDb().transaction(async (tx) => {
        await lockNurse(tx, own.nurseId)
        const [row] = await tx.select().from(reservations).where(eq(reservations.id, own.id))
        if (!isHolding(row, now)) throw new Refused(fail(409, NOT_LIVE))
        const moved = { ...row, dueDate: input.dueDate }
        const taken = await findTakenNights(tx, row.nurseId, row.parentId, heldNightsOf(moved, now), now, row.id)
        if (taken.length) throw new Refused(fail(409, `She is not free around that date. These nights are already taken: ${nameNights(taken)}`, taken))
        const changed = await lifeCycle.recordDueDateChange(tx, row, input.dueDate, actor.id, now)
        if (!changed) throw new Refused(fail(409, NOT_LIVE))
        return row.dueDate
      }),
    () => fail(409, NIGHTS_TAKEN_MESSAGE + '.'),
  )
  if (typeof result !== 'string') return result
  clearPublicNurseCache()
  const reservation = (await getReservationFor(actor, own.id, now))!
  await tellOf(reservation, 'due-date-changed', { previousDueDate: result })
  return { ok: true, reservation }
}

// --- Background work --------------------------------------------------------------------------------

/** Requests past their 48 hours become lapsed, and each family is told once (safe to run twice). */
export async function lapseUnansweredReservations(now = new Date()): Promise<number> {
  const lapsed = await getDb().transaction((tx) => lifeCycle.lapseUnanswered(tx, now))
  for (const row of lapsed) {
    const [view] = await selectViews(getDb()).where(eq(reservations.id, row.id))
    if (view) await tellOf(toView(view, now), 'lapsed')
  }
  if (lapsed.length) clearPublicNurseCache()
  return lapsed.length
}

export const DUE_DATE_REMINDER_WEEKS = [4, 1] as const

/**
 * Asks each family holding a nurse whether the due date is still right, four weeks and one week
 * before it, each once per due date (a claimed row in verification_notices, unique per subject and
 * notice). A reminder is skipped when the reservation was made after its day, and the four-week one
 * once the one-week day has come.
 */
export async function sendDueDateReminders(now = new Date()): Promise<number> {
  const rows = await selectViews(getDb()).where(and(holdsNights(now), gt(reservations.dueDate, sql`(${now.toISOString()}::timestamptz)::date`)))
  let sent = 0
  for (const row of rows) {
    const r = row.reservation
    const today = localToday(r.timezone, now)
    const madeOn = localToday(r.timezone, r.createdAt)
    const due = DUE_DATE_REMINDER_WEEKS.find((weeks) => {
      const day = addDays(r.dueDate, -7 * weeks)
      return today >= day && madeOn < day && today < r.dueDate
    })
    if (!due || (due === 4 && today >= addDays(r.dueDate, -7))) continue
    const claimed = await getDb()
      .insert(verificationNotices)
      .values({ subject: 'reservation', subjectId: r.id, notice: `due-date-${due}w-${r.dueDate}`, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: verificationNotices.id })
    if (!claimed.length) continue
    const parent = await emailOf(r.parentId)
    if (parent) {
      await sendEmailAfterTheFact(
        parent.email,
        (t) => dueDateReminderEmail({ origin: origin(), parentName: row.parentName, nurseName: row.nurseName, weeksBefore: due, reservation: r }, t),
        `Reservation ${r.id} (due-date reminder)`,
      )
      sent++
    }
  }
  // On the due date itself, an accepted reservation's family gets the button that starts the nights.
  const dueToday = await selectViews(getDb()).where(
    and(eq(reservations.status, 'accepted'), lte(reservations.dueDate, sql`((${now.toISOString()}::timestamptz)::date + 1)`)),
  )
  for (const row of dueToday) {
    const r = row.reservation
    const today = localToday(r.timezone, now)
    const { lastStart } = reservationWindow(r)
    if (today < r.dueDate || today > lastStart || localToday(r.timezone, r.createdAt) >= r.dueDate) continue
    const claimed = await getDb()
      .insert(verificationNotices)
      .values({ subject: 'reservation', subjectId: r.id, notice: `due-day-${r.dueDate}`, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: verificationNotices.id })
    if (!claimed.length) continue
    const parent = await emailOf(r.parentId)
    if (parent) {
      await sendEmailAfterTheFact(parent.email, (t) => dueDayEmail({ origin: origin(), parentName: row.parentName, nurseName: row.nurseName, lastStart, reservation: r }, t), `Reservation ${r.id} (due day)`)
      sent++
    }
  }
  return sent
}

// --- Telling people ---------------------------------------------------------------------------------

const origin = () => getConfig().APP_ORIGIN

async function emailOf(userId: number) {
  const [row] = await getDb().select({ email: users.email, name: users.displayName }).from(users).where(eq(users.id, userId))
  return row ?? null
}

type News = 'requested' | 'accepted' | 'declined' | 'lapsed' | 'cancelled-by-parent' | 'cancelled-by-nurse' | 'due-date-changed'

async function tellOf(view: ReservationView, news: News, extra: { previousDueDate?: string } = {}) {
  const [nurseUser] = await getDb()
    .select({ id: users.id, email: users.email })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.id, view.nurseId))
  const parent = await emailOf(view.parentId)
  const common = { origin: origin(), nurseName: view.nurseName, parentName: view.parentName, reservation: view }
  const about = `Reservation ${view.id} (${news})`
  switch (news) {
    case 'requested':
      if (nurseUser) {
        pushLater({ kind: 'reservation-requested', nurseUserId: nurseUser.id, reservationId: view.id, familyName: firstName(view.parentName) })
        await sendEmailAfterTheFact(nurseUser.email, (t) => reservationRequestedEmail(common, t), about)
      }
      return
    case 'accepted':
      if (parent) await sendEmailAfterTheFact(parent.email, (t) => reservationAcceptedEmail(common, t), about)
      return
    case 'declined':
      if (parent) await sendEmailAfterTheFact(parent.email, (t) => reservationDeclinedEmail({ ...common, reason: view.reason ?? '' }, t), about)
      return
    case 'lapsed':
      if (parent) await sendEmailAfterTheFact(parent.email, (t) => reservationLapsedEmail(common, t), about)
      return
    case 'cancelled-by-parent':
      if (nurseUser) await sendEmailAfterTheFact(nurseUser.email, (t) => reservationCancelledEmail({ origin: origin(), toName: view.nurseName, byName: view.parentName, to: 'nurse', reservation: view }, t), about)
      return
    case 'cancelled-by-nurse':
      if (parent) await sendEmailAfterTheFact(parent.email, (t) => reservationCancelledEmail({ origin: origin(), toName: view.parentName, byName: view.nurseName, to: 'parent', reservation: view }, t), about)
      return
    case 'due-date-changed':
      if (nurseUser) await sendEmailAfterTheFact(nurseUser.email, (t) => dueDateChangedEmail({ ...common, previousDueDate: extra.previousDueDate ?? view.dueDate }, t), about)
  }
}

// --- 'Our baby is here' (decision 0069) -------------------------------------------------------------

/**
 * Under the nurse's lock, as a booking of the reservation is made: whether its plan may still be
 * booked, accepted, or turned down after it started so a backup takes it (decision 0070). A
 * cancellation a moment ago refuses the booking. Payments book the plan and call this.
 */
export async function isReservationBookable(tx: DbOrTx, reservationId: number): Promise<boolean> {
  const [row] = await tx.select({ status: reservations.status, startedAt: reservations.startedAt }).from(reservations).where(eq(reservations.id, reservationId))
  return row?.status === 'accepted' || (row?.status === 'declined' && row.startedAt !== null)
}

/**
 * The plan's booking was paid: the reservation has started, in the payment's transaction. A
 * booking with another nurse than the reserved one is a backup's (decision 0070): answered
 * 'backup-nurse', and the reserved nurse's held nights are free again. Null when it was no
 * longer accepted.
 */
export async function markReservationStarted(
  tx: DbOrTx,
  reservationId: number,
  booked: { actorId: number; nurseId: number },
  now: Date,
): Promise<'baby-home' | 'backup-nurse' | null> {
  const [reserved] = await tx.select({ nurseId: reservations.nurseId }).from(reservations).where(eq(reservations.id, reservationId))
  if (!reserved) return null
  const cause = reserved.nurseId === booked.nurseId ? 'baby-home' : 'backup-nurse'
  const row = await lifeCycle.startReservation(tx, reservationId, booked.actorId, now, cause)
  if (!row) return null
  clearPublicNurseCache()
  return cause
}

/** She turns down the start (decision 0070), in the transaction that cancels its booking; false when it had not started. */
export async function markStartTurnedDown(tx: DbOrTx, reservationId: number, actorId: number, reason: string, now: Date): Promise<boolean> {
  return (await lifeCycle.turnDownStart(tx, reservationId, actorId, reason, now)) !== null
}

/** The provider refused the refund of a turned-down start: started again, in the restoring transaction. */
export async function undoStartTurnedDown(tx: DbOrTx, reservationId: number, now: Date): Promise<void> {
  await lifeCycle.undoTurnDown(tx, reservationId, now)
}

/** The family hears she cannot start, that it is refunded, and where the backups are. */
export async function tellStartTurnedDown(view: ReservationView, input: { firstNight: string; refundCents: number; reason: string }): Promise<void> {
  const [parent] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, view.parentId))
  if (!parent) return
  await sendEmailAfterTheFact(
    parent.email,
    (t) => startTurnedDownEmail({ origin: origin(), parentName: view.parentName, nurseName: view.nurseName, reservation: view, ...input }, t),
    `Reservation ${view.id} (start turned down)`,
  )
}

/** The address a reservation's nurse is written to. */
async function nurseEmailOf(nurseId: number): Promise<string | null> {
  const [row] = await getDb()
    .select({ email: users.email })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.id, nurseId))
  return row?.email ?? null
}

/** The reserved nurse is told the family started with a backup nurse; after the payment's commit. */
export async function tellStartedWithBackup(reservationId: number, firstNight: string): Promise<void> {
  const [row] = await selectViews(getDb()).where(eq(reservations.id, reservationId))
  if (!row) return
  const view = toView(row, new Date())
  const nurseEmail = await nurseEmailOf(view.nurseId)
  if (!nurseEmail) return
  await sendEmailAfterTheFact(
    nurseEmail,
    (t) => startedWithBackupEmail({ origin: origin(), nurseName: view.nurseName, parentName: view.parentName, firstNight, reservation: view }, t),
    `Reservation ${view.id} (started with a backup nurse)`,
  )
}

/** The nurse is told at once that the family's baby is here; a failing mail server never undoes the booking. */
export async function tellBabyIsHere(view: ReservationView, firstNight: string): Promise<void> {
  const nurseEmail = await nurseEmailOf(view.nurseId)
  if (!nurseEmail) return
  await sendEmailAfterTheFact(nurseEmail, (t) => babyIsHereEmail({ origin: origin(), nurseName: view.nurseName, parentName: view.parentName, firstNight, reservation: view }, t), `Reservation ${view.id} (baby is here)`)
}

// --- Calendars ------------------------------------------------------------------------------------

/**
 * The nights a nurse's live reservations hold between two dates, for her calendar and her public
 * profile's: each held night not open to any family but the reserving one.
 */
export async function listHeldDates(nurseId: number, from: string, to: string, now = new Date()): Promise<Set<string>> {
  const rows = await readHoldingReservations(getDb(), nurseId, now)
  const dates = new Set<string>()
  for (const row of rows) for (const date of heldDatesAhead(row, row.timezone, now)) if (date >= from && date <= to) dates.add(date)
  return dates
}

/**
 * Her open nights as a family may book them: her open nights less those her live reservations hold
 * for another family (a family's own reservation never hides a night from it). Her profile, /book
 * and GET /_api/nurses/availability read these, so a held night is never offered and then refused.
 */
export async function listOpenNightsToBook(
  nurse: { nurseId: number; timezone: string; minNoticeHours: number },
  now: Date,
  options: { cached?: boolean; parentId?: number } = {},
): Promise<OpenNight[]> {
  const open = await listOpenNights(nurse, now, { cached: options.cached })
  if (!open.length) return open
  const held = (await readHoldingReservations(getDb(), nurse.nurseId, now, { parentId: options.parentId })).flatMap((row) => heldNightsOf(row, now))
  if (!held.length) return open
  const timed = open.map((night) => ({ date: night.date, ...nightInstants(night.date, night.startTimeLocal, night.endTimeLocal, nurse.timezone) }))
  const reserved = new Set(clashingDates(timed, held))
  return open.filter((night) => !reserved.has(night.date))
}

/**
 * Which of these requested nights another family's reservation holds, read without her lock: /book's
 * dates step names them before the booking itself refuses them (under the lock) at the end.
 */
export async function listReservedAmong(input: {
  nurseId: number
  parentId: number | null
  nights: ReadonlyArray<{ date: string; startTimeLocal: string; endTimeLocal: string }>
  now: Date
}): Promise<string[]> {
  const [nurse] = await getDb().select({ timezone: nurseProfiles.timezone }).from(nurseProfiles).where(eq(nurseProfiles.id, input.nurseId))
  if (!nurse || !input.nights.length) return []
  const timed = input.nights.map((night) => ({ date: night.date, ...nightInstants(night.date, night.startTimeLocal, night.endTimeLocal, nurse.timezone) }))
  return findReservedNights(getDb(), { nurseId: input.nurseId, parentId: input.parentId ?? 0, nights: timed, now: input.now })
}

// --- The reservation form -------------------------------------------------------------------------

export interface ReservableNurse {
  id: number
  slug: string
  name: string
  timezone: string
  nightlyRateCents: number
  extraBabyCents: number
  maxBabies: number
  minHours: number
  maxHours: number
  defaultStartTime: string
  defaultEndTime: string
  windowBeforeDays: number
  windowAfterDays: number
  instantReservations: boolean
}

/** The /reserve page's nurse: a listed one by slug (approved, not lapsed), or null (404). */
export async function getReservableNurse(slug: string): Promise<ReservableNurse | null> {
  const [row] = await getDb()
    .select({
      id: nurseProfiles.id,
      slug: nurseProfiles.slug,
      name: users.displayName,
      timezone: nurseProfiles.timezone,
      nightlyRateCents: nurseProfiles.nightlyRateCents,
      extraBabyCents: nurseProfiles.extraBabyCents,
      maxBabies: nurseProfiles.maxBabies,
      minHours: nurseProfiles.minHours,
      maxHours: nurseProfiles.maxHours,
      defaultStartTime: nurseProfiles.defaultStartTime,
      defaultEndTime: nurseProfiles.defaultEndTime,
      windowBeforeDays: nurseProfiles.reservationWindowBeforeDays,
      windowAfterDays: nurseProfiles.reservationWindowAfterDays,
      instantReservations: nurseProfiles.instantReservations,
      lapsedAt: nurseProfiles.lapsedAt,
    })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(and(eq(nurseProfiles.slug, slug), eq(nurseProfiles.verificationStatus, 'approved')))
  if (!row || row.lapsedAt !== null) return null
  const { lapsedAt: _lapsed, ...nurse } = row
  return nurse
}

/** Her start window and instant reservations (her settings); a window changed later holds for new requests only. */
export async function updateReservationSettings(
  userId: number,
  settings: { reservationWindowBeforeDays: number; reservationWindowAfterDays: number; instantReservations: boolean },
) {
  const rows = await getDb()
    .update(nurseProfiles)
    .set({
      reservationWindowBeforeDays: settings.reservationWindowBeforeDays,
      reservationWindowAfterDays: settings.reservationWindowAfterDays,
      instantReservations: settings.instantReservations,
      updatedAt: new Date(),
    })
    .where(eq(nurseProfiles.userId, userId))
    .returning({ id: nurseProfiles.id })
  return rows.length > 0
}

/** Her settings as the reservations page shows them; null without a profile. */
export async function getReservationSettings(userId: number) {
  const [row] = await getDb()
    .select({
      reservationWindowBeforeDays: nurseProfiles.reservationWindowBeforeDays,
      reservationWindowAfterDays: nurseProfiles.reservationWindowAfterDays,
      instantReservations: nurseProfiles.instantReservations,
    })
    .from(nurseProfiles)
    .where(eq(nurseProfiles.userId, userId))
  return row ?? null
}
