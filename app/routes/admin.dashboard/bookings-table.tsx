// All Bookings: each row changes its status with an optional note that is sent and kept in the
// audit log. A plain form post per row: it works before JavaScript loads; once it has, Update stays
// disabled until another status is chosen. The row's texts are styled by its CSS module.
import { Button, NativeSelect, Table, Text, TextInput } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { StackedTable } from '~/components/stacked-table'
import { StatusBadge } from '~/components/status-badge'
import { BOOKING_STATUSES, type BookingStatus } from '~/domain/bookings/life-cycle'
import { bookingStatus } from '~/domain/statuses'
import type { AdminBookingRow } from '~/domain/admin/admin.server'
import { formatCents } from '~/domain/bookings/pricing'
import { formatNightDate } from '~/domain/time/shift-times'
import classes from './bookings-table.module.css'
import type { AdminActionFailure } from './results'
import { statusIn } from './status-words'


const NOWRAP = { whiteSpace: 'nowrap' } as const

type StatusOption = { value: BookingStatus; label: string }

function StatusForm({
  booking,
  statusOptions,
  hydrated,
  failure,
}: {
  booking: AdminBookingRow
  /** The same four for every row, so made once per table. */
  statusOptions: StatusOption[]
  hydrated: boolean
  failure?: string
}) {
  const [status, setStatus] = useState<BookingStatus>(booking.status)
  const { t } = useTranslation('admin')
  const say = useServerMessage()
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'update-status' &&
    navigation.formData?.get('bookingId') === String(booking.id)
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="update-status" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <div className={classes.statusForm}>
        <NativeSelect
          id={`booking-${booking.id}-status`}
          name="status"
          aria-label={t('bookings.statusOf', { reference: booking.reference })}
          data={statusOptions}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as BookingStatus)}
          size="xs"
          w={120}
        />
        <TextInput
          id={`booking-${booking.id}-notes`}
          name="notes"
          aria-label={t('bookings.notesFor', { reference: booking.reference })}
          placeholder={t('bookings.notes')}
          maxLength={1000}
          size="xs"
          w={160}
          error={failure ? say(failure) : undefined}
        />
        <Button variant="filled" size="xs" type="submit" loading={busy} disabled={hydrated && status === booking.status}>
          {t('bookings.update')}
        </Button>
      </div>
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
  const { t } = useTranslation('admin')
  if (bookings.length === 0) return <Text c="dimmed">{t('bookings.none')}</Text>
  const statusOptions: StatusOption[] = BOOKING_STATUSES.map((value) => ({ value, label: statusIn(bookingStatus(value), t).label }))
  const COLUMNS = [
    t('bookings.booking'),
    t('bookings.nurse'),
    t('bookings.parent'),
    t('bookings.startDate'),
    t('bookings.total'),
    t('bookings.status'),
    t('bookings.changeStatus'),
  ]
  return (
    <StackedTable columns={COLUMNS} minWidth={1100} striped verticalSpacing="sm">
      {bookings.map((booking) => {
        const rowFailure =
          failure?.intent === 'update-status' && failure.entityId === booking.id ? failure.error : undefined
        return (
          <Table.Tr key={booking.id}>
            <Table.Td data-label={COLUMNS[0]} style={NOWRAP}>
              <p className={classes.reference}>{booking.reference}</p>
            </Table.Td>
            <Table.Td data-label={COLUMNS[1]}>{booking.nurseName}</Table.Td>
            <Table.Td data-label={COLUMNS[2]}>
              <div>
                {/* The family's account page: suspend or reinstate, with the history (issue 38). */}
                <Link to={`/admin/members/${booking.parentId}`} className={classes.parent}>
                  {booking.parentName}
                </Link>
                <p className={classes.email}>{booking.parentEmail}</p>
              </div>
            </Table.Td>
            <Table.Td data-label={COLUMNS[3]} style={NOWRAP}>
              {formatNightDate(booking.startDate)}
            </Table.Td>
            <Table.Td data-label={COLUMNS[4]}>{formatCents(booking.totalAmountCents)}</Table.Td>
            <Table.Td data-label={COLUMNS[5]}>
              <StatusBadge status={statusIn(bookingStatus(booking.status), t)} />
            </Table.Td>
            <Table.Td data-label={COLUMNS[6]} className="stacked-table-wide">
              {/* Remounted when the status changes, so the select starts from the saved value. */}
              <StatusForm key={booking.status} booking={booking} statusOptions={statusOptions} hydrated={hydrated} failure={rowFailure} />
            </Table.Td>
          </Table.Tr>
        )
      })}
    </StackedTable>
  )
}
