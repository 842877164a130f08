import { describe, expect, test } from 'vitest'
import { bodySizeProblem, isAllowedMutation, MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from '../../server/security.js'

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
  })
  test('a client that sends neither Origin nor Referer is not a browser on another site', () => {
    expect(isAllowedMutation({ ...base, method: 'POST' })).toBe(true)
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

  test('a body without a length is refused; no body at all is fine', () => {
    expect(post('/_api/bookings/create', undefined, 'chunked')).toBe(411)
    expect(post('/logout')).toBeNull()
    expect(post('/_api/bookings/create', 'lots')).toBe(413)
  })

  test('reads are never limited', () => {
    expect(bodySizeProblem({ method: 'GET', path: '/search', contentLength: String(MAX_UPLOAD_BODY_BYTES * 2) })).toBeNull()
  })
})
