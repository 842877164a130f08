// Payment History: one card per charge and refund, with its receipt and PDF.
import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import { Link } from './link'
import { formatCents } from '~/domain/bookings/pricing'
import { formatPaymentDate } from '~/domain/payments/receipts'
import classes from './dashboard-cards.module.css'
import { useTranslation } from 'react-i18next'

export interface PaymentHistoryItem {
  id: number
  kind: 'charge' | 'refund'
  amountCents: number
  createdAt: string
  nurseName: string
  timezone: string
  invoiceNumber: string
  /** What the payment was for: night care, or a reservation's deposit. */
  label: string
  /** Null for a deposit still on its reservation (its page tells its state until the plan starts). */
  bookingId: number | null
  reservationId: number | null
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
  size: 'xs' | 'compact-sm'
}) {
  const { t } = useTranslation('parent')
  return (
    <Button
      component="a"
      variant="default"
      size={size}
      href={receiptPdfHref(payment.id)}
      download={`nightlight-receipt-${payment.invoiceNumber}.pdf`}
      aria-label={t('payments.downloadReceiptName', { number: payment.invoiceNumber })}
    >
      {t('payments.download')}
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
  const { t } = useTranslation('parent')
  if (error || !payments) {
    return (
      <ErrorNote>{t('payments.loadError')}</ErrorNote>
    )
  }
  if (payments.length === 0) {
    return (
      <Card padding="xl">
        <Stack align="center" gap={4} ta="center">
          <Title order={3} fz="md">
            {t('payments.noneTitle')}
          </Title>
          <Text c="dimmed">{t('payments.noneText')}</Text>
        </Stack>
      </Card>
    )
  }
  // Plain elements and a CSS module: one card per payment.
  return (
    <ul className={classes.payments}>
      {payments.map((payment) => {
        const refund = payment.kind === 'refund'
        return (
          <li key={payment.id} className={classes.cardMd} aria-label={t('payments.invoice', { number: payment.invoiceNumber })}>
            <div className={classes.paymentTop}>
              <div>
                <p className={classes.strong}>{payment.reservationId === null
                    ? t('payments.nightCareWith', { name: payment.nurseName })
                    : t('payments.depositWith', { name: payment.nurseName })}
                </p>
                <p className={classes.dimmedSmall}>
                  {formatPaymentDate(payment.createdAt, payment.timezone)} · {t('payments.invoice', { number: payment.invoiceNumber })}
                </p>
                <p className={classes.small}>{refund ? t('payments.refundedToCard') : t('payments.paidWithCard')}</p>
              </div>
              <p className={refund ? `${classes.amount} ${classes.refund}` : classes.amount}>
                {refund ? `-${formatCents(payment.amountCents)}` : formatCents(payment.amountCents)}
              </p>
            </div>
            <div className={classes.paymentActions}>
              {onViewReceipt ? (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => onViewReceipt(payment.id)}
                  aria-label={t('payments.viewReceiptName', { number: payment.invoiceNumber })}
                >
                  {t('payments.viewReceipt')}
                </Button>
              ) : (
                <Button
                  component={Link}
                  variant="light"
                  size="xs"
                  aria-label={t('payments.viewReceiptName', { number: payment.invoiceNumber })}
                  to={receiptHref(payment.id)}
                  preventScrollReset
                >
                  {t('payments.viewReceipt')}
                </Button>
              )}
              <ReceiptPdfButton payment={payment} size="xs" />
              {payment.bookingId === null && payment.reservationId !== null && (
                // A deposit before its plan starts: the reservation's page says what becomes of it.
                <Button component={Link} variant="light" size="xs" to={`/parent/reservations/${payment.reservationId}`}>
                  {t('payments.seeReservation')}
                </Button>
              )}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
