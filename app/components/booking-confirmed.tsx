// 'Booking Confirmed!' (spec 000 §2): the reference '#NN-' + six digits, the nights, their dates,
// the price breakdown and 'Go to My Dashboard'.
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { Link } from './link'
import { formatBookingReference } from '~/domain/bookings/booking-rules'
import { CheckMark } from './check-mark'
import { BookingNightList, BookingPriceLines, type SummaryAmounts, type SummaryNight } from './booking-summary'

export function BookingConfirmed({
  bookingId,
  nurseName,
  nights,
  timeZone,
  amounts,
}: {
  bookingId: number
  nurseName: string
  nights: readonly SummaryNight[]
  timeZone: string
  amounts: SummaryAmounts
}) {
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
          Your payment went through and {nurseName} is booked. You can see and manage your nights from your dashboard.
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
        <Button component={Link} to="/parent/dashboard" size="md">
          Go to My Dashboard
        </Button>
      </Stack>
    </Card>
  )
}
