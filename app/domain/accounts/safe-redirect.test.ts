import { describe, expect, it } from 'vitest'
import { safeRedirect } from './safe-redirect'

const FALLBACK = '/parent/dashboard'

// Strings a browser (or a lenient server) reads as another host or as script.
const HOSTILE = [
  '//evil.com',
  '//evil.com/parent/dashboard',
  '///evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '\\/evil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  '/\r\n/evil.com',
  '/\u0000/evil.com',
  '/\u001f/evil.com',
  '/\u007f/evil.com',
  '\t//evil.com',
  ' //evil.com',
  '/.//evil.com',
  '/..//evil.com',
  '/./\\evil.com',
  '/%2e//evil.com',
  'https://evil.com',
  'http://localhost:3000@evil.com/',
  'evil.com',
  '@evil.com',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'http://[::1]/',
  '//[::ffff:7f00:1]/',
  '//evil.com%2f@',
  '／／evil.com',
  '\u3000//evil.com',
  '',
]

describe('safeRedirect', () => {
  it.each(HOSTILE)('refuses %j and answers the fallback', (target) => {
    expect(safeRedirect(target, FALLBACK)).toBe(FALLBACK)
  })

  it('answers the fallback for anything that is not a string', () => {
    for (const target of [undefined, null, 42, ['/parent/dashboard'], { path: '/' }]) {
      expect(safeRedirect(target, FALLBACK)).toBe(FALLBACK)
    }
  })

  it('keeps a same-origin path with its query and fragment', () => {
    expect(safeRedirect('/book/42?step=2&dates=2026-12-01,2026-12-02#pay', FALLBACK)).toBe(
      '/book/42?step=2&dates=2026-12-01,2026-12-02#pay',
    )
    expect(safeRedirect('/', FALLBACK)).toBe('/')
  })

  it('refuses percent-encoded slashes, backslashes and control characters in the path', () => {
    for (const target of ['/%2f%2fevil.com', '/%2F%2Fevil.com', '/%5cevil.com', '/%5C%5Cevil.com', '/%09/evil.com', '/%0a/evil.com', '/%E0%A4%A']) {
      expect(safeRedirect(target, FALLBACK)).toBe(FALLBACK)
    }
    // Elsewhere, encoded characters are kept as they are.
    expect(safeRedirect('/search?location=%2F%2Fevil.com', FALLBACK)).toBe('/search?location=%2F%2Fevil.com')
    expect(safeRedirect('/nurse/ana%20lopez-1', FALLBACK)).toBe('/nurse/ana%20lopez-1')
  })

  it('normalises dot segments and encodes characters a browser would otherwise reinterpret', () => {
    expect(safeRedirect('/parent/../nurse/dashboard', FALLBACK)).toBe('/nurse/dashboard')
    expect(safeRedirect('/search?location=São Paulo', FALLBACK)).toBe('/search?location=S%C3%A3o%20Paulo')
    expect(safeRedirect('/\u2215evil.com', FALLBACK)).toBe('/%E2%88%95evil.com')
  })

  it('answers only paths that every browser resolves to our own origin', () => {
    const origin = 'https://nightlight.example'
    for (const target of HOSTILE.filter((t) => typeof t === 'string')) {
      const path = safeRedirect(target, FALLBACK)
      expect(new URL(path, origin).origin).toBe(origin)
      // Browsers strip tabs and newlines and read '\' as '/' before resolving.
      const asBrowser = path.replace(/[\t\n\r]/g, '').replace(/\\/g, '/')
      expect(asBrowser.startsWith('//')).toBe(false)
    }
  })
})
