// Request checks that sit in front of every route (docs/security.md). Plain JavaScript so server.js
// can use it without a build step; covered by tests/unit/security.test.ts.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

// Stripe's and Checkr's webhooks are signed and come from their servers, never from a browser.
const ORIGIN_EXEMPT_PATHS = new Set(['/_api/payments/webhook', '/_api/verification/webhook'])

/**
 * A mutation must come from our own pages: its Origin (or, when a browser sends none, its Referer)
 * must be this site, scheme, host and port alike: APP_ORIGIN, or the host the request was sent to
 * (127.0.0.1 for localhost, say) over APP_ORIGIN's scheme: behind a proxy that ends TLS the server
 * itself hears http, but the site's pages are never served over it.
 * `Origin: null` (sandboxed frames, cross-origin redirects) is never ours. Requests without either
 * header are not from a browser form on another site.
 * A page's form (any path outside /_api) is also checked by Remix, which refuses an Origin whose
 * host is not the host the request was sent to (X-Forwarded-Host's first, or Host) by throwing,
 * which would answer a blank 500. Such a post is refused here first, with the same 403 as any
 * other cross-origin post.
 * @param {{method: string, path: string, origin?: string, referer?: string, host?: string, forwardedHost?: string, secFetchSite?: string, appOrigin: string}} req
 * @returns {boolean}
 */
export function isAllowedMutation(req) {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return true
  if (ORIGIN_EXEMPT_PATHS.has(req.path)) return true
  if (req.secFetchSite === 'cross-site') return false
  if (req.origin === 'null') return false
  const source = req.origin || req.referer
  if (!source) return true
  const sourceOrigin = originOf(source)
  if (!sourceOrigin) return false
  if (req.origin && !req.path.startsWith('/_api/') && new URL(sourceOrigin).host !== requestHost(req)) return false
  const site = new URL(req.appOrigin)
  const allowed = new Set([site.origin])
  if (req.host) allowed.add(originOf(`${site.protocol}//${req.host}`))
  return allowed.has(sourceOrigin)
}

/** The host a request was sent to, as Remix reads it: X-Forwarded-Host's first value, or Host. */
function requestHost(req) {
  const forwarded = req.forwardedHost?.split(',')[0]?.trim()
  return forwarded || req.host
}

// Node's fetch cannot make a Request with these (TRACE, TRACK, CONNECT, WebDAV's …), so Remix would
// fail on them with a 500; they are answered 405 before it.
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
export const METHOD_NOT_ALLOWED_MESSAGE = 'Method not allowed'

/** True for the HTTP methods the app answers (each route then says what it takes). */
export function isKnownMethod(method) {
  return KNOWN_METHODS.has(method)
}

/** 'scheme://host:port' with the default port left out, or null for anything but an http(s) URL. */
function originOf(value) {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

export const CROSS_ORIGIN_MESSAGE = 'Cross-origin requests are not allowed.'

// A body is read whole before a route sees it (request.formData(), request.json()): cap its size
// before that, or one request could exhaust the server's memory. The application's uploads (a
// 5 MB photo and two 10 MB documents, as multipart or as base64 data URLs in JSON) may be larger.
export const MAX_BODY_BYTES = 1_000_000
export const MAX_UPLOAD_BODY_BYTES = 40_000_000
/** The nurse dashboard's profile form takes a photo (5 MB) with its fields. */
export const MAX_PHOTO_FORM_BYTES = 6_000_000
const UPLOAD_LIMITS = new Map([
  ['/night-nurse-onboard', MAX_UPLOAD_BODY_BYTES],
  ['/_api/nurses/onboarding', MAX_UPLOAD_BODY_BYTES],
  ['/nurse/dashboard', MAX_PHOTO_FORM_BYTES],
])

export const BODY_TOO_LARGE_MESSAGE = 'The request is too large.'
export const LENGTH_REQUIRED_MESSAGE = 'Length Required'

/**
 * 413 when a body is over its path's limit, 411 when a body comes without a length (a chunked
 * stream could be endless), null when the request may go on. Browsers, fetch and Stripe all send
 * Content-Length.
 * @param {{method: string, path: string, contentLength?: string, transferEncoding?: string}} req
 * @returns {411 | 413 | null}
 */
export function bodySizeProblem(req) {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return null
  // Remix posts with JavaScript go to the page's `.data` twin.
  const path = req.path.replace(/\.data$/, '')
  const limit = UPLOAD_LIMITS.get(path) ?? MAX_BODY_BYTES
  if (req.contentLength === undefined) return req.transferEncoding ? 411 : null
  const length = Number(req.contentLength)
  if (!Number.isSafeInteger(length) || length < 0 || length > limit) return 413
  return null
}
