import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { endSession, SIGNED_OUT_CLEARS } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  return redirect('/', { headers: { 'Set-Cookie': await endSession(request), 'Clear-Site-Data': SIGNED_OUT_CLEARS } })
}

export const loader = () => redirect('/')
