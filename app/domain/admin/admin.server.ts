// The admin side (spec 001 §2 'Admin dashboard', §3 'Admin entities', §4, §7 'Admin side';
// DESIGN.md §6.6, §6.9, §10): stats, the bookings, nurses, payments and outbox tables, the
// booking status change and the verification decision, each change written to the audit log.
// The dashboard page, the /_api calls and the CSV export all read through here.
import { and, asc, count, desc, eq, exists, gt, ilike, inArray, notExists, or, sql, type SQL } from 'drizzle-orm'
import { stringify } from 'csv-stringify/sync'
import { getConfig } from '../../config.server'
import { getDb } from '../../db/client.server'
import {
  adminAuditLog,
  bookingOccurrences,
  bookings,
  nurseProfiles,
  outboxEmails,
  payments,
  users,
} from '../../db/schema'
import type {
  AdminBookingsQuery,
  AdminExportQuery,
  AdminNursesQuery,
  UpdateBookingStatus,
  UpdateNurseVerification,
} from '../../schemas/admin'
import {
  ADMIN_PAGE_SIZE,
  bookingIdFromSearch,
  bookingStatusChangeProblem,
  countPages,
  csvText,
  likePattern,
  pageOffset,
  verificationDecisionEmail,
  type AdminBookingStatus,
} from './admin'
import { joinBookingPeople, nurseUsers, parentUsers } from '../bookings/booking-people.server'
import { BOOKING_NOT_FOUND, formatBookingReference } from '../bookings/booking-rules'
import { cancelBookingAsAdmin } from '../bookings/cancellations.server'
import { changeBookingStatusByAdmin } from '../bookings/life-cycle.server'
import { findPaidCharge } from '../payments/payments.server'
import { sendEmail } from '../notifications/email.server'
import { clearPublicNurseCache } from '../nurses/nurses.server'

type Failure = { ok: false; status: 400 | 404 | 409 | 502; error: string }

export const NURSE_PROFILE_NOT_FOUND = 'Nurse profile not found'

// ---------------------------------------------------------------------------------------------
// Stats

export interface AdminStats {
  activeBookings: number
  pendingVerifications: number
  totalPayoutsDueCents: number
}

/** Nights that will be, or were, worked: not cancelled, no-show or still unpaid. */
const WORKED_NIGHT_STATUSES = ['scheduled', 'confirmed', 'completed'] as const

export async function getAdminStats(now: Date): Promise<AdminStats> {
  const db = getDb()
  const nowIso = now.toISOString()
  const [[active], [pending], [due]] = await Promise.all([
    // Active bookings: confirmed (paid) bookings with at least one night still to end, i.e. work
    // the platform is still committed to. Completed, cancelled and unpaid bookings are not active.
    db
      .select({ value: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          exists(
            db
              .select({ one: sql`1` })
              .from(bookingOccurrences)
              .where(
                and(
                  eq(bookingOccurrences.bookingId, bookings.id),
                  inArray(bookingOccurrences.status, [...WORKED_NIGHT_STATUSES]),
                  gt(bookingOccurrences.endsAt, sql`${nowIso}::timestamptz`),
                ),
              ),
          ),
        ),
      ),
    db.select({ value: count() }).from(nurseProfiles).where(eq(nurseProfiles.verificationStatus, 'pending')),
    // Payouts due: what nurses are owed for nights of paid bookings (confirmed or completed) that
    // are not cancelled, and that no payout payment (other than a failed or cancelled one) covers
    // yet. A night's payout is its price: the nurse gets the subtotal, the fee is ours (DESIGN.md §7).
    db
      // A platform-wide sum outgrows an integer: bigint, read as a number (exact below 2^53 cents).
      .select({ value: sql<number>`coalesce(sum(${bookingOccurrences.priceCents}), 0)::bigint`.mapWith(Number) })
      .from(bookingOccurrences)
      .innerJoin(bookings, eq(bookings.id, bookingOccurrences.bookingId))
      .where(
        and(
          inArray(bookings.status, ['confirmed', 'completed']),
          inArray(bookingOccurrences.status, [...WORKED_NIGHT_STATUSES]),
          notExists(
            db
              .select({ one: sql`1` })
              .from(payments)
              .where(
                and(
                  eq(payments.occurrenceId, bookingOccurrences.id),
                  eq(payments.kind, 'payout'),
                  inArray(payments.status, ['pending', 'succeeded']),
                ),
              ),
          ),
        ),
      ),
  ])
  return {
    activeBookings: active.value,
    pendingVerifications: pending.value,
    totalPayoutsDueCents: due.value,
  }
}

// ---------------------------------------------------------------------------------------------
// Bookings

export interface AdminBookingRow {
  id: number
  reference: string
  nurseName: string
  parentName: string
  parentEmail: string
  startDate: string
  status: AdminBookingStatus
  totalAmountCents: number
  createdAt: string
}

