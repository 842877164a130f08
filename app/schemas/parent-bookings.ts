// The parent's bookings calls: the list filter and cancelling one night.
import { z } from 'zod'
import { BOOKING_NOT_FOUND } from '../domain/bookings/booking-rules'
import { calendarDate, MAX_DB_INTEGER, positiveId } from './fields'

export const BOOKING_FILTERS = ['upcoming', 'past', 'cancelled'] as const
export type BookingFilter = (typeof BOOKING_FILTERS)[number]

export const BOOKING_FILTER_MESSAGE = 'status must be upcoming, past or cancelled'
export const OCCURRENCE_ID_MESSAGE = 'occurrenceId must be a positive integer'

export const BookingListQuerySchema = z.object({
  status: z.enum(BOOKING_FILTERS, { error: BOOKING_FILTER_MESSAGE }).default('upcoming'),
})

export const CancelOccurrenceSchema = z.object({
  occurrenceId: positiveId(OCCURRENCE_ID_MESSAGE),
  // The refund the parent was shown; when given and no longer right, nothing is cancelled.
  expectedRefundCents: z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
      error: 'expectedRefundCents must be a whole number of cents',
    })
    .pipe(
      z
        .number()
        .int('expectedRefundCents must be a whole number of cents')
        .min(0, 'expectedRefundCents must be a whole number of cents')
        .max(MAX_DB_INTEGER, 'expectedRefundCents must be a whole number of cents'),
    )
    .optional(),
})
export type CancelOccurrence = z.infer<typeof CancelOccurrenceSchema>

export const ReceiptParamsSchema = z.object({ paymentId: positiveId('Receipt not found') })
export const BookingParamsSchema = z.object({ bookingId: positiveId(BOOKING_NOT_FOUND) })

/** The booking page's address: ?cancel= names the night whose cancellation it asks about; anything else is ignored. */
export const BookingPageQuerySchema = z.object({ cancel: z.coerce.number().int().positive().max(MAX_DB_INTEGER) })

/** 'Abandon booking' and 'Check payment' on a booking waiting for payment. */
export const UnpaidBookingIntentSchema = z.object({ intent: z.enum(['abandon', 'check-payment']) })

// The dashboard's own address (?status=, ?expand=, ?cancel=, ?receipt=): links of the page that
// work without JavaScript. A value that makes no sense is ignored rather than refused.
const optionalId = positiveId('Not found').optional().catch(undefined)
/** How many bookings, and how many payments, the dashboard shows at first, and how many more each 'Show more' adds. */
export const DASHBOARD_PAGE = 10
/** How many of a list to show: at least a page, at most a hundred; anything else shows the first page. */
const shownCount = z.coerce
  .number()
  .int()
  .min(DASHBOARD_PAGE)
  .max(100 * DASHBOARD_PAGE)
  .catch(DASHBOARD_PAGE)
export const DashboardQuerySchema = z.object({
  status: z.enum(BOOKING_FILTERS).catch('upcoming').default('upcoming'),
  bookings: shownCount,
  payments: shownCount,
  expand: optionalId,
  cancel: optionalId,
  receipt: optionalId,
})
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>

export const DASHBOARD_INTENTS = ['cancel', 'preferences', 'send-reminders'] as const
export const DashboardIntentSchema = z.object({ intent: z.enum(DASHBOARD_INTENTS, { error: 'Unknown action' }) })

export const ReceiptQuerySchema = z.object({ paymentId: positiveId('paymentId must be a positive integer') })

// Moving a night (issue 17, docs/decisions/0034): the move page's form and POST /_api/bookings/move-night.
export const MOVE_DATE_MESSAGE = 'Please choose the night to move to.'
const nightDate = calendarDate(MOVE_DATE_MESSAGE)
export const MoveNightFormSchema = z.object({ date: nightDate })
export const MoveNightSchema = z.object({
  bookingId: positiveId('bookingId must be a positive integer'),
  occurrenceId: positiveId(OCCURRENCE_ID_MESSAGE),
  date: nightDate,
})
export type MoveNight = z.infer<typeof MoveNightSchema>
export const MoveNightParamsSchema = z.object({
  bookingId: positiveId(BOOKING_NOT_FOUND),
  occurrenceId: positiveId(BOOKING_NOT_FOUND),
})
