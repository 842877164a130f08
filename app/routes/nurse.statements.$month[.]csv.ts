import type { LoaderFunctionArgs } from '@remix-run/node'
import { getNurseStatement } from '~/domain/payouts/nurse-payouts.server'
import { statementCsv } from '~/domain/payouts/statement-files.server'
import { StatementParamsSchema } from '~/schemas/payouts'
import { requireNurse } from '~/utils/session.server'

// GET /nurse/statements/{yyyy-MM}.csv: the same statement as the PDF, for a spreadsheet (issue 15).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const parsed = StatementParamsSchema.safeParse(params)
  const statement = parsed.success ? await getNurseStatement(user.id, parsed.data.month, new Date()) : null
  if (!statement) throw new Response('Statement not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return new Response(statementCsv(statement), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="nightlight-statement-${statement.month}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
