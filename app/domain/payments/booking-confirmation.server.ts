// A booking's charge succeeded: the payment row and the booking's confirmation in one transaction,
// then the confirmation e-mails with the nights as a calendar file. The booking's own rule (the
// late payment rule, and the locks in createBooking's order) is bookings' confirmPaidBooking; this
// module records the charge between the locks and the confirmation, so bookings never import
// payments (decision 0057).
import { and, asc, eq, ne } from 'drizzle-orm'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import { bookingOccurrences, bookings, notificationPreferences, nurseProfiles, payments, users } from '../../db/schema'
import { firstName } from '../accounts/display-name'
import { pushLater } from '../notifications/push.server'
import { bookingConfirmationEmail } from './booking-emails'
import { confirmPaidBooking, lockBookingForPayment, type ConfirmOutcome } from '../bookings/bookings.server'
import { getWeekAmounts } from './charge-weeks.server'
import { buildCalendarFeed } from '../calendars/calendar-feed'
import { sendEmail } from '../notifications/email.server'
import { changePaymentStatus } from './payment-life-cycle.server'
import { attachDeposit } from './deposit-ledger.server'
import { isChargedWeekly } from './charge-weeks'
import { markReservationStarted, tellStartedWithBackup } from '../reservations/reservations.server'

/**
 * Records a succeeded charge and confirms its booking: the booking becomes confirmed and its
 * nights scheduled, in one transaction with the payment row, exactly once however many times the
 * confirm call and the webhook arrive (the late payment rule is bookings' confirmPaidBooking).
 */
export async function confirmBookingPayment(input: {
  bookingId: number
  paymentId: number
  now?: Date
}): Promise<{ outcome: ConfirmOutcome }> {
  const now = input.now ?? new Date()
  let startedWithBackup = false
  const outcome = await getDb().transaction(async (tx): Promise<ConfirmOutcome> => {
    const booking = await lockBookingForPayment(tx, input.bookingId)
    await changePaymentStatus(tx, {
      where: eq(payments.id, input.paymentId),
      // From whatever it was: the provider says it went through.
      kind: 'charge',
      to: 'succeeded',
      cause: 'provider-answer',
      set: { failureMessage: null, updatedAt: now },
    })
    const confirmed = await confirmPaidBooking(tx, booking, now)
    // The plan of a due-date reservation is paid: the reservation has started (decision 0069),
    // with her or with a backup nurse (decision 0070).
    if (booking.reservationId && (confirmed === 'confirmed' || confirmed === 'reconfirmed')) {
      const cause = await markReservationStarted(tx, booking.reservationId, { actorId: booking.parentId, nurseId: booking.nurseId }, now)
      startedWithBackup = cause === 'backup-nurse'
      // Its deposit counts toward this first charge, and is one of the booking's charges from now on (decision 0073).
      await attachDeposit(tx, booking, isChargedWeekly(booking) ? 1 : null, now)
    }
    return confirmed
  })

  if (outcome === 'confirmed' || outcome === 'reconfirmed') await sendBookingConfirmationEmails(input.bookingId)
  if (startedWithBackup) {
    const [booked] = await getDb().select({ reservationId: bookings.reservationId, startDate: bookings.startDate }).from(bookings).where(eq(bookings.id, input.bookingId))
    if (booked?.reservationId) await tellStartedWithBackup(booked.reservationId, booked.startDate)
  }
  return { outcome }
}

/**
 * The confirmation e-mail to the parent (when their bookingConfirmations preference is on; on by
 * default) and to the nurse. A failing mail server never undoes a confirmed booking.
 */
async function weeklyPaymentOf(bookingId: number): Promise<{ paidNowCents: number; weeks: number } | null> {
  const weeks = await getWeekAmounts(getDb(), bookingId)
  if (weeks.length === 0) return null
  const [first] = await getDb()
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'charge'), eq(payments.week, 1), eq(payments.status, 'succeeded')))
  return { paidNowCents: first?.amountCents ?? weeks[0].amountDueCents, weeks: weeks.length }
}

export async function sendBookingConfirmationEmails(bookingId: number): Promise<void> {
  const db = getDb()
  const [row] = await db
    .select({
      booking: bookings,
      parentEmail: users.email,
      parentName: users.displayName,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.parentId))
    .where(eq(bookings.id, bookingId))
  if (!row) return
  const [nurse] = await db
    .select({ id: users.id, email: users.email, name: users.displayName })
    .from(nurseProfiles)
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .where(eq(nurseProfiles.id, row.booking.nurseId))
  const [preferences] = await db
    .select({ bookingConfirmations: notificationPreferences.bookingConfirmations })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, row.booking.parentId))
  const nights = await db
    .select()
    .from(bookingOccurrences)
    .where(and(eq(bookingOccurrences.bookingId, bookingId), ne(bookingOccurrences.status, 'cancelled')))
    .orderBy(asc(bookingOccurrences.startsAt))

  const origin = getConfig().APP_ORIGIN
  const common = {
    bookingId,
    parentName: row.booking.contactName || row.parentName,
    nurseName: nurse?.name ?? 'Night Nurse',
    timeZone: row.booking.timezone,
    nights,
    addressText: row.booking.addressText,
    subtotalCents: row.booking.subtotalCents,
    platformFeeCents: row.booking.platformFeeCents,
    totalAmountCents: row.booking.totalAmountCents,
    nursePayoutCents: row.booking.nursePayoutCents,
    babies: row.booking.babies,
    extraBabyCents: row.booking.extraBabyCents,
    // A series paid week by week: what week 1 took, and how many weeks (docs/decisions/0028).
    weekly: await weeklyPaymentOf(bookingId),
  }
  // The booked nights as a calendar file, for each side's own calendar (issue 17).
  const icsFor = (owner: 'parent' | 'nurse') => ({
    filename: `nightlight-booking-${bookingId}.ics`,
    contentType: 'text/calendar; charset=utf-8',
    content: buildCalendarFeed({
      owner,
      origin,
      nights: nights.map((night) => ({
        id: night.id,
        bookingId,
        date: night.date,
        startTimeLocal: night.startTimeLocal,
        endTimeLocal: night.endTimeLocal,
        timezone: row.booking.timezone,
        status: night.status,
        otherName: owner === 'parent' ? (nurse?.name ?? 'Night Nurse') : firstName(common.parentName),
        location: row.booking.addressText,
        createdAt: row.booking.createdAt,
        updatedAt: row.booking.updatedAt,
      })),
    }),
  })
  // The nurse's phone hears of it too, beside her e-mail (docs/decisions/0074).
  if (nurse) pushLater({ kind: 'booking-confirmed', nurseUserId: nurse.id, bookingId, familyName: firstName(common.parentName), nights: nights.length })
  const messages: Array<[string, ReturnType<typeof bookingConfirmationEmail>]> = []
  if (preferences?.bookingConfirmations ?? true) {
    messages.push([
      row.parentEmail,
      {
        ...bookingConfirmationEmail({ ...common, recipient: 'parent', dashboardUrl: `${origin}/parent/dashboard` }),
        attachments: [icsFor('parent')],
      },
    ])
  }
  if (nurse) {
    messages.push([
      nurse.email,
      {
        ...bookingConfirmationEmail({ ...common, recipient: 'nurse', dashboardUrl: `${origin}/nurse/dashboard` }),
        attachments: [icsFor('nurse')],
      },
    ])
  }
  for (const [to, content] of messages) {
    try {
      await sendEmail(to, content)
    } catch (error) {
      console.error(`Booking ${bookingId}: the confirmation e-mail to ${to} could not be sent:`, error)
    }
  }
}
