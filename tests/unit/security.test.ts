import { describe, expect, test } from 'vitest'
import { bodySizeProblem, isAllowedMutation, isKnownMethod, MAX_BODY_BYTES, MAX_PHOTO_FORM_BYTES, MAX_UPLOAD_BODY_BYTES } from '../../server/security.js'

const base = { path: '/_api/bookings/create', host: 'localhost:3000', appOrigin: 'http://localhost:3000' }

describe('the Origin check on mutations', () => {
  test('reads are always allowed', () => {
    expect(isAllowedMutation({ ...base, method: 'GET', origin: 'https://evil.example' })).toBe(true)
  })
  test('a post from our own pages is allowed', () => {
    expect(isAllowedMutation({ ...base, method: 'POST', origin: 'http://localhost:3000' })).toBe(true)
  })
  test('a post from another site is refused', () => {
    expect(isAllowedMutation({ ...base, method: 'POST', origin: 'https://evil.example' })).toBe(false)
    expect(isAllowedMutation({ ...base, method: 'POST', referer: 'https://evil.example/page' })).toBe(false)
    expect(isAllowedMutation({ ...base, method: 'POST', secFetchSite: 'cross-site' })).toBe(false)
    expect(isAllowedMutation({ ...base, method: 'POST', origin: 'null' })).toBe(false)
  })
  test('a look-alike host is refused', () => {
    expect(isAllowedMutation({ ...base, method: 'POST', origin: 'http://localhost:3000.evil.example' })).toBe(false)
  })
  test('the Stripe webhook is exempt', () => {
    expect(isAllowedMutation({ ...base, method: 'POST', path: '/_api/payments/webhook', origin: 'https://stripe.com' })).toBe(true)
    expect(isAllowedMutation({ ...base, method: 'POST', path: '/_api/verification/webhook', origin: 'https://checkr.com' })).toBe(true)
  })
  test('a client that sends neither Origin nor Referer is not a browser on another site', () => {
    expect(isAllowedMutation({ ...base, method: 'POST' })).toBe(true)
  })
  test('the scheme and the port count, not only the host name', () => {
    expect(isAllowedMutation({ ...base, method: 'POST', origin: 'https://localhost:3000' })).toBe(false)
    expect(isAllowedMutation({ ...base, method: 'POST', origin: 'http://localhost:3001' })).toBe(false)
    expect(isAllowedMutation({ ...base, method: 'POST', origin: 'http://localhost' })).toBe(false)
    expect(isAllowedMutation({ ...base, method: 'POST', referer: 'https://localhost:3000/login' })).toBe(false)
  })
  test('an https site takes posts from its own https pages, with or without the default port', () => {
    const site = { method: 'POST', path: '/login', host: 'nightlight.example', appOrigin: 'https://nightlight.example' }
    expect(isAllowedMutation({ ...site, origin: 'https://nightlight.example' })).toBe(true)
    expect(isAllowedMutation({ ...site, origin: 'https://nightlight.example:443' })).toBe(true)
    expect(isAllowedMutation({ ...site, referer: 'https://nightlight.example/login?redirectTo=%2F' })).toBe(true)
    // Behind a proxy that ends TLS the server hears http; the site's pages are never served over it.
    expect(isAllowedMutation({ ...site, origin: 'http://nightlight.example' })).toBe(false)
  })
  test("the host the request was sent to counts too, over the site's scheme", () => {
    // APP_ORIGIN says localhost, the browser opened 127.0.0.1: its own posts still work.
    const direct = { ...base, method: 'POST', host: '127.0.0.1:3000' }
    expect(isAllowedMutation({ ...direct, origin: 'http://127.0.0.1:3000' })).toBe(true)
    expect(isAllowedMutation({ ...direct, origin: 'https://127.0.0.1:3000' })).toBe(false)
    expect(isAllowedMutation({ ...direct, origin: 'http://127.0.0.1:3001' })).toBe(false)
  })
  test('an opaque origin is never ours, whatever the Referer says', () => {
    expect(isAllowedMutation({ ...base, method: 'POST', origin: 'null', referer: 'http://localhost:3000/login' })).toBe(false)
  })
  test('a same-site form post that carries only a Referer is allowed', () => {
    expect(isAllowedMutation({ ...base, method: 'POST', referer: 'http://localhost:3000/parent/settings' })).toBe(true)
  })
  test("a page's form whose Origin is not the host it was sent to is refused here, not by Remix's blank 500", () => {
    // APP_ORIGIN's host, sent to 127.0.0.1: Remix compares the Origin's host with Host and throws.
    const sentElsewhere = { method: 'POST', path: '/search', host: '127.0.0.1:3000', appOrigin: 'http://localhost:3000' }
    expect(isAllowedMutation({ ...sentElsewhere, origin: 'http://localhost:3000' })).toBe(false)
    expect(isAllowedMutation({ ...sentElsewhere, path: '/search.data', origin: 'http://localhost:3000' })).toBe(false)
    expect(isAllowedMutation({ ...sentElsewhere, origin: 'http://localhost:3000', host: undefined })).toBe(false)
    // The host a proxy says it was sent to counts as Remix counts it: X-Forwarded-Host's first value.
    expect(isAllowedMutation({ ...sentElsewhere, origin: 'http://localhost:3000', forwardedHost: 'localhost:3000, other' })).toBe(true)
    expect(isAllowedMutation({ ...sentElsewhere, origin: 'http://127.0.0.1:3000', forwardedHost: 'localhost:3000' })).toBe(false)
    // The /_api calls are not Remix's pages: APP_ORIGIN stays ours whatever the host.
    expect(isAllowedMutation({ ...sentElsewhere, path: '/_api/bookings/create', origin: 'http://localhost:3000' })).toBe(true)
    // A Referer alone is not Remix's concern.
    expect(isAllowedMutation({ ...sentElsewhere, referer: 'http://localhost:3000/search' })).toBe(true)
  })
  test('an Origin that is not a URL is refused', () => {
    expect(isAllowedMutation({ ...base, method: 'POST', origin: 'localhost:3000' })).toBe(false)
    expect(isAllowedMutation({ ...base, method: 'POST', origin: 'javascript:alert(1)' })).toBe(false)
  })
})

