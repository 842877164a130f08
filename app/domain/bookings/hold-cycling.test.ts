import { describe, expect, test } from 'vitest'
import { holdCycleWindowStart, mustPayAtOnce } from './hold-cycling'

describe('hold cycling (docs/decisions/0045)', () => {
  test('an account that left no or one unpaid hold may hold nights again; after two it must pay as it books', () => {
    expect(mustPayAtOnce(0)).toBe(false)
    expect(mustPayAtOnce(1)).toBe(false)
    expect(mustPayAtOnce(2)).toBe(true)
    expect(mustPayAtOnce(35)).toBe(true)
  })

  test('holds left more than 24 hours ago no longer count', () => {
    expect(holdCycleWindowStart(new Date('2026-12-02T10:00:00Z'))).toEqual(new Date('2026-12-01T10:00:00Z'))
  })
})