export interface Paged<T> {
  page: number
  totalPages: number
  totalRows: number
  rows: T[]
}

function bookingFilter(query: AdminExportQuery): SQL | undefined {
  const conditions: SQL[] = []
  if (query.status) conditions.push(eq(bookings.status, query.status))
  const search = query.search?.trim()
  if (search) {
    const pattern = likePattern(search)
    const matches: SQL[] = [
      ilike(nurseUsers.displayName, pattern),
      ilike(parentUsers.displayName, pattern),
      ilike(parentUsers.email, pattern),
    ]
    const id = bookingIdFromSearch(search)
    if (id !== null) matches.push(eq(bookings.id, id))
    conditions.push(or(...matches)!)
  }
  return conditions.length ? and(...conditions) : undefined
}

function bookingsQuery(query: AdminExportQuery) {
  const selected = getDb()
    .select({
      id: bookings.id,
      nurseName: nurseUsers.displayName,
      parentName: parentUsers.displayName,
      parentEmail: parentUsers.email,
      startDate: bookings.startDate,
      status: bookings.status,
      totalAmountCents: bookings.totalAmountCents,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .$dynamic()
  return joinBookingPeople(selected).where(bookingFilter(query)).orderBy(desc(bookings.createdAt), desc(bookings.id))
}

type BookingSelect = Awaited<ReturnType<typeof bookingsQuery>>[number]

function toBookingRow(row: BookingSelect): AdminBookingRow {
  return { ...row, reference: formatBookingReference(row.id), createdAt: row.createdAt.toISOString() }
}

async function countBookings(query: AdminExportQuery): Promise<number> {
  const counted = getDb().select({ value: count() }).from(bookings).$dynamic()
  const [row] = await joinBookingPeople(counted).where(bookingFilter(query))
  return row.value
}

/** Every booking, newest first, filtered by status and a search over names, e-mail and reference. */
export async function listAdminBookings(query: AdminBookingsQuery): Promise<Paged<AdminBookingRow>> {
  const paged = await readPage(
    query.page,
    (offset) => bookingsQuery(query).limit(ADMIN_PAGE_SIZE).offset(offset),
    () => countBookings(query),
  )
  return { ...paged, rows: paged.rows.map(toBookingRow) }
}

/**
 * One page of an admin table. A page past the end (a typed `page=9`, or a link kept while rows
 * went away) shows the last page, so the table never says 'Page 9 of 2' over nothing.
 */
async function readPage<Row>(
  page: number,
  readRows: (offset: number) => PromiseLike<Row[]>,
  countRows: () => PromiseLike<number>,
): Promise<Paged<Row>> {
  const [rows, totalRows] = await Promise.all([readRows(pageOffset(page)), countRows()])
  const totalPages = countPages(totalRows)
  if (page <= totalPages) return { page, totalPages, totalRows, rows }
  return { page: totalPages, totalPages, totalRows, rows: await readRows(pageOffset(totalPages)) }
}

const countOf = (rows: PromiseLike<{ value: number }[]>) => rows.then(([row]) => row.value)

/** The same query as the list, every page of it (STYLE.md rule 4: one query, many serializations). */
export async function listAllAdminBookings(query: AdminExportQuery): Promise<AdminBookingRow[]> {
  const rows = await bookingsQuery(query)
  return rows.map(toBookingRow)
}

export const BOOKINGS_CSV_COLUMNS = [
  'Booking ID',
  'Reference',
  'Nurse',
  'Parent',
  'Parent Email',
  'Start Date',
  'Status',
  'Total (USD)',
  'Created At',
] as const

/** The bookings as a spreadsheet: dollars with two decimals, dates as ISO (machine-readable). */
export function toBookingsCsv(rows: readonly AdminBookingRow[]): string {
  return stringify(
    rows.map((row) => [
      row.id,
      row.reference,
      // Names are typed by families and nurses: never let a spreadsheet run one as a formula.
      csvText(row.nurseName),
      csvText(row.parentName),
      csvText(row.parentEmail),
      row.startDate,
      row.status,
      (row.totalAmountCents / 100).toFixed(2),
      row.createdAt,
    ]),
    { header: true, columns: [...BOOKINGS_CSV_COLUMNS] },
  )
}

/**
 * An admin's booking status change (spec 001 §4; docs/decisions/0008). Cancelling releases the
 * nights not yet started and refunds them in full (cancellations.server.ts); the other changes
 * are checked by bookingStatusChangeProblem, so a paid booking never falls back to 'pending'
 * (where the unpaid-hold sweep would release its nights) and a cancelled one is never reopened
 * over nights another family may have booked since.
 */
export async function updateBookingStatus(
  input: UpdateBookingStatus & { actorId: number; now?: Date },
): Promise<{ ok: true; bookingId: number; status: AdminBookingStatus } | Failure> {
  const now = input.now ?? new Date()
  if (input.status === 'cancelled') {
    const result = await cancelBookingAsAdmin({
      bookingId: input.bookingId,
      actorId: input.actorId,
      notes: input.notes || null,
      now,
    })
    return result.ok ? { ok: true, bookingId: input.bookingId, status: 'cancelled' } : result
  }
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, input.bookingId))
      .for('update')
    if (!current) return { ok: false, status: 404, error: BOOKING_NOT_FOUND } as const
    const charge = await findPaidCharge(tx, input.bookingId)
    const [ahead] = await tx
      .select({ value: count() })
      .from(bookingOccurrences)
      .where(
        and(
          eq(bookingOccurrences.bookingId, input.bookingId),
          sql`${bookingOccurrences.status} <> 'cancelled'`,
          gt(bookingOccurrences.endsAt, now),
        ),
      )
    const problem = bookingStatusChangeProblem(current.status, input.status, {
      paid: Boolean(charge),
      nightsAhead: ahead.value,
    })
    if (problem) return { ok: false, status: 409, error: problem } as const
    if (current.status === input.status) return { ok: true, bookingId: input.bookingId, status: input.status } as const
    // bookingStatusChangeProblem refused 'pending' and 'cancelled' as targets above.
    await changeBookingStatusByAdmin(
      tx,
      input.bookingId,
      current.status,
      input.status as 'confirmed' | 'completed',
      now,
    )
    await tx.insert(adminAuditLog).values({
      actorId: input.actorId,
      action: 'booking.status_changed',
      entityType: 'booking',
      entityId: input.bookingId,
      notes: input.notes || null,
      data: { from: current.status, to: input.status },
    })
    return { ok: true, bookingId: input.bookingId, status: input.status } as const
  })
}

