import type { LoaderFunctionArgs } from '@remix-run/node'
import { getNurseStatement } from '~/domain/payouts/nurse-payouts.server'
import { renderStatementPdf } from '~/domain/payouts/statement-files.server'
import { StatementParamsSchema } from '~/schemas/payouts'
import { requireNurse } from '~/utils/session.server'

// GET /nurse/statements/{yyyy-MM}.pdf: the signed-in nurse's payout statement for a month of her
// nights (issue 15); a month without nights is Not Found.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const parsed = StatementParamsSchema.safeParse(params)
  const statement = parsed.success ? await getNurseStatement(user.id, parsed.data.month, new Date()) : null
  if (!statement) throw new Response('Statement not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  const pdf = await renderStatementPdf(statement)
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="nightlight-statement-${statement.month}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
