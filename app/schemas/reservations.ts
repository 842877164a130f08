// Due-date reservation inputs (issue 36, docs/decisions/0066): one schema per input, shared by the
// /reserve form, the page actions, the /_api calls and the tests. Messages: docs/product-texts.md.
import { z } from 'zod'
import { MAX_NIGHTS } from '../domain/bookings/booking-rules'
import { MAX_BABIES, MIN_BABIES } from '../domain/bookings/pricing'
import { MAX_RESERVATION_WEEKS, MAX_WINDOW_AFTER_DAYS, MAX_WINDOW_BEFORE_DAYS } from '../domain/reservations/reservation-window'
import { TIME_PATTERN } from '../domain/time/shift-times'
import { calendarDate, multilineText, positiveId, text } from './fields'
import { BookingDetailsSchema, newCardOf } from './booking'

const time = (message: string) => z.string({ error: message }).trim().min(1, message).regex(TIME_PATTERN, message)
const whole = (message: string, min: number, max: number) => z.number({ error: message }).int(message).min(min, message).max(max, message)

export const DUE_DATE_MESSAGE = 'Please enter your due date'
const WEEKS_MESSAGE = `Choose 1 to ${MAX_RESERVATION_WEEKS} weeks`
const NIGHTS_MESSAGE = 'Choose 1 to 7 nights a week'
const WEEKDAYS_MESSAGE = 'Choose each weekday once'
const BABIES_MESSAGE = `Choose ${MIN_BABIES} to ${MAX_BABIES} babies`

/** `POST /_api/reservations/create` and the /reserve form. */
export const PLAN_TOO_LONG_MESSAGE = `A plan can be at most ${MAX_NIGHTS} nights: choose fewer weeks or fewer nights a week.`

export const ReservationRequestSchema = z
  .object({
    nurseId: positiveId('Nurse is required'),
    dueDate: calendarDate(DUE_DATE_MESSAGE),
    weeks: whole(WEEKS_MESSAGE, 1, MAX_RESERVATION_WEEKS),
    nightsPerWeek: whole(NIGHTS_MESSAGE, 1, 7),
    weekdays: z.array(whole(WEEKDAYS_MESSAGE, 0, 6), { error: WEEKDAYS_MESSAGE }).max(7, WEEKDAYS_MESSAGE).optional(),
    startTimeLocal: time('Start time is required'),
    endTimeLocal: time('End time is required'),
    babies: whole(BABIES_MESSAGE, MIN_BABIES, MAX_BABIES).default(1),
    addressText: text(300, { error: 'Address is required', tooLong: 'The address can be at most 300 characters' }).min(1, 'Address is required'),
    notes: multilineText(1000, { tooLong: 'Notes can be at most 1000 characters' }).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.startTimeLocal === value.endTimeLocal) {
      ctx.addIssue({ code: 'custom', path: ['endTimeLocal'], message: 'End time must be after start time' })
    }
    // The plan becomes one booking when the baby comes home, so it is at most a booking's nights.
    if (value.weeks * value.nightsPerWeek > MAX_NIGHTS) {
      ctx.addIssue({ code: 'custom', path: ['weeks'], message: PLAN_TOO_LONG_MESSAGE })
    }
    const weekdays = value.weekdays ?? []
    if (new Set(weekdays).size !== weekdays.length) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: WEEKDAYS_MESSAGE })
    else if (weekdays.length && weekdays.length !== value.nightsPerWeek) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: `Choose ${value.nightsPerWeek} weekday${value.nightsPerWeek === 1 ? '' : 's'}, one for each night a week` })
    }
  })
export type ReservationRequest = z.infer<typeof ReservationRequestSchema>

/**
 * How the deposit is paid as the reservation is made (decision 0073): `payWith: 'saved_card'` (what
 * the API does when it is left out), or `'card'` with a test card number or a Stripe PaymentMethod.
 */
export const DepositCardSchema = BookingDetailsSchema.pick({ payWith: true, cardNumber: true, paymentMethodId: true })
export const ReserveWithDepositSchema = z.intersection(ReservationRequestSchema, DepositCardSchema)

/** The card the deposit is paid with, or the message when the card entered cannot be one. */
export function depositCardOf(values: z.infer<typeof DepositCardSchema>): { savedCard: true } | { cardNumber: string } | { paymentMethodId: string } | { problem: string } {
  return newCardOf(values) ?? { savedCard: true }
}

export const DECLINE_REASON_MESSAGE = 'Please tell the family why'

/** The nurse's answer: `POST /_api/reservations/respond` and her list's buttons. */
export const ReservationAnswerSchema = z
  .object({
    reservationId: positiveId('Reservation is required'),
    answer: z.enum(['accept', 'decline'], { error: 'Answer accept or decline' }),
    reason: text(500, { tooLong: 'The reason can be at most 500 characters' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.answer === 'decline' && !value.reason?.trim()) ctx.addIssue({ code: 'custom', path: ['reason'], message: DECLINE_REASON_MESSAGE })
  })
export type ReservationAnswer = z.infer<typeof ReservationAnswerSchema>

/** Either side withdraws: `POST /_api/reservations/cancel` and the pages' Cancel. */
export const ReservationCancelSchema = z.object({ reservationId: positiveId('Reservation is required') })

/** The family's new due date: `POST /_api/reservations/change-due-date` and the reservation page. */
export const ReservationDueDateSchema = z.object({
  reservationId: positiveId('Reservation is required'),
  dueDate: calendarDate(DUE_DATE_MESSAGE),
})

/** 'Our baby is here': `POST /_api/reservations/start` and the reservation page (decision 0069). */
export const ReservationStartSchema = z.object({
  reservationId: positiveId('Reservation is required'),
  firstNight: calendarDate('Please choose the date of the first night'),
})
export type ReservationStart = z.infer<typeof ReservationStartSchema>

/**
 * A backup nurse for a first night outside the window (decision 0070): `POST
 * /_api/reservations/book-backup` and the reservation page's 'Book …'.
 */
export const ReservationBackupSchema = ReservationStartSchema.extend({
  nurseId: positiveId('Choose a nurse'),
})

/**
 * She turns down a start within 12 hours (decision 0070): `POST /_api/reservations/turn-down` and
 * her list's button. The reason goes to the family.
 */
export const ReservationTurnDownSchema = z.object({
  reservationId: positiveId('Reservation is required'),
  reason: text(500, { tooLong: 'The reason can be at most 500 characters' }).refine((value) => value.trim() !== '', 'Please tell the family why you cannot start'),
})

/** The nurse's window and instant reservations, beside instant booking in her settings. */
export const ReservationSettingsSchema = z.object({
  reservationWindowBeforeDays: whole(`Choose 0 to ${MAX_WINDOW_BEFORE_DAYS} days before`, 0, MAX_WINDOW_BEFORE_DAYS),
  reservationWindowAfterDays: whole(`Choose 0 to ${MAX_WINDOW_AFTER_DAYS} days after`, 0, MAX_WINDOW_AFTER_DAYS),
  // A form's checkbox posts 'on' or nothing; JSON posts a boolean.
  instantReservations: z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()),
})
