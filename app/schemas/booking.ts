// Booking and payment inputs: one schema per input, shared by the /book forms (Conform), the page
// action, the /_api calls and the tests (STYLE.md). Messages are the spec's (000 §5).
import { z } from 'zod'
import { MAX_NIGHTS, MAX_WEEKS } from '../domain/booking-rules'
import { DATE_PATTERN, isValidDate, TIME_PATTERN } from '../domain/shift-times'

const requiredTime = (message: string) =>
  z.string({ error: message }).trim().min(1, message).regex(TIME_PATTERN, message)

const nightDate = z
  .string({ error: 'Date is required' })
  .trim()
  .regex(DATE_PATTERN, 'Date is required')
  .refine(isValidDate, 'Date is required')

/**
 * One night: a start and an end time. An end earlier than the start ends the next morning; only
 * equal times are refused here (DESIGN.md §6.1). The nurse's hours are checked on the server.
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
export const BookingDetailsSchema = z.object({
  fullName: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(2, 'Full name is required')
    .max(100, 'Full name is too long'),
  phone: z
    .string({ error: PHONE_MESSAGE })
    .trim()
    .min(10, PHONE_MESSAGE)
    .max(30, PHONE_MESSAGE)
    .regex(/^\+?[0-9().\-\s]+$/, PHONE_MESSAGE)
    .refine((value) => value.replace(/\D/g, '').length >= 10, PHONE_MESSAGE),
  address: z
    .string({ error: 'A valid address is required' })
    .trim()
    .min(10, 'A valid address is required')
    .max(300, 'The address can be at most 300 characters'),
  notes: z.string().trim().max(1000, 'Notes can be at most 1000 characters').optional(),
  acceptTerms: z.boolean({ error: TERMS_MESSAGE }).refine((accepted) => accepted, TERMS_MESSAGE),
})
export type BookingDetails = z.infer<typeof BookingDetailsSchema>

/**
 * The booking payload of `POST /_api/bookings/create` (spec 000 §3). Amounts are not part of it:
 * the server prices every booking (DESIGN.md §7), and unknown keys are dropped.
 */
export const BookingRequestSchema = z
  .object({
    parentId: z.number({ error: 'parentId must be a user id' }).int().positive().optional(),
    nurseId: z.number({ error: 'Nurse is required' }).int('Nurse is required').positive('Nurse is required'),
    pattern: z.enum(['one_time', 'recurring'], { error: 'Pattern must be one_time or recurring' }).default('one_time'),
    startDate: nightDate.optional(),
    weeksCount: weeksCount.nullish(),
    nightsPerWeek: z.number().int().min(1).max(7).optional(),
    occurrences: z
      .array(BookingNightSchema, { error: 'At least one occurrence is required' })
      .min(1, 'At least one occurrence is required')
      .max(MAX_NIGHTS, `A booking can have at most ${MAX_NIGHTS} nights.`),
    timezone: z.string().optional(),
    addressText: z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(300),
    notes: z.string().trim().max(1000, 'Notes can be at most 1000 characters').nullish(),
    contactName: z.string().trim().max(100).nullish(),
    contactPhone: z.string().trim().max(30).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.pattern === 'recurring' && !value.weeksCount) {
      ctx.addIssue({ code: 'custom', path: ['weeksCount'], message: WEEKS_MESSAGE })
    }
  })
export type BookingRequest = z.infer<typeof BookingRequestSchema>

export const CreatePaymentIntentSchema = z.object({
  bookingId: z.coerce
    .number({ error: 'Booking ID is required' })
    .int('Booking ID is required')
    .positive('Booking ID is required'),
})

export const ConfirmPaymentSchema = z.object({
  paymentIntentId: z
    .string({ error: 'Payment intent ID is required' })
    .trim()
    .min(1, 'Payment intent ID is required')
    .max(255, 'Payment intent ID is required'),
})

export const TestCardPaymentSchema = z.object({
  paymentIntentId: z
    .string({ error: 'Payment intent ID is required' })
    .trim()
    .min(1, 'Payment intent ID is required')
    .max(255),
  clientSecret: z.string({ error: 'Client secret is required' }).trim().min(1, 'Client secret is required').max(255),
  cardNumber: z.string({ error: 'Card number is required' }).trim().min(1, 'Card number is required').max(40),
})
export type TestCardPayment = z.infer<typeof TestCardPaymentSchema>
