// One interface over the card processor (docs/money.md): Stripe when keys are set, the built-in
// test provider otherwise. The booking flow, refunds, receipts and the admin payments tab only
// talk to this interface.
import { getConfig } from '../../config.server'
import { getStripeProvider } from './providers/stripe.server'
import { testPaymentProvider } from './providers/test-provider.server'
import { PaymentProviderError, type PaymentProvider } from './providers/types'

export {
  PaymentProviderError,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
  type ProviderPayoutAccount,
  type ProviderTransfer,
} from './providers/types'

/** Stripe when its keys are set, the built-in test provider otherwise. Read
 * from the configuration on every call, so tests can switch between them. */
export function getPaymentProvider(): PaymentProvider {
  const config = getConfig()
  if (config.stripeEnabled && config.STRIPE_SECRET_KEY) {
    return getStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE })
  }
  return testPaymentProvider
}

/** The provider that made a payment, to re-read or refund it (a row records its provider). */
export function getPaymentProviderNamed(name: string): PaymentProvider {
  if (name === 'test') return testPaymentProvider
  const provider = getPaymentProvider()
  if (provider.name !== name) {
    throw new PaymentProviderError(`The ${name} payment provider is not configured on this server.`, 'provider_unavailable')
  }
  return provider
}
