// The booking page's side column: the nurse, the booking's details and its amounts.
import { Box, Button, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { UserAvatar } from '~/components/user-avatar'
import { formatCents } from '~/domain/bookings/pricing'
import { babiesWord, formatPaymentDate, patternLabel, priceSummaryLines } from '~/domain/payments/receipts'
import { formatNightDate } from '~/domain/time/shift-times'
import { shownHeadline } from '~/domain/nurses/nurse-profile'
import type { BookingPageData } from './route'
import { useTranslation } from 'react-i18next'

export function BookingAside({ page }: { page: BookingPageData }) {
  const { t } = useTranslation('parent')
  const { booking, refundedCents, netPaidCents } = page
  return (
    <Stack gap="lg">
      <SectionCard id="booking-nurse" title={t('aside.yourNurse')} titleMb="sm">
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
          {t('card.bookAgain')}
        </Button>
        <Button component={Link} to={`/messages/new?nurse=${encodeURIComponent(booking.nurseSlug)}`} variant="default" fullWidth mt="xs">
          {t('aside.message', { name: booking.nurseName.split(' ')[0] })}
        </Button>
      </SectionCard>

      <SectionCard id="booking-facts" title={t('aside.details')} titleMb="sm">
        <Stack gap="sm">
          <Fact label={t('card.startDate')}>{formatNightDate(booking.startDate)}</Fact>
          <Fact label={t('card.pattern')}>
            {patternLabel(booking.pattern, t)}
            {booking.pattern === 'recurring' && booking.weeksCount
              ? t('aside.weeklyPlan', { nights: booking.nightsPerWeek, weeks: booking.weeksCount })
              : ''}
          </Fact>
          {booking.babies > 1 && <Fact label={t('aside.babies')}>{babiesWord(booking.babies, t)}</Fact>}
          <Fact label={t('aside.bookedOn')}>{formatPaymentDate(booking.createdAt, booking.timezone)}</Fact>
          <Fact label={t('aside.address')}>{booking.addressText}</Fact>
          {(booking.contactName || booking.contactPhone) && (
            <Fact label={t('aside.contact')}>{[booking.contactName, booking.contactPhone].filter(Boolean).join(', ')}</Fact>
          )}
          <Fact label={t('aside.notes')}>{booking.notes || t('aside.none')}</Fact>
        </Stack>
      </SectionCard>

      <SectionCard id="booking-amounts" title={t('aside.amounts')} titleMb="sm">
        <Stack gap={4}>
          {priceSummaryLines(booking.occurrences, booking, t).map(([label, value]) => (
            <Group key={label} justify="space-between">
              <Text fz="sm" c="dimmed">
                {label}
              </Text>
              <Text fz="sm" fw={500}>
                {value}
              </Text>
            </Group>
          ))}
          <Amount label={t('receipt.subtotal')} cents={booking.subtotalCents} />
          <Amount label={t('receipt.platformFee')} cents={booking.platformFeeCents} />
          <Amount label={t('card.total')} cents={booking.totalAmountCents} strong />
          {refundedCents > 0 && (
            <>
              <Amount label={t('receipt.refunded')} cents={refundedCents} negative />
              <Amount label={t('receipt.netPaid')} cents={netPaidCents} strong />
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
