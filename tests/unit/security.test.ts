import { describe, expect, test } from 'vitest'
import { isAllowedMutation } from '../../server/security.js'

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
