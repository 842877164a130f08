// One interface over the license registry (docs/decisions/0062), like the background-check
// provider's: Nursys when NURSYS_API_KEY is set, the built-in test provider otherwise.
import { getConfig } from '../../config.server'
import type { LicenseLookupInput, LicenseLookupProvider, LicenseLookupResult } from './providers/license-types'
import { getNursysProvider } from './providers/nursys.server'
import { testLicenseLookupProvider } from './providers/license-test-provider.server'

/** Read from the configuration on every call, so tests can switch between the two. */
export function getLicenseLookupProvider(): LicenseLookupProvider {
  const config = getConfig()
  if (config.NURSYS_API_KEY) return getNursysProvider({ apiKey: config.NURSYS_API_KEY, apiBase: config.NURSYS_API_BASE })
  return testLicenseLookupProvider
}

/** What the registry says of a license on `today` ('YYYY-MM-DD'). Throws LicenseLookupError when it cannot answer. */
export function lookupLicense(input: LicenseLookupInput, today: string): Promise<LicenseLookupResult> {
  return getLicenseLookupProvider().lookup(input, today)
}
