// The receipt (docs/money.md): the real nights and amounts of a booking, for one payment or
// refund. The same model is written into the PDF.
import './parent-receipt.css'
import { Box, Divider, Group, Stack, Table, Text, Title } from '@mantine/core'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate, receiptTotalLines, type Receipt } from '~/domain/payments/receipts'
import { NightStatusBadge } from './parent-status-badge'
import { StackedTable } from './stacked-table'

const RECEIPT_COLUMNS = [
  'Night',
  'Time',
  'Status',
  { label: 'Price', ta: 'right' },
  { label: 'Refunded', ta: 'right' },
] as const

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
  const zone = receipt.timezone
  return (
    <Stack gap="md" aria-label={`${receipt.title} ${receipt.invoiceNumber}`}>
      <Group justify="space-between" align="flex-start">
        <Box>
          <Text fw={800} c="night.9" fz="lg">
            Nightlight
          </Text>
          <Text fz="xs" c="dimmed">
            Trusted night nurses for new families
          </Text>
        </Box>
        <Box ta="right">
          <Title order={headingOrder} fz="lg">
            {receipt.title}
          </Title>
          <Text fz="sm">Invoice #{receipt.invoiceNumber}</Text>
          <Text fz="sm" c="dimmed">
            {formatPaymentDate(receipt.issuedAt, zone)}
          </Text>
        </Box>
      </Group>
      <Divider />
      <Group align="flex-start" grow>
        <Box>
          <Text fz="xs" c="dimmed" fw={600}>
            Billed to
          </Text>
          <Text fw={600}>{receipt.parentName}</Text>
          <Text fz="sm">{receipt.parentEmail}</Text>
          <Text fz="sm">{receipt.address}</Text>
        </Box>
        <Box>
          <Text fz="xs" c="dimmed" fw={600}>
            Night nurse
          </Text>
          <Text fw={600}>{receipt.nurseName}</Text>
          <Text fz="sm">{receipt.forLine}</Text>
          <Text fz="sm">{receipt.datedLine}</Text>
        </Box>
      </Group>
      {receipt.nights.length > 0 && (
      <StackedTable columns={RECEIPT_COLUMNS} minWidth={480} verticalSpacing={6} fz="sm">
        {receipt.nights.map((night) => (
          <Table.Tr key={`${night.date}-${night.timeLabel}`}>
            <Table.Td data-label="Night">{night.dateLabel}</Table.Td>
            <Table.Td data-label="Time">{night.timeLabel}</Table.Td>
            <Table.Td data-label="Status">
              <NightStatusBadge status={night.status} />
            </Table.Td>
            <Table.Td data-label="Price" ta="right">{formatCents(night.priceCents)}</Table.Td>
            <Table.Td data-label="Refunded" ta="right">{night.refundCents === null ? '' : formatCents(night.refundCents)}</Table.Td>
          </Table.Tr>
        ))}
      </StackedTable>
      )}
      <Stack gap={4} ml="auto" w={{ base: '100%', xs: 320 }}>
        {receipt.priceLines.map(([label, value]) => (
          <Line key={label} label={label} value={value} />
        ))}
        <Line label="Subtotal" value={formatCents(receipt.subtotalCents)} />
        <Line label="Platform fee (10%)" value={formatCents(receipt.platformFeeCents)} />
        {receiptTotalLines(receipt).map(([label, cents]) => (
          <Line key={label} label={label} value={formatCents(cents)} strong />
        ))}
        {receipt.refunds.map((refund) => (
          <Line
            key={refund.invoiceNumber}
            label={`Refund #${refund.invoiceNumber}${refund.nightLabel ? ` (${refund.nightLabel})` : ''}`}
            value={`-${formatCents(refund.amountCents)}`}
          />
        ))}
        {receipt.refunds.length > 0 && <Line label="Net paid" value={formatCents(receipt.netPaidCents)} strong />}
      </Stack>
      <Text fz="sm" fw={600}>
        {receipt.kind === 'refund' ? 'Refunded to Card' : 'Paid with Card'}: {formatCents(receipt.amountCents)}
        {receipt.week ? ` for week ${receipt.week}` : ''} on {formatPaymentDate(receipt.issuedAt, zone)}
      </Text>
      <Text fz="xs" c="dimmed">
        Night dates and times are the nurse’s local time.
      </Text>
    </Stack>
  )
}
