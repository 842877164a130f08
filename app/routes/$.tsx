import type { MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { isRouteErrorResponse } from '@remix-run/react'
import { NotFound } from '~/components/error-boundary'
import { translator } from '~/i18n/i18n.server'
import { withErrorTitle } from '~/utils/error-title'

// Unknown paths render the Not Found page inside the site layout, answered with status 404, its
// title in the request's language ('/es/…' in Spanish).
export const loader = () => {
  throw data({ title: `${translator('common')('error.notFoundTitle')} – Nightlight` }, { status: 404 })
}

export const meta: MetaFunction = withErrorTitle(({ error }) => [
  { title: (isRouteErrorResponse(error) && (error.data as { title?: string } | null)?.title) || 'Page Not Found – Nightlight' },
  { name: 'robots', content: 'noindex' },
])

export default function CatchAll() {
  return <NotFound />
}

export function ErrorBoundary() {
  return <NotFound />
}
