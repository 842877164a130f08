// All Bookings (spec 001 §2): each row changes its status with an optional note that is sent and
// kept in the audit log (DESIGN.md §6.6). A plain form post per row: it works before JavaScript
// loads; once it has, Update stays disabled until another status is chosen.
import { Button, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { StackedTable } from '~/components/stacked-table'
import { StatusBadge } from '~/components/status-badge'
import { ADMIN_BOOKING_STATUSES, type AdminBookingStatus } from '~/domain/admin/admin'
import { bookingStatus } from '~/domain/statuses'
import type { AdminBookingRow } from '~/domain/admin/admin.server'
import { formatCents } from '~/domain/bookings/pricing'
import { formatNightDate } from '~/domain/bookings/shift-times'
import type { AdminActionFailure } from './results'

const COLUMNS = ['Booking', 'Nurse', 'Parent', 'Start date', 'Total', 'Status', 'Change status']
const STATUS_OPTIONS = ADMIN_BOOKING_STATUSES.map((status) => ({ value: status, label: bookingStatus(status).label }))

function StatusForm({ booking, hydrated, failure }: { booking: AdminBookingRow; hydrated: boolean; failure?: string }) {
  const [status, setStatus] = useState<AdminBookingStatus>(booking.status)
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'update-status' &&
    navigation.formData?.get('bookingId') === String(booking.id)
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="update-status" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <NativeSelect
          name="status"
          aria-label={`Status of booking ${booking.reference}`}
          data={STATUS_OPTIONS}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as AdminBookingStatus)}
          size="xs"
          w={120}
        />
        <TextInput
          name="notes"
          aria-label={`Notes for booking ${booking.reference} (optional)`}
          placeholder="Notes (optional)"
          maxLength={1000}
          size="xs"
          w={160}
          error={failure}
        />
        <Button type="submit" size="xs" loading={busy} disabled={hydrated && status === booking.status}>
          Update
        </Button>
      </Group>
    </Form>
  )
}

export function BookingsTable({
  bookings,
  hydrated,
  failure,
}: {
  bookings: AdminBookingRow[]
  hydrated: boolean
  failure: AdminActionFailure | undefined
}) {
  if (bookings.length === 0) return <Text c="dimmed">No bookings found</Text>
  return (
    <StackedTable columns={COLUMNS} minWidth={1100} striped verticalSpacing="sm">
      {bookings.map((booking) => {
        const status = bookingStatus(booking.status)
        const rowFailure =
          failure?.intent === 'update-status' && failure.entityId === booking.id ? failure.error : undefined
        return (
          <Table.Tr key={booking.id}>
            <Table.Td data-label="Booking" style={{ whiteSpace: 'nowrap' }}>
              <Text fw={600} fz="sm">
                {booking.reference}
              </Text>
            </Table.Td>
            <Table.Td data-label="Nurse">{booking.nurseName}</Table.Td>
            <Table.Td data-label="Parent">
              <div>
                <Text fz="sm">{booking.parentName}</Text>
                <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {booking.parentEmail}
                </Text>
              </div>
            </Table.Td>
            <Table.Td data-label="Start date" style={{ whiteSpace: 'nowrap' }}>{formatNightDate(booking.startDate)}</Table.Td>
            <Table.Td data-label="Total">{formatCents(booking.totalAmountCents)}</Table.Td>
            <Table.Td data-label="Status">
              <StatusBadge status={status} />
            </Table.Td>
            <Table.Td data-label="Change status" className="stacked-table-wide">
              {/* Remounted when the status changes, so the select starts from the saved value. */}
              <StatusForm key={booking.status} booking={booking} hydrated={hydrated} failure={rowFailure} />
            </Table.Td>
          </Table.Tr>
        )
      })}
    </StackedTable>
  )
}
