import { describe, expect, test } from 'vitest'
import { checkStandingForNurse, isOwnName, publicCheckLabel, splitName } from './background-checks'

describe('the background check in words', () => {
  test('families read the month her current check came back clear', () => {
    expect(publicCheckLabel('2026-03-12')).toBe('Background check clear · March 2026')
    expect(publicCheckLabel('2026-12-31')).toBe('Background check clear · December 2026')
  })

  test('her signature is her account name, whatever its spacing and case, and nothing else', () => {
    expect(isOwnName('  maria   LOPEZ ', 'Maria Lopez')).toBe(true)
    expect(isOwnName('Maria', 'Maria Lopez')).toBe(false)
    expect(isOwnName('   ', '')).toBe(false)
    expect(splitName('Ana María de la Cruz')).toEqual({ firstName: 'Ana María de la', lastName: 'Cruz' })
  })

  test('an expired clear check asks her for a new one; a suspended one says why', () => {
    expect(checkStandingForNurse({ status: 'clear', current: false }).label).toBe('Expired')
    expect(checkStandingForNurse({ status: 'clear', current: true }).label).toBe('Clear')
    expect(checkStandingForNurse({ status: 'needs_review', current: false }).label).toBe('Pending')
    expect(checkStandingForNurse({ status: 'suspended', current: false }).detail).toContain('could not confirm your identity')
    expect(checkStandingForNurse(null).label).toBe('Not started')
  })
})
