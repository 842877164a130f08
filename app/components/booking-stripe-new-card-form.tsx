// Paying with a new card as the booking is made (docs/decisions/0045), when Stripe keys are set. No
// booking and no PaymentIntent exist yet: Stripe's Payment Element is shown for the amount due, turns
// the card into a PaymentMethod in the browser, and the page posts its id with the booking details.
// The server makes the booking and pays its intent with that card in the same request.
import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { useNavigation, useSubmit } from '@remix-run/react'
import { useState, type FormEvent } from 'react'
import { BookingErrorAlert } from './booking-error-alert'
import { useStripeJs } from './use-stripe-js'

export function StripeNewCardForm({
  publishableKey,
  amountCents,
  payLabel,
  hiddenFields,
}: {
  publishableKey: string
  amountCents: number | null
  payLabel: string
  /** Posted with the card's PaymentMethod id: the booking details and the intent. */
  hiddenFields: Record<string, string>
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
        {loadError && <BookingErrorAlert title="Payment Error">{loadError}</BookingErrorAlert>}
        <Elements
          stripe={stripe}
          // The amount is what the card form shows (and wallets ask for); the server charges what
          // it prices when the booking is made.
          options={{ mode: 'payment', amount: Math.max(amountCents ?? 0, 50), currency: 'usd', paymentMethodCreation: 'manual' }}
        >
          <NewCardForm payLabel={payLabel} hiddenFields={hiddenFields} />
        </Elements>
      </Stack>
    </Card>
  )
}

function NewCardForm({ payLabel, hiddenFields }: { payLabel: string; hiddenFields: Record<string, string> }) {
  const stripe = useStripe()
  const elements = useElements()
  const submit = useSubmit()
  const navigation = useNavigation()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  async function pay(event: FormEvent) {
    event.preventDefault()
    if (!stripe || !elements) return
    setBusy(true)
    setMessage(null)
    const checked = await elements.submit()
    const made = checked.error ? checked : await stripe.createPaymentMethod({ elements })
    if (made.error || !('paymentMethod' in made) || !made.paymentMethod) {
      setBusy(false)
      setMessage(made.error?.message || 'An unexpected error occurred.')
      return
    }
    submit({ ...hiddenFields, paymentMethodId: made.paymentMethod.id }, { method: 'post' })
    setBusy(false)
  }

  return (
    <form onSubmit={pay}>
      <Stack gap="sm">
        <PaymentElement />
        {message && <BookingErrorAlert title="Payment failed">{message}</BookingErrorAlert>}
        <Button type="submit" size="md" disabled={!stripe || !elements} loading={busy || navigation.state !== 'idle'}>
          {payLabel}
        </Button>
      </Stack>
    </form>
  )
}
