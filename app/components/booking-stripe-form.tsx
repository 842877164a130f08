// Card payment through Stripe Elements (docs/money.md) when Stripe keys are set. Stripe confirms
// in the browser and returns to this same URL with ?payment_intent=…&payment_intent_client_secret=…;
// the page then confirms the payment on the server.
import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { useStripeJs } from './use-stripe-js'
import { useState, type FormEvent } from 'react'
import { BookingErrorAlert } from './booking-error-alert'

type Status = 'idle' | 'loading' | 'error'

export function StripePaymentForm({
  publishableKey,
  clientSecret,
  payLabel,
}: {
  publishableKey: string
  clientSecret: string
  payLabel: string
}) {
  const { stripe, loadError } = useStripeJs(publishableKey, 'Failed to initialize payment. Please try again.')

  return (
    <Card>
      <Stack gap="sm">
        <Title order={3} fz="md">
          Card details
        </Title>
        <noscript>
          <Text fz="sm">Card payments need JavaScript. Please turn JavaScript on to pay.</Text>
        </noscript>
        {loadError && (
          <BookingErrorAlert title="Payment Error">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{loadError}</Text>
              <Button size="xs" onClick={() => window.location.reload()}>
                Try Again
              </Button>
            </Stack>
          </BookingErrorAlert>
        )}
        <Elements stripe={stripe} options={{ clientSecret }}>
          <StripeCardForm payLabel={payLabel} />
        </Elements>
      </Stack>
    </Card>
  )
}

function StripeCardForm({ payLabel }: { payLabel: string }) {
  const stripe = useStripe()
  const elements = useElements()
  const [status, setStatus] = useState<Status>('idle')
  const [message, setMessage] = useState<string | null>(null)

  async function pay(event: FormEvent) {
    event.preventDefault()
    if (!stripe || !elements) return
    setStatus('loading')
    setMessage(null)
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: window.location.href },
    })
    // Only reached when confirmation failed; success navigates to the return URL.
    setStatus('error')
    setMessage(error?.message || 'An unexpected error occurred.')
  }

  return (
    <form onSubmit={pay}>
      <Stack gap="sm">
        <PaymentElement />
        {message && <BookingErrorAlert title="Payment failed">{message}</BookingErrorAlert>}
        <Button type="submit" size="md" disabled={!stripe || !elements} loading={status === 'loading'}>
          {payLabel}
        </Button>
      </Stack>
    </form>
  )
}