describe('the size of a request body', () => {
  const post = (path: string, contentLength?: number | string, transferEncoding?: string) =>
    bodySizeProblem({
      method: 'POST',
      path,
      contentLength: contentLength === undefined ? undefined : String(contentLength),
      transferEncoding,
    })

  test('an ordinary form or JSON call may carry up to a megabyte', () => {
    expect(post('/_api/bookings/create', 2_000)).toBeNull()
    expect(post('/login', MAX_BODY_BYTES)).toBeNull()
    expect(post('/_api/bookings/create', MAX_BODY_BYTES + 1)).toBe(413)
  })

  test('the application takes its uploads, with or without JavaScript, and no more', () => {
    expect(post('/night-nurse-onboard', 26_000_000)).toBeNull()
    expect(post('/night-nurse-onboard.data', 26_000_000)).toBeNull()
    expect(post('/_api/nurses/onboarding', 34_000_000)).toBeNull()
    expect(post('/night-nurse-onboard', MAX_UPLOAD_BODY_BYTES + 1)).toBe(413)
    expect(post('/parent/settings', 26_000_000)).toBe(413)
  })

  test("the nurse's profile form takes a photo of up to 5 MB, and no more", () => {
    expect(post('/nurse/dashboard', 5_300_000)).toBeNull()
    expect(post('/nurse/dashboard.data', 5_300_000)).toBeNull()
    expect(post('/nurse/dashboard', MAX_PHOTO_FORM_BYTES + 1)).toBe(413)
  })

  test('a body without a length is refused; no body at all is fine', () => {
    expect(post('/_api/bookings/create', undefined, 'chunked')).toBe(411)
    expect(post('/logout')).toBeNull()
    expect(post('/_api/bookings/create', 'lots')).toBe(413)
  })

  test('reads are never limited', () => {
    expect(bodySizeProblem({ method: 'GET', path: '/search', contentLength: String(MAX_UPLOAD_BODY_BYTES * 2) })).toBeNull()
  })
})

describe('the methods the server answers', () => {
  test('the methods of HTTP and the app go on to the routes; TRACE, TRACK, CONNECT and WebDAV do not', () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(isKnownMethod(method), method).toBe(true)
    for (const method of ['TRACE', 'TRACK', 'CONNECT', 'PROPFIND', 'MKCOL', 'get', 'BREW']) expect(isKnownMethod(method), method).toBe(false)
  })
})
