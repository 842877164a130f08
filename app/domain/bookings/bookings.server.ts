// Bookings: creating one so that a nurse can never be double-booked, reading it back for its
// parent, releasing unpaid holds, and confirming it once paid (the charge itself and the
// confirmation e-mails are payments/booking-confirmation.server.ts). Database access for bookings
// lives here only; the rules themselves are in booking-rules.ts.
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import { getDb, inOrder, type DbOrTx } from '../../db/client.server'
import { mondayOf, nightsTooSoon, noticeMessage, overfullWeeks, weekLimitMessage, weeksOf } from '../nurses/booking-limits'
import { liveNightDatesInWeeks } from '../nurses/booking-limits.server'
import { isPaidBooking } from './life-cycle'
import * as lifeCycle from './life-cycle.server'
import {
  availabilityDates,
  bookingOccurrences,
  bookings,
  nurseProfiles,
  payments,
  users,
} from '../../db/schema'
import type { BookingRequest } from '../../schemas/booking'
import { accessDeniedMessage } from '../accounts/auth-redirects'
import {
  clashCandidateDates,
  expandWeekly,
  findShiftProblems,
  findHoldLimitProblem,
  findUnavailableNights,
  holdExpiry,
  type LiveHold,
  MAX_NIGHTS,
  nameNights,
  rangesOverlap,
  withInstants,
  type NightRequest,
  type NurseShiftLimits,
  type TimedNight,
} from './booking-rules'
import { holdCycleWindowStart, mustPayAtOnce, PAY_AT_ONCE_MESSAGE } from './hold-cycling'
import { tooManyBabiesMessage } from './babies'
import { BOOKING_TOTAL_TOO_HIGH, isBookingTotalTooHigh, isBookingTotalTooLow, NURSE_RATE_TOO_LOW, priceNights } from './pricing'

export const NURSE_NOT_BOOKABLE = 'This nurse is not available for booking.'
/** A listed nurse out of search by a lapsed credential (docs/decisions/0062): her booked nights stay. */
export const NURSE_LAPSED = 'She cannot take new bookings until her credentials are renewed.'
export const NOT_OPENED_MESSAGE = 'The nurse has not opened these nights on her calendar'
export const NIGHTS_JUST_BOOKED = 'Some of these nights were just booked by someone else.'
export const BOOK_FOR_YOURSELF = 'You can only book for yourself.'

export interface BookingActor {
  id: number
  role: 'parent' | 'nurse' | 'admin'
}

export interface BookingFailure {
  ok: false
  status: 400 | 403 | 404 | 409
  error: string
  /** The nights (yyyy-MM-dd) that could not be booked. */
  clashes?: string[]
  /** What is wrong with each night it concerns, for a form that flags every one (issue 38). */
  nightErrors?: Array<{ date: string; message: string }>
  /** The parent's unpaid booking with this nurse, when that is why a new one was refused. */
  unpaidBookingId?: number
  /** The account left too many unpaid holds: it can book only by paying at once (decision 0045). */
  payAtOnce?: true
}

export interface OccurrenceView {
  id: number
  date: string
  startTimeLocal: string
  endTimeLocal: string
  startsAt: Date
  endsAt: Date
  status: string
  priceCents: number
}

export interface BookingView {
  id: number
  parentId: number
  nurseId: number
  status: string
  pattern: 'one_time' | 'recurring'
  startDate: string
  weeksCount: number | null
  nightsPerWeek: number
  timezone: string
  addressText: string
  contactName: string | null
  contactPhone: string | null
  notes: string | null
  nightlyRateCents: number
  /** How many babies the nights are for (issue 36), and her extra per additional baby as priced. */
  babies: number
  extraBabyCents: number
  subtotalCents: number
  platformFeeCents: number
  totalAmountCents: number
  nursePayoutCents: number
  holdExpiresAt: Date | null
  createdAt: Date
  occurrences: OccurrenceView[]
}

export interface ParentBookingView extends BookingView {
  nurseName: string
  nurseSlug: string
  nurseAvatarUrl: string | null
  /** The due-date reservation this booking was started from ('Our baby is here', decision 0069), or null. */
  reservationId: number | null
}

const fail = (status: BookingFailure['status'], error: string, clashes?: string[]): BookingFailure =>
  clashes ? { ok: false, status, error, clashes } : { ok: false, status, error }

