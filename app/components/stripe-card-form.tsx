// Stripe's Payment Element, for the three things a family does with a card when Stripe keys are set:
// - 'pay': pay the booking's PaymentIntent; Stripe confirms in the browser and returns to this page
//   with ?payment_intent=…&payment_intent_client_secret=…, where the server confirms the booking;
// - 'save': save a card for the weekly charges through a SetupIntent (docs/decisions/0028); Stripe
//   returns to returnUrl with ?setup_intent=…, where the page reads the card from the server;
// - 'new-card': pay as you book (docs/decisions/0045): no intent exists yet, so the element is made
//   for the amount due (Stripe's deferred mode), turns the card into a PaymentMethod in the browser,
//   and the page posts its id with the booking details; the server books and pays in that request.
// Stripe.js is loaded in the browser only, once per page (use-stripe-js.ts).
import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { StripeElementsOptions } from '@stripe/stripe-js'
import { useNavigation, useSubmit } from '@remix-run/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { BookingErrorAlert } from './booking-error-alert'
import { useStripeJs } from './use-stripe-js'

export type StripeCardPurpose =
  | { kind: 'pay'; clientSecret: string }
  | { kind: 'save'; clientSecret: string; returnUrl: string }
  | { kind: 'new-card'; amountCents: number | null; hiddenFields: Record<string, string> }

// Keys of the `booking` namespace.
const TEXTS = {
  pay: {
    loadError: 'stripeCard.payLoadError',
    failed: 'stripeCard.payFailed',
    loadFailed: 'stripeCard.payLoadFailed',
    noScript: 'stripeCard.payNoScript',
  },
  save: {
    loadError: 'stripeCard.saveLoadError',
    failed: 'stripeCard.saveFailed',
    loadFailed: 'stripeCard.saveLoadFailed',
    noScript: 'stripeCard.saveNoScript',
  },
} as const

const textsFor = (purpose: StripeCardPurpose) => (purpose.kind === 'save' ? TEXTS.save : TEXTS.pay)

function elementsOptions(purpose: StripeCardPurpose, locale: 'en' | 'es'): StripeElementsOptions {
  if (purpose.kind !== 'new-card') return { clientSecret: purpose.clientSecret, locale }
  // Stripe's least amount is 50 cents; the server charges what it prices when the booking is made.
  return { mode: 'payment', amount: Math.max(purpose.amountCents ?? 0, 50), currency: 'usd', paymentMethodCreation: 'manual', locale }
}

export function StripeCardForm({
  publishableKey,
  purpose,
  submitLabel,
}: {
  publishableKey: string
  purpose: StripeCardPurpose
  submitLabel: string
}) {
  const { t, i18n } = useTranslation('booking')
  const texts = textsFor(purpose)
  const { stripe, loadError } = useStripeJs(publishableKey, t(texts.loadError))
  // Stripe's card element speaks the page's language too.
  const locale = i18n.language === 'es' ? 'es' : 'en'
  return (
    <Card>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('stripeCard.title')}
        </Title>
        <noscript>
          <Text fz="sm">{t(texts.noScript)}</Text>
        </noscript>
        {loadError && (
          <BookingErrorAlert title={t(texts.loadFailed)}>
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{loadError}</Text>
              <Button size="xs" onClick={() => window.location.reload()}>
                {t('stripeCard.tryAgain')}
              </Button>
            </Stack>
          </BookingErrorAlert>
        )}
        <Elements stripe={stripe} options={elementsOptions(purpose, locale)}>
          <CardForm purpose={purpose} submitLabel={submitLabel} />
        </Elements>
      </Stack>
    </Card>
  )
}

function CardForm({ purpose, submitLabel }: { purpose: StripeCardPurpose; submitLabel: string }) {
  const stripe = useStripe()
  const elements = useElements()
  const submit = useSubmit()
  const navigation = useNavigation()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const { t } = useTranslation('booking')
  // Stripe writes its card errors in the element's language; our own fallback is a server-style sentence.
  const say = useServerMessage()

  /** What the card came to: an error's message, or null when the page moves on. */
  async function applyCard(): Promise<string | null> {
    if (!stripe || !elements) return null
    if (purpose.kind === 'pay') {
      const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: window.location.href } })
      return error?.message || 'An unexpected error occurred.'
    }
    if (purpose.kind === 'save') {
      const { error } = await stripe.confirmSetup({ elements, confirmParams: { return_url: purpose.returnUrl } })
      return error?.message || 'An unexpected error occurred.'
    }
    const checked = await elements.submit()
    if (checked.error) return checked.error.message || 'An unexpected error occurred.'
    const made = await stripe.createPaymentMethod({ elements })
    if (made.error || !made.paymentMethod) return made.error?.message || 'An unexpected error occurred.'
    submit({ ...purpose.hiddenFields, paymentMethodId: made.paymentMethod.id }, { method: 'post' })
    return null
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setMessage(null)
    // Paying and saving only come back here when the card failed: success navigates away.
    setMessage(await applyCard())
    setBusy(false)
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <PaymentElement />
        {message && <BookingErrorAlert title={t(textsFor(purpose).failed)}>{say(message)}</BookingErrorAlert>}
        <Button type="submit" size="md" disabled={!stripe || !elements} loading={busy || navigation.state !== 'idle'}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
