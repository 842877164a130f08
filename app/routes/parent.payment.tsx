import '~/styles/routes/parent.payment.css'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Alert, Anchor, Badge, Button, Code, Group, List, Loader, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation, useRouteLoaderData, useSubmit } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect, useRef } from 'react'
import { BookingErrorAlert } from '~/components/booking-error-alert'
import { FormErrorSummary } from '~/components/error-summary'
import { TextField } from '~/components/form-fields'
import { ParentSubpage } from '~/components/parent-subpage'
import { SectionCard } from '~/components/section-card'
import { StripeCardForm } from '~/components/stripe-card-form'
import { useSchemaForm } from '~/components/use-schema-form'
import { cardLabel } from '~/components/weekly-charges'
import { getPaymentProvider } from '~/domain/payments/payment-provider.server'
import {
  completeCardSetup,
  getSavedCard,
  removeSavedCard,
  saveTestCardForParent,
  startCardSetup,
} from '~/domain/payments/saved-cards.server'
import { countScheduledWeeks, countWeeksAwaitingPayment } from '~/domain/payments/weekly-charges.server'
import { TEST_CARD_DECLINED, TEST_CARD_SAVED_DECLINES, TEST_CARD_SUCCEEDS } from '~/domain/payments/test-cards'
import { CompleteSetupSchema, PaymentMethodIntentSchema, SafeReturnToSchema, SaveTestCardSchema } from '~/schemas/saved-cards'
import { firstError, readFormData } from '~/utils/api.server'
import { requireParentOrAdmin } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { loader as rootLoader } from '~/root'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

// ParentSubpage's words are in the `parent` catalogue.
export const handle = { i18n: ['parent'] }

export const meta: MetaFunction = () => [{ title: 'Payment Methods – Nightlight' }, { name: 'robots', content: 'noindex' }]

export const CARD_SAVED_MESSAGE = 'Your card is saved.'
export const CARD_REMOVED_MESSAGE = 'Your card was removed.'

