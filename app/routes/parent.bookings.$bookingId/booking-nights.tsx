// The booking's nights, each with what can be done with it now: cancel, move, read its night
// report, report a problem.
import { Anchor, Group, Table, Text, VisuallyHidden } from '@mantine/core'
import { Link } from '~/components/link'
import { NightStatusBadge } from '~/components/parent-status-badge'
import { SectionCard } from '~/components/section-card'
import { StackedTable } from '~/components/stacked-table'
import { formatCents } from '~/domain/bookings/pricing'
import { formatNightDate, formatTime12, timeZoneName } from '~/domain/time/shift-times'
import type { BookingPageData } from './route'

const NIGHT_COLUMNS = [
  'Date',
  'Time',
  'Status',
  { label: 'Price', ta: 'right' },
  { label: 'Refund', ta: 'right' },
  { label: <VisuallyHidden>Actions</VisuallyHidden> },
] as const

const PROBLEM_LABELS = {
  open: 'Problem reported',
  released: 'Problem resolved',
  refunded: 'Refunded after your report',
} as const

export function BookingNights({ page }: { page: BookingPageData }) {
  const { booking, reports, reportable, problems, movable } = page
  const reportedNights = new Set(reports.map((report) => report.occurrenceId))
  const problemOf = new Map(problems.map((problem) => [problem.occurrenceId, problem]))
  return (
    <SectionCard id="booking-nights" title="Nights" titleMb="sm">
      <StackedTable columns={NIGHT_COLUMNS} minWidth={560} verticalSpacing="xs">
        {booking.occurrences.map((night) => (
          <Table.Tr key={night.id}>
            <Table.Td data-label="Date">{formatNightDate(night.date)}</Table.Td>
            <Table.Td data-label="Time">
              {formatTime12(night.startTimeLocal)} – {formatTime12(night.endTimeLocal)}
            </Table.Td>
            <Table.Td data-label="Status">
              <NightStatusBadge status={night.status} />
            </Table.Td>
            <Table.Td data-label="Price" ta="right">{formatCents(night.priceCents)}</Table.Td>
            <Table.Td data-label="Refund" ta="right">
              {night.status === 'cancelled' && night.refundCents !== null ? formatCents(night.refundCents) : ''}
            </Table.Td>
            <Table.Td data-label="">
              <Group gap="sm" wrap="nowrap">
                {night.refundableCents !== null && (
                  <Anchor
                    component={Link}
                    to={`?cancel=${night.id}#confirm-cancellation`}
                    preventScrollReset
                    fz="sm"
                    c="red.9"
                    aria-label={`Cancel the night of ${formatNightDate(night.date)}`}
                  >
                    Cancel
                  </Anchor>
                )}
                {movable.includes(night.id) && (
                  <Anchor
                    component={Link}
                    to={`/parent/bookings/${booking.id}/move/${night.id}`}
                    fz="sm"
                    aria-label={`Move the night of ${formatNightDate(night.date)}`}
                  >
                    Move
                  </Anchor>
                )}
                {reportedNights.has(night.id) && (
                  <Anchor
                    href={`#report-${night.id}`}
                    fz="sm"
                    aria-label={`Night report of ${formatNightDate(night.date)}`}
                  >
                    Night report
                  </Anchor>
                )}
                {reportable.includes(night.id) && (
                  <Anchor
                    component={Link}
                    to={`?report=${night.id}#report-problem`}
                    preventScrollReset
                    fz="sm"
                    aria-label={`Report a problem with the night of ${formatNightDate(night.date)}`}
                  >
                    Report a problem
                  </Anchor>
                )}
                {problemOf.get(night.id) && (
                  <Text fz="sm" c="gray.7">
                    {PROBLEM_LABELS[problemOf.get(night.id)!.status]}
                  </Text>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </StackedTable>
      <Text fz="xs" c="dimmed" mt="xs">
        Times are the nurse’s local time ({timeZoneName(booking.timezone)}).
      </Text>
    </SectionCard>
  )
}