/** Thrown inside a transaction to roll it back and answer a failure. */
class BookingRefused extends Error {
  constructor(readonly failure: BookingFailure) {
    super(failure.error)
  }
}

/** The SQLSTATE of a database error, through Drizzle's wrapper (postgres.js and PGlite alike). */
export function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

// Exclusion violation (the constraint caught an overlap), deadlock, serialization failure: the
// other booking won the race (docs/architecture.md, double booking).
const RACE_CODES = new Set(['23P01', '40P01', '40001'])

// --- The nurse, as the booking flow needs it -------------------------------------------------------

export interface BookableNurse {
  id: number
  userId: number
  slug: string
  displayName: string
  photoUrl: string | null
  nightlyRateCents: number
  /** Twins and triplets (issue 36): the most babies a night she takes, and her extra for each after the first. */
  maxBabies: number
  extraBabyCents: number
  timezone: string
  minHours: number
  maxHours: number
  /** Nights starting sooner than this cannot be booked (issue 17): step 1 does not offer them. */
  minNoticeHours: number
}

const bookableNurseColumns = {
  id: nurseProfiles.id,
  userId: nurseProfiles.userId,
  slug: nurseProfiles.slug,
  displayName: users.displayName,
  photoUrl: nurseProfiles.photoUrl,
  avatarUrl: users.avatarUrl,
  nightlyRateCents: nurseProfiles.nightlyRateCents,
  maxBabies: nurseProfiles.maxBabies,
  extraBabyCents: nurseProfiles.extraBabyCents,
  timezone: nurseProfiles.timezone,
  minHours: nurseProfiles.minHours,
  maxHours: nurseProfiles.maxHours,
  minNoticeHours: nurseProfiles.minNoticeHours,
}

/** An approved nurse by id (and slug, when the link names one); null for anyone else: only approved
 * nurses are bookable. */
export async function getBookableNurse(input: { nurseId: number; slug?: string }): Promise<BookableNurse | null> {
  const [row] = await getDb()
    .select(bookableNurseColumns)
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(
      and(
        eq(nurseProfiles.id, input.nurseId),
        eq(nurseProfiles.verificationStatus, 'approved'),
        input.slug ? eq(nurseProfiles.slug, input.slug) : undefined,
      ),
    )
  if (!row) return null
  const { avatarUrl, ...nurse } = row
  return { ...nurse, photoUrl: nurse.photoUrl ?? avatarUrl }
}

// --- Creating a booking ----------------------------------------------------------------------------

/** Live booked nights of this nurse that overlap any of these nights (the race and confirm paths). */
async function liveOccurrencesOverlapping(
  db: DbOrTx,
  nurseId: number,
  nights: readonly TimedNight[],
  exceptBookingId?: number,
) {
  const from = new Date(Math.min(...nights.map((n) => n.startsAt.getTime())))
  const to = new Date(Math.max(...nights.map((n) => n.endsAt.getTime())))
  const rows = await db
    .select({
      bookingId: bookingOccurrences.bookingId,
      startsAt: bookingOccurrences.startsAt,
      endsAt: bookingOccurrences.endsAt,
    })
    .from(bookingOccurrences)
    .where(
      and(
        eq(bookingOccurrences.nurseId, nurseId),
        ne(bookingOccurrences.status, 'cancelled'),
        lt(bookingOccurrences.startsAt, to),
        gt(bookingOccurrences.endsAt, from),
        exceptBookingId ? ne(bookingOccurrences.bookingId, exceptBookingId) : undefined,
      ),
    )
  return rows.filter((row) => nights.some((night) => rangesOverlap(night, row)))
}

interface NurseAvailability {
  openDates: Set<string>
  live: Array<{ startsAt: Date; endsAt: Date }>
}

/**
 * The nurse's published dates among these nights, and the live booked nights that could overlap
 * them (clashCandidateDates), in one statement. It needs no time zone, so createBooking can send
 * it together with the nurse's row lock: the connection runs them in order, so this read starts
 * once the lock is held and sees every booking committed before it (docs/decisions/0007).
 */
