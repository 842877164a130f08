import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/utils/api.server'
import { endSession } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const setCookie = await endSession(request)
  return Response.json({ success: true }, { headers: { 'Set-Cookie': setCookie } })
}

export const loader = () => methodNotAllowed()
