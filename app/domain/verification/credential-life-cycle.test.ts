import { describe, expect, test } from 'vitest'
import { canChangeCredential, CREDENTIAL_TRANSITIONS, daysUntil, statusByCalendar, statusOfLookup } from './credential-life-cycle'

describe('a credential by the calendar', () => {
  test('is good through its expiry day, expiring within 30 days, expired the day after', () => {
    expect(statusByCalendar('2027-06-30', '2027-05-30')).toBe('current')
    expect(statusByCalendar('2027-06-30', '2027-05-31')).toBe('expiring')
    expect(statusByCalendar('2027-06-30', '2027-06-30')).toBe('expiring')
    expect(statusByCalendar('2027-06-30', '2027-07-01')).toBe('expired')
  })

  test('without an expiry stays current', () => {
    expect(statusByCalendar(null, '2030-01-01')).toBe('current')
  })

  test('counts whole days across a change of clocks', () => {
    expect(daysUntil('2026-11-08', '2026-10-31')).toBe(8)
    expect(daysUntil('2026-03-01', '2026-03-02')).toBe(-1)
  })
})

describe("a registry's answer", () => {
  test('puts a license where its outcome says', () => {
    expect(statusOfLookup('not_found', null, '2026-11-28')).toBe('rejected')
    expect(statusOfLookup('encumbered', '2028-01-01', '2026-11-28')).toBe('revoked')
    expect(statusOfLookup('expired', '2026-01-01', '2026-11-28')).toBe('expired')
    expect(statusOfLookup('active', '2028-01-01', '2026-11-28')).toBe('current')
    expect(statusOfLookup('active', '2026-12-10', '2026-11-28')).toBe('expiring')
  })
})

describe('the changes a credential may make', () => {
  test('the calendar only moves it toward expiry', () => {
    const byCalendar = CREDENTIAL_TRANSITIONS.filter(([, , causes]) => causes.includes('calendar'))
    expect(byCalendar.every(([, to]) => to === 'expiring' || to === 'expired')).toBe(true)
  })

  test('nothing makes a revoked credential current again; a new one is listed instead', () => {
    expect(CREDENTIAL_TRANSITIONS.some(([from]) => from === 'revoked')).toBe(false)
  })

  test('an admin confirms a submitted certificate but cannot revive an expired one', () => {
    expect(canChangeCredential('submitted', 'current', 'admin')).toBe(true)
    expect(canChangeCredential('expired', 'current', 'admin')).toBe(false)
    expect(canChangeCredential('expired', 'current', 'registry')).toBe(true)
  })
})
