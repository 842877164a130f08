// The booking page's side column: the nurse, the booking's details and its amounts.
import { Box, Button, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { UserAvatar } from '~/components/user-avatar'
import { babiesLabel } from '~/domain/bookings/babies'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate, patternLabel, priceSummaryLines } from '~/domain/payments/receipts'
import { formatNightDate } from '~/domain/time/shift-times'
import { shownHeadline } from '~/domain/nurses/nurse-profile'
import type { BookingPageData } from './route'

export function BookingAside({ page }: { page: BookingPageData }) {
  const { booking, refundedCents, netPaidCents } = page
  return (
    <Stack gap="lg">
      <SectionCard id="booking-nurse" title="Your night nurse" titleMb="sm">
        <Group gap="sm" wrap="nowrap">
          <UserAvatar name={booking.nurseName} src={booking.nurseAvatarUrl} size={56} radius="xl" />
          <Box>
            <Text fw={700}>{booking.nurseName}</Text>
            <Text fz="sm">
              {shownHeadline({ headline: booking.nurseHeadline, displayName: booking.nurseName, baseLocation: booking.nurseLocation })}
            </Text>
            <Text fz="sm" c="dimmed">
              {booking.nurseLocation}
            </Text>
          </Box>
        </Group>
        <Button component={Link} to={`/nurse/${booking.nurseSlug}`} variant="light" fullWidth mt="md">
          Book Again
        </Button>
        <Button component={Link} to={`/messages/new?nurse=${encodeURIComponent(booking.nurseSlug)}`} variant="default" fullWidth mt="xs">
          Message {booking.nurseName.split(' ')[0]}
        </Button>
      </SectionCard>

      <SectionCard id="booking-facts" title="Details" titleMb="sm">
        <Stack gap="sm">
          <Fact label="Start Date">{formatNightDate(booking.startDate)}</Fact>
          <Fact label="Pattern">
            {patternLabel(booking.pattern)}
            {booking.pattern === 'recurring' && booking.weeksCount
              ? `, ${booking.nightsPerWeek} ${booking.nightsPerWeek === 1 ? 'night' : 'nights'} a week for ${booking.weeksCount} weeks`
              : ''}
          </Fact>
          {booking.babies > 1 && <Fact label="Babies">{babiesLabel(booking.babies)}</Fact>}
          <Fact label="Booked on">{formatPaymentDate(booking.createdAt, booking.timezone)}</Fact>
          <Fact label="Address">{booking.addressText}</Fact>
          {(booking.contactName || booking.contactPhone) && (
            <Fact label="Contact">{[booking.contactName, booking.contactPhone].filter(Boolean).join(', ')}</Fact>
          )}
          <Fact label="Notes">{booking.notes || 'None'}</Fact>
        </Stack>
      </SectionCard>

      <SectionCard id="booking-amounts" title="Amounts" titleMb="sm">
        <Stack gap={4}>
          {priceSummaryLines(booking.occurrences, booking).map(([label, value]) => (
            <Group key={label} justify="space-between">
              <Text fz="sm" c="dimmed">
                {label}
              </Text>
              <Text fz="sm" fw={500}>
                {value}
              </Text>
            </Group>
          ))}
          <Amount label="Subtotal" cents={booking.subtotalCents} />
          <Amount label="Platform fee (10%)" cents={booking.platformFeeCents} />
          <Amount label="Total" cents={booking.totalAmountCents} strong />
          {refundedCents > 0 && (
            <>
              <Amount label="Refunded" cents={refundedCents} negative />
              <Amount label="Net paid" cents={netPaidCents} strong />
            </>
          )}
        </Stack>
      </SectionCard>
    </Stack>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text>{children}</Text>
    </Box>
  )
}

function Amount({ label, cents, strong, negative }: { label: string; cents: number; strong?: boolean; negative?: boolean }) {
  return (
    <Group justify="space-between">
      <Text fz="sm" fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 500}>
        {negative ? `-${formatCents(cents)}` : formatCents(cents)}
      </Text>
    </Group>
  )
}
