import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { endSession } from '~/utils/session.server'

export async function action({ request }: ActionFunctionArgs) {
  return redirect('/', { headers: { 'Set-Cookie': await endSession(request) } })
}

export const loader = () => redirect('/')
