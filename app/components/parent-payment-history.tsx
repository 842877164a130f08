// Payment History (spec 000 §2): one card per charge and refund, with its receipt and PDF.
import { Alert, Box, Button, Card, Group, Stack, Text, Title, type ButtonProps } from '@mantine/core'
import { Link } from '@remix-run/react'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate } from '~/domain/bookings/receipts'

export interface PaymentHistoryItem {
  id: number
  kind: 'charge' | 'refund'
  amountCents: number
  createdAt: string
  nurseName: string
  timezone: string
  invoiceNumber: string
}

export function receiptPdfHref(paymentId: number) {
  return `/parent/receipts/${paymentId}.pdf`
}

/** 'Download' beside a charge or refund: its receipt as a PDF. */
export function ReceiptPdfButton({
  payment,
  size,
}: {
  payment: { id: number; invoiceNumber: string }
  size: ButtonProps['size']
}) {
  return (
    <Button
      size={size}
      variant="default"
      component="a"
      href={receiptPdfHref(payment.id)}
      download={`nightlight-receipt-${payment.invoiceNumber}.pdf`}
      aria-label={`Download receipt #${payment.invoiceNumber} (PDF)`}
    >
      Download
    </Button>
  )
}

export function PaymentHistory({
  payments,
  error,
  receiptHref,
  onViewReceipt,
}: {
  payments: PaymentHistoryItem[] | null
  error: boolean
  /** Without JavaScript 'View Receipt' is this link. */
  receiptHref: (paymentId: number) => string
  /** With JavaScript it opens the dialog. */
  onViewReceipt?: (paymentId: number) => void
}) {
  if (error || !payments) {
    return (
      <Alert color="red" variant="light" c="dark.8" role="alert">
        Error loading receipts
      </Alert>
    )
  }
  if (payments.length === 0) {
    return (
      <Card padding="xl">
        <Stack align="center" gap={4} ta="center">
          <Title order={3} fz="md">
            No Receipts Yet
          </Title>
          <Text c="dimmed">Your payment history will appear here once you complete a booking.</Text>
        </Stack>
      </Card>
    )
  }
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {payments.map((payment) => {
        const refund = payment.kind === 'refund'
        return (
          <Card component="li" key={payment.id} padding="md" aria-label={`Invoice #${payment.invoiceNumber}`}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Box>
                <Text fw={600}>Night Care with {payment.nurseName}</Text>
                <Text fz="sm" c="dimmed">
                  {formatPaymentDate(payment.createdAt, payment.timezone)} · Invoice #{payment.invoiceNumber}
                </Text>
                <Text fz="sm">{refund ? 'Refunded to Card' : 'Paid with Card'}</Text>
              </Box>
              <Text fw={700} fz="lg" c={refund ? 'teal.9' : undefined}>
                {refund ? `-${formatCents(payment.amountCents)}` : formatCents(payment.amountCents)}
              </Text>
            </Group>
            <Group gap="xs" mt="sm">
              {onViewReceipt ? (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => onViewReceipt(payment.id)}
                  aria-label={`View Receipt #${payment.invoiceNumber}`}
                >
                  View Receipt
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={receiptHref(payment.id)}
                  preventScrollReset
                  aria-label={`View Receipt #${payment.invoiceNumber}`}
                >
                  View Receipt
                </Button>
              )}
              <ReceiptPdfButton payment={payment} size="xs" />
            </Group>
          </Card>
        )
      })}
    </Stack>
  )
}
