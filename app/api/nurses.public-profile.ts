// GET /_api/nurses/public-profile?slug: an approved nurse's public profile; 404 for any other
// (only approved nurses are public).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getPublicProfile } from '~/domain/nurses/nurses.server'
import { NurseSlugParamsSchema } from '~/schemas/nurses'
import { apiError, parseQuery } from '~/utils/api.server'
import { PUBLIC_PAGE_CACHE_CONTROL } from '~/utils/http-cache.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { slug } = parseQuery(request, NurseSlugParamsSchema)
  const profile = await getPublicProfile(slug, { cached: true })
  if (!profile) return apiError(404, 'Nurse not found')
  return Response.json({ profile }, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL } })
}