// ---------------------------------------------------------------------------------------------
// Nurses

export interface AdminNurseRow {
  nurseProfileId: number
  displayName: string
  email: string
  baseLocation: string
  verificationStatus: 'none' | 'pending' | 'approved' | 'rejected'
  rejectionReason: string | null
  submittedAt: string | null
  profileUpdatedAt: string | null
  /** Always null: the marketplace has no reviews yet, so there is nothing to average. */
  averageRating: number | null
  memberSince: string
  /** `/files/{id}`: readable by the nurse and admins only (DESIGN.md §6.3); null when none was uploaded. */
  idDocumentUrl: string | null
  certificationDocumentUrl: string | null
}

const fileUrl = (fileId: number | null) => (fileId === null ? null : `/files/${fileId}`)

/**
 * Nurses with a profile, most recently changed first. The pending queue (verificationStatus
 * 'pending') is oldest submission first instead, so no applicant waits behind newer ones.
 */
export async function listAdminNurses(query: AdminNursesQuery): Promise<Paged<AdminNurseRow>> {
  const db = getDb()
  const where = query.verificationStatus ? eq(nurseProfiles.verificationStatus, query.verificationStatus) : undefined
  const paged = await readPage(
    query.page,
    (offset) =>
      db
        .select({
          nurseProfileId: nurseProfiles.id,
          displayName: users.displayName,
          email: users.email,
          baseLocation: nurseProfiles.baseLocation,
          verificationStatus: nurseProfiles.verificationStatus,
          rejectionReason: nurseProfiles.rejectionReason,
          submittedAt: nurseProfiles.submittedAt,
          profileUpdatedAt: nurseProfiles.updatedAt,
          memberSince: users.createdAt,
          idDocumentFileId: nurseProfiles.idDocumentFileId,
          certificationFileId: nurseProfiles.certificationFileId,
        })
        .from(nurseProfiles)
        .innerJoin(users, eq(users.id, nurseProfiles.userId))
        .where(where)
        .orderBy(
          ...(query.verificationStatus === 'pending'
            ? [sql`${nurseProfiles.submittedAt} asc nulls last`, asc(nurseProfiles.id)]
            : [desc(nurseProfiles.updatedAt), desc(nurseProfiles.id)]),
        )
        .limit(ADMIN_PAGE_SIZE)
        .offset(offset),
    () => countOf(db.select({ value: count() }).from(nurseProfiles).where(where)),
  )
  return {
    ...paged,
    rows: paged.rows.map(({ idDocumentFileId, certificationFileId, ...row }) => ({
      ...row,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      profileUpdatedAt: row.profileUpdatedAt?.toISOString() ?? null,
      memberSince: row.memberSince.toISOString(),
      averageRating: null,
      idDocumentUrl: fileUrl(idDocumentFileId),
      certificationDocumentUrl: fileUrl(certificationFileId),
    })),
  }
}

