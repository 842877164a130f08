// The root route's loader data (the signed-in user, the toast, the public settings) for any
// component or route below it. Only the loader's type comes from app/root.tsx, so nothing below
// the root imports its code.
import { useRouteLoaderData } from '@remix-run/react'
import type { loader } from '~/root'

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}
