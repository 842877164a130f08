// Payments: the type from the payment's kind, a status badge, and a link to the
// payment at Stripe for real Stripe payments; the built-in test provider's say so instead.
import { Anchor, Table, Text } from '@mantine/core'
import { StackedTable } from '~/components/stacked-table'
import { StatusBadge } from '~/components/status-badge'
import { paymentTypeLabel, stripePaymentUrl } from '~/domain/admin/admin'
import { paymentStatus } from '~/domain/statuses'
import type { AdminPaymentRow } from '~/domain/admin/admin.server'
import { formatBookingReference } from '~/domain/bookings/booking-rules'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate, formatReservationReference } from '~/domain/payments/receipts'

const COLUMNS = ['Date', 'Type', 'Booking', 'Parent', 'Nurse', 'Amount', 'Status', 'Provider']

export function PaymentsTable({ payments }: { payments: AdminPaymentRow[] }) {
  if (payments.length === 0) return <Text c="dimmed">No payments found</Text>
  return (
    <StackedTable
      columns={COLUMNS}
      minWidth={800}
      focusable={{ role: 'region', label: 'Payments table' }}
      striped
      verticalSpacing="sm"
    >
      {payments.map((payment) => {
        const status = paymentStatus(payment.status)
        const stripeUrl = stripePaymentUrl(payment.provider, payment.stripePaymentIntentId)
        return (
          <Table.Tr key={payment.id}>
            <Table.Td data-label="Date">{formatPaymentDate(payment.createdAt)}</Table.Td>
            <Table.Td data-label="Type">{paymentTypeLabel(payment.kind)}</Table.Td>
            <Table.Td data-label="Booking">
              {payment.bookingId !== null ? formatBookingReference(payment.bookingId) : `Deposit ${formatReservationReference(payment.reservationId ?? 0)}`}
            </Table.Td>
            <Table.Td data-label="Parent">{payment.parentName}</Table.Td>
            <Table.Td data-label="Nurse">{payment.nurseName}</Table.Td>
            <Table.Td data-label="Amount">{formatCents(payment.amountCents)}</Table.Td>
            <Table.Td data-label="Status">
              <StatusBadge status={status} />
            </Table.Td>
            <Table.Td data-label="Provider">
              {stripeUrl ? (
                <Anchor href={stripeUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                  View in Stripe
                </Anchor>
              ) : (
                <Text fz="sm" c="dimmed" title={payment.stripePaymentIntentId}>
                  Test payment
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )
      })}
    </StackedTable>
  )
}
