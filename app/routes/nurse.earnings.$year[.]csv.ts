import type { LoaderFunctionArgs } from '@remix-run/node'
import { getNurseYearSummary } from '~/domain/payouts/nurse-payouts.server'
import { yearSummaryCsv } from '~/domain/payouts/statement-files.server'
import { EarningsYearParamsSchema } from '~/schemas/payouts'
import { requireNurse } from '~/utils/session.server'

// GET /nurse/earnings/{yyyy}.csv: every payout sent to the signed-in nurse in a year, with its
// total, for her taxes (issue 15); a year without payouts is Not Found.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireNurse(request)
  const parsed = EarningsYearParamsSchema.safeParse(params)
  const summary = parsed.success ? await getNurseYearSummary(user.id, parsed.data.year, new Date()) : null
  if (!summary) throw new Response('Summary not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return new Response(yearSummaryCsv(summary), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="nightlight-earnings-${summary.year}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