function readAvailability(
  db: DbOrTx,
  nurseId: number,
  nights: ReadonlyArray<{ date: string }>,
  exceptBookingId?: number,
): Promise<NurseAvailability> {
  const published = db
    .select({
      date: availabilityDates.date,
      startsAt: sql`null::timestamptz`.mapWith(bookingOccurrences.startsAt),
      endsAt: sql`null::timestamptz`.mapWith(bookingOccurrences.endsAt),
    })
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.nurseId, nurseId),
        inArray(
          availabilityDates.date,
          nights.map((n) => n.date),
        ),
      ),
    )
  const booked = db
    .select({
      date: sql`null::date`.mapWith(availabilityDates.date),
      startsAt: bookingOccurrences.startsAt,
      endsAt: bookingOccurrences.endsAt,
    })
    .from(bookingOccurrences)
    .where(
      and(
        eq(bookingOccurrences.nurseId, nurseId),
        inArray(bookingOccurrences.date, clashCandidateDates(nights)),
        ne(bookingOccurrences.status, 'cancelled'),
        exceptBookingId ? ne(bookingOccurrences.bookingId, exceptBookingId) : undefined,
      ),
    )
  return published.unionAll(booked).then((rows) => {
    const availability: NurseAvailability = { openDates: new Set(), live: [] }
    for (const row of rows) {
      if (row.startsAt && row.endsAt) availability.live.push({ startsAt: row.startsAt, endsAt: row.endsAt })
      else if (row.date) availability.openDates.add(row.date)
    }
    return availability
  })
}

/** Which of these nights cannot be booked: not published, in the past, or overlapping a live booking. */
function judgeNights(availability: NurseAvailability, nurse: { timezone: string }, nights: readonly TimedNight[], now: Date) {
  return findUnavailableNights({
    nights,
    openDates: availability.openDates,
    booked: availability.live,
    timeZone: nurse.timezone,
    now,
  })
}

/**
 * Step 1 of /book: would these nights be bookable now? The same checks as createBooking, without
 * booking anything (createBooking checks again under the nurse's lock). `exceptBookingId` is the
 * parent's own pending booking, whose nights do not count against them.
 */
export async function checkBookingNights(input: {
  nurseId: number
  nights: readonly NightRequest[]
  weeksCount: number | null
  /** How many babies (issue 36); 1 when absent. */
  babies?: number
  now: Date
  exceptBookingId?: number | null
}): Promise<{ ok: true; nights: NightRequest[] } | BookingFailure> {
  const [nurse] = await getDb()
    .select({
      id: nurseProfiles.id,
      displayName: users.displayName,
      maxBabies: nurseProfiles.maxBabies,
      timezone: nurseProfiles.timezone,
      minHours: nurseProfiles.minHours,
      maxHours: nurseProfiles.maxHours,
      verificationStatus: nurseProfiles.verificationStatus,
      lapsedAt: nurseProfiles.lapsedAt,
      minNoticeHours: nurseProfiles.minNoticeHours,
      maxNightsPerWeek: nurseProfiles.maxNightsPerWeek,
    })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.id, input.nurseId))
  if (!nurse || nurse.verificationStatus !== 'approved') return fail(404, NURSE_NOT_BOOKABLE)
  if (nurse.lapsedAt !== null) return fail(409, NURSE_LAPSED)
  // Told on the dates step, in the words the booking itself refuses with (createBooking).
  if ((input.babies ?? 1) > nurse.maxBabies) {
    return fail(409, tooManyBabiesMessage(nurse.displayName, nurse.maxBabies))
  }
  const nights = expandRequest(input.nights, input.weeksCount ?? 1)
  if (!nights.ok) return nights
  const availability = await readAvailability(getDb(), nurse.id, nights.nights, input.exceptBookingId ?? undefined)
  const judged = judgeRequestedNights(nurse, nights.nights, availability, input.now)
  if (!judged.ok) return judged
  // The nights a week she takes (issue 17), told on the dates step rather than at payment (issue
  // 38). Read without her lock: createBooking checks again under it.
  if (nurse.maxNightsPerWeek !== null) {
    const dates = nights.nights.map((night) => night.date)
    const others = await liveNightDatesInWeeks(getDb(), nurse.id, weeksOf(dates), { exceptBooking: input.exceptBookingId ?? undefined })
    const full = overfullWeeks([...others, ...dates], nurse.maxNightsPerWeek)
    if (full.length) {
      const message = weekLimitMessage(nurse.maxNightsPerWeek, full)
      const concerned = dates.filter((date) => full.includes(mondayOf(date)))
      return { ...fail(409, message, concerned), nightErrors: concerned.map((date) => ({ date, message })) }
    }
  }
  return { ok: true, nights: nights.nights }
}

