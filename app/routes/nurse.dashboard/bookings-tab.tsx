import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { babiesLabel } from '~/domain/bookings/babies'
import { Link } from '~/components/link'
import { SectionCard } from '~/components/section-card'
import { StackedTable } from '~/components/stacked-table'
import { StatusBadge } from '~/components/status-badge'
import type { NurseNight, NurseOverview } from '~/domain/bookings/nurse-dashboard.server'
import type { NursePayouts, PayoutNight } from '~/domain/payouts/nurse-payouts.server'
import { nightStatusForNurse, payoutStatus } from '~/domain/statuses'
import { PayoutAccountSection, PayoutMonthsSection, type PayoutFormResult } from './payouts-section'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate } from '~/domain/payments/receipts'
import { formatNightDate, formatTime12, timeZoneName } from '~/domain/time/shift-times'

export function BookingsTab({
  overview,
  payouts,
  provider,
  payoutResult,
  submitting,
  timezone,
  reports,
}: {
  /** Nights waiting for their morning report, and the nights that have one (issue 16). */
  reports: { awaiting: Array<{ occurrenceId: number; date: string; startTimeLocal: string; endTimeLocal: string }>; reported: number[] } | null
  overview: NurseOverview
  payouts: NursePayouts | null
  provider: 'stripe' | 'test'
  payoutResult: PayoutFormResult | null
  submitting: boolean
  timezone: string
}) {
  const { earnings } = overview
  const payoutOf = new Map(payouts?.nights.map((night) => [night.occurrenceId, night]))
  const reported = new Set(reports?.reported ?? [])
  const awaiting = new Set(reports?.awaiting.map((night) => night.occurrenceId) ?? [])
  return (
    <Stack gap="lg">
      {reports && reports.awaiting.length > 0 && (
        <SectionCard id="reports-to-write" title="Night reports to write" titleMb="xs">
          <Text fz="sm" mb="sm">
            The families are waiting for how the night went. A report takes under a minute.
          </Text>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {reports.awaiting.map((night) => (
              <Group component="li" key={night.occurrenceId} justify="space-between" wrap="wrap">
                <Text fz="sm">
                  {formatNightDate(night.date)}, {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)}
                </Text>
                <Button component={Link} to={`/nurse/reports/${night.occurrenceId}`} size="compact-sm">
                  Write the report
                </Button>
              </Group>
            ))}
          </Stack>
        </SectionCard>
      )}
      {payouts && <PayoutAccountSection payouts={payouts} provider={provider} formResult={payoutResult} submitting={submitting} />}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="section" aria-label="Earnings">
        <Amount label="Earned" cents={earnings.earnedCents} hint="Nights you have worked" />
        <Amount label="Paid out" cents={earnings.paidOutCents} hint="Sent to you" />
        <Amount label="Due" cents={earnings.dueCents} hint="Earned, not paid out yet" />
        <Amount label="Upcoming" cents={earnings.upcomingCents} hint="Paid nights to come" />
      </SimpleGrid>
      <NightsTable
        id="upcoming-nights"
        title="Upcoming nights"
        empty="No upcoming booked nights yet. Publish your available nights so families can book you."
        nights={overview.upcomingNights}
        timezone={timezone}
        past={false}
      />
      <NightsTable
        id="past-nights"
        title="Past nights"
        empty="No past nights yet."
        nights={overview.pastNights}
        timezone={timezone}
        past
        payoutOf={payoutOf}
        reportOf={(id) => (reported.has(id) ? 'written' : awaiting.has(id) ? 'awaiting' : null)}
      />
      {payouts && <PayoutMonthsSection payouts={payouts} />}
      <SectionCard id="calendar-feed" title="Your nights in your calendar" titleMb="xs">
        <Text fz="sm">
          Subscribe to your booked nights from Google Calendar, Apple Calendar or Outlook.{' '}
          <Anchor component={Link} to="/calendar" underline="always">
            Make your calendar link
          </Anchor>
        </Text>
      </SectionCard>
      <SectionCard id="family-reviews" title="Reviews from families" titleMb="xs">
        <Text fz="sm">
          Families review you after their first night with you; the reviews and your answers are on your profile.{' '}
          <Anchor component={Link} to="/nurse/reviews" underline="always">
            Read and answer your reviews
          </Anchor>
        </Text>
      </SectionCard>
    </Stack>
  )
}

