import type { ActionFunctionArgs } from '@remix-run/node'
import { LoginSchema } from '~/schemas/auth'
import { methodNotAllowed, parseBody, withAuthMessage } from '~/utils/api.server'
import { authFailureResponse, loginWithPassword } from '~/utils/auth-actions.server'

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const input = await parseBody(request, LoginSchema).catch(withAuthMessage)
  const result = await loginWithPassword(request, context, input)
  if (!result.ok) return authFailureResponse(result)
  return Response.json({ user: result.user }, { headers: { 'Set-Cookie': result.setCookie } })
}

export const loader = () => methodNotAllowed()