/** The requested nights with their weekly repeats, within what one booking may hold. */
export function expandRequest(requested: readonly NightRequest[], weeks: number): { ok: true; nights: NightRequest[] } | BookingFailure {
  const nights = expandWeekly(requested, weeks)
  if (nights.length > MAX_NIGHTS) return fail(400, `A booking can have at most ${MAX_NIGHTS} nights.`)
  return { ok: true, nights }
}

/**
 * The checks the dates step and creation share, in this order and with these messages: each
 * shift fits the nurse's hours, then every night is published and free.
 */
function judgeRequestedNights(
  nurse: NurseShiftLimits & { timezone: string; minNoticeHours?: number },
  nights: NightRequest[],
  availability: NurseAvailability,
  now: Date,
): { ok: true; timed: TimedNight[] } | BookingFailure {
  const shiftProblems = findShiftProblems(nights, nurse)
  if (shiftProblems.length) {
    return { ...fail(400, shiftProblems[0].message, shiftProblems.map((problem) => problem.date)), nightErrors: shiftProblems }
  }
  const timed = withInstants(nights, nurse.timezone)
  const unavailable = judgeNights(availability, nurse, timed, now)
  // A night she never opened is not one that is 'no longer available' (issue 38: week 4 of a
  // series that was never open read as if someone had just taken it).
  const neverOpen = unavailable.filter((date) => !availability.openDates.has(date))
  if (neverOpen.length) return fail(409, `${NOT_OPENED_MESSAGE}: ${nameNights(neverOpen)}`, unavailable)
  if (unavailable.length) return fail(409, `These nights are no longer available: ${nameNights(unavailable)}`, unavailable)
  // The nurse's minimum notice (issue 17): a night starting sooner cannot be booked.
  const tooSoon = nightsTooSoon(timed, nurse.minNoticeHours ?? 0, now)
  if (tooSoon.length) return fail(409, noticeMessage(nurse.minNoticeHours ?? 0, tooSoon), tooSoon)
  return { ok: true, timed }
}

/**
 * The live unpaid bookings (hold not yet expired) of this parent, with any nurse, and of this
 * nurse, by any parent: what the hold limits count (docs/decisions/0012).
 */
async function readLiveHolds(db: DbOrTx, parentId: number, nurseId: number, now: Date): Promise<LiveHold[]> {
  const rows = await db
    .select({
      bookingId: bookings.id,
      parentId: bookings.parentId,
      nurseId: bookings.nurseId,
      nights: sql<number>`count(${bookingOccurrences.id})::int`,
    })
    .from(bookings)
    .innerJoin(
      bookingOccurrences,
      and(eq(bookingOccurrences.bookingId, bookings.id), eq(bookingOccurrences.status, 'pending')),
    )
    .where(
      and(
        eq(bookings.status, 'pending'),
        gt(bookings.holdExpiresAt, now),
        or(eq(bookings.parentId, parentId), eq(bookings.nurseId, nurseId)),
      ),
    )
    .groupBy(bookings.id)
  return rows.map((row) => ({ ...row, nights: Number(row.nights) }))
}

/**
 * Unpaid holds this parent left in the hold-cycling window (docs/decisions/0045): abandoned,
 * replaced or released when they ran out, and those run out but not yet swept; never confirmed.
 */
async function countLeftHolds(db: DbOrTx, parentId: number, now: Date): Promise<number> {
  const since = holdCycleWindowStart(now)
  const [row] = await db
    .select({ left: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.parentId, parentId),
        isNull(bookings.confirmedAt),
        or(
          gte(bookings.holdReleasedAt, since),
          and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now), gte(bookings.holdExpiresAt, since)),
        ),
      ),
    )
  return Number(row?.left ?? 0)
}

/** A parent going back to change their details gives up the hold they already had. */
async function abandonPendingBooking(tx: DbOrTx, bookingId: number, parentId: number, now: Date) {
  // Released like an expired hold: a payment of its old intent arriving later follows the
  // late-payment rule, and the reconciliation job retries its refund (docs/decisions/0013).
  await lifeCycle.releaseHolds(tx, [bookingId], now, { parentId })
}

/**
 * Books nights of one nurse for the signed-in parent, all or nothing. The nurse's
 * row is locked first, so concurrent bookings of one nurse queue up and the loser sees the
 * winner's nights; the exclusion constraint stays the backstop and any race answers 409, never
 * 500. Amounts come from the nurse's rate (docs/money.md); the payload carries none.
 */
