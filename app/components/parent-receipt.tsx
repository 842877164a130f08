// The receipt (docs/money.md): the real nights and amounts of a booking, for one payment or
// refund. The same model is written into the PDF.
import './parent-receipt.css'
import { Box, Divider, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate, receiptTotalLines, type Receipt } from '~/domain/payments/receipts'
import { NightStatusBadge } from './parent-status-badge'
import { Cell, StackedTable } from './stacked-table'


function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text fz="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400} style={{ flex: 1 }}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  )
}

export function ReceiptView({ receipt, headingOrder = 3 }: { receipt: Receipt; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation('parent')
  const zone = receipt.timezone
  const columns = [
    t('receipt.night'),
    t('receipt.time'),
    t('receipt.status'),
    { label: t('receipt.price'), ta: 'right' },
    { label: t('receipt.refunded'), ta: 'right' },
  ] as const
  const paidLine = t(receipt.kind === 'refund' ? 'receipt.refundedToCardLine' : 'receipt.paidWithCardLine', {
    amount: formatCents(receipt.amountCents),
    date: formatPaymentDate(receipt.issuedAt, zone),
  })
  return (
    <Stack gap="md" aria-label={`${receipt.title} ${receipt.invoiceNumber}`}>
      <Group justify="space-between" align="flex-start">
        <Box>
          <Text fw={800} c="night.9" fz="lg">
            Nightlight
          </Text>
          <Text fz="xs" c="dimmed">
            {t('receipt.tagline')}
          </Text>
        </Box>
        <Box ta="right">
          <Title order={headingOrder} fz="lg">
            {receipt.title}
          </Title>
          <Text fz="sm">{t('receipt.invoice', { number: receipt.invoiceNumber })}</Text>
          <Text fz="sm" c="dimmed">
            {formatPaymentDate(receipt.issuedAt, zone)}
          </Text>
        </Box>
      </Group>
      <Divider />
      <Group align="flex-start" grow>
        <Box>
          <Text fz="xs" c="dimmed" fw={600}>
            {t('receipt.billedTo')}
          </Text>
          <Text fw={600}>{receipt.parentName}</Text>
          <Text fz="sm">{receipt.parentEmail}</Text>
          <Text fz="sm">{receipt.address}</Text>
        </Box>
        <Box>
          <Text fz="xs" c="dimmed" fw={600}>
            {t('receipt.nightNurse')}
          </Text>
          <Text fw={600}>{receipt.nurseName}</Text>
          <Text fz="sm">{receipt.forLine}</Text>
          <Text fz="sm">{receipt.datedLine}</Text>
        </Box>
      </Group>
      {receipt.nights.length > 0 && (
      <StackedTable columns={columns} minWidth={480} verticalSpacing={6} fz="sm">
        {receipt.nights.map((night) => (
          <Table.Tr key={`${night.date}-${night.timeLabel}`}>
            <Cell data-label={t('receipt.night')}>{night.dateLabel}</Cell>
            <Cell data-label={t('receipt.time')}>{night.timeLabel}</Cell>
            <Cell data-label={t('receipt.status')}>
              <NightStatusBadge status={night.status} />
            </Cell>
            <Cell data-label={t('receipt.price')} align="right">{formatCents(night.priceCents)}</Cell>
            <Cell data-label={t('receipt.refunded')} align="right">{night.refundCents === null ? '' : formatCents(night.refundCents)}</Cell>
          </Table.Tr>
        ))}
      </StackedTable>
      )}
      <Stack gap={4} ml="auto" w={{ base: '100%', xs: 320 }}>
        {receipt.priceLines.map(([label, value]) => (
          <Line key={label} label={label} value={value} />
        ))}
        <Line label={t('receipt.subtotal')} value={formatCents(receipt.subtotalCents)} />
        <Line label={t('receipt.platformFee')} value={formatCents(receipt.platformFeeCents)} />
        {receiptTotalLines(receipt, t).map(([label, cents]) => (
          <Line key={label} label={label} value={formatCents(cents)} strong />
        ))}
        {receipt.refunds.map((refund) => (
          <Line
            key={refund.invoiceNumber}
            label={
              refund.nightLabel
                ? t('receipt.refundForNight', { number: refund.invoiceNumber, night: refund.nightLabel })
                : t('receipt.refundNumber', { number: refund.invoiceNumber })
            }
            value={`-${formatCents(refund.amountCents)}`}
          />
        ))}
        {receipt.refunds.length > 0 && <Line label={t('receipt.netPaid')} value={formatCents(receipt.netPaidCents)} strong />}
      </Stack>
      <Text fz="sm" fw={600}>
        {receipt.week ? t('receipt.paidForWeekLine', { amount: formatCents(receipt.amountCents), week: receipt.week, date: formatPaymentDate(receipt.issuedAt, zone), refund: receipt.kind === 'refund' ? 'yes' : 'no' }) : paidLine}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('receipt.localTime')}
      </Text>
    </Stack>
  )
}
