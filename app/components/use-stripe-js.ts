// Stripe.js for the card forms (docs/money.md): loaded in the browser only, once per page load,
// whichever form asks first (paying at /book, saving a card at /parent/payment).
import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { useEffect, useState } from 'react'

let stripePromise: Promise<Stripe | null> | null = null

/** The Stripe.js promise for <Elements>, and the message to show when it could not load. */
export function useStripeJs(publishableKey: string, loadErrorMessage: string) {
  const [stripe, setStripe] = useState<Promise<Stripe | null> | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  useEffect(() => {
    stripePromise ??= loadStripe(publishableKey)
    stripePromise.catch(() => setLoadError(loadErrorMessage))
    setStripe(stripePromise)
  }, [publishableKey, loadErrorMessage])
  return { stripe, loadError }
}
