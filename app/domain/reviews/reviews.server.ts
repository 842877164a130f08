// Families' reviews of their nurse (issue 16; rules: review-rules.ts). A review is written and
// changed from the booking's page, answered from the nurse's dashboard, shown on her profile, and
// hidden by an admin. Each change recomputes the nurse's count and average (kept on her profile
// row, so cards and search read no reviews) and drops her public pages from the page cache.
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { type DbOrTx, getDb } from '../../db/client.server'
import { adminAuditLog, bookingOccurrences, bookings, nurseProfiles, reviews, users } from '../../db/schema'
import { nurseUsers, parentUsers } from '../bookings/booking-people.server'
import { countOf, readPage, type Paged } from '../platform/paging'
import { purgePublicPages } from '../platform/public-page-purge'
import { maskContactDetails } from '../messages/message-rules'
import { canEditReview, hasWorkedNight, NOT_REVIEWABLE, REVIEW_LOCKED, reviewEditableUntil, reviewerName, type ReviewableNight } from './review-rules'

export const REVIEW_NOT_FOUND = 'This review could not be found.'
export type ReviewRow = typeof reviews.$inferSelect
type Failure = { ok: false; status: 400 | 403 | 404 | 409; error: string }

/**
 * The parent's review of the nurse of one of their bookings, and whether they may write or change
 * it now. The caller read the booking by its parent; `nights` are all of its nights.
 */
export async function getBookingReview(
  booking: { parentId: number; bookingId: number; nurseId: number },
  nights: readonly ReviewableNight[],
  now: Date,
) {
  const { parentId, bookingId } = booking
  const review = await findFamilyReview(getDb(), parentId, booking.nurseId)
  const eligible = hasWorkedNight(nights, now)
  return {
    review: review
      ? {
          rating: review.rating,
          body: review.body,
          reply: review.reply,
          hidden: review.hiddenAt !== null,
          editableUntil: reviewEditableUntil(review).toISOString(),
          editable: mayChangeReview(review, bookingId, now),
        }
      : null,
    eligible,
  }
}

/**
 * The family's review of the nurse: one per family and nurse (issue 38: one per booking let one
 * family review her twice). Rows written under the old rule stay; the newest is the family's.
 */
async function findFamilyReview(db: DbOrTx, parentId: number, nurseId: number): Promise<ReviewRow | undefined> {
  const [review] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.parentId, parentId), eq(reviews.nurseId, nurseId)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(1)
  return review
}

/** Within 14 days of writing it; or from a later booking of hers, which is a new experience to tell. */
function mayChangeReview(review: ReviewRow, bookingId: number, now: Date): boolean {
  return canEditReview(review, now) || review.bookingId < bookingId
}

/** The newest review of each family, not hidden: what the profile shows and the average counts. */
function familyReviews(db: DbOrTx, nurseId: number) {
  return db
    .selectDistinctOn([reviews.parentId], { id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.nurseId, nurseId), isNull(reviews.hiddenAt)))
    .orderBy(reviews.parentId, desc(reviews.createdAt), desc(reviews.id))
    .as('family_reviews')
}

