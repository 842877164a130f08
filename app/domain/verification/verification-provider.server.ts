// One interface over the background-check provider (docs/decisions/0061), like the payment
// provider's: Checkr when its key is set, the built-in test provider otherwise.
import { getConfig } from '../../config.server'
import { getCheckrProvider } from './providers/checkr.server'
import { testVerificationProvider } from './providers/test-provider.server'
import { VerificationProviderError, type VerificationProvider } from './providers/types'

/** Read from the configuration on every call, so tests can switch between the two. */
export function getVerificationProvider(): VerificationProvider {
  const config = getConfig()
  if (config.CHECKR_API_KEY) {
    return getCheckrProvider({ apiKey: config.CHECKR_API_KEY, apiBase: config.CHECKR_API_BASE, packageSlug: config.CHECKR_PACKAGE })
  }
  return testVerificationProvider
}

/** The provider that ran a check (a row records its provider), to re-read it. */
export function getVerificationProviderNamed(name: string): VerificationProvider {
  if (name === 'test') return testVerificationProvider
  const provider = getVerificationProvider()
  if (provider.name !== name) {
    throw new VerificationProviderError(`The ${name} background-check provider is not configured on this server.`, 'provider_unavailable')
  }
  return provider
}

/** The secret Checkr signs webhook deliveries with: its own, or the API key. */
export function checkrWebhookSecret(): string | null {
  const config = getConfig()
  return config.CHECKR_WEBHOOK_SECRET ?? config.CHECKR_API_KEY ?? null
}
