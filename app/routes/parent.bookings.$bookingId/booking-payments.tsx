// What the booking has produced: the nurse's night reports, and the payments and refunds with
// their receipts.
import { Anchor, Box, Group, Stack, Text } from '@mantine/core'
import { NightReportView } from '~/components/night-report-view'
import { ReceiptPdfButton } from '~/components/parent-payment-history'
import { SectionCard } from '~/components/section-card'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate } from '~/domain/payments/receipts'
import type { BookingPageData } from './route'
import { useTranslation } from 'react-i18next'

export function NightReportsCard({ page }: { page: BookingPageData }) {
  const { t } = useTranslation('parent')
  const { booking, reports } = page
  if (reports.length === 0) return null
  return (
    <SectionCard id="night-reports" title={t('notify.nightReports')} titleMb="sm">
      <Stack gap="lg">
        {reports.map((report) => (
          <NightReportView key={report.id} report={report} nurseName={booking.nurseName} />
        ))}
        <Anchor href={`/parent/night-reports/${booking.id}.pdf`} fz="sm">
          {t('booking.downloadReports')}
        </Anchor>
      </Stack>
    </SectionCard>
  )
}

export function BookingPayments({ payments }: { payments: BookingPageData['payments'] }) {
  const { t } = useTranslation('parent')
  return (
    <SectionCard id="booking-payments" title={t('booking.paymentsTitle')} titleMb="sm">
      {payments.length === 0 ? (
        <Text c="dimmed">{t('booking.noPayments')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {payments.map((payment) => (
            <Group component="li" key={payment.id} justify="space-between" wrap="wrap">
              <Box>
                <Text fw={600} fz="sm">
                  {payment.kind === 'refund' ? t('payments.refundedToCard') : t('payments.paidWithCard')} ·{' '}
                  {formatPaymentDate(payment.createdAt, payment.timezone)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t('payments.invoice', { number: payment.invoiceNumber })}
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
