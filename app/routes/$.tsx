import type { MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { NotFound } from '~/components/error-boundary'

// Unknown paths render the Not Found page inside the site layout, answered with status 404.
export const loader = () => {
  throw data(null, { status: 404 })
}

export const meta: MetaFunction = () => [{ title: 'Page Not Found – Nightlight' }, { name: 'robots', content: 'noindex' }]

export default function CatchAll() {
  return <NotFound />
}

export function ErrorBoundary() {
  return <NotFound />
}
