// The admin calls and forms (docs/product-texts.md): list filters, the booking status change and
// the verification decision. One schema each for the /_api call, the dashboard's form action and
// the tests.
import { z } from 'zod'
import { REJECTION_REASON_REQUIRED, VERIFICATION_DECISIONS } from '../domain/admin/admin'
import { BOOKING_STATUSES } from '../domain/bookings/life-cycle'
import { multilineText, positiveId, text } from './fields'

export const PAGE_MESSAGE = 'page must be a positive integer'
export const BOOKING_STATUS_MESSAGE = 'status must be pending, confirmed, completed or cancelled'
export const VERIFICATION_STATUS_MESSAGE = 'verificationStatus must be pending, approved or rejected'

const page = positiveId(PAGE_MESSAGE).default(1)

/** An empty query value ('?status=') means no filter. */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)

const search = z.preprocess(
  emptyAsUndefined,
  text(100, { tooLong: 'search must be at most 100 characters' }).optional(),
)

/**
 * A page's edge in the bookings list's order (created_at as PostgreSQL writes it, and the id),
 * made by pageCursor: Next carries the last row's (`after`), Previous the first row's (`before`),
 * so paging on reads an index range instead of skipping every row before it (docs/decisions/0022).
 */
export const PAGE_CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?~\d{1,10}$/
const cursor = z.preprocess(emptyAsUndefined, z.string().regex(PAGE_CURSOR_PATTERN, { error: 'Invalid page cursor' }).optional())

export const AdminBookingsQuerySchema = z.object({
  search,
  status: z.preprocess(emptyAsUndefined, z.enum(BOOKING_STATUSES, { error: BOOKING_STATUS_MESSAGE }).optional()),
  page,
  after: cursor,
  before: cursor,
})
export type AdminBookingsQuery = z.infer<typeof AdminBookingsQuerySchema>

/** The CSV export takes the bookings list's filters; it is never paged. */
export const AdminExportQuerySchema = AdminBookingsQuerySchema.omit({ page: true, after: true, before: true })
export type AdminExportQuery = z.infer<typeof AdminExportQuerySchema>

export const AdminNursesQuerySchema = z.object({
  verificationStatus: z.preprocess(
    emptyAsUndefined,
    z.enum(['none', ...VERIFICATION_DECISIONS], { error: 'verificationStatus must be none, pending, approved or rejected' }).optional(),
  ),
  page,
})
export type AdminNursesQuery = z.infer<typeof AdminNursesQuerySchema>

export const AdminPageQuerySchema = z.object({ page })

/** GET /_api/admin/payouts?holds=&failed=: the page of payouts on hold and of failed payouts. */
export const AdminPayoutsQuerySchema = z.object({ holds: page, failed: page })

export const UpdateBookingStatusSchema = z.object({
  bookingId: positiveId('bookingId must be a positive integer'),
  status: z.enum(BOOKING_STATUSES, { error: BOOKING_STATUS_MESSAGE }),
  // Sent and kept in the audit log, unlike the earlier app's.
  notes: multilineText(1000, { label: 'Notes' }).optional(),
})
export type UpdateBookingStatus = z.infer<typeof UpdateBookingStatusSchema>

export const UpdateNurseVerificationSchema = z
  .object({
    nurseProfileId: positiveId('nurseProfileId must be a positive integer'),
    verificationStatus: z.enum(VERIFICATION_DECISIONS, { error: VERIFICATION_STATUS_MESSAGE }),
    reason: multilineText(1000, { tooLong: 'The reason must be at most 1000 characters' }).optional(),
  })
  // The reason is required and sent for a rejection: the nurse reads why.
  .refine((value) => value.verificationStatus !== 'rejected' || Boolean(value.reason), {
    message: REJECTION_REASON_REQUIRED,
    path: ['reason'],
  })
export type UpdateNurseVerification = z.infer<typeof UpdateNurseVerificationSchema>

// The dashboard's own address: ?tab=&page=&search=&status=&reject=&holds=&failed=. Links of the page that work
// without JavaScript; a value that makes no sense is ignored rather than refused.
export const ADMIN_TABS = ['pending', 'bookings', 'nurses', 'payments'] as const
export type AdminTab = (typeof ADMIN_TABS)[number]

export const AdminDashboardQuerySchema = z.object({
  tab: z.enum(ADMIN_TABS).catch('pending').default('pending'),
  page: positiveId(PAGE_MESSAGE).catch(1).default(1),
  search: text(100).optional().catch(undefined),
  status: z.enum(BOOKING_STATUSES).optional().catch(undefined),
  after: z.string().regex(PAGE_CURSOR_PATTERN).optional().catch(undefined),
  before: z.string().regex(PAGE_CURSOR_PATTERN).optional().catch(undefined),
  /** The nurse whose rejection reason form is open. */
  reject: positiveId('Not found').optional().catch(undefined),
  /** The payments tab's pages of payouts on hold and of failed payouts (twenty each). */
  holds: positiveId(PAGE_MESSAGE).catch(1).default(1),
  failed: positiveId(PAGE_MESSAGE).catch(1).default(1),
})
export type AdminDashboardQuery = z.infer<typeof AdminDashboardQuerySchema>

export const ADMIN_INTENTS = ['update-status', 'update-verification', 'send-reminders', 'resolve-problem', 'retry-payout'] as const
export const AdminIntentSchema = z.object({ intent: z.enum(ADMIN_INTENTS, { error: 'Unknown action' }) })
