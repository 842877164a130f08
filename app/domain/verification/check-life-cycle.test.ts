import { describe, expect, test } from 'vitest'
import { backgroundCheckStatusEnum } from '../../db/schema'
import {
  canChangeCheck,
  CHECK_STATUSES,
  CHECK_TRANSITIONS,
  checkExpiry,
  earliestFinalNotice,
  isCurrentCheck,
  isOpenCheck,
  isPassingCheck,
  statusesLeadingTo,
  statusOfReport,
} from './check-life-cycle'

describe("a background check's life cycle", () => {
  test('a suspended check can never be approved, nor an adverse one, by anyone', () => {
    for (const cause of ['provider', 'admin-approve', 'admin-adverse', 'admin-final'] as const) {
      expect(canChangeCheck('suspended', 'approved', cause)).toBe(false)
      expect(canChangeCheck('adverse', 'approved', cause)).toBe(false)
      expect(canChangeCheck('suspended', 'clear', cause)).toBe(cause === 'provider')
    }
    expect(statusesLeadingTo('approved', 'admin-approve').sort()).toEqual(['needs_review', 'pre_adverse'])
  })

  test('the final notice follows only a pre-adverse notice; an adverse action starts only from a report to decide', () => {
    expect(statusesLeadingTo('adverse', 'admin-final')).toEqual(['pre_adverse'])
    expect(statusesLeadingTo('pre_adverse', 'admin-adverse')).toEqual(['needs_review'])
    expect(canChangeCheck('clear', 'pre_adverse', 'admin-adverse')).toBe(false)
  })

  test('the provider moves a check only forward: a late event never takes a finished report back to pending', () => {
    for (const finished of ['clear', 'needs_review', 'approved', 'pre_adverse', 'adverse'] as const) {
      expect(canChangeCheck(finished, 'pending', 'provider')).toBe(false)
      expect(canChangeCheck(finished, 'invited', 'provider')).toBe(false)
    }
    expect(CHECK_TRANSITIONS.filter(([, to]) => to === 'invited')).toEqual([])
    // An admin's decision is never undone by the provider.
    for (const decided of ['approved', 'pre_adverse', 'adverse'] as const) {
      for (const to of CHECK_STATUSES) expect(canChangeCheck(decided, to, 'provider'), `${decided} → ${to}`).toBe(false)
    }
  })

  test("a report's status and result say where the check goes", () => {
    expect(statusOfReport({ status: 'pending', result: null })).toBe('pending')
    expect(statusOfReport({ status: 'complete', result: 'clear' })).toBe('clear')
    expect(statusOfReport({ status: 'complete', result: 'consider' })).toBe('needs_review')
    expect(statusOfReport({ status: 'suspended', result: null })).toBe('suspended')
  })

  test('a passing check is current for twelve months after its report, then it is not', () => {
    const completed = new Date('2026-03-12T15:00:00Z')
    const expiresAt = checkExpiry(completed)
    expect(expiresAt.toISOString()).toBe('2027-03-12T15:00:00.000Z')
    expect(isCurrentCheck({ status: 'clear', expiresAt }, new Date('2027-03-12T14:59:59Z'))).toBe(true)
    expect(isCurrentCheck({ status: 'clear', expiresAt }, new Date('2027-03-12T15:00:00Z'))).toBe(false)
    expect(isCurrentCheck({ status: 'approved', expiresAt }, completed)).toBe(true)
    expect(isCurrentCheck({ status: 'needs_review', expiresAt }, completed)).toBe(false)
    expect(isCurrentCheck({ status: 'suspended', expiresAt: null }, completed)).toBe(false)
  })

  test('the final notice waits five business days: a Wednesday notice may be followed the next Wednesday, a Saturday one the Friday after', () => {
    expect(earliestFinalNotice(new Date('2026-03-11T10:00:00Z')).toISOString()).toBe('2026-03-18T10:00:00.000Z')
    expect(earliestFinalNotice(new Date('2026-03-14T10:00:00Z')).toISOString()).toBe('2026-03-20T10:00:00.000Z')
    expect(earliestFinalNotice(new Date('2026-03-13T23:00:00Z')).toISOString()).toBe('2026-03-20T23:00:00.000Z')
  })

  test("the named sets, and the statuses are the database's enum", () => {
    expect(CHECK_STATUSES.filter(isPassingCheck)).toEqual(['clear', 'approved'])
    expect(CHECK_STATUSES.filter(isOpenCheck)).toEqual(['invited', 'pending', 'needs_review', 'pre_adverse'])
    expect([...CHECK_STATUSES].sort()).toEqual([...backgroundCheckStatusEnum.enumValues].sort())
    for (const [from, to, causes] of CHECK_TRANSITIONS) {
      expect(from).not.toBe(to)
      expect(causes.length).toBeGreaterThan(0)
    }
    expect(new Set(CHECK_TRANSITIONS.map(([f, t]) => `${f}>${t}`)).size).toBe(CHECK_TRANSITIONS.length)
  })
})
