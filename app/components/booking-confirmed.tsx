// 'Booking Confirmed!': the reference '#NN-' + six digits, the nights, their dates,
// the price breakdown and 'Go to My Dashboard'. A series paid week by week (decision 0028) says what
// was charged now and what will be charged when, never the whole total as paid (issue 38).
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
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
            Booking Confirmed!
          </Title>
        </Group>
        <Text>
          {weekly ? `Your first week’s payment, ${formatCents(chargedNow)}, went through` : 'Your payment went through'} and {nurseName} is
          booked. You can see and manage your nights from your dashboard.
        </Text>
        <Group justify="space-between">
          <Text>Booking ID</Text>
          <Text fw={700} data-testid="booking-reference">
            {formatBookingReference(bookingId)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text>Nights</Text>
          <Text fw={700}>{nights.length}</Text>
        </Group>
        <div>
          <Title order={2} fz="md" mb={6}>
            Dates
          </Title>
          <BookingNightList nights={nights} timeZone={timeZone} />
        </div>
        <div>
          <Title order={2} fz="md" mb={6}>
            Price breakdown
          </Title>
          <BookingPriceLines amounts={amounts} nights={nights.length} />
        </div>
        {weekly && (
          <section aria-labelledby="confirmed-weekly-payments">
            <Title order={2} fz="md" mb={6} id="confirmed-weekly-payments">
              Weekly payments
            </Title>
            <Stack gap={4} mb="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text>Booking total</Text>
                <Text>{formatCents(amounts.totalAmountCents)}</Text>
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>Charged now</Text>
                <Text fw={700}>{formatCents(chargedNow)}</Text>
              </Group>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text>Still to be charged, week by week</Text>
                <Text>{formatCents(chargedLater)}</Text>
              </Group>
            </Stack>
            <WeeklyChargeSchedule weeks={weeks} timeZone={timeZone} bookingPaid savedCardLabel={savedCardLabel} />
          </section>
        )}
        <Button component={Link} to="/parent/dashboard" size="md">
          Go to My Dashboard
        </Button>
      </Stack>
    </Card>
  )
}
