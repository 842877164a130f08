import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/utils/api.server'
import { endSession, SIGNED_OUT_CLEARS } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const setCookie = await endSession(request)
  return Response.json({ success: true }, { headers: { 'Set-Cookie': setCookie, 'Clear-Site-Data': SIGNED_OUT_CLEARS } })
}

export const loader = () => methodNotAllowed()
