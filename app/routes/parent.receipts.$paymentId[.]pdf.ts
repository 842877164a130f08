import type { LoaderFunctionArgs } from '@remix-run/node'
import { getParentReceipt } from '~/domain/parents/parent-bookings.server'
import { renderReceiptPdf } from '~/domain/payments/receipt-pdf.server'
import { translator } from '~/i18n/i18n.server'
import { ReceiptParamsSchema } from '~/schemas/parent-bookings'
import { requireParentOrAdmin } from '~/utils/session.server'

// GET /parent/receipts/{paymentId}.pdf: the receipt of one of the signed-in parent's payments, or of
// any family's for an admin (docs/money.md, decision 0051). Anyone else's payment is Not Found. In
// the language of the request (the account's).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireParentOrAdmin(request)
  const parsed = ReceiptParamsSchema.safeParse(params)
  const receipt = parsed.success ? await getParentReceipt({ reader: user, paymentId: parsed.data.paymentId }) : null
  if (!receipt) throw new Response('Receipt not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  const pdf = await renderReceiptPdf(receipt, translator('documents'))
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="nightlight-receipt-${receipt.invoiceNumber}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
