// GET /_api/nurses/availability?slug: an approved nurse's open nights, read fresh every time
// (open nights: future, published, not booked; docs/glossary.md), less the nights her reservations
// hold for a family other than the one asking.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getPublicProfile } from '~/domain/nurses/nurses.server'
import { listOpenNightsToBook } from '~/domain/reservations/reservations.server'
import { NurseSlugParamsSchema } from '~/schemas/nurses'
import { apiError, parseQuery } from '~/utils/api.server'
import { getUser } from '~/utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { slug } = parseQuery(request, NurseSlugParamsSchema)
  const profile = await getPublicProfile(slug)
  if (!profile) return apiError(404, 'Nurse not found')
  const dates = await listOpenNightsToBook(profile, new Date(), { parentId: (await getUser(request))?.id })
  return Response.json({ dates }, { headers: { 'Cache-Control': 'no-store' } })
}
