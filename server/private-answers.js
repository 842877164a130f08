// Caching rules for everything Remix answers, set in one place so no route can forget them
// (issue 10 item 2; docs/decisions/0017-private-responses-and-safe-redirects.md). Applied when the
// answer's headers are written, after the route has set its own:
// - a request that carries a cookie or an Authorization header may depend on who is signed in:
//   its answer is `Cache-Control: private, no-store`, whatever the route said;
// - an answer that sets a cookie is `private, no-store` too;
// - an answer that says nothing about caching is `private, no-store`: only answers that a route
//   declares `public` may be kept by a shared cache;
// - a `public` answer says `Vary: Cookie`, so a cache never hands it to a signed-in visitor.
// Pages and their `.data` requests alike, and the /_api calls. Plain JavaScript for server.js;
// covered by tests/unit/private-answers.test.ts and tests/http/cache-headers.test.ts.

export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/**
 * The Cache-Control and Vary an answer leaves with. Pure.
 * @param {{cookie?: string, authorization?: string}} request
 * @param {{cacheControl?: string, vary?: string, setsCookie: boolean}} answer
 * @returns {{cacheControl: string, vary?: string}}
 */
export function cachingRules(request, answer) {
  const cacheControl = answer.cacheControl?.trim() ?? ''
  const personal = Boolean(request.cookie || request.authorization) || answer.setsCookie
  if (personal || cacheControl === '') return { cacheControl: PRIVATE_CACHE_CONTROL, vary: answer.vary }
  if (!/(^|,)\s*public\s*(,|$)/i.test(cacheControl)) return { cacheControl, vary: answer.vary }
  const vary = answer.vary?.trim() ?? ''
  if (vary === '*' || /(^|,)\s*cookie\s*(,|$)/i.test(vary)) return { cacheControl, vary }
  return { cacheControl, vary: vary ? `${vary}, Cookie` : 'Cookie' }
}

/** @returns {import('express').RequestHandler} */
export function privateAnswers() {
  return (req, res, next) => {
    const writeHead = res.writeHead
    res.writeHead = function (...args) {
      // Headers passed to writeHead itself (as an object) are folded in first.
      const last = args[args.length - 1]
      if (last && typeof last === 'object' && !Array.isArray(last)) {
        for (const [name, value] of Object.entries(last)) res.setHeader(name, value)
        args.pop()
      }
      const rules = cachingRules(
        { cookie: req.headers.cookie, authorization: req.headers.authorization },
        {
          cacheControl: headerText(res.getHeader('cache-control')),
          vary: headerText(res.getHeader('vary')),
          setsCookie: res.hasHeader('set-cookie'),
        },
      )
      res.setHeader('Cache-Control', rules.cacheControl)
      if (rules.vary) res.setHeader('Vary', rules.vary)
      return writeHead.apply(this, args)
    }
    next()
  }
}

/** @param {string | number | string[] | undefined} value */
function headerText(value) {
  if (value === undefined) return undefined
  return Array.isArray(value) ? value.join(', ') : String(value)
}
