// Booking and payment inputs: one schema per input, shared by the /book forms (Conform), the page
// action, the /_api calls and the tests. Messages: docs/product-texts.md.
import { z } from 'zod'
import { MAX_NIGHTS, MAX_WEEKS } from '../domain/bookings/booking-rules'
import { TIME_PATTERN } from '../domain/time/shift-times'
import { BABIES_MESSAGE, babyCount, calendarDate, MAX_DB_INTEGER, multilineText, optionalPhoneNumber, phoneNumber, positiveId, text } from './fields'

const requiredTime = (message: string) =>
  z.string({ error: message }).trim().min(1, message).regex(TIME_PATTERN, message)

const nightDate = calendarDate('Date is required')

/**
 * One night: a start and an end time. An end earlier than the start ends the next morning; only
 * equal times are refused here (docs/time.md). The nurse's hours are checked on the server.
 */
export const BookingNightSchema = z
  .object({
    date: nightDate,
    startTimeLocal: requiredTime('Start time is required'),
    endTimeLocal: requiredTime('End time is required'),
  })
  .superRefine((night, ctx) => {
    if (night.startTimeLocal === night.endTimeLocal) {
      ctx.addIssue({ code: 'custom', path: ['endTimeLocal'], message: 'End time must be after start time' })
    }
  })
export type BookingNight = z.infer<typeof BookingNightSchema>

const WEEKS_MESSAGE = 'Please specify the number of weeks.'
const weeksCount = z
  .number({ error: WEEKS_MESSAGE })
  .int(WEEKS_MESSAGE)
  .min(1, WEEKS_MESSAGE)
  .max(MAX_WEEKS, `A weekly booking can run for at most ${MAX_WEEKS} weeks.`)

/** /book step 1 'Confirm Dates & Times'. */
export const BookingDatesSchema = z
  .object({
    nights: z
      .array(BookingNightSchema, { error: 'At least one date is required' })
      .min(1, 'At least one date is required')
      .max(MAX_NIGHTS, `A booking can have at most ${MAX_NIGHTS} nights.`),
    repeatWeekly: z.boolean().optional(),
    weeksCount: weeksCount.optional(),
    // 'How many babies' (issue 36): shown only when the nurse takes twins; 1 when absent.
    babies: babyCount(BABIES_MESSAGE).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.repeatWeekly && value.weeksCount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['weeksCount'], message: WEEKS_MESSAGE })
    }
  })
export type BookingDates = z.infer<typeof BookingDatesSchema>

const TERMS_MESSAGE = 'You must accept the terms and conditions to proceed.'
const PHONE_MESSAGE = 'A valid phone number is required'

/** /book step 2 'Your Details'. */
const CARD_NUMBER_MESSAGE = 'Your card number is invalid.'

export const BookingDetailsSchema = z.object({
  fullName: text(100, { error: 'Full name is required', tooLong: 'Full name is too long' }).min(2, 'Full name is required'),
  phone: phoneNumber(PHONE_MESSAGE),
  address: text(300, { error: 'A valid address is required', tooLong: 'The address can be at most 300 characters' }).min(
    10,
    'A valid address is required',
  ),
  notes: multilineText(1000, { tooLong: 'Notes can be at most 1000 characters' }).optional(),
  acceptTerms: z.boolean({ error: TERMS_MESSAGE }).refine((accepted) => accepted, TERMS_MESSAGE),
  // An account that must pay as it books (decision 0045) pays in this same step: with its saved
  // card, or with a card entered here (a number with the test provider, Stripe's PaymentMethod).
  payWith: z.enum(['saved_card', 'card']).optional(),
  // Checked by newCardOf, so that a wrong card is told beside the card form, not the details.
  cardNumber: text(40, { error: CARD_NUMBER_MESSAGE, tooLong: CARD_NUMBER_MESSAGE }).optional(),
  paymentMethodId: text(255, { error: CARD_NUMBER_MESSAGE, tooLong: CARD_NUMBER_MESSAGE }).optional(),
})
export type BookingDetails = z.infer<typeof BookingDetailsSchema>

/**
 * The card paid with at once when the details were posted with one (payWith 'card'): a card
 * number of 12 to 19 digits (spaces and dashes allowed), or a Stripe PaymentMethod id. Null when
 * no card was asked for, and the message to show when the card is missing or cannot be one.
 */