// Payment Methods (issue 15, docs/decisions/0028): the parent's one saved card, which
// long weekly series are charged to week by week. Saved with Stripe's own form (a SetupIntent) or,
// with the built-in provider, a test card number; removed here. Reading the page changes nothing:
// Stripe's return is confirmed by the page's own POST.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const url = new URL(request.url)
  const [card, weeksScheduled, weeksAwaiting] = await Promise.all([
    getSavedCard(user.id),
    countScheduledWeeks(user.id),
    countWeeksAwaitingPayment(user.id),
  ])
  const returnedSetup = url.searchParams.get('setup_intent')?.slice(0, 255) || null
  return data(
    {
      provider: getPaymentProvider().name,
      card: card && {
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        savedAt: card.updatedAt.toISOString(),
      },
      weeksScheduled,
      weeksAwaiting,
      returnedSetup,
      returnTo: SafeReturnToSchema.parse(url.searchParams.get('returnTo') ?? undefined) ?? null,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

type ActionAnswer =
  | { intent: 'save-test-card'; result: SubmissionResult<string[]> }
  | { intent: 'start-setup'; clientSecret: string | null; error: string | null }
  | { intent: 'complete-setup' | 'remove-card' | 'unknown'; error: string }

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const url = new URL(request.url)
  const returnTo = SafeReturnToSchema.parse(url.searchParams.get('returnTo') ?? undefined)
  const formData = await readFormData(request)
  const saved = () => redirectWithToast(returnTo ? `${returnTo}#weekly-payments` : '/parent/payment', { type: 'success', message: CARD_SAVED_MESSAGE })
  switch (formData.get('intent')) {
    case 'save-test-card': {
      const submission = parseForm(formData, { schema: SaveTestCardSchema })
      if (submission.status !== 'success') return data<ActionAnswer>({ intent: 'save-test-card', result: submission.reply() }, { status: 400 })
      const result = await saveTestCardForParent(user.id, submission.value.cardNumber)
      if (!result.ok) {
        const reply = result.status === 400 ? submission.reply({ fieldErrors: { cardNumber: [result.error] } }) : submission.reply({ formErrors: [result.error] })
        return data<ActionAnswer>({ intent: 'save-test-card', result: reply }, { status: result.status })
      }
      throw await saved()
    }
    case 'complete-setup': {
      const setup = parseForm(formData, { schema: CompleteSetupSchema })
      if (setup.status !== 'success') return data<ActionAnswer>({ intent: 'complete-setup', error: firstError(setup.error) }, { status: 400 })
      const result = await completeCardSetup(setup.value.setupIntentId, user.id)
      if (!result.ok) return data<ActionAnswer>({ intent: 'complete-setup', error: result.error }, { status: result.status })
      throw await saved()
    }
    default: {
      const chosen = parseForm(formData, { schema: PaymentMethodIntentSchema })
      if (chosen.status !== 'success') return data<ActionAnswer>({ intent: 'unknown', error: 'Unknown action' }, { status: 400 })
      if (chosen.value.intent === 'start-setup') {
        const setup = await startCardSetup(user.id)
        return setup.ok
          ? data<ActionAnswer>({ intent: 'start-setup', clientSecret: setup.clientSecret, error: null })
          : data<ActionAnswer>({ intent: 'start-setup', clientSecret: null, error: setup.error }, { status: setup.status })
      }
      await removeSavedCard(user.id)
      throw await redirectWithToast('/parent/payment', { type: 'success', message: CARD_REMOVED_MESSAGE })
    }
  }
}

/** Back from Stripe's form: the page posts the SetupIntent to be saved, at once with JavaScript. */
function CompletingSetup({ setupIntentId, error }: { setupIntentId: string; error: string | null }) {
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current || !form.current || error) return
    sent.current = true
    submit(form.current, { replace: true })
  }, [submit, error])
  return (
    <Form method="post" ref={form} replace>
      <input type="hidden" name="intent" value="complete-setup" />
      <input type="hidden" name="setupIntentId" value={setupIntentId} />
      <Stack gap="sm" align="flex-start">
        {error ? (
          <BookingErrorAlert title="Card not saved">{error}</BookingErrorAlert>
        ) : (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text>Saving your card…</Text>
          </Group>
        )}
        <Button type="submit">{error ? 'Try again' : 'Finish saving'}</Button>
      </Stack>
    </Form>
  )
}

