// What the booking has produced: the nurse's night reports, and the payments and refunds with
// their receipts.
import { Anchor, Box, Group, Stack, Text } from '@mantine/core'
import { NightReportView } from '~/components/night-report-view'
import { ReceiptPdfButton } from '~/components/parent-payment-history'
import { SectionCard } from '~/components/section-card'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate } from '~/domain/payments/receipts'
import type { BookingPageData } from './route'

export function NightReportsCard({ page }: { page: BookingPageData }) {
  const { booking, reports } = page
  if (reports.length === 0) return null
  return (
    <SectionCard id="night-reports" title="Night reports" titleMb="sm">
      <Stack gap="lg">
        {reports.map((report) => (
          <NightReportView key={report.id} report={report} nurseName={booking.nurseName} />
        ))}
        <Anchor href={`/parent/night-reports/${booking.id}.pdf`} fz="sm">
          Download the night reports (PDF)
        </Anchor>
      </Stack>
    </SectionCard>
  )
}

export function BookingPayments({ payments }: { payments: BookingPageData['payments'] }) {
  return (
    <SectionCard id="booking-payments" title="Payments and refunds" titleMb="sm">
      {payments.length === 0 ? (
        <Text c="dimmed">No payment has been made for this booking yet.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {payments.map((payment) => (
            <Group component="li" key={payment.id} justify="space-between" wrap="wrap">
              <Box>
                <Text fw={600} fz="sm">
                  {payment.kind === 'refund' ? 'Refunded to Card' : 'Paid with Card'} ·{' '}
                  {formatPaymentDate(payment.createdAt, payment.timezone)}
                </Text>
                <Text fz="xs" c="dimmed">
                  Invoice #{payment.invoiceNumber}
                </Text>
              </Box>
              <Group gap="sm">
                <Text fw={700}>
                  {payment.kind === 'refund' ? `-${formatCents(payment.amountCents)}` : formatCents(payment.amountCents)}
                </Text>
                <ReceiptPdfButton payment={payment} size="compact-sm" />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  )
}
