// /book step 3 'Confirm & Pay': the summary card and the card form, or 'Payment Error' with
// 'Back to Details' and 'Try Again'. A booking started from a due-date reservation goes back to the
// reservation instead ('Back to your reservation', decision 0069): its details are the reservation's.
import type { SubmissionResult } from '@conform-to/react'
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { Form, useSubmit } from '@remix-run/react'
import { Link } from '~/components/link'
import { useEffect, useRef, type ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { BookingErrorAlert } from '~/components/booking-error-alert'
import { BookingSummaryCard, type SummaryAmounts, type SummaryNight } from '~/components/booking-summary'
import { StripeCardForm } from '~/components/stripe-card-form'
import { TestCardForm } from '~/components/booking-test-card-form'
import { cardLabel, WeeklyChargeSchedule } from '~/components/weekly-charges'
import type { ChargeWeekView } from '~/domain/payments/charge-weeks.server'
import { formatCents } from '~/domain/bookings/pricing'


export interface PaymentView {
  provider: 'stripe' | 'test'
  paymentIntentId: string
  clientSecret: string
  totalAmountCents: number
  /** What is paid now: the total, or the first week of a series paid week by week. */
  amountDueCents: number
  savedCard: { brand: string; last4: string } | null
  /** The weekly charges of a long series; empty when the booking is paid in one charge. */
  weeks: ChargeWeekView[]
}

/** Step 3 under its heading, whatever it shows: the card form, a wait, or an error. */
function ConfirmAndPayStep({ children }: { children: ReactNode }) {
  const { t } = useTranslation('booking')
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        {t('pay.title')}
      </Title>
      {children}
    </Stack>
  )
}

export function PaymentError({
  message,
  detail,
  backTo,
  backLabel,
  retry,
  profileHref,
}: {
  message: string
  detail?: string | null
  backTo: string
  backLabel?: string
  /** 'Try Again': a form that repeats the failed step, or a link that reloads this one. */
  retry: ReactNode
  profileHref: string
}) {
  const { t } = useTranslation('booking')
  const say = useServerMessage()
  return (
    <ConfirmAndPayStep>
      <Card>
        <Stack gap="sm" role="alert">
          <Title order={3} fz="lg" c="red.9">
            {t('pay.errorTitle')}
          </Title>
          <Text>{say(message)}</Text>
          {detail && (
            <Text fz="sm" c="gray.7">
              {say(detail)}
            </Text>
          )}
          <Group mt="xs">
            <Button component={Link} to={backTo} variant="default">
              {backLabel ?? t('pay.backToDetails')}
            </Button>
            {retry}
          </Group>
          <Text fz="sm">
            <Trans t={t} i18nKey="pay.otherNights" components={{ anchor: <Link to={profileHref} /> }} />
          </Text>
        </Stack>
      </Card>
    </ConfirmAndPayStep>
  )
}