/** The nurse's count and average, from the reviews shown. In the caller's transaction. */
async function refreshNurseRating(tx: DbOrTx, nurseId: number) {
  await tx
    .update(nurseProfiles)
    .set({
      // One review per family counts: the newest of each (see findFamilyReview).
      reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.id} in (select distinct on (${reviews.parentId}) ${reviews.id} from ${reviews} where ${reviews.nurseId} = ${nurseId} and ${reviews.hiddenAt} is null order by ${reviews.parentId}, ${reviews.createdAt} desc, ${reviews.id} desc))`,
      reviewAverage: sql`(select avg(${reviews.rating})::float8 from ${reviews} where ${reviews.id} in (select distinct on (${reviews.parentId}) ${reviews.id} from ${reviews} where ${reviews.nurseId} = ${nurseId} and ${reviews.hiddenAt} is null order by ${reviews.parentId}, ${reviews.createdAt} desc, ${reviews.id} desc))`,
    })
    .where(eq(nurseProfiles.id, nurseId))
}

async function purgeNurse(nurseId: number) {
  const [nurse] = await getDb().select({ slug: nurseProfiles.slug }).from(nurseProfiles).where(eq(nurseProfiles.id, nurseId))
  if (nurse) purgePublicPages({ slugs: [nurse.slug] })
}

/**
 * The family writes (or, within 14 days, changes) their review of a booking. Only the booking's
 * parent, only after its first worked night; a second review of the booking changes the first.
 */
export async function saveReview(
  parentId: number,
  bookingId: number,
  input: { rating: number; body: string },
  now: Date = new Date(),
): Promise<{ ok: true; created: boolean } | Failure> {
  const outcome = await getDb().transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, nurseId: bookings.nurseId })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.parentId, parentId)))
      .for('update')
    if (!booking) return { ok: false as const, status: 404 as const, error: 'Booking not found' }
    const nights = await tx
      .select({ status: bookingOccurrences.status, endsAt: bookingOccurrences.endsAt })
      .from(bookingOccurrences)
      .where(eq(bookingOccurrences.bookingId, bookingId))
    if (!hasWorkedNight(nights, now)) return { ok: false as const, status: 409 as const, error: NOT_REVIEWABLE }
    const existing = await findFamilyReview(tx, parentId, booking.nurseId)
    if (existing && !mayChangeReview(existing, bookingId, now)) return { ok: false as const, status: 409 as const, error: REVIEW_LOCKED }
    if (existing) {
      const changed = existing.rating !== input.rating || existing.body !== input.body
      // A row of this booking left by the old rule keeps its place: the review stays where it is.
      const [onThisBooking] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, bookingId))
      const laterBooking = existing.bookingId < bookingId && !onThisBooking
      await tx
        .update(reviews)
        .set({
          rating: input.rating,
          body: input.body,
          updatedAt: now,
          // An answer was to the old words: changed ones may be answered afresh (issue 38).
          ...(changed ? { reply: null, repliedAt: null } : {}),
          // Told from a later booking, the review is of that booking, changeable for 14 days again.
          ...(laterBooking ? { bookingId, createdAt: now } : {}),
        })
        .where(eq(reviews.id, existing.id))
    } else {
      await tx.insert(reviews).values({ bookingId, nurseId: booking.nurseId, parentId, rating: input.rating, body: input.body, createdAt: now, updatedAt: now })
    }
    await refreshNurseRating(tx, booking.nurseId)
    return { ok: true as const, created: !existing, nurseId: booking.nurseId }
  })
  if (!outcome.ok) return outcome
  await purgeNurse(outcome.nurseId)
  return { ok: true, created: outcome.created }
}

/** The nurse answers a review of hers, once. */
export async function replyToReview(nurseUserId: number, reviewId: number, reply: string, now: Date = new Date()): Promise<{ ok: true } | Failure> {
  const [review] = await getDb()
    .select({ id: reviews.id, nurseId: reviews.nurseId, reply: reviews.reply })
    .from(reviews)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, reviews.nurseId))
    .where(and(eq(reviews.id, reviewId), eq(nurseProfiles.userId, nurseUserId)))
  if (!review) return { ok: false, status: 404, error: REVIEW_NOT_FOUND }
  const [answered] = await getDb()
    .update(reviews)
    .set({ reply, repliedAt: now })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
    .returning({ id: reviews.id })
  if (!answered) return { ok: false, status: 409, error: 'You have already answered this review.' }
  await purgeNurse(review.nurseId)
  return { ok: true }
}

/** An admin hides a review that breaks the rules; the reason is kept on it and in the audit log. */
export async function hideReview(adminId: number, reviewId: number, reason: string, now: Date = new Date()): Promise<{ ok: true } | Failure> {
  const outcome = await getDb().transaction(async (tx) => {
    const [hidden] = await tx
      .update(reviews)
      .set({ hiddenAt: now, hiddenBy: adminId, hiddenReason: reason })
      .where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt)))
      .returning({ nurseId: reviews.nurseId })
    if (!hidden) {
      const [exists] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId))
      return exists
        ? { ok: false as const, status: 409 as const, error: 'This review is already hidden.' }
        : { ok: false as const, status: 404 as const, error: REVIEW_NOT_FOUND }
    }
    await refreshNurseRating(tx, hidden.nurseId)
    await tx.insert(adminAuditLog).values({ actorId: adminId, action: 'review.hidden', entityType: 'review', entityId: reviewId, notes: reason })
    return { ok: true as const, nurseId: hidden.nurseId }
  })
  if (!outcome.ok) return outcome
  await purgeNurse(outcome.nurseId)
  return { ok: true }
}

/** An admin shows a hidden review again; it counts again, and the audit log says who. */
export async function showReview(adminId: number, reviewId: number, now: Date = new Date()): Promise<{ ok: true } | Failure> {
  const outcome = await getDb().transaction(async (tx) => {
    const [shown] = await tx
      .update(reviews)
      .set({ hiddenAt: null, hiddenBy: null, hiddenReason: null, updatedAt: now })
      .where(and(eq(reviews.id, reviewId), isNotNull(reviews.hiddenAt)))
      .returning({ nurseId: reviews.nurseId })
    if (!shown) {
      const [exists] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId))
      return exists
        ? { ok: false as const, status: 409 as const, error: 'This review is not hidden.' }
        : { ok: false as const, status: 404 as const, error: REVIEW_NOT_FOUND }
    }
    await refreshNurseRating(tx, shown.nurseId)
    await tx.insert(adminAuditLog).values({ actorId: adminId, action: 'review.shown', entityType: 'review', entityId: reviewId, notes: null })
    return { ok: true as const, nurseId: shown.nurseId }
  })
  if (!outcome.ok) return outcome
  await purgeNurse(outcome.nurseId)
  return { ok: true }
}

export interface PublicReview {
  id: number
  rating: number
  body: string
  reviewer: string
  createdAt: string
  reply: string | null
}

/**
 * One page of a nurse's reviews as her profile and her own reviews page show them, twenty a page:
 * not hidden, newest first; contact details in the review and in her answer masked as in messages
 * (stored as written; admins read them whole: docs/decisions/0044). `reviewCount` is her
 * profile's count of the reviews shown, kept with every change to them (refreshNurseRating), so
 * the page asks no count of its own, and a page past it reads nothing.
 */
export function pageOfNurseReviews(nurse: { nurseId: number; reviewCount: number }, page: number): Promise<Paged<PublicReview>> {
  return readPage(
    page,
    (offset, limit) => (offset < nurse.reviewCount ? readNurseReviews(getDb(), nurse.nurseId, limit, offset) : Promise.resolve([])),
    () => Promise.resolve(nurse.reviewCount),
  )
}

async function readNurseReviews(db: DbOrTx, nurseId: number, limit: number, offset: number): Promise<PublicReview[]> {
  const shown = familyReviews(db, nurseId)
  const rows = await db
    .select({ review: reviews, displayName: users.displayName })
    .from(reviews)
    .innerJoin(shown, eq(shown.id, reviews.id))
    .innerJoin(users, eq(users.id, reviews.parentId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset)
  return rows.map(({ review, displayName }) => ({
    id: review.id,
    rating: review.rating,
    body: maskContactDetails(review.body),
    reviewer: reviewerName(displayName),
    createdAt: review.createdAt.toISOString(),
    reply: review.reply === null ? null : maskContactDetails(review.reply),
  }))
}

export interface NurseOwnReviews {
  /** Her profile's address, to see the reviews as families do. */
  slug: string
  /** The count and average her profile shows (one review per family, none hidden). */
  reviewCount: number
  reviewAverage: number | null
  reviews: Paged<PublicReview>
}

/**
 * The nurse's own reviews, to answer: those her profile shows, newest first, twenty a page, so
 * every review can be answered however many there are. Null for an account without a profile.
 */
export async function listReviewsForNurse(nurseUserId: number, query: { page: number }): Promise<NurseOwnReviews | null> {
  const db = getDb()
  const [nurse] = await db
    .select({ id: nurseProfiles.id, slug: nurseProfiles.slug, reviewCount: nurseProfiles.reviewCount, reviewAverage: nurseProfiles.reviewAverage })
    .from(nurseProfiles)
    .where(eq(nurseProfiles.userId, nurseUserId))
  if (!nurse) return null
  const reviews = await pageOfNurseReviews({ nurseId: nurse.id, reviewCount: nurse.reviewCount }, query.page)
  return { slug: nurse.slug, reviewCount: nurse.reviewCount, reviewAverage: nurse.reviewAverage, reviews }
}

export interface AdminReviewRow {
  id: number
  rating: number
  body: string
  reply: string | null
  parentName: string
  nurseName: string
  nurseSlug: string
  createdAt: string
  hiddenAt: string | null
  hiddenReason: string | null
}

/**
 * Every review, newest first, hidden ones with their reason, for the admins' review page: twenty
 * a page, so the oldest review can still be found and hidden however many there are.
 */
export async function listReviewsForAdmin(query: { page: number }): Promise<Paged<AdminReviewRow>> {
  const db = getDb()
  const paged = await readPage(
    query.page,
    (offset, limit) =>
      db
        .select({ review: reviews, parentName: parentUsers.displayName, nurseName: nurseUsers.displayName, nurseSlug: nurseProfiles.slug })
        .from(reviews)
        .innerJoin(parentUsers, eq(parentUsers.id, reviews.parentId))
        .innerJoin(nurseProfiles, eq(nurseProfiles.id, reviews.nurseId))
        .innerJoin(nurseUsers, eq(nurseUsers.id, nurseProfiles.userId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset),
    () => countOf(db.select({ value: count() }).from(reviews)),
  )
  return {
    ...paged,
    rows: paged.rows.map(({ review, parentName, nurseName, nurseSlug }) => ({
      id: review.id,
      rating: review.rating,
      body: review.body,
      reply: review.reply,
      parentName,
      nurseName,
      nurseSlug,
      createdAt: review.createdAt.toISOString(),
      hiddenAt: review.hiddenAt?.toISOString() ?? null,
      hiddenReason: review.hiddenReason,
    })),
  }
}