export async function createBooking(
  actor: BookingActor,
  request: BookingRequest,
  options: {
    now?: Date
    replacesBookingId?: number
    /** The caller pays for it in this same request and releases it if that fails (pay-at-once.server.ts). */
    payAtOnce?: boolean
    /**
     * Writes the new booking's payment plan in its transaction: the weeks of a long series paid
     * week by week. Payments own the plan (payments/charge-weeks.server.ts) and book through
     * payments/book-nights.server.ts, so bookings need not import payments.
     */
    writePaymentPlan: PaymentPlanWriter
    /** Refuses nights a due-date reservation of another family holds (decision 0066); reservations sit above. */
    reservedNights?: ReservedNightsCheck
    /** Rates quoted earlier (a due-date reservation's, decision 0069) instead of hers today. */
    priceAt?: { nightlyRateCents: number; extraBabyCents: number }
    /** The due-date reservation this booking starts (decision 0069). */
    reservationId?: number
  },
): Promise<{ ok: true; booking: BookingView } | BookingFailure> {
  const now = options.now ?? new Date()
  if (actor.role !== 'parent') return fail(403, accessDeniedMessage(actor.role))
  if (request.parentId !== undefined && request.parentId !== actor.id) return fail(403, BOOK_FOR_YOURSELF)

  const weeks = request.pattern === 'recurring' ? request.weeksCount ?? 1 : 1
  const expanded = expandRequest(request.occurrences, weeks)
  if (!expanded.ok) return expanded
  const { nights } = expanded
  let timed: TimedNight[] = []

  try {
    const booking = await getDb().transaction(async (tx) => {
      const lockNurse = () =>
        tx
          .select({
            id: nurseProfiles.id,
            userId: nurseProfiles.userId,
            verificationStatus: nurseProfiles.verificationStatus,
            lapsedAt: nurseProfiles.lapsedAt,
            nightlyRateCents: nurseProfiles.nightlyRateCents,
            maxBabies: nurseProfiles.maxBabies,
            extraBabyCents: nurseProfiles.extraBabyCents,
            timezone: nurseProfiles.timezone,
            minHours: nurseProfiles.minHours,
            maxHours: nurseProfiles.maxHours,
            minNoticeHours: nurseProfiles.minNoticeHours,
            maxNightsPerWeek: nurseProfiles.maxNightsPerWeek,
          })
          .from(nurseProfiles)
          .where(eq(nurseProfiles.id, request.nurseId))
          .for('update')
      const read = () => inOrder(() => readAvailability(tx, request.nurseId, nights), () => readLiveHolds(tx, actor.id, request.nurseId, now))
      // The lock first, then the reads (sent together: inOrder). Going back in /book gives up the
      // parent's own pending booking between the two, so its nights are free to book again.
      const [[nurse], [availability, holds]] = options.replacesBookingId
        ? [await lockNurse(), await abandonPendingBooking(tx, options.replacesBookingId, actor.id, now).then(read)]
        : await inOrder(lockNurse, read)
      if (!nurse || nurse.verificationStatus !== 'approved') throw new BookingRefused(fail(404, NURSE_NOT_BOOKABLE))
      // Under her lock: a lapse written a moment ago refuses this booking too.
      if (nurse.lapsedAt !== null) throw new BookingRefused(fail(409, NURSE_LAPSED))
      // Twins and triplets (issue 36): no more babies than she takes, read under her lock.
      const babies = request.babies ?? 1
      if (babies > nurse.maxBabies) {
        const [named] = await tx.select({ name: users.displayName }).from(users).where(eq(users.id, nurse.userId))
        throw new BookingRefused(fail(409, tooManyBabiesMessage(named?.name ?? '', nurse.maxBabies)))
      }

      // Unpaid holds cannot be hoarded (docs/decisions/0012). Under the nurse's lock, so the
      // nurse's limits are exact; the parent's overall count can only be raced by the same parent
      // booking other nurses at the same instant, which the per-account rate limit bounds.
      const holdProblem = findHoldLimitProblem({ parentId: actor.id, nurseId: nurse.id, nights: nights.length, holds })
      if (holdProblem) {
        throw new BookingRefused(
          holdProblem.limit === 'unpaid-with-nurse'
            ? { ok: false, status: 409, error: holdProblem.message, unpaidBookingId: holdProblem.bookingId }
            : fail(409, holdProblem.message),
        )
      }

      // Hold cycling (docs/decisions/0045): after two left holds in 24 hours, no unpaid hold; the
      // account books only by paying in the same step. Under the nurse's lock like the limits above.
      if (!options.payAtOnce && mustPayAtOnce(await countLeftHolds(tx, actor.id, now))) {
        throw new BookingRefused({ ok: false, status: 409, error: PAY_AT_ONCE_MESSAGE, payAtOnce: true })
      }

      const judged = judgeRequestedNights(nurse, nights, availability, now)
      if (!judged.ok) throw new BookingRefused(judged)
      timed = judged.timed
      const reserved = await options.reservedNights?.(tx, { nurseId: nurse.id, parentId: actor.id, nights: timed, now })
      if (reserved) throw new BookingRefused(fail(409, reserved.error, reserved.clashes))
      // The nights a week she accepts (issue 17), counted with her other live nights; under her lock.
      if (nurse.maxNightsPerWeek !== null) {
        const others = await liveNightDatesInWeeks(tx, nurse.id, weeksOf(timed.map((night) => night.date)))
        const full = overfullWeeks([...others, ...timed.map((night) => night.date)], nurse.maxNightsPerWeek)
        if (full.length) throw new BookingRefused(fail(409, weekLimitMessage(nurse.maxNightsPerWeek, full), timed.map((night) => night.date)))
      }

      // Her extra as it is now is kept on the booking, so a later change never reprices it; a
      // reservation's plan keeps the rates she quoted when she accepted it.
      const rates = options.priceAt ?? nurse
      const price = priceNights(rates.nightlyRateCents, timed.length, {
        babies,
        extraBabyCents: babies > 1 ? rates.extraBabyCents : 0,
      })
      if (isBookingTotalTooHigh(price)) throw new BookingRefused(fail(400, BOOKING_TOTAL_TOO_HIGH))
      if (isBookingTotalTooLow(price)) throw new BookingRefused(fail(409, NURSE_RATE_TOO_LOW))
      const values = {
        parentId: actor.id,
        nurseId: nurse.id,
        status: 'pending',
        pattern: request.pattern,
        startDate: timed[0].date,
        weeksCount: request.pattern === 'recurring' ? weeks : null,
        // What the nights asked for say, not what the request claims: a date sent twice is one night.
        nightsPerWeek: Math.min(7, new Set(request.occurrences.map((night) => night.date)).size),
        timezone: nurse.timezone,
        addressText: request.addressText,
        contactName: request.contactName ?? null,
        contactPhone: request.contactPhone ?? null,
        notes: request.notes || null,
        nightlyRateCents: price.nightlyRateCents,
        subtotalCents: price.subtotalCents,
        platformFeeCents: price.platformFeeCents,
        totalAmountCents: price.totalAmountCents,
        nursePayoutCents: price.nursePayoutCents,
        holdExpiresAt: holdExpiry(now),
        holdReleasedAt: null,
        confirmedAt: null,
        babies: price.babies,
        extraBabyCents: price.extraBabyCents,
        reservationId: options.reservationId ?? null,
        createdAt: now,
        updatedAt: now,
      } satisfies Omit<BookingRow, 'id'>
      // The booking and its nights in one statement: the nights take the new id from the CTE.
      const created = tx.$with('created_booking').as(tx.insert(bookings).values(values).returning({ id: bookings.id }))
      const occurrences = await tx
        .with(created)
        .insert(bookingOccurrences)
        .values(
          timed.map((night) => ({
            bookingId: sql`(select ${created.id} from ${created})`,
            nurseId: nurse.id,
            date: night.date,
            startTimeLocal: night.startTimeLocal,
            endTimeLocal: night.endTimeLocal,
            startsAt: night.startsAt,
            endsAt: night.endsAt,
            status: 'pending' as const,
            // The night's price with the extra for twins or triplets (docs/money.md).
            priceCents: price.nightPriceCents,
          })),
        )
        .returning()
      // A weekly series longer than two weeks is paid week by week (docs/decisions/0028).
      await options.writePaymentPlan(tx, { ...values, id: occurrences[0].bookingId }, occurrences, now)
      return toBookingView({ ...values, id: occurrences[0].bookingId }, occurrences)
    })
    return { ok: true, booking }
  } catch (error) {
    if (error instanceof BookingRefused) return error.failure
    if (RACE_CODES.has(databaseErrorCode(error) ?? '')) {
      const taken = timed.length ? await liveOccurrencesOverlapping(getDb(), request.nurseId, timed) : []
      const clashes = timed.filter((night) => taken.some((row) => rangesOverlap(night, row))).map((n) => n.date)
      return fail(409, NIGHTS_JUST_BOOKED, clashes.length ? clashes : nights.map((n) => n.date))
    }
    throw error
  }
}

