// The built-in license registry (docs/decisions/0062): it answers at once, and the license number
// decides its answer (test-identities.ts): 'EXP…' expired, 'ENC…' encumbered, 'NF…' not found,
// any other number active, keeping the expiry she typed or two years from today.
import { testLicenseExpiry, testLicenseOutcomeOf } from '../test-identities'
import type { LicenseLookupProvider } from './license-types'

export const testLicenseLookupProvider: LicenseLookupProvider = {
  name: 'test',
  async lookup(input, today) {
    const outcome = testLicenseOutcomeOf(input.number)
    return { outcome, expiresOn: testLicenseExpiry(outcome, input.expiresOn ?? null, today), source: 'test' }
  },
}
