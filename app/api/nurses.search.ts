// GET /_api/nurses/search?location&minRate&maxRate&minYearsExperience&limit&offset
// (docs/product-texts.md), licensed=1 for 'RN or LPN only' (docs/decisions/0064), and the nights
// a family needs (issue 17): from, to, weekdays=mon,fri, nightsPerWeek. With nights, the nurses
// with all of them open come first, then those with most; each says how many (`nightsOpen`) of the
// `nightsRequired`. Rates are cents a night; the answer is
// the same for everyone, so it is cached.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { planNights } from '~/domain/nurses/night-search'
import { searchNurses } from '~/domain/nurses/nurses.server'
import { SearchParamsSchema, searchQueryInput } from '~/schemas/nurses'
import { invalidInput } from '~/utils/api.server'
import { PUBLIC_PAGE_CACHE_CONTROL } from '~/utils/http-cache.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = SearchParamsSchema.safeParse(searchQueryInput(new URL(request.url).searchParams))
  if (!parsed.success) throw invalidInput(parsed.error)
  const query = parsed.data
  const nurses = await searchNurses(query, { cached: true })
  const body = query.nights ? { nurses, nightsRequired: planNights(query.nights).required } : { nurses }
  return Response.json(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL } })
}
