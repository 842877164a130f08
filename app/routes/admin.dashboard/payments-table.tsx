// Payments (spec 001 §2): the type from the payment's kind, a status badge, and a link to the
// payment at Stripe for real Stripe payments; the built-in test provider's say so instead.
import { Anchor, Table, Text } from '@mantine/core'
import { StatusBadge } from '~/components/status-badge'
import { paymentTypeLabel, stripePaymentUrl } from '~/domain/admin/admin'
import { paymentStatus } from '~/domain/statuses'
import type { AdminPaymentRow } from '~/domain/admin/admin.server'
import { formatBookingReference } from '~/domain/bookings/booking-rules'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate } from '~/domain/bookings/receipts'

export function PaymentsTable({ payments }: { payments: AdminPaymentRow[] }) {
  if (payments.length === 0) return <Text c="dimmed">No payments found</Text>
  return (
    // Nothing in a row takes focus, so the scrolling box itself does (keyboard users scroll it on phones).
    <Table.ScrollContainer className="stacked-table-wrap" minWidth={800} type="native" tabIndex={0} role="region" aria-label="Payments table">
      <Table className="stacked-table" striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Booking</Table.Th>
            <Table.Th>Parent</Table.Th>
            <Table.Th>Nurse</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Provider</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => {
            const status = paymentStatus(payment.status)
            const stripeUrl = stripePaymentUrl(payment.provider, payment.stripePaymentIntentId)
            return (
              <Table.Tr key={payment.id}>
                <Table.Td data-label="Date">{formatPaymentDate(payment.createdAt)}</Table.Td>
                <Table.Td data-label="Type">{paymentTypeLabel(payment.kind)}</Table.Td>
                <Table.Td data-label="Booking">{formatBookingReference(payment.bookingId)}</Table.Td>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