function TestCardSaveForm({ lastResult, submitting }: { lastResult?: SubmissionResult<string[]> | null; submitting: boolean }) {
  const [form, fields] = useSchemaForm(SaveTestCardSchema, { id: 'save-test-card', lastResult, defaultValue: { cardNumber: '' } })
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack gap="sm">
        <input type="hidden" name="intent" value="save-test-card" />
        <Text fz="sm">This server uses the built-in test payment provider: no card is charged. Use one of these test numbers:</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <Code>{TEST_CARD_SUCCEEDS}</Code> — saved, and the weekly payments go through
          </List.Item>
          <List.Item>
            <Code>{TEST_CARD_SAVED_DECLINES}</Code> — saved, but every weekly payment is declined
          </List.Item>
          <List.Item>
            <Code>{TEST_CARD_DECLINED}</Code> — declined at once
          </List.Item>
        </List>
        <FormErrorSummary form={form} title="Card not saved" />
        <TextField field={fields.cardNumber} label="Card number" inputMode="numeric" autoComplete="cc-number" required />
        <Group>
          <Button type="submit" loading={submitting}>
            Save card
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

export default function PaymentMethods() {
  const { provider, card, weeksScheduled, weeksAwaiting, returnedSetup, returnTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const rootData = useRouteLoaderData<typeof rootLoader>('root')
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle'
  const publishableKey = rootData?.publicEnv.stripePublishableKey ?? null
  const setupSecret = actionData?.intent === 'start-setup' ? actionData.clientSecret : null
  const actionError = actionData && 'error' in actionData ? actionData.error : null
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return (
    <ParentSubpage title="Payment Methods">
      <SectionCard id="saved-cards" title={card ? 'Your saved card' : 'No saved cards'}>
        <Stack gap="sm" mt="sm">
          {card ? (
            <>
              <Text fw={700} data-testid="saved-card">
                {cardLabel(card)}, expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
              </Text>
              <Text>
                Long weekly series (more than two weeks) are charged to this card week by week, five days before each
                week starts. Other bookings are paid when you book, with this card or another.
              </Text>
            </>
          ) : (
            <Text>
              Save a card to pay in one click when you book. A weekly series longer than two weeks is paid week by week,
              five days before each week, to your saved card; the card you pay its first week with is saved for it.
            </Text>
          )}
          {weeksAwaiting > 0 && (
            <Alert color="red" variant="light" c="red.9" title="A weekly payment failed">
              {weeksAwaiting === 1 ? 'One week of your bookings is' : `${weeksAwaiting} weeks of your bookings are`} waiting for
              payment. Save a working card here, then pay from the booking&apos;s page before its nights are released.
            </Alert>
          )}
          {card && weeksScheduled > 0 && (
            <Text fz="sm" c="gray.7">
              {weeksScheduled} weekly payment{weeksScheduled === 1 ? '' : 's'} will be charged to this card. If you remove it,
              save another before the next one, or that week&apos;s nights are released 48 hours after its payment fails.
            </Text>
          )}
          {provider === 'test' && (
            <Badge variant="light" color="yellow" c="dark.8" tt="none">
              Test payments: no card is charged
            </Badge>
          )}
        </Stack>
      </SectionCard>

      <SectionCard id="add-card" title={card ? 'Replace your card' : 'Add a card'}>
        <Stack gap="sm" mt="sm">
          {returnedSetup ? (
            <CompletingSetup setupIntentId={returnedSetup} error={actionData?.intent === 'complete-setup' ? actionData.error : null} />
          ) : provider === 'test' ? (
            // A new form once a card is saved, so the number just typed is not left in it.
            <TestCardSaveForm
              key={card?.savedAt ?? 'none'}
              lastResult={actionData?.intent === 'save-test-card' ? actionData.result : undefined}
              submitting={submitting}
            />
          ) : setupSecret && publishableKey ? (
            <StripeCardForm
              publishableKey={publishableKey}
              submitLabel="Save card"
              purpose={{
                kind: 'save',
                clientSecret: setupSecret,
                returnUrl: `${origin}/parent/payment${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`,
              }}
            />
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="start-setup" />
              <Stack gap="sm" align="flex-start">
                {actionError && <BookingErrorAlert title="Card not saved">{actionError}</BookingErrorAlert>}
                <Text fz="sm">You enter the card on a secure form provided by Stripe, our card processor.</Text>
                <Button type="submit" loading={submitting}>
                  {card ? 'Enter a new card' : 'Add a card'}
                </Button>
              </Stack>
            </Form>
          )}
        </Stack>
      </SectionCard>

      {card && (
        <SectionCard id="remove-card" title="Remove your card">
          <Form method="post">
            <input type="hidden" name="intent" value="remove-card" />
            <Stack gap="sm" mt="sm" align="flex-start">
              <Text fz="sm">The card is removed from Nightlight and from our card processor; it is never charged again by us.</Text>
              <Button type="submit" color="red.9" variant="outline">
                Remove card
              </Button>
            </Stack>
          </Form>
        </SectionCard>
      )}

      <Text fz="sm">
        Your charges, refunds and receipts are in the{' '}
        <Anchor component={Link} to="/parent/dashboard#payment-history">
          Payment History
        </Anchor>{' '}
        on your dashboard.
        {returnTo && (
          <>
            {' '}
            <Anchor component={Link} to={returnTo} underline="always">
              Back to your booking
            </Anchor>
          </>
        )}
      </Text>
    </ParentSubpage>
  )
}