export type BookingRow = typeof bookings.$inferSelect

/**
 * Under the nurse's lock: which of these nights a due-date reservation of another family holds, and
 * what to tell the family (decision 0066). Reservations sit above bookings, so payments hand it in.
 */
export type ReservedNightsCheck = (
  tx: DbOrTx,
  input: { nurseId: number; parentId: number; nights: readonly TimedNight[]; now: Date },
) => Promise<{ error: string; clashes: string[] } | null>

/** Writes what a new booking will be charged and when, in the booking's transaction (see createBooking). */
export type PaymentPlanWriter = (tx: DbOrTx, booking: BookingRow, nights: readonly OccurrenceRow[], bookedAt: Date) => Promise<void>
type OccurrenceRow = typeof bookingOccurrences.$inferSelect

function toBookingView(row: BookingRow, occurrences: OccurrenceRow[]): BookingView {
  return {
    id: row.id,
    parentId: row.parentId,
    nurseId: row.nurseId,
    status: row.status,
    pattern: row.pattern,
    startDate: row.startDate,
    weeksCount: row.weeksCount,
    nightsPerWeek: row.nightsPerWeek,
    timezone: row.timezone,
    addressText: row.addressText,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    notes: row.notes,
    nightlyRateCents: row.nightlyRateCents,
    babies: row.babies,
    extraBabyCents: row.extraBabyCents,
    subtotalCents: row.subtotalCents,
    platformFeeCents: row.platformFeeCents,
    totalAmountCents: row.totalAmountCents,
    nursePayoutCents: row.nursePayoutCents,
    holdExpiresAt: row.holdExpiresAt,
    createdAt: row.createdAt,
    occurrences: [...occurrences]
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
      .map((o) => ({
        id: o.id,
        date: o.date,
        startTimeLocal: o.startTimeLocal,
        endTimeLocal: o.endTimeLocal,
        startsAt: o.startsAt,
        endsAt: o.endsAt,
        status: o.status,
        priceCents: o.priceCents,
      })),
  }
}

