import type { LoaderFunctionArgs } from '@remix-run/node'
import { getUser } from '~/utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return Response.json({ error: 'Not authenticated' }, { status: 401 })
  return Response.json({ user }, { headers: { 'Cache-Control': 'private, no-store' } })
}
