import { describe, expect, test } from 'vitest'
import { type UnlockFacts, UNLOCK_DAYS_BEFORE_FIRST_NIGHT, unlocksContactDetails } from './contact-unlock'

const now = new Date('2026-12-01T15:00:00Z')
const inDays = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000)
const booking = (facts: Partial<UnlockFacts> = {}): UnlockFacts => ({ status: 'confirmed', paidCents: 38_500, firstNightStartsAt: inDays(3), ...facts })

describe('contact details unlock only for a booking that means it', () => {
  test('a confirmed, paid booking whose first night is within 14 days unlocks them', () => {
    expect(UNLOCK_DAYS_BEFORE_FIRST_NIGHT).toBe(14)
    expect(unlocksContactDetails(booking(), now)).toBe(true)
    expect(unlocksContactDetails(booking({ firstNightStartsAt: inDays(14) }), now)).toBe(true)
  })

  test('one whose first night is further away does not, yet', () => {
    expect(unlocksContactDetails(booking({ firstNightStartsAt: inDays(14.01) }), now)).toBe(false)
    expect(unlocksContactDetails(booking({ firstNightStartsAt: inDays(30) }), now)).toBe(false)
  })

  test('a night already worked keeps them unlocked, completed or still confirmed', () => {
    expect(unlocksContactDetails(booking({ status: 'completed', firstNightStartsAt: inDays(-40) }), now)).toBe(true)
    expect(unlocksContactDetails(booking({ firstNightStartsAt: inDays(-1) }), now)).toBe(true)
  })

  test('a cancelled, unpaid or $0 booking never does', () => {
    expect(unlocksContactDetails(booking({ status: 'cancelled' }), now)).toBe(false)
    expect(unlocksContactDetails(booking({ status: 'pending' }), now)).toBe(false)
    expect(unlocksContactDetails(booking({ paidCents: 0 }), now)).toBe(false)
    expect(unlocksContactDetails(booking({ firstNightStartsAt: null }), now)).toBe(false)
  })
})
