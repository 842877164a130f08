import { Badge, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { NurseNight, NurseOverview } from '~/domain/nurse-dashboard.server'
import { formatCents } from '~/domain/pricing'
import { formatNightDate, formatTime12 } from '~/domain/shift-times'

const STATUS: Record<NurseNight['status'], { label: string; color: string }> = {
  pending: { label: 'Awaiting payment', color: 'yellow' },
  scheduled: { label: 'Confirmed', color: 'teal' },
  confirmed: { label: 'Confirmed', color: 'teal' },
  completed: { label: 'Completed', color: 'gray' },
  no_show: { label: 'No-show', color: 'red' },
}

/** A night that ended without being marked otherwise was worked. */
function statusOf(night: NurseNight, past: boolean) {
  if (past && (night.status === 'scheduled' || night.status === 'confirmed')) return STATUS.completed
  return STATUS[night.status]
}

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
    <Card component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="sm">
        {title}
      </Title>
      {nights.length === 0 ? (
        <Text c="gray.7">{empty}</Text>
      ) : (
        // Focusable, so a keyboard can scroll the table sideways on a phone.
        <Table.ScrollContainer type="native" minWidth={620} tabIndex={0} role="group" aria-label={title}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Night</Table.Th>
                <Table.Th>Time ({timezone.replace(/_/g, ' ')})</Table.Th>
                <Table.Th>Family</Table.Th>
                <Table.Th>City</Table.Th>
                <Table.Th>Pay</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {nights.map((night) => {
                const status = statusOf(night, past)
                return (
                  <Table.Tr key={night.occurrenceId}>
                    <Table.Td>{formatNightDate(night.date)}</Table.Td>
                    <Table.Td>
                      {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)}
                    </Table.Td>
                    <Table.Td>{night.parentFirstName}</Table.Td>
                    <Table.Td>{night.city ?? '—'}</Table.Td>
                    <Table.Td>{formatCents(night.priceCents)}</Table.Td>
                    <Table.Td>
                      <Badge color={status.color} variant="light" c="dark.8" tt="none">
                        {status.label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  )
}