function Amount({ label, cents, hint }: { label: string; cents: number; hint: string }) {
  return (
    <Card padding="md">
      <Text fz="sm" c="gray.7">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {formatCents(cents)}
      </Text>
      <Text fz="xs" c="gray.7">
        {hint}
      </Text>
    </Card>
  )
}

function NightsTable({
  id,
  title,
  empty,
  nights,
  timezone,
  past,
  payoutOf,
  reportOf,
}: {
  id: string
  title: string
  empty: string
  nights: NurseNight[]
  timezone: string
  past: boolean
  /** Past nights show their payout (issue 15). */
  payoutOf?: Map<number, PayoutNight>
  /** Past nights link to their morning report (issue 16). */
  reportOf?: (occurrenceId: number) => 'written' | 'awaiting' | null
}) {
  return (
    <SectionCard id={id} title={title} titleMb="sm">
      {nights.length === 0 ? (
        <Text c="gray.7">{empty}</Text>
      ) : (
        <StackedTable
          columns={[
            'Night',
            `Time (${timeZoneName(timezone)})`,
            'Family',
            'City',
            'Pay',
            'Status',
            ...(payoutOf ? ['Payout'] : []),
            ...(reportOf ? ['Report'] : []),
          ]}
          minWidth={payoutOf ? 800 : 620}
          focusable={{ role: 'group', label: title }}
          striped
        >
          {nights.map((night) => {
            const status = nightStatusForNurse(night.status, { ended: past })
            return (
              <Table.Tr key={night.occurrenceId}>
                <Table.Td data-label="Night">{formatNightDate(night.date)}</Table.Td>
                <Table.Td data-label="Time">
                  {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)}
                </Table.Td>
                <Table.Td data-label="Family">
                  {night.parentFirstName}
                  {night.babies > 1 && ` · ${babiesLabel(night.babies)}`}
                </Table.Td>
                <Table.Td data-label="City">{night.city ?? '—'}</Table.Td>
                <Table.Td data-label="Pay">{formatCents(night.priceCents)}</Table.Td>
                <Table.Td data-label="Status">
                  <StatusBadge status={status} />
                </Table.Td>
                {payoutOf && (
                  <Table.Td data-label="Payout">
                    <PayoutCell payout={payoutOf.get(night.occurrenceId)} timezone={timezone} />
                  </Table.Td>
                )}
                {reportOf && (
                  <Table.Td data-label="Report">
                    {reportOf(night.occurrenceId) === null ? (
                      <Text fz="sm">—</Text>
                    ) : (
                      <Anchor
                        component={Link}
                        to={`/nurse/reports/${night.occurrenceId}`}
                        fz="sm"
                        aria-label={`${reportOf(night.occurrenceId) === 'written' ? 'Edit the report' : 'Write the report'} of ${formatNightDate(night.date)}`}
                      >
                        {reportOf(night.occurrenceId) === 'written' ? 'Sent · edit' : 'Write'}
                      </Anchor>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            )
          })}
        </StackedTable>
      )}
    </SectionCard>
  )
}

function PayoutCell({ payout, timezone }: { payout: PayoutNight | undefined; timezone: string }) {
  if (!payout) return <Text fz="sm">—</Text>
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge status={payoutStatus(payout.state)} />
      <Text fz="xs" c="gray.7">
        {formatCents(payout.payoutCents)}
        {payout.state === 'upcoming' || payout.state === 'payable' ? ` · due ${formatPaymentDate(payout.payableAt, timezone)}` : ''}
      </Text>
      {payout.failure && (
        <Text fz="xs" c="red.9">
          {payout.failure}
        </Text>
      )}
    </Stack>
  )
}
