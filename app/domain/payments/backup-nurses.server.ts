// Backup nurses (issue 36, docs/decisions/0070): the baby came when the reserved nurse cannot
// start, on a first night outside the window she offered, or she turned the start down. The family sees the nurses near the
// reservation's address who are open on every night of the same plan from that first night, each
// with her price for it, and books one in one step. The booking names the reservation, so the
// confirmation of its first payment marks the reservation started ('backup-nurse') and the
// reserved nurse's held nights are free again; she is told. Payments sit above reservations,
// bookings and nurses, so the use case lives here.
import { bookPaidByDeposit } from './reservation-deposits.server'
import { and, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client.server'
import { bookings, nurseProfiles } from '../../db/schema'
import type { BookingRequest } from '../../schemas/booking'
import { accessDeniedMessage } from '../accounts/auth-redirects'
import { getBookingForParent, type BookingActor } from '../bookings/bookings.server'
import { priceNights } from '../bookings/pricing'
import { searchNurses } from '../nurses/nurses.server'
import type { NurseCardData } from '../nurses/nurse-profile'
import { getReservationFor, NOT_LIVE, RESERVATION_NOT_FOUND, type ReservationView } from '../reservations/reservations.server'
import { planNights, reservationWindow, weekdayOf } from '../reservations/reservation-window'
import { formatNightDate, isValidDate, localToday } from '../time/shift-times'
import { bookNights } from './book-nights.server'
import { createBookingPaidAtOnce, type PayAtOnceCard } from './pay-at-once.server'
import { FIRST_NIGHT_IN_THE_PAST, NOT_ACCEPTED_YET, reservedPlanRequest, type StartReservedPlanResult } from './start-reserved-plan.server'
import type { Translate } from '~/i18n/translate'

/** How many backups the page offers: the nearest first. */
export const BACKUP_NURSES_SHOWN = 6
export const INSIDE_THE_WINDOW = 'This first night is inside her window: press ‘Start the nights’ to book it with her.'
export const NOT_A_BACKUP = 'She is not open on every night of your plan from that date. Choose another nurse.'

export interface BackupNurse {
  card: NurseCardData
  /** Her price for the same plan (every night, fee included) and for its first week. */
  planCents: number
  weekCents: number
}

export interface BackupNurses {
  ok: true
  reservation: ReservationView
  firstNight: string
  /** The plan's nights from that first night, in the reserved nurse's zone. */
  nights: string[]
  nurses: BackupNurse[]
}

type Refusal = { ok: false; status: 400 | 403 | 404 | 409; error: string }
const refuse = (status: Refusal['status'], error: string): Refusal => ({ ok: false, status, error })

const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const

/** Why the list is shown, and what it holds: 'Nora can start from … to …. These nurses near you …'. */
export function backupsSentence(
  reservation: Pick<ReservationView, 'nurseName' | 'firstStart' | 'lastStart' | 'turnedDown'>,
  firstNight: string,
  t?: Translate,
): string {
  const nurse = reservation.nurseName.split(' ')[0]
  if (t) {
    const why = reservation.turnedDown
      ? t('backups.cannotStart', { name: nurse })
      : t('backups.canStart', { name: nurse, from: formatNightDate(reservation.firstStart), to: formatNightDate(reservation.lastStart) })
    return `${why} ${t('backups.openFrom', { date: formatNightDate(firstNight) })}`
  }
  const why = reservation.turnedDown
    ? `${nurse} cannot start your nights.`
    : `${nurse} can start from ${formatNightDate(reservation.firstStart)} to ${formatNightDate(reservation.lastStart)}.`
  return `${why} These nurses near you are open on every night of your plan from ${formatNightDate(firstNight)}.`
}

/**
 * The family's reservation and a first night, today or later, a backup may take: outside the window
 * of an accepted reservation, or any after she turned its start down (turn-down-start.server.ts).
 */
async function readOutsideWindow(actor: BookingActor, input: { reservationId: number; firstNight: string }, now: Date) {
  if (actor.role !== 'parent') return refuse(403, accessDeniedMessage(actor.role))
  const reservation = await getReservationFor(actor, input.reservationId, now)
  if (!reservation) return refuse(404, RESERVATION_NOT_FOUND)
  if (reservation.status === 'requested') return refuse(409, NOT_ACCEPTED_YET)
  if (reservation.status !== 'accepted' && !reservation.turnedDown) return refuse(409, NOT_LIVE)
  if (!isValidDate(input.firstNight)) return refuse(400, 'Enter the date of the first night')
  if (input.firstNight < localToday(reservation.timezone, now)) return refuse(409, FIRST_NIGHT_IN_THE_PAST)
  const { firstStart, lastStart } = reservationWindow(reservation)
  if (!reservation.turnedDown && input.firstNight >= firstStart && input.firstNight <= lastStart) return refuse(409, INSIDE_THE_WINDOW)
  return { ok: true as const, reservation, nights: planNights(reservation, input.firstNight) }
}

/**
 * The nurses open on every night of the plan from a first night outside the window, nearest to the
 * reservation's address first (the reserved nurse's city when the address is not one the search
 * knows), with the babies the plan is for; the reserved nurse is never among them.
 */
export async function findBackupNurses(
  actor: BookingActor,
  input: { reservationId: number; firstNight: string },
  now = new Date(),
): Promise<BackupNurses | Refusal> {
  const read = await readOutsideWindow(actor, input, now)
  if (!read.ok) return read
  const { reservation, nights } = read
  const weekdays = [...new Set(nights.map((date) => WEEKDAY_KEYS[weekdayOf(date)]))]
  const query = {
    // The plan's nights are exactly these weekdays between its first and last night.
    nights: { from: nights[0], to: nights.at(-1)!, weekdays },
    babies: reservation.babies > 1 ? (reservation.babies as 2 | 3) : undefined,
    limit: BACKUP_NURSES_SHOWN + 1,
    offset: 0,
  }
  let cards = await searchNurses({ ...query, location: reservation.addressText }, { now })
  if (!cards.some((card) => card.id !== reservation.nurseId && card.nightsOpen === nights.length)) {
    const [home] = await getDb()
      .select({ city: nurseProfiles.locationCity, state: nurseProfiles.locationState })
      .from(nurseProfiles)
      .where(eq(nurseProfiles.id, reservation.nurseId))
    if (home?.city && home.state) cards = await searchNurses({ ...query, location: `${home.city}, ${home.state}` }, { now })
  }
  const open = cards.filter((card) => card.id !== reservation.nurseId && card.nightsOpen === nights.length).slice(0, BACKUP_NURSES_SHOWN)
  const extras = open.length
    ? await getDb()
        .select({ id: nurseProfiles.id, extraBabyCents: nurseProfiles.extraBabyCents })
        .from(nurseProfiles)
        .where(inArray(nurseProfiles.id, open.map((card) => card.id)))
    : []
  const extraOf = new Map(extras.map((row) => [row.id, row.extraBabyCents]))
  const perWeek = nights.length / reservation.weeks
  const nurses = open.map((card) => {
    const babies = { babies: reservation.babies, extraBabyCents: extraOf.get(card.id) ?? 0 }
    return {
      card,
      planCents: priceNights(card.nightlyRateCents, nights.length, babies).totalAmountCents,
      weekCents: priceNights(card.nightlyRateCents, perWeek, babies).totalAmountCents,
    }
  })
  return { ok: true, reservation, firstNight: input.firstNight, nights, nurses }
}

/**
 * Books the plan from a first night outside the window with a backup nurse, in one step: the
 * same nights and shift, at her rates of today, through bookNights like every booking (her lock,
 * her limits, no double booking, the weekly charge plan). The booking names the reservation; it
 * starts once its first week is paid. Pressed again while it waits for payment, the same booking.
 */
export async function bookBackupNurse(
  actor: BookingActor & { email?: string },
  input: { reservationId: number; nurseId: number; firstNight: string },
  now = new Date(),
  options: { card?: PayAtOnceCard } = {},
): Promise<StartReservedPlanResult> {
  const read = await readOutsideWindow(actor, input, now)
  if (!read.ok) return read
  const { reservation } = read
  // The reserved nurse is no backup: outside her window, or after she turned the start down.
  if (input.nurseId === reservation.nurseId) return refuse(409, reservation.turnedDown ? NOT_A_BACKUP : INSIDE_THE_WINDOW)
  const [backup] = await getDb()
    .select({ id: nurseProfiles.id, timezone: nurseProfiles.timezone })
    .from(nurseProfiles)
    .where(and(eq(nurseProfiles.id, input.nurseId), eq(nurseProfiles.verificationStatus, 'approved')))
  if (!backup) return refuse(404, 'Nurse not found')
  const request: BookingRequest = { ...reservedPlanRequest(reservation, actor.id, input.firstNight), nurseId: backup.id }
  // The deposit pays the backup's whole first charge (decision 0073): booked and confirmed at once.
  const byDeposit = await bookPaidByDeposit(actor, request, { reservationId: reservation.id, now })
  if (byDeposit?.ok) return { ok: true, booking: (await getBookingForParent(byDeposit.bookingId, actor.id))!, existing: false, paidAtOnce: true, paidByDeposit: true }
  if (byDeposit) return 'clashes' in byDeposit && byDeposit.clashes?.length ? { ...byDeposit, error: NOT_A_BACKUP } : (byDeposit as StartReservedPlanResult)
  // A family that must pay as it books (decision 0045) books and pays the first week in one step.
  if (options.card) {
    const paid = await createBookingPaidAtOnce(actor, request, { now, card: options.card, reservationId: reservation.id })
    if (!paid.ok) return paid.clashes?.length ? { ...paid, error: NOT_A_BACKUP } : paid
    return { ok: true, booking: (await getBookingForParent(paid.booking.id, actor.id))!, existing: false, paidAtOnce: true }
  }
  const result = await bookNights(actor, request, { now, reservationId: reservation.id })
  if (!result.ok) {
    // Pressed twice: the first press's booking is the one unpaid booking with her.
    if (result.unpaidBookingId) {
      const [same] = await getDb()
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.id, result.unpaidBookingId), eq(bookings.reservationId, reservation.id)))
      const booking = same ? await getBookingForParent(same.id, actor.id) : null
      if (booking) return { ok: true, booking, existing: true }
    }
    if (result.clashes?.length) return { ...result, error: NOT_A_BACKUP }
    return result
  }
  const booking = (await getBookingForParent(result.booking.id, actor.id))!
  return { ok: true, booking, existing: false }
}
