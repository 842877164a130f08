// GET /_api/nurses/availability?slug: an approved nurse's open nights, read fresh every time
// (open nights: future, published, not booked; docs/glossary.md).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getPublicProfile, listOpenNights } from '~/domain/nurses/nurses.server'
import { NurseSlugParamsSchema } from '~/schemas/nurses'
import { apiError, parseQuery } from '~/utils/api.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { slug } = parseQuery(request, NurseSlugParamsSchema)
  const profile = await getPublicProfile(slug)
  if (!profile) return apiError(404, 'Nurse not found')
  const dates = await listOpenNights(profile, new Date())
  return Response.json({ dates }, { headers: { 'Cache-Control': 'no-store' } })
}