// --- Reading --------------------------------------------------------------------------------------

/** A booking with its nights, only for the parent who made it (null otherwise, so 404). */
export async function getBookingForParent(bookingId: number, parentId: number): Promise<ParentBookingView | null> {
  const db = getDb()
  const [row] = await db
    .select({
      booking: bookings,
      nurseName: users.displayName,
      nurseSlug: nurseProfiles.slug,
      nursePhotoUrl: nurseProfiles.photoUrl,
      nurseAvatarUrl: users.avatarUrl,
    })
    .from(bookings)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, bookings.nurseId))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.parentId, parentId)))
  if (!row) return null
  const occurrences = await db.select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, bookingId))
  return {
    ...toBookingView(row.booking, occurrences),
    nurseName: row.nurseName,
    nurseSlug: row.nurseSlug,
    nurseAvatarUrl: row.nursePhotoUrl ?? row.nurseAvatarUrl,
    reservationId: row.booking.reservationId,
  }
}

// --- Holds ----------------------------------------------------------------------------------------

/**
 * Releases the nights of these bookings if they are still unpaid past their hold
 * (docs/decisions/0012): the booking and its nights become cancelled, so the nights are open again.
 * The hold sweep (payments/reconciliation.server.ts) calls it once the payment provider has said the charge
 * did not go through. Safe on several servers at once: the UPDATE claims its rows, and a booking
 * being confirmed at the same moment is locked by the confirmation and no longer pending when this
 * statement reaches it.
 */
export async function releaseHolds(
  bookingIds: readonly number[],
  now: Date,
  /** The parent abandoning their own hold: theirs only, before it has run out. */
  abandonedBy?: number,
): Promise<number[]> {
  if (!bookingIds.length) return []
  return getDb().transaction((tx) =>
    lifeCycle.releaseHolds(tx, bookingIds, now, abandonedBy === undefined ? { expiredAt: now } : { parentId: abandonedBy }),
  )
}

