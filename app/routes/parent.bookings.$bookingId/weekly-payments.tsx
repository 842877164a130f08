// A series paid week by week (issue 15): its charge schedule, and 'Pay now' for a declined week.
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import { Form } from '@remix-run/react'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { cardLabel, WeeklyChargeSchedule } from '~/components/weekly-charges'
import { formatCents } from '~/domain/bookings/pricing'
import { TEST_CARD_SAVED_DECLINES, TEST_CARD_SUCCEEDS } from '~/domain/payments/test-cards'
import type { BookingPageData } from './route'
import { useTranslation } from 'react-i18next'

export function WeeklyPaymentsCard({ page, error }: { page: BookingPageData; error: string | null }) {
  const { t } = useTranslation('parent')
  const { booking, weekly } = page
  if (!weekly) return null
  return (
    <SectionCard id="weekly-payments" title={t('weekly.title')} titleMb="sm">
      <WeeklyChargeSchedule
        weeks={weekly.weeks}
        timeZone={booking.timezone}
        bookingPaid={booking.status !== 'pending'}
        savedCardLabel={weekly.savedCard ? cardLabel(weekly.savedCard) : null}
      >
        {weekly.weeks
          .filter((week) => week.status === 'failed')
          .map((week) => (
            <PayWeekForm
              key={week.week}
              bookingId={booking.id}
              week={week.week}
              amountCents={week.amountCents}
              provider={weekly.provider}
              savedCard={weekly.savedCard}
              error={error}
            />
          ))}
      </WeeklyChargeSchedule>
    </SectionCard>
  )
}

/** The week waiting for payment after a decline: pay with the saved card (or, offline, a test card). */
function PayWeekForm({
  bookingId,
  week,
  amountCents,
  provider,
  savedCard,
  error,
}: {
  bookingId: number
  week: number
  amountCents: number
  provider: 'stripe' | 'test'
  savedCard: { brand: string; last4: string } | null
  error: string | null
}) {
  const { t } = useTranslation('parent')
  const label = t('weekly.pay', { amount: formatCents(amountCents), week })
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="pay-week" />
      <input type="hidden" name="week" value={week} />
      <Stack gap="sm" align="flex-start">
        {error && (
          <ErrorNote title={t('weekly.failed')}>{error}</ErrorNote>
        )}
        {provider === 'test' ? (
          <>
            <Text fz="sm">
              {t('weekly.testBefore')} <code>{TEST_CARD_SUCCEEDS}</code> {t('weekly.testAfter', { declined: TEST_CARD_SAVED_DECLINES })}
            </Text>
            <TextInput name="cardNumber" label={t('weekly.cardNumber')} inputMode="numeric" autoComplete="cc-number" />
          </>
        ) : (
          !savedCard && <Text fz="sm">{t('weekly.saveFirst')}</Text>
        )}
        <Group>
          {(savedCard || provider === 'test') && <Button type="submit">{savedCard && provider !== 'test' ? t('weekly.payWith', { label, card: cardLabel(savedCard) }) : label}</Button>}
          <Anchor component={Link} to={`/parent/payment?returnTo=${encodeURIComponent(`/parent/bookings/${bookingId}`)}`} fz="sm">
            {savedCard ? t('weekly.anotherCard') : t('weekly.saveCard')}
          </Anchor>
        </Group>
      </Stack>
    </Form>
  )
}
