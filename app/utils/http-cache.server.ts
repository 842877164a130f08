// HTTP caching of the public pages (issue 3 item 8): anonymous visitors get an answer any cache may
// keep for a minute; a signed-in visitor's answer (their name is in the header) is never stored.
// `Vary: Cookie` keeps a signed-in page from being served to someone else.
import type { HeadersFunction } from '@remix-run/node'

export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300'
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/** The loader's headers for a page that anonymous visitors may share. */
export function pageCacheHeaders(user: unknown): Headers {
  return new Headers({
    'Cache-Control': user ? PRIVATE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL,
    Vary: 'Cookie',
  })
}

/**
 * The route `headers` export of those pages. Remix drops the root loader's headers except its
 * cookies, so the page states Cache-Control and Vary itself; an answer that sets a cookie (the root
 * clearing a toast) is never shared, and neither is an error page.
 */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders, errorHeaders }) => {
  const headers = new Headers()
  headers.set('Vary', 'Cookie')
  const cacheControl = loaderHeaders.get('Cache-Control')
  const setsCookie = parentHeaders.has('Set-Cookie') || loaderHeaders.has('Set-Cookie')
  if (errorHeaders || !cacheControl || setsCookie) headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  else headers.set('Cache-Control', cacheControl)
  return headers
}
