// Families' reviews of their nurse (issue 16). Pure: the booking page, the profile, cards, search,
// the admin's table and the structured data all read these rules.
//
// - A family may review a booking once its first night has been worked: a night that went ahead
//   (a worked night, life-cycle.ts) and has ended. One review per booking.
// - The family can change it for 14 days after writing it.
// - The nurse answers once, publicly; the answer is not edited afterwards.
// - An admin may hide a review that breaks the rules, with the reason kept; a hidden review shows
//   nowhere and counts in no average.
import { isWorkedNight } from '../bookings/life-cycle'
import type { Translate } from '~/i18n/translate'

export const REVIEW_EDIT_DAYS = 14
export const REVIEW_MIN_CHARS = 20
const DAY_MS = 24 * 60 * 60 * 1000

export const NOT_REVIEWABLE = 'You can review this nurse once your first night with her has ended.'
export const REVIEW_LOCKED = `A review can be changed for ${REVIEW_EDIT_DAYS} days after it is written.`

export interface ReviewableNight {
  status: string
  endsAt: Date
}

/** Has a night of this booking been worked by now (so the family may review it)? */
export function hasWorkedNight(nights: readonly ReviewableNight[], now: Date): boolean {
  return nights.some((night) => isWorkedNight(night.status) && night.endsAt.getTime() <= now.getTime())
}

export function reviewEditableUntil(review: { createdAt: Date }): Date {
  return new Date(review.createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS)
}

export function canEditReview(review: { createdAt: Date }, now: Date): boolean {
  return now.getTime() < reviewEditableUntil(review).getTime()
}

/** How a reviewer is shown publicly: first name and last initial ('Jordan P.'). */
export function reviewerName(displayName: string): string {
  const parts = displayName.trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return 'A family'
  if (parts.length === 1) return parts[0]
  return `${parts[0]} ${parts[parts.length - 1].charAt(0).toUpperCase()}.`
}

/** '4.8', one decimal, for an average of 1–5 stars. */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1)
}

/** '★★★★☆': the stars drawn as text; pages give it an accessible label ('4 out of 5 stars'). */
export function starText(rating: number): string {
  const full = Math.max(0, Math.min(5, Math.round(rating)))
  return '★'.repeat(full) + '☆'.repeat(5 - full)
}

export function ratingLabel(rating: number): string {
  return `${formatAverage(rating).replace(/\.0$/, '')} out of 5 stars`
}

/** '3 reviews'; with `t` (of `common`), in its language. */
export function reviewCountLabel(count: number, t?: Translate): string {
  if (t) return t('reviews.count', { count })
  return `${count} review${count === 1 ? '' : 's'}`
}
