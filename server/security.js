// Request checks that sit in front of every route (DESIGN.md §9). Plain JavaScript so server.js
// can use it without a build step; covered by tests/unit/security.test.ts.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

// Stripe's webhook is signed and comes from Stripe's servers, never from a browser.
const ORIGIN_EXEMPT_PATHS = new Set(['/_api/payments/webhook'])

/**
 * A mutation must come from our own pages: its Origin (or, failing that, Referer) must be this
 * site. Requests without either header are not from a browser form on another site.
 * @param {{method: string, path: string, origin?: string, referer?: string, host?: string, secFetchSite?: string, appOrigin: string}} req
 * @returns {boolean}
 */
export function isAllowedMutation(req) {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return true
  if (ORIGIN_EXEMPT_PATHS.has(req.path)) return true
  if (req.secFetchSite === 'cross-site') return false
  const source = req.origin && req.origin !== 'null' ? req.origin : req.referer
  if (!source) return req.origin !== 'null'
  let sourceHost
  try {
    sourceHost = new URL(source).host
  } catch {
    return false
  }
  const allowed = new Set([new URL(req.appOrigin).host])
  if (req.host) allowed.add(req.host)
  return allowed.has(sourceHost)
}

export const CROSS_ORIGIN_MESSAGE = 'Cross-origin requests are not allowed.'
