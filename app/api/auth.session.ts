import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiError, privateJson } from '~/utils/api.server'
import { getUser } from '~/utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return apiError(401, 'Not authenticated')
  return privateJson({ user })
}
