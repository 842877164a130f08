// Saving a card for the weekly charges (issue 15, docs/decisions/0028) when Stripe keys are set:
// the Payment Element confirms the SetupIntent in the browser, and Stripe returns to returnUrl with
// ?setup_intent=…&setup_intent_client_secret=…, where the page reads the card from the server.
// Loads Stripe.js as the booking's card form does (booking-stripe-form.tsx).
import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { useStripeJs } from './use-stripe-js'
import { useState, type FormEvent } from 'react'
import { BookingErrorAlert } from './booking-error-alert'

type Status = 'idle' | 'loading' | 'error'

export function SavedCardStripeForm({
  publishableKey,
  clientSecret,
  returnUrl,
  submitLabel = 'Save card',
}: {
  publishableKey: string
  /** The SetupIntent's client secret. */
  clientSecret: string
  returnUrl: string
  submitLabel?: string
}) {
  const { stripe, loadError } = useStripeJs(publishableKey, 'Failed to initialize the card form. Please try again.')

  return (
    <Card>
      <Stack gap="sm">
        <Title order={3} fz="md">
          Card details
        </Title>
        <noscript>
          <Text fz="sm">Saving a card needs JavaScript. Please turn JavaScript on to save your card.</Text>
        </noscript>
        {loadError && (
          <BookingErrorAlert title="Card not saved">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{loadError}</Text>
              <Button size="xs" onClick={() => window.location.reload()}>
                Try Again
              </Button>
            </Stack>
          </BookingErrorAlert>
        )}
        <Elements stripe={stripe} options={{ clientSecret }}>
          <SetupCardForm returnUrl={returnUrl} submitLabel={submitLabel} />
        </Elements>
      </Stack>
    </Card>
  )
}

function SetupCardForm({ returnUrl, submitLabel }: { returnUrl: string; submitLabel: string }) {
  const stripe = useStripe()
  const elements = useElements()
  const [status, setStatus] = useState<Status>('idle')
  const [message, setMessage] = useState<string | null>(null)

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!stripe || !elements) return
    setStatus('loading')
    setMessage(null)
    const { error } = await stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl } })
    // Only reached when saving failed; success navigates to the return URL.
    setStatus('error')
    setMessage(error?.message || 'An unexpected error occurred.')
  }

  return (
    <form onSubmit={save}>
      <Stack gap="sm">
        <PaymentElement />
        {message && <BookingErrorAlert title="Card not saved">{message}</BookingErrorAlert>}
        <Button type="submit" size="md" disabled={!stripe || !elements} loading={status === 'loading'}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
