import '~/styles/routes/parent.payment.css'
import { Anchor, Badge, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ParentSubpage } from '~/components/parent-subpage'
import { SectionCard } from '~/components/section-card'
import { getPaymentProvider } from '~/domain/payments/payment-provider.server'
import { requireParentOrAdmin } from '~/utils/session.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Payment Methods – Nightlight' }, { name: 'robots', content: 'noindex' }]

// Payment Methods (spec 000 §2). Nightlight saves no cards: the built-in test provider keeps
// none, and with Stripe a card could only be listed through a Stripe customer, which bookings do
// not create (the data model has no Stripe customer id). So the honest answer is an empty list,
// saying where cards are entered; a saved-cards list needs that customer id first.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireParentOrAdmin(request)
  return data({ provider: getPaymentProvider().name }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function PaymentMethods() {
  const { provider } = useLoaderData<typeof loader>()
  return (
    <ParentSubpage title="Payment Methods">
        <SectionCard id="saved-cards" title="No saved cards">
          <Text mt="sm">
            Nightlight does not store your card. You enter it securely at checkout each time you book
            {provider === 'stripe' ? ', on a form provided by Stripe, our card processor' : ''}, and it is used only
            for that booking. Refunds go back to the card you paid with.
          </Text>
          {provider === 'test' && (
            <Badge mt="md" variant="light" color="yellow" c="dark.8" tt="none">
              Test payments: no card is charged
            </Badge>
          )}
        </SectionCard>
        <Text fz="sm">
          Your charges, refunds and receipts are in the{' '}
          <Anchor component={Link} to="/parent/dashboard#payment-history">
            Payment History
          </Anchor>{' '}
          on your dashboard.
        </Text>
    </ParentSubpage>
  )
}
