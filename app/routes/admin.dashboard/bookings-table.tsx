// All Bookings: each row changes its status with an optional note that is sent and kept in the
// audit log. A plain form post per row: it works before JavaScript loads; once it has, Update stays
// disabled until another status is chosen. The row's texts are styled by components/row-texts.module.css. The
// select and the notes field are Mantine's bare Input (a select with its chevron; a text field):
// they look exactly as NativeSelect and TextInput did, without the label wrapper neither needs, and
// the twenty rows' document costs 15% less (decision 0078).
import { Button, ComboboxChevron, Input, Table, Text } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from '~/components/link'
import { useServerMessage } from '~/i18n/messages'
import { Cell, StackedTable } from '~/components/stacked-table'
import { StatusBadge } from '~/components/status-badge'
import { BOOKING_STATUSES, type BookingStatus } from '~/domain/bookings/life-cycle'
import { bookingStatus } from '~/domain/statuses'
import type { AdminBookingRow } from '~/domain/admin/admin.server'
import { formatCents } from '~/domain/bookings/pricing'
import { formatNightDate } from '~/domain/time/shift-times'
import classes from './bookings-table.module.css'
import texts from '~/components/row-texts.module.css'
import type { AdminActionFailure } from './results'
import { statusIn } from './status-words'


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
  const errorId = `booking-${booking.id}-error`
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="update-status" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <div className={classes.statusForm}>
        <Input
          component="select"
          id={`booking-${booking.id}-status`}
          name="status"
          aria-label={t('bookings.statusOf', { reference: booking.reference })}
          value={status}
          onChange={(event: React.ChangeEvent<HTMLSelectElement>) => setStatus(event.currentTarget.value as BookingStatus)}
          size="xs"
          className={classes.statusSelect}
          rightSection={<ComboboxChevron size="xs" />}
          rightSectionPointerEvents="none"
        >
          {statusOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Input>
        {/* A refused change's reason shows beneath the field and describes it. Mantine's Input
            names an error only inside a wrapper, which the other rows do not need: the row names
            it itself (withAria off, so Input leaves these attributes as given). The field stays
            the same element, so a note typed before the refusal is kept. */}
        <div className={classes.notes}>
          <Input
            withAria={false}
            name="notes"
            aria-label={t('bookings.notesFor', { reference: booking.reference })}
            aria-invalid={Boolean(failure)}
            aria-describedby={failure ? errorId : undefined}
            placeholder={t('bookings.notes')}
            maxLength={1000}
            size="xs"
            error={Boolean(failure)}
          />
          {failure && (
            <Input.Error id={errorId} size="xs" mt={5}>
              {say(failure)}
            </Input.Error>
          )}
        </div>
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
            <Cell data-label={COLUMNS[0]} nowrap>
              <p className={texts.strong}>{booking.reference}</p>
            </Cell>
            <Cell data-label={COLUMNS[1]}>{booking.nurseName}</Cell>
            <Cell data-label={COLUMNS[2]}>
              <div>
                {/* The family's account page: suspend or reinstate, with the history (issue 38). */}
                <Link to={`/admin/members/${booking.parentId}`} className={texts.link}>
                  {booking.parentName}
                </Link>
                <p className={texts.email}>{booking.parentEmail}</p>
              </div>
            </Cell>
            <Cell data-label={COLUMNS[3]} nowrap>
              {formatNightDate(booking.startDate)}
            </Cell>
            <Cell data-label={COLUMNS[4]}>{formatCents(booking.totalAmountCents)}</Cell>
            <Cell data-label={COLUMNS[5]}>
              <StatusBadge status={statusIn(bookingStatus(booking.status), t)} />
            </Cell>
            <Cell data-label={COLUMNS[6]} wide>
              {/* Remounted when the status changes, so the select starts from the saved value. */}
              <StatusForm key={booking.status} booking={booking} statusOptions={statusOptions} hydrated={hydrated} failure={rowFailure} />
            </Cell>
          </Table.Tr>
        )
      })}
    </StackedTable>
  )
}