export function PaymentStep({
  nurseName,
  nights,
  timeZone,
  addressText,
  amounts,
  payment,
  confirmError,
  backTo,
  backLabel,
  publishableKey,
  cardResult,
  savedCardError,
  submitting,
}: {
  nurseName: string
  nights: SummaryNight[]
  timeZone: string
  addressText: string
  amounts: SummaryAmounts
  payment: PaymentView
  confirmError: string | null
  backTo: string
  backLabel?: string
  publishableKey: string | null
  cardResult?: SubmissionResult<string[]> | null
  savedCardError?: string | null
  submitting: boolean
}) {
  const { t } = useTranslation('booking')
  const say = useServerMessage()
  const amount = formatCents(payment.amountDueCents)
  const payLabel = payment.weeks.length ? t('pay.payWeekOne', { amount }) : t('pay.pay', { amount })
  const savedCardLabel = payment.savedCard ? cardLabel(payment.savedCard, t) : null
  return (
    <ConfirmAndPayStep>
      {confirmError && (
        <BookingErrorAlert title={t('pay.confirmFailed')}>
          {say(confirmError)}
        </BookingErrorAlert>
      )}
      <BookingSummaryCard
        nurseName={nurseName}
        nights={nights}
        timeZone={timeZone}
        addressText={addressText}
        amounts={amounts}
        headingLevel={3}
      />
      {payment.weeks.length > 0 && (
        <Card>
          <Stack gap="sm">
            <Title order={3} fz="md">
              {t('pay.weeklyPayments')}
            </Title>
            <WeeklyChargeSchedule
              weeks={payment.weeks}
              timeZone={timeZone}
              bookingPaid={false}
              savedCardLabel={savedCardLabel}
            />
          </Stack>
        </Card>
      )}
      {savedCardLabel && (
        <Card>
          <Form method="post">
            <input type="hidden" name="intent" value="saved-card" />
            <Stack gap="sm" align="flex-start">
              <Title order={3} fz="md">
                {t('pay.savedCard')}
              </Title>
              {savedCardError && <BookingErrorAlert title={t('pay.failed')}>{say(savedCardError)}</BookingErrorAlert>}
              <Button type="submit" size="md" loading={submitting}>
                {t('pay.withCard', { pay: payLabel, card: savedCardLabel })}
              </Button>
              <Text fz="sm" c="gray.7">
                {payment.weeks.length > 0 ? t('pay.otherCardWeekly') : t('pay.otherCard')}
              </Text>
            </Stack>
          </Form>
        </Card>
      )}
      {payment.provider === 'stripe' && publishableKey ? (
        <StripeCardForm
          publishableKey={publishableKey}
          purpose={{ kind: 'pay', clientSecret: payment.clientSecret }}
          submitLabel={payLabel}
        />
      ) : (
        <TestCardForm
          key={payment.paymentIntentId}
          paymentIntentId={payment.paymentIntentId}
          clientSecret={payment.clientSecret}
          payLabel={payLabel}
          lastResult={cardResult}
          submitting={submitting}
        />
      )}
      <Group>
        <Button component={Link} to={backTo} variant="default">
          {backLabel ?? t('pay.backToDetails')}
        </Button>
      </Group>
    </ConfirmAndPayStep>
  )
}

/** 'Try Again' after the booking could not be made: the same details, posted again. */
export function RetryDetailsForm({ values, label }: { values: Record<string, string>; label?: string }) {
  const { t } = useTranslation('booking')
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="details" />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit">{label ?? t('pay.tryAgain')}</Button>
    </Form>
  )
}

/**
 * Back from Stripe's card form: the page posts the intent to be confirmed, at once
 * with JavaScript, or with 'Finish booking' before it loads. The GET that brought them here
 * changed nothing.
 */
export function ConfirmingPayment({ paymentIntentId, submitting }: { paymentIntentId: string; submitting: boolean }) {
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const sent = useRef(false)
  const { t } = useTranslation('booking')
  useEffect(() => {
    if (sent.current || !form.current) return
    sent.current = true
    submit(form.current, { replace: true })
  }, [submit])
  return (
    <ConfirmAndPayStep>
      <Form method="post" ref={form} replace>
        <input type="hidden" name="intent" value="confirm-payment" />
        <input type="hidden" name="paymentIntentId" value={paymentIntentId} />
        <Stack gap="sm" align="flex-start">
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t('pay.confirming')}</Text>
          </Group>
          <Button type="submit" loading={submitting}>
            {t('pay.finish')}
          </Button>
        </Stack>
      </Form>
    </ConfirmAndPayStep>
  )
}

/**
 * No card form yet: a booking made through the API, or one whose payment could not be prepared
 * when it was made (the provider did not answer). One post makes it, or says it failed.
 */
export function PreparePayment({
  backTo,
  backLabel,
  submitting,
  ...summary
}: {
  nurseName: string
  nights: SummaryNight[]
  timeZone: string
  addressText: string
  amounts: SummaryAmounts
  backTo: string
  backLabel?: string
  submitting: boolean
}) {
  const { t } = useTranslation('booking')
  return (
    <ConfirmAndPayStep>
      <BookingSummaryCard {...summary} headingLevel={3} />
      <Text>{t('pay.held')}</Text>
      <Form method="post">
        <input type="hidden" name="intent" value="prepare-payment" />
        <Group>
          <Button component={Link} to={backTo} variant="default">
            {backLabel ?? t('pay.backToDetails')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('pay.continueToPayment')}
          </Button>
        </Group>
      </Form>
    </ConfirmAndPayStep>
  )
}
