// The forms of reviews (issue 16): the family's stars and words, the nurse's one answer, and the
// admin's reason for hiding a review.
import { z } from 'zod'
import { REVIEW_MIN_CHARS } from '../domain/reviews/review-rules'
import { multilineText, positiveId } from './fields'

export const RATING_MESSAGE = 'Choose from 1 to 5 stars'
export const REVIEW_BODY_MESSAGE = `Please write at least ${REVIEW_MIN_CHARS} characters about your nurse.`
export const REPLY_MESSAGE = 'Please write your answer (at least 10 characters).'
export const HIDE_REASON_MESSAGE = 'Please give the reason (at least 5 characters).'

const rating = z
  .union([z.number(), z.string().trim().regex(/^[1-5]$/, RATING_MESSAGE).transform(Number)], { error: RATING_MESSAGE })
  .pipe(z.number().int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE))

export const ReviewSchema = z.object({
  intent: z.literal('review'),
  rating,
  body: multilineText(2000, { error: REVIEW_BODY_MESSAGE, label: 'The review' }).pipe(z.string({ error: REVIEW_BODY_MESSAGE }).min(REVIEW_MIN_CHARS, REVIEW_BODY_MESSAGE)),
})

export const ReplySchema = z.object({
  intent: z.literal('reply'),
  reviewId: positiveId('This review could not be found.'),
  reply: multilineText(1000, { error: REPLY_MESSAGE, label: 'The answer' }).pipe(z.string({ error: REPLY_MESSAGE }).min(10, REPLY_MESSAGE)),
})

export const HideReviewSchema = z.object({
  reviewId: positiveId('This review could not be found.'),
  reason: multilineText(500, { error: HIDE_REASON_MESSAGE, label: 'The reason' }).pipe(z.string({ error: HIDE_REASON_MESSAGE }).min(5, HIDE_REASON_MESSAGE)),
})

export const ShowReviewSchema = z.object({
  intent: z.literal('unhide'),
  reviewId: positiveId('This review could not be found.'),
})
