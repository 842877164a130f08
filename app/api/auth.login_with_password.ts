import type { ActionFunctionArgs } from '@remix-run/node'
import { LoginSchema } from '~/schemas/auth'
import { methodNotAllowed, parseBody, withAuthMessage } from '~/utils/api.server'
import { loginWithPassword, toAuthApiResponse } from '~/utils/auth-actions.server'

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const input = await parseBody(request, LoginSchema).catch(withAuthMessage)
  return toAuthApiResponse(await loginWithPassword(request, context, input))
}

export const loader = () => methodNotAllowed()
