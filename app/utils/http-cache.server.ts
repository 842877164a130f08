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

/**
 * The `headers` export of the text pages (/terms, /about …): their words change only with a
 * release, so an anonymous visitor's answer may be shared like the other public pages' and the page
 * cache answers the next visitor without rendering it. A request with a cookie is answered
 * `private, no-store` whatever this says (server/private-answers.js), and so is an answer that sets
 * a cookie or shows an error. An action's answer (a form sent from the page) keeps the rule and the
 * headers the action gave it.
 */
export const textPageHeaders: HeadersFunction = ({ actionHeaders, parentHeaders, errorHeaders }) => {
  // An action's own headers stay (a refusal's Retry-After).
  const headers = new Headers(actionHeaders)
  headers.set('Vary', 'Cookie')
  const personal = Boolean(errorHeaders) || parentHeaders.has('Set-Cookie') || actionHeaders.has('Set-Cookie')
  headers.set('Cache-Control', personal ? PRIVATE_CACHE_CONTROL : (actionHeaders.get('Cache-Control') ?? PUBLIC_PAGE_CACHE_CONTROL))
  return headers
}