/** One unpaid booking of this parent, with what paying for it needs; null for any other booking. */
export async function getUnpaidBooking(bookingId: number, parentId: number) {
  const db = getDb()
  const [row] = await db
    .select({
      id: bookings.id,
      nurseId: bookings.nurseId,
      nurseSlug: nurseProfiles.slug,
      holdExpiresAt: bookings.holdExpiresAt,
    })
    .from(bookings)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, bookings.nurseId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.parentId, parentId), eq(bookings.status, 'pending')))
  if (!row) return null
  const nights = await db
    .select({
      date: bookingOccurrences.date,
      startTimeLocal: bookingOccurrences.startTimeLocal,
      endTimeLocal: bookingOccurrences.endTimeLocal,
    })
    .from(bookingOccurrences)
    .where(and(eq(bookingOccurrences.bookingId, bookingId), ne(bookingOccurrences.status, 'cancelled')))
    .orderBy(asc(bookingOccurrences.startsAt))
  const charges = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'charge')))
  return { ...row, nights, charges }
}

/** Unpaid bookings whose hold has run out, oldest first, and the charges started for them. */
export async function listExpiredHolds(now: Date, limit = 200) {
  const db = getDb()
  const expired = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now)))
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit)
  const ids = expired.map((row) => row.id)
  const charges = ids.length
    ? await db
        .select()
        .from(payments)
        .where(and(inArray(payments.bookingId, ids), eq(payments.kind, 'charge')))
    : []
  return { bookingIds: ids, charges }
}

// --- Payment succeeded ----------------------------------------------------------------------------

export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'reconfirmed' | 'refund-required'

/**
 * Locks a booking for its payment's confirmation, inside the caller's transaction (payments'
 * confirmBookingPayment records the charge between this and confirmPaidBooking): the nurse's row
 * first, in the same order as createBooking, so the two never deadlock, then the booking's.
 */
export async function lockBookingForPayment(tx: DbOrTx, bookingId: number): Promise<BookingRow> {
  const [target] = await tx.select({ nurseId: bookings.nurseId }).from(bookings).where(eq(bookings.id, bookingId))
  if (!target) throw new Error(`Booking ${bookingId} does not exist`)
  await tx
    .select({ id: nurseProfiles.id })
    .from(nurseProfiles)
    .where(eq(nurseProfiles.id, target.nurseId))
    .for('update')
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update')
  return booking
}

/**
 * Confirms a booking whose charge succeeded, once however many times the confirm call and the
 * webhook arrive: the booking becomes confirmed and its nights scheduled, in the caller's
 * transaction with the payment row (lockBookingForPayment took the locks).
 *
 * Late payment rule (a payment that succeeds after the 15-minute hold released the nights):
 * - if every night is still free (no live night of the nurse overlaps it) and none has begun,
 *   the booking is confirmed again with the same nights ('reconfirmed');
 * - otherwise, or when the booking was cancelled for any other reason, the booking stays
 *   cancelled and the caller refunds the whole payment ('refund-required').
 * The parent therefore either has every night they paid for, or all their money back.
 */
export async function confirmPaidBooking(tx: DbOrTx, booking: BookingRow, now: Date): Promise<ConfirmOutcome> {
  if (isPaidBooking(booking.status)) return 'already-confirmed'
  if (booking.status === 'pending') {
    await lifeCycle.confirmBooking(tx, booking.id, now)
    return 'confirmed'
  }
  if (!booking.holdReleasedAt) return 'refund-required'

  const nights = await tx.select().from(bookingOccurrences).where(eq(bookingOccurrences.bookingId, booking.id))
  if (!nights.length || nights.some((night) => night.startsAt.getTime() <= now.getTime())) return 'refund-required'
  const clashes = await liveOccurrencesOverlapping(tx, booking.nurseId, nights, booking.id)
  if (clashes.length) return 'refund-required'
  try {
    // A savepoint: should the exclusion constraint still object, only this part rolls back.
    await tx.transaction((sp) => lifeCycle.confirmBooking(sp, booking.id, now, { revive: true }))
    return 'reconfirmed'
  } catch (error) {
    if (RACE_CODES.has(databaseErrorCode(error) ?? '')) return 'refund-required'
    throw error
  }
}
