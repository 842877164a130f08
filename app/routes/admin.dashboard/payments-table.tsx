// Payments (spec 001 §2): the type from the payment's kind, a status badge, and a link to the
// payment at Stripe for real Stripe payments; the built-in test provider's say so instead.
import { Anchor, Badge, Table, Text } from '@mantine/core'
import { paymentStatusBadge, paymentTypeLabel, stripePaymentUrl } from '~/domain/admin'
import type { AdminPaymentRow } from '~/domain/admin.server'
import { formatBookingReference } from '~/domain/booking-rules'
import { formatCents } from '~/domain/pricing'
import { formatPaymentDate } from '~/domain/receipts'

export function PaymentsTable({ payments }: { payments: AdminPaymentRow[] }) {
  if (payments.length === 0) return <Text c="dimmed">No payments found</Text>
  return (
    // Nothing in a row takes focus, so the scrolling box itself does (keyboard users scroll it on phones).
    <Table.ScrollContainer minWidth={800} type="native" tabIndex={0} role="region" aria-label="Payments table">
      <Table striped verticalSpacing="sm">
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
            const badge = paymentStatusBadge(payment.status)
            const stripeUrl = stripePaymentUrl(payment.provider, payment.stripePaymentIntentId)
            return (
              <Table.Tr key={payment.id}>
                <Table.Td>{formatPaymentDate(payment.createdAt)}</Table.Td>
                <Table.Td>{paymentTypeLabel(payment.kind)}</Table.Td>
                <Table.Td>{formatBookingReference(payment.bookingId)}</Table.Td>
                <Table.Td>{payment.parentName}</Table.Td>
                <Table.Td>{payment.nurseName}</Table.Td>
                <Table.Td>{formatCents(payment.amountCents)}</Table.Td>
                <Table.Td>
                  <Badge color={badge.color} variant="light" c="dark.8" w="max-content">
                    {badge.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
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
