// The built-in test provider's identities (README, 'Background checks'): the e-mail address decides
// what her check comes back with, so every outcome can be tried offline. The local fake of
// Checkr's API in the tests answers the same way. Pure.

export type TestOutcome = 'clear' | 'consider' | 'suspended'

/** The tags, in the e-mail's local part ('ana+consider@example.com'); any other address comes back clear. */
export const TEST_IDENTITY_TAGS: Readonly<Record<Exclude<TestOutcome, 'clear'>, string>> = {
  consider: '+consider',
  suspended: '+suspended',
}

/** The record a `consider` test report names. */
export const TEST_CONSIDER_RECORD = 'Misdemeanor: disorderly conduct (2019)'

export function testOutcomeOf(email: string): TestOutcome {
  const local = email.toLowerCase().split('@')[0] ?? ''
  if (local.includes(TEST_IDENTITY_TAGS.suspended)) return 'suspended'
  if (local.includes(TEST_IDENTITY_TAGS.consider)) return 'consider'
  return 'clear'
}

/** The screenings of the package we order: identity, the sex-offender registries, criminal records. */
export const SCREENING_NAMES = {
  ssnTrace: 'SSN trace',
  sexOffender: 'Sex offender registry search',
  national: 'National criminal search',
  county: 'County criminal search',
} as const

/** What a test report holds for each outcome; a suspended report is waiting on her identity. */
export function testScreenings(outcome: TestOutcome) {
  const { ssnTrace, sexOffender, national, county } = SCREENING_NAMES
  if (outcome === 'suspended') {
    return [
      { name: ssnTrace, outcome: 'suspended' as const, record: null },
      { name: sexOffender, outcome: 'pending' as const, record: null },
      { name: national, outcome: 'pending' as const, record: null },
      { name: county, outcome: 'pending' as const, record: null },
    ]
  }
  return [
    { name: ssnTrace, outcome: 'clear' as const, record: null },
    { name: sexOffender, outcome: 'clear' as const, record: null },
    { name: national, outcome: 'clear' as const, record: null },
    outcome === 'consider'
      ? { name: county, outcome: 'consider' as const, record: TEST_CONSIDER_RECORD }
      : { name: county, outcome: 'clear' as const, record: null },
  ]
}

// The built-in license registry's identities (README, 'Credentials'): the license number decides
// what a lookup says, so every answer can be tried offline. The local fake of the Nursys API in the
// tests answers the same way.

export type TestLicenseOutcome = 'active' | 'expired' | 'encumbered' | 'not_found'

/** The prefixes of a license number ('EXP12345'); any other number is active. */
export const TEST_LICENSE_PREFIXES: Readonly<Record<Exclude<TestLicenseOutcome, 'active'>, string>> = {
  expired: 'EXP',
  encumbered: 'ENC',
  not_found: 'NF',
}

export function testLicenseOutcomeOf(number: string): TestLicenseOutcome {
  const upper = number.trim().toUpperCase()
  if (upper.startsWith(TEST_LICENSE_PREFIXES.expired)) return 'expired'
  if (upper.startsWith(TEST_LICENSE_PREFIXES.encumbered)) return 'encumbered'
  if (upper.startsWith(TEST_LICENSE_PREFIXES.not_found)) return 'not_found'
  return 'active'
}

/**
 * The expiry a test lookup answers: an active or encumbered license keeps the expiry she typed
 * (two years from `today` when she typed none); an expired one ended the day before `today`
 * unless she typed an earlier day; an unknown license has none.
 */
export function testLicenseExpiry(outcome: TestLicenseOutcome, typed: string | null | undefined, today: string): string | null {
  if (outcome === 'not_found') return null
  const [year, month, day] = today.split('-').map(Number)
  if (outcome === 'expired') {
    const yesterday = new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10)
    return typed && typed < today ? typed : yesterday
  }
  return typed ?? new Date(Date.UTC(year + 2, month - 1, day)).toISOString().slice(0, 10)
}
