// GET /_api/nurses/search?location&minRate&maxRate&minYearsExperience&limit&offset (spec 000 §7).
// Rates are cents a night; the answer is the same for everyone, so it is cached.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { searchNurses } from '~/domain/nurses/nurses.server'
import { SearchParamsSchema } from '~/schemas/nurses'
import { parseQuery } from '~/utils/api.server'
import { PUBLIC_PAGE_CACHE_CONTROL } from '~/utils/http-cache.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseQuery(request, SearchParamsSchema)
  const nurses = await searchNurses(query, { cached: true })
  return Response.json({ nurses }, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL } })
}