/**
 * Approve, reject (with the reason the nurse will read, DESIGN.md §6.6) or send back to pending.
 * The decision is audited, the nurse is e-mailed, and public listings forget their cached view
 * (only approved nurses are public, DESIGN.md §6.12).
 */
export async function updateNurseVerification(
  input: UpdateNurseVerification & { actorId: number; now: Date },
): Promise<
  { ok: true; nurseProfileId: number; verificationStatus: UpdateNurseVerification['verificationStatus'] } | Failure
> {
  const reason = input.reason?.trim() || null
  // The schema refuses this too; the domain keeps the rule for any other caller.
  if (input.verificationStatus === 'rejected' && !reason) {
    return { ok: false, status: 400, error: 'Please provide a reason for rejection' }
  }
  const outcome = await getDb().transaction(async (tx) => {
    const [nurse] = await tx
      .select({ status: nurseProfiles.verificationStatus, name: users.displayName, email: users.email })
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(eq(nurseProfiles.id, input.nurseProfileId))
      .for('update', { of: nurseProfiles })
    if (!nurse) return null
    await tx
      .update(nurseProfiles)
      .set({
        verificationStatus: input.verificationStatus,
        rejectionReason: input.verificationStatus === 'rejected' ? reason : null,
        // When the decision was made; a profile sent back to pending has none.
        verifiedAt: input.verificationStatus === 'pending' ? null : input.now,
        updatedAt: input.now,
      })
      .where(eq(nurseProfiles.id, input.nurseProfileId))
    await tx.insert(adminAuditLog).values({
      actorId: input.actorId,
      action: `nurse.verification_${input.verificationStatus}`,
      entityType: 'nurse_profile',
      entityId: input.nurseProfileId,
      notes: reason,
      data: { from: nurse.status, to: input.verificationStatus },
    })
    return nurse
  })
  if (!outcome) return { ok: false, status: 404, error: NURSE_PROFILE_NOT_FOUND }
  clearPublicNurseCache()
  if (input.verificationStatus !== 'pending') {
    await sendEmail(
      outcome.email,
      verificationDecisionEmail({
        nurseName: outcome.name,
        decision: input.verificationStatus,
        reason,
        dashboardUrl: `${getConfig().APP_ORIGIN}/nurse/dashboard`,
      }),
    )
  }
  return { ok: true, nurseProfileId: input.nurseProfileId, verificationStatus: input.verificationStatus }
}

// ---------------------------------------------------------------------------------------------
// Payments

export interface AdminPaymentRow {
  id: number
  createdAt: string
  amountCents: number
  status: string
  kind: 'charge' | 'refund' | 'payout'
  provider: string
  bookingId: number
  parentName: string
  nurseName: string
  /** The provider's id: a PaymentIntent for charges, a refund id for refunds. */
  stripePaymentIntentId: string
}

export async function listAdminPayments(query: { page: number }): Promise<Paged<AdminPaymentRow>> {
  const db = getDb()
  const paged = await readPage(
    query.page,
    (offset) =>
      joinBookingPeople(
        db
          .select({
            id: payments.id,
            createdAt: payments.createdAt,
            amountCents: payments.amountCents,
            status: payments.status,
            kind: payments.kind,
            provider: payments.provider,
            bookingId: payments.bookingId,
            parentName: parentUsers.displayName,
            nurseName: nurseUsers.displayName,
            stripePaymentIntentId: payments.providerPaymentId,
          })
          .from(payments)
          .innerJoin(bookings, eq(bookings.id, payments.bookingId))
          .$dynamic(),
      )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset(offset),
    () => countOf(db.select({ value: count() }).from(payments)),
  )
  return {
    ...paged,
    rows: paged.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  }
}

// ---------------------------------------------------------------------------------------------
// The e-mail outbox (DESIGN.md §10)

export interface OutboxEmailRow {
  id: number
  toAddress: string
  subject: string
  textBody: string
  createdAt: string
}

export async function listOutboxEmails(query: { page: number }): Promise<Paged<OutboxEmailRow>> {
  const db = getDb()
  const paged = await readPage(
    query.page,
    (offset) =>
      db
        .select({
          id: outboxEmails.id,
          toAddress: outboxEmails.toAddress,
          subject: outboxEmails.subject,
          textBody: outboxEmails.textBody,
          createdAt: outboxEmails.createdAt,
        })
        .from(outboxEmails)
        .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset(offset),
    () => countOf(db.select({ value: count() }).from(outboxEmails)),
  )
  return {
    ...paged,
    rows: paged.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  }
}

/** Whether e-mail leaves through SMTP, or stays in the outbox for admins to read. */
export function getEmailDelivery(): 'smtp' | 'outbox' {
  return getConfig().SMTP_URL ? 'smtp' : 'outbox'
}
