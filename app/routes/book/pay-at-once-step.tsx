// /book step 3 for an account that must pay as it books (docs/decisions/0045): it left two unpaid
// holds in 24 hours, so no hold is made for it. The reservation page shows it too, for the plan of
// 'Our baby is here' or a backup nurse (decision 0070). The details travel in hidden fields with the card,
// and one post books and pays; a card that does not go through holds nothing.
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { Link } from '~/components/link'
import { BookingErrorAlert } from '~/components/booking-error-alert'
import { BookingSummaryCard, type SummaryAmounts, type SummaryNight } from '~/components/booking-summary'
import { StripeCardForm } from '~/components/stripe-card-form'
import { TestCardNumbers } from '~/components/booking-test-card-form'
import { TEST_CARD_SUCCEEDS } from '~/domain/payments/test-cards'
import { formatCents } from '~/domain/bookings/pricing'

export interface PayAtOnceView {
  amountDueCents: number | null
  /** The nights and amounts being paid for, when they could be priced. */
  summary: { nights: SummaryNight[]; amounts: SummaryAmounts; timeZone: string; addressText: string } | null
  /** What went wrong with the last card, shown beside the card form. */
  cardError: string | null
  savedCardLabel: string | null
}

function DetailsFields({ values }: { values: Record<string, string> }) {
  return (
    <>
      {!('intent' in values) && <input type="hidden" name="intent" value="details" />}
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}

export function PayAtOnceStep({
  view,
  nurseName,
  details,
  provider,
  publishableKey,
  backTo,
  backLabel,
  submitting,
  intro,
  payVerb,
  backWith,
}: {
  view: PayAtOnceView
  nurseName: string
  /**
   * The details as given at step 2, posted again with the card (with `intent: 'details'` unless
   * they name another: the reservation page posts its own).
   */
  details: Record<string, string>
  provider: 'stripe' | 'test'
  publishableKey: string | null
  backTo: string
  backLabel?: string
  submitting: boolean
  /** What this payment is, when it is not a booking of a family that must pay as it books (a reservation's deposit). */
  intro?: { title: string; text: ReactNode }
  payVerb?: string
  /** Fields the back button posts instead of following `backTo`, so the step before keeps what was entered. */
  backWith?: Record<string, string>
}) {
  const { t } = useTranslation('booking')
  const say = useServerMessage()
  const verb = payVerb ?? t('payAtOnce.bookAndPay')
  const payLabel = view.amountDueCents ? t('payAtOnce.payLabel', { verb, amount: formatCents(view.amountDueCents) }) : verb
  const back = backLabel ?? t('pay.backToDetails')
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        {t('pay.title')}
      </Title>
      <Card>
        <Stack gap="xs">
          <Title order={3} fz="lg">
            {intro?.title ?? t('payAtOnce.title')}
          </Title>
          {intro ? (
            <Text component="div">{intro.text}</Text>
          ) : (
            <Text>{t('payAtOnce.text')}</Text>
          )}
        </Stack>
      </Card>
      {view.summary && <BookingSummaryCard nurseName={nurseName} {...view.summary} headingLevel={3} />}
      {view.cardError && <BookingErrorAlert title={t('pay.failed')}>{say(view.cardError)}</BookingErrorAlert>}
      {view.savedCardLabel && (
        <Card>
          <Form method="post">
            <DetailsFields values={{ ...details, payWith: 'saved_card' }} />
            <Stack gap="sm" align="flex-start">
              <Title order={3} fz="md">
                {t('pay.savedCard')}
              </Title>
              <Button type="submit" size="md" loading={submitting}>
                {t('pay.withCard', { pay: payLabel, card: view.savedCardLabel })}
              </Button>
              <Text fz="sm" c="gray.7">
                {t('pay.otherCard')}
              </Text>
            </Stack>
          </Form>
        </Card>
      )}
      {provider === 'stripe' && publishableKey ? (
        <StripeCardForm
          publishableKey={publishableKey}
          purpose={{ kind: 'new-card', amountCents: view.amountDueCents, hiddenFields: { intent: 'details', ...details, payWith: 'card' } }}
          submitLabel={payLabel}
        />
      ) : (
        <TestNewCardForm details={details} payLabel={payLabel} submitting={submitting} />
      )}
      <Group>
        {backWith ? (
          // Back with what was entered: posted again, never in the address bar.
          <Form method="post">
            <DetailsFields values={backWith} />
            <Button type="submit" variant="default">
              {back}
            </Button>
          </Form>
        ) : (
          <Button component={Link} to={backTo} variant="default">
            {back}
          </Button>
        )}
      </Group>
    </Stack>
  )
}

/** The built-in test provider's card number, posted with the details: works before JavaScript loads. */
function TestNewCardForm({ details, payLabel, submitting }: { details: Record<string, string>; payLabel: string; submitting: boolean }) {
  const { t } = useTranslation('booking')
  return (
    <Card>
      <Form method="post">
        <DetailsFields values={{ ...details, payWith: 'card' }} />
        <Stack gap="sm">
          <TestCardNumbers />
          <TextInput
            name="cardNumber"
            label={t('testCard.cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder={TEST_CARD_SUCCEEDS}
            required
          />
          <Button type="submit" size="md" loading={submitting}>
            {payLabel}
          </Button>
        </Stack>
      </Form>
    </Card>
  )
}
