// The text pages' caching rule (docs/decisions/0080): an anonymous visitor's page may be shared;
// an answer that sets a cookie, shows an error or answers a form keeps to itself.
import { describe, expect, test } from 'vitest'
import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL, textPageHeaders } from './http-cache.server'

const none = () => new Headers()
const args = (overrides: Partial<Parameters<typeof textPageHeaders>[0]> = {}) =>
  ({ loaderHeaders: none(), parentHeaders: none(), actionHeaders: none(), errorHeaders: undefined, ...overrides }) as Parameters<typeof textPageHeaders>[0]
const rule = (overrides: Partial<Parameters<typeof textPageHeaders>[0]> = {}) => new Headers(textPageHeaders(args(overrides)))

describe('textPageHeaders', () => {
  test('the page itself is public, and says it varies with the cookie', () => {
    expect(rule().get('Cache-Control')).toBe(PUBLIC_PAGE_CACHE_CONTROL)
    expect(rule().get('Vary')).toBe('Cookie')
  })

  test('an answer that sets a cookie, from the root or from the action, or shows an error, is private', () => {
    expect(rule({ parentHeaders: new Headers({ 'Set-Cookie': 'toast=; Max-Age=0' }) }).get('Cache-Control')).toBe(PRIVATE_CACHE_CONTROL)
    const setsOne = new Headers({ 'Set-Cookie': 'kept=1', 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL })
    expect(rule({ actionHeaders: setsOne }).get('Cache-Control')).toBe(PRIVATE_CACHE_CONTROL)
    expect(rule({ errorHeaders: new Headers() }).get('Cache-Control')).toBe(PRIVATE_CACHE_CONTROL)
  })

  test("a form's answer keeps its action's rule and headers", () => {
    const refused = rule({ actionHeaders: new Headers({ 'Cache-Control': PRIVATE_CACHE_CONTROL, 'Retry-After': '60' }) })
    expect(refused.get('Cache-Control')).toBe(PRIVATE_CACHE_CONTROL)
    expect(refused.get('Retry-After')).toBe('60')
  })
})
