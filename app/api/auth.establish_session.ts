import type { ActionFunctionArgs } from '@remix-run/node'
import { consumeOAuthTempToken, getSessionUserById } from '~/domain/accounts/auth.server'
import { EstablishSessionSchema } from '~/schemas/auth'
import { apiError, methodNotAllowed, parseBody } from '~/utils/api.server'
import { startSession } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const { tempToken } = await parseBody(request, EstablishSessionSchema)
  const userId = await consumeOAuthTempToken(tempToken)
  if (userId === null) return apiError(401, 'This sign-in link has expired or was already used. Please try again.')
  const user = await getSessionUserById(userId)
  if (!user) return apiError(401, 'Not authenticated')
  return Response.json({ user }, { headers: { 'Set-Cookie': await startSession(request, user.id) } })
}

export const loader = () => methodNotAllowed()
