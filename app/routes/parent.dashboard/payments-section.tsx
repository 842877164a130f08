// Payment History (docs/money.md): real charges and refunds; 'View Receipt' shows
// the real receipt (a dialog with JavaScript, read from /_api/bookings/receipt; a page section at
// ?receipt={id} before), Print prints only the receipt, Download gives the PDF.
import { Button, Card, Center, Group, Loader, Modal, Stack, Title } from '@mantine/core'
import { ErrorNote } from '~/components/error-note'
import { useLocation } from '@remix-run/react'
import { Link } from '~/components/link'
import { useState } from 'react'
import { PaymentHistory, receiptPdfHref, type PaymentHistoryItem } from '~/components/parent-payment-history'
import { ReceiptView } from '~/components/parent-receipt'
import type { Receipt } from '~/domain/payments/receipts'
import type { BookingFilter } from '~/schemas/parent-bookings'
import { dashboardHref } from './results'
import { ShowMore } from './show-more'
import { useTranslation } from 'react-i18next'

type OpenReceipt = { paymentId: number; receipt: Receipt | null; error: boolean }

function ReceiptActions({ receipt, closeHref, onClose }: { receipt: Receipt; closeHref?: string; onClose?: () => void }) {
  const { t } = useTranslation('parent')
  return (
    <Group justify="flex-end" gap="sm" className="nl-no-print" mt="md">
      {onClose ? (
        <Button variant="default" onClick={onClose}>
          {t('receipt.close')}
        </Button>
      ) : (
        closeHref && (
          <Button component={Link} to={closeHref} variant="default" preventScrollReset>
            {t('receipt.close')}
          </Button>
        )
      )}
      <Button variant="light" onClick={() => window.print()}>
        {t('receipt.print')}
      </Button>
      <Button component="a" href={receiptPdfHref(receipt.paymentId)} download>
        {t('receipt.downloadPdf')}
      </Button>
    </Group>
  )
}

export function PaymentsSection({
  payments,
  total,
  error,
  linkedReceipt,
  status,
  hydrated,
}: {
  payments: PaymentHistoryItem[] | null
  /** How many charges and refunds there are; `payments` is the newest page or pages of them. */
  total: number
  error: boolean
  /** The receipt named by ?receipt= (the page section used before JavaScript). */
  linkedReceipt: Receipt | null
  status: BookingFilter
  hydrated: boolean
}) {
  const { t } = useTranslation('parent')
  const location = useLocation()
  const [open, setOpen] = useState<OpenReceipt | null>(null)

  async function viewReceipt(paymentId: number) {
    setOpen({ paymentId, receipt: null, error: false })
    let next: OpenReceipt
    try {
      const response = await fetch(`/_api/bookings/receipt?paymentId=${paymentId}`, { headers: { Accept: 'application/json' } })
      if (!response.ok) throw new Error(`Receipt ${paymentId}: ${response.status}`)
      const body = (await response.json()) as { receipt: Receipt }
      next = { paymentId, receipt: body.receipt, error: false }
    } catch {
      next = { paymentId, receipt: null, error: true }
    }
    setOpen((current) => (current?.paymentId === paymentId ? next : current))
  }

  return (
    <Stack component="section" aria-labelledby="payment-history" gap="md">
      <Title order={2} id="payment-history">
        {t('dashboard.paymentHistory')}
      </Title>

      {linkedReceipt && (
        <Card className="nl-receipt-print" shadow="sm" id="receipt" aria-label={t('receipt.title')}>
          <ReceiptView receipt={linkedReceipt} />
          <ReceiptActions receipt={linkedReceipt} closeHref={dashboardHref(location.search, { receipt: null })} />
        </Card>
      )}

      <PaymentHistory
        payments={payments}
        error={error}
        receiptHref={(id) => `${dashboardHref('', { status: status === 'upcoming' ? null : status, receipt: id })}#receipt`}
        onViewReceipt={hydrated ? viewReceipt : undefined}
      />
      {payments && <ShowMore param="payments" shown={payments.length} total={total} noun="payments" />}

      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={t('receipt.title')}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('dialog.close') }}
      >
        {open?.receipt ? (
          <>
            <ReceiptView receipt={open.receipt} />
            <ReceiptActions receipt={open.receipt} onClose={() => setOpen(null)} />
          </>
        ) : open?.error ? (
          <ErrorNote>{t('payments.loadError')}</ErrorNote>
        ) : (
          <Center py="xl">
            <Loader aria-label={t('receipt.loading')} />
          </Center>
        )}
      </Modal>
      {/* What Print prints while the dialog is open: a copy in the page's flow (parent-receipt.css). */}
      {open?.receipt && (
        <div className="nl-receipt-print nl-print-only">
          <ReceiptView receipt={open.receipt} />
        </div>
      )}
    </Stack>
  )
}
