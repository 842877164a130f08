import { describe, expect, test } from 'vitest'
import { canEditReview, formatAverage, hasWorkedNight, ratingLabel, reviewCountLabel, reviewerName, starText } from './review-rules'

const now = new Date('2026-11-26T12:00:00Z')
const hour = 60 * 60 * 1000

describe('reviews', () => {
  test('a family may review once a night that went ahead has ended', () => {
    expect(hasWorkedNight([{ status: 'scheduled', endsAt: new Date(now.getTime() + hour) }], now)).toBe(false)
    expect(hasWorkedNight([{ status: 'scheduled', endsAt: new Date(now.getTime() - hour) }], now)).toBe(true)
    expect(hasWorkedNight([{ status: 'completed', endsAt: now }], now)).toBe(true)
    for (const status of ['cancelled', 'pending', 'no_show']) {
      expect(hasWorkedNight([{ status, endsAt: new Date(now.getTime() - hour) }], now), status).toBe(false)
    }
  })

  test('a review can be changed for exactly 14 days', () => {
    const createdAt = new Date(now.getTime() - 14 * 24 * hour)
    expect(canEditReview({ createdAt: new Date(createdAt.getTime() + 1) }, now)).toBe(true)
    expect(canEditReview({ createdAt }, now)).toBe(false)
  })

  test('a reviewer is shown by first name and last initial', () => {
    expect(reviewerName('Jordan Parent')).toBe('Jordan P.')
    expect(reviewerName('Mary Ann de la Cruz')).toBe('Mary C.')
    expect(reviewerName('Cher')).toBe('Cher')
    expect(reviewerName('  ')).toBe('A family')
  })

  test('stars, averages and counts read naturally', () => {
    expect(starText(4)).toBe('★★★★☆')
    expect(starText(4.6)).toBe('★★★★★')
    expect(formatAverage(4.666)).toBe('4.7')
    expect(formatAverage(5)).toBe('5.0')
    expect(ratingLabel(4)).toBe('4 out of 5 stars')
    expect(reviewCountLabel(1)).toBe('1 review')
    expect(reviewCountLabel(12)).toBe('12 reviews')
  })
})
