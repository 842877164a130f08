import type { ActionFunctionArgs } from '@remix-run/node'
import { RegisterSchema } from '~/schemas/auth'
import { methodNotAllowed, parseBody, withAuthMessage } from '~/utils/api.server'
import { registerWithPassword, toAuthApiResponse } from '~/utils/auth-actions.server'

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const input = await parseBody(request, RegisterSchema).catch(withAuthMessage)
  return toAuthApiResponse(await registerWithPassword(request, context, input))
}

export const loader = () => methodNotAllowed()
