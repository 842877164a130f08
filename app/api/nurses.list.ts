// GET /_api/nurses/list?limit: featured nurses, a limit of 1-20 (docs/product-texts.md).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listFeaturedNurses } from '~/domain/nurses/nurses.server'
import { FeaturedListParamsSchema } from '~/schemas/nurses'
import { parseQuery } from '~/utils/api.server'
import { PUBLIC_PAGE_CACHE_CONTROL } from '~/utils/http-cache.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { limit } = parseQuery(request, FeaturedListParamsSchema)
  const nurses = await listFeaturedNurses(limit, { cached: true })
  return Response.json({ nurses }, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL } })
}
