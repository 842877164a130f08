import '~/styles/routes/parent.payment.css'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseForm } from '~/utils/forms.server'
import { Alert, Anchor, Badge, Button, Code, Group, List, Loader, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation, useRouteLoaderData, useSubmit } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect, useRef } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { translateMessage, translator } from '~/i18n/i18n.server'
import { useServerMessage } from '~/i18n/messages'
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
import { withErrorTitle } from '~/utils/error-title'

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

// The booking steps' card forms, and ParentSubpage's words in the `parent` catalogue.
export const handle = { i18n: ['booking', 'parent'] }

export const meta: MetaFunction<typeof loader> = withErrorTitle(({ data }) => [
  { title: data?.title ?? 'Payment Methods – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

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
      title: translator('booking')('payment.metaTitle'),
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
  const saved = () => redirectWithToast(returnTo ? `${returnTo}#weekly-payments` : '/parent/payment', { type: 'success', message: translateMessage(CARD_SAVED_MESSAGE) })
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
      throw await redirectWithToast('/parent/payment', { type: 'success', message: translateMessage(CARD_REMOVED_MESSAGE) })
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
  const { t } = useTranslation('booking')
  const say = useServerMessage()
  return (
    <Form method="post" ref={form} replace>
      <input type="hidden" name="intent" value="complete-setup" />
      <input type="hidden" name="setupIntentId" value={setupIntentId} />
      <Stack gap="sm" align="flex-start">
        {error ? (
          <BookingErrorAlert title={t('payment.notSaved')}>{say(error)}</BookingErrorAlert>
        ) : (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t('payment.saving')}</Text>
          </Group>
        )}
        <Button type="submit">{error ? t('payment.tryAgain') : t('payment.finishSaving')}</Button>
      </Stack>
    </Form>
  )
}

function TestCardSaveForm({ lastResult, submitting }: { lastResult?: SubmissionResult<string[]> | null; submitting: boolean }) {
  const [form, fields] = useSchemaForm(SaveTestCardSchema, { id: 'save-test-card', lastResult, defaultValue: { cardNumber: '' } })
  const { t } = useTranslation('booking')
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack gap="sm">
        <input type="hidden" name="intent" value="save-test-card" />
        <Text fz="sm">{t('payment.testIntro')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <Code>{TEST_CARD_SUCCEEDS}</Code> {t('payment.testSucceeds')}
          </List.Item>
          <List.Item>
            <Code>{TEST_CARD_SAVED_DECLINES}</Code> {t('payment.testSavedDeclines')}
          </List.Item>
          <List.Item>
            <Code>{TEST_CARD_DECLINED}</Code> {t('payment.testDeclined')}
          </List.Item>
        </List>
        <FormErrorSummary form={form} title={t('payment.notSaved')} />
        <TextField
          field={fields.cardNumber}
          label={t('testCard.cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          required
        />
        <Group>
          <Button type="submit" loading={submitting}>
            {t('payment.saveCard')}
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
  const { t } = useTranslation('booking')
  const say = useServerMessage()
  return (
    <ParentSubpage title={t('payment.title')}>
      <SectionCard id="saved-cards" title={card ? t('payment.savedCard') : t('payment.noSavedCards')}>
        <Stack gap="sm" mt="sm">
          {card ? (
            <>
              <Text fw={700} data-testid="saved-card">
                {t('payment.cardExpires', { card: cardLabel(card, t), month: String(card.expMonth).padStart(2, '0'), year: String(card.expYear) })}
              </Text>
              <Text>{t('payment.savedCardText')}</Text>
            </>
          ) : (
            <Text>{t('payment.noCardText')}</Text>
          )}
          {weeksAwaiting > 0 && (
            <Alert color="red" variant="light" c="red.9" title={t('payment.weeklyFailed')}>
              {t('payment.weeksAwaiting', { count: weeksAwaiting })}
            </Alert>
          )}
          {card && weeksScheduled > 0 && (
            <Text fz="sm" c="gray.7">
              {t('payment.weeksScheduled', { count: weeksScheduled })}
            </Text>
          )}
          {provider === 'test' && (
            <Badge variant="light" color="yellow" c="dark.8" tt="none">
              {t('testCard.title')}
            </Badge>
          )}
        </Stack>
      </SectionCard>

      <SectionCard id="add-card" title={card ? t('payment.replaceCard') : t('payment.addCard')}>
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
              submitLabel={t('payment.saveCard')}
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
                {actionError && <BookingErrorAlert title={t('payment.notSaved')}>{say(actionError)}</BookingErrorAlert>}
                <Text fz="sm">{t('payment.stripeNote')}</Text>
                <Button type="submit" loading={submitting}>
                  {card ? t('payment.enterNewCard') : t('payment.addCard')}
                </Button>
              </Stack>
            </Form>
          )}
        </Stack>
      </SectionCard>

      {card && (
        <SectionCard id="remove-card" title={t('payment.removeTitle')}>
          <Form method="post">
            <input type="hidden" name="intent" value="remove-card" />
            <Stack gap="sm" mt="sm" align="flex-start">
              <Text fz="sm">{t('payment.removeText')}</Text>
              <Button type="submit" color="red.9" variant="outline">
                {t('payment.removeCard')}
              </Button>
            </Stack>
          </Form>
        </SectionCard>
      )}

      <Text fz="sm">
        <Trans
          t={t}
          i18nKey="payment.historyNote"
          components={{ anchor: <Anchor component={Link} to="/parent/dashboard#payment-history" /> }}
        />
        {returnTo && (
          <>
            {' '}
            <Anchor component={Link} to={returnTo} underline="always">
              {t('payment.backToBooking')}
            </Anchor>
          </>
        )}
      </Text>
    </ParentSubpage>
  )
}
