import { Card, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { SectionCard } from '~/components/section-card'
import { StackedTable } from '~/components/stacked-table'
import { StatusBadge } from '~/components/status-badge'
import type { NurseNight, NurseOverview } from '~/domain/nurses/nurse-dashboard.server'
import { nightStatusForNurse } from '~/domain/statuses'
import { formatCents } from '~/domain/bookings/pricing'
import { formatNightDate, formatTime12, timeZoneName } from '~/domain/bookings/shift-times'

export function BookingsTab({ overview, timezone }: { overview: NurseOverview; timezone: string }) {
  const { earnings } = overview
  return (
    <Stack gap="lg">
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
      />
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
}: {
  id: string
  title: string
  empty: string
  nights: NurseNight[]
  timezone: string
  past: boolean
}) {
  return (
    <SectionCard id={id} title={title} titleMb="sm">
      {nights.length === 0 ? (
        <Text c="gray.7">{empty}</Text>
      ) : (
        <StackedTable
          columns={['Night', `Time (${timeZoneName(timezone)})`, 'Family', 'City', 'Pay', 'Status']}
          minWidth={620}
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
                <Table.Td data-label="Family">{night.parentFirstName}</Table.Td>
                <Table.Td data-label="City">{night.city ?? '—'}</Table.Td>
                <Table.Td data-label="Pay">{formatCents(night.priceCents)}</Table.Td>
                <Table.Td data-label="Status">
                  <StatusBadge status={status} />
                </Table.Td>
              </Table.Tr>
            )
          })}
        </StackedTable>
      )}
    </SectionCard>
  )
}