export function newCardOf(
  details: Pick<BookingDetails, 'payWith' | 'cardNumber' | 'paymentMethodId'>,
): { cardNumber: string } | { paymentMethodId: string } | { problem: string } | null {
  if (details.payWith !== 'card') return null
  if (details.paymentMethodId) {
    return /^pm_\w{1,200}$/.test(details.paymentMethodId) ? { paymentMethodId: details.paymentMethodId } : { problem: CARD_NUMBER_MESSAGE }
  }
  if (!details.cardNumber) return { problem: 'Please enter a card to pay with.' }
  const digits = details.cardNumber.replace(/[\s-]/g, '')
  return /^\d{12,19}$/.test(digits) ? { cardNumber: details.cardNumber } : { problem: CARD_NUMBER_MESSAGE }
}

/**
 * The booking payload of `POST /_api/bookings/create` (docs/product-texts.md). Amounts are not part
 * of it: the server prices every booking (docs/money.md), and unknown keys are dropped.
 */
export const BookingRequestSchema = z
  .object({
    parentId: z.number({ error: 'parentId must be a user id' }).int().positive().max(MAX_DB_INTEGER).optional(),
    nurseId: z
      .number({ error: 'Nurse is required' })
      .int('Nurse is required')
      .positive('Nurse is required')
      .max(MAX_DB_INTEGER, 'Nurse is required'),
    pattern: z.enum(['one_time', 'recurring'], { error: 'Pattern must be one_time or recurring' }).default('one_time'),
    startDate: nightDate.optional(),
    weeksCount: weeksCount.nullish(),
    nightsPerWeek: z.number().int().min(1).max(7).optional(),
    occurrences: z
      .array(BookingNightSchema, { error: 'At least one occurrence is required' })
      .min(1, 'At least one occurrence is required')
      .max(MAX_NIGHTS, `A booking can have at most ${MAX_NIGHTS} nights.`),
    timezone: text(100).optional(),
    addressText: text(300, { error: 'Address is required', tooLong: 'The address can be at most 300 characters' }).min(
      1,
      'Address is required',
    ),
    notes: multilineText(1000, { tooLong: 'Notes can be at most 1000 characters' }).nullish(),
    contactName: text(100, { label: 'Contact name' }).nullish(),
    // The same phone number /book's details take ('A valid phone number is required').
    contactPhone: optionalPhoneNumber(PHONE_MESSAGE),
    // Book and pay in one step with the saved card (how an account that left unpaid holds books: decision 0045).
    payWith: z.literal('saved_card', { error: "payWith must be 'saved_card'" }).optional(),
    // How many babies the nights are for (issue 36): 1 when absent; more than the nurse takes is
    // refused by the server with her name (409).
    babies: babyCount(BABIES_MESSAGE).default(1),
  })
  .superRefine((value, ctx) => {
    if (value.pattern === 'recurring' && !value.weeksCount) {
      ctx.addIssue({ code: 'custom', path: ['weeksCount'], message: WEEKS_MESSAGE })
    }
  })
export type BookingRequest = z.infer<typeof BookingRequestSchema>

/**
 * /book's details step as the booking payload the /_api call takes: the nights and weeks of the
 * link, the details typed. The first problem's message when it is not a valid booking.
 */
export function bookingRequestOf(input: {
  parentId: number
  link: {
    nurseId: number
    nights: Array<{ date: string; startTimeLocal: string; endTimeLocal: string }>
    weeks: number | null
    babies?: number
  }
  details: BookingDetails
}): { ok: true; request: BookingRequest } | { ok: false; error: string } {
  const { parentId, link, details } = input
  const parsed = BookingRequestSchema.safeParse({
    parentId,
    nurseId: link.nurseId,
    pattern: link.weeks ? 'recurring' : 'one_time',
    weeksCount: link.weeks,
    nightsPerWeek: Math.min(7, link.nights.length),
    occurrences: link.nights,
    addressText: details.address,
    contactName: details.fullName,
    contactPhone: details.phone,
    notes: details.notes ?? null,
    babies: link.babies ?? 1,
  })
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, error: parsed.error.issues[0].message }
}

export const CreatePaymentIntentSchema = z.object({
  bookingId: positiveId('Booking ID is required'),
})

export const ConfirmPaymentSchema = z.object({
  paymentIntentId: text(255, { error: 'Payment intent ID is required', tooLong: 'Payment intent ID is required' }).min(
    1,
    'Payment intent ID is required',
  ),
})

export const TestCardPaymentSchema = z.object({
  paymentIntentId: text(255, { error: 'Payment intent ID is required', tooLong: 'Payment intent ID is required' }).min(
    1,
    'Payment intent ID is required',
  ),
  clientSecret: text(255, { error: 'Client secret is required' }).min(1, 'Client secret is required'),
  cardNumber: text(40, { error: 'Card number is required' }).min(1, 'Card number is required'),
})
export type TestCardPayment = z.infer<typeof TestCardPaymentSchema>
