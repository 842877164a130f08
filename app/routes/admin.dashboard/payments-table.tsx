// Payments: the type from the payment's kind, a status badge, and a link to the
// payment at Stripe for real Stripe payments; the built-in test provider's say so instead.
import { Anchor, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Cell, StackedTable } from '~/components/stacked-table'
import { StatusBadge } from '~/components/status-badge'
import { paymentTypeLabel, stripePaymentUrl } from '~/domain/admin/admin'
import { paymentStatus } from '~/domain/statuses'
import type { AdminPaymentRow } from '~/domain/admin/admin.server'
import { formatBookingReference } from '~/domain/bookings/booking-rules'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate, formatReservationReference } from '~/domain/payments/receipts'
import { statusIn } from './status-words'


export function PaymentsTable({ payments }: { payments: AdminPaymentRow[] }) {
  const { t } = useTranslation('admin')
  if (payments.length === 0) return <Text c="dimmed">{t('payments.none')}</Text>
  const COLUMNS = [
    t('payments.date'),
    t('payments.type'),
    t('payments.booking'),
    t('payments.parent'),
    t('payments.nurse'),
    t('payments.amount'),
    t('payments.status'),
    t('payments.provider'),
  ]
  return (
    <StackedTable
      columns={COLUMNS}
      minWidth={800}
      focusable={{ role: 'region', label: t('payments.tableLabel') }}
      striped
      verticalSpacing="sm"
    >
      {payments.map((payment) => {
        const status = statusIn(paymentStatus(payment.status), t)
        const stripeUrl = stripePaymentUrl(payment.provider, payment.stripePaymentIntentId)
        return (
          <Table.Tr key={payment.id}>
            <Cell data-label={COLUMNS[0]}>{formatPaymentDate(payment.createdAt)}</Cell>
            <Cell data-label={COLUMNS[1]}>{paymentTypeLabel(payment.kind, t)}</Cell>
            <Cell data-label={COLUMNS[2]}>
              {payment.bookingId !== null ? formatBookingReference(payment.bookingId) : t('payments.deposit', { reference: formatReservationReference(payment.reservationId ?? 0) })}
            </Cell>
            <Cell data-label={COLUMNS[3]}>{payment.parentName}</Cell>
            <Cell data-label={COLUMNS[4]}>{payment.nurseName}</Cell>
            <Cell data-label={COLUMNS[5]}>{formatCents(payment.amountCents)}</Cell>
            <Cell data-label={COLUMNS[6]}>
              <StatusBadge status={status} />
            </Cell>
            <Cell data-label={COLUMNS[7]}>
              {stripeUrl ? (
                <Anchor href={stripeUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                  {t('payments.viewInStripe')}
                </Anchor>
              ) : (
                <Text fz="sm" c="dimmed" title={payment.stripePaymentIntentId}>
                  {t('payments.testPayment')}
                </Text>
              )}
            </Cell>
          </Table.Tr>
        )
      })}
    </StackedTable>
  )
}
