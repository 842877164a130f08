// 'Booking Confirmed!': the reference '#NN-' + six digits, the nights, their dates,
// the price breakdown and 'Go to My Dashboard'. A series paid week by week (decision 0028) says what
// was charged now and what will be charged when, never the whole total as paid (issue 38).
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from './link'
import { formatBookingReference } from '~/domain/bookings/booking-rules'
import { CheckMark } from './check-mark'
import { BookingNightList, BookingPriceLines, type SummaryAmounts, type SummaryNight } from './booking-summary'
import type { ChargeWeekView } from '~/domain/payments/charge-weeks.server'
import { formatCents } from '~/domain/bookings/pricing'
import { WeeklyChargeSchedule } from './weekly-charges'

const STILL_TO_CHARGE: ReadonlyArray<ChargeWeekView['status']> = ['scheduled', 'charging', 'failed']

export function BookingConfirmed({
  bookingId,
  nurseName,
  nights,
  timeZone,
  amounts,
  weeks = [],
  savedCardLabel = null,
}: {
  bookingId: number
  nurseName: string
  nights: readonly SummaryNight[]
  timeZone: string
  amounts: SummaryAmounts
  /** The charge schedule of a series paid week by week; empty when paid in full. */
  weeks?: readonly ChargeWeekView[]
  savedCardLabel?: string | null
}) {
  const { t } = useTranslation('booking')
  const weekly = weeks.length > 0
  const chargedNow = weeks.filter((week) => week.status === 'paid').reduce((sum, week) => sum + week.amountCents, 0)
  const chargedLater = weeks.filter((week) => STILL_TO_CHARGE.includes(week.status)).reduce((sum, week) => sum + week.amountCents, 0)
  return (
    <Card padding="xl" maw={640} mx="auto">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon radius="xl" size={44} color="teal.8" aria-hidden="true">
            <CheckMark size={24} strokeWidth={2} />
          </ThemeIcon>
          <Title order={1} fz={30}>
            {t('confirmed.title')}
          </Title>
        </Group>
        <Text>
          {weekly
            ? t('confirmed.paidFirstWeek', { amount: formatCents(chargedNow), nurseName })
            : t('confirmed.paid', { nurseName })}
        </Text>
        <Group justify="space-between">
          <Text>{t('confirmed.bookingId')}</Text>
          <Text fw={700} data-testid="booking-reference">
            {formatBookingReference(bookingId)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text>{t('confirmed.nights')}</Text>
          <Text fw={700}>{nights.length}</Text>
        </Group>
        <div>
          <Title order={2} fz="md" mb={6}>
            {t('confirmed.dates')}
          </Title>
          <BookingNightList nights={nights} timeZone={timeZone} />
        </div>
        <div>
          <Title order={2} fz="md" mb={6}>
            {t('confirmed.priceBreakdown')}
          </Title>
          <BookingPriceLines amounts={amounts} nights={nights.length} />
        </div>
        {weekly && (
          <section aria-labelledby="confirmed-weekly-payments">
            <Title order={2} fz="md" mb={6} id="confirmed-weekly-payments">
              {t('confirmed.weeklyPayments')}
            </Title>
            <Stack gap={4} mb="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text>{t('confirmed.bookingTotal')}</Text>
                <Text>{formatCents(amounts.totalAmountCents)}</Text>
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{t('confirmed.chargedNow')}</Text>
                <Text fw={700}>{formatCents(chargedNow)}</Text>
              </Group>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text>{t('confirmed.chargedLater')}</Text>
                <Text>{formatCents(chargedLater)}</Text>
              </Group>
            </Stack>
            <WeeklyChargeSchedule weeks={weeks} timeZone={timeZone} bookingPaid savedCardLabel={savedCardLabel} />
          </section>
        )}
        <Button component={Link} to="/parent/dashboard" size="md">
          {t('confirmed.dashboard')}
        </Button>
      </Stack>
    </Card>
  )
}
