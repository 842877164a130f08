// The app's <Link> draws what Remix's draws (link.tsx): the same <a> for a path of this site, and
// Remix's own for everything else.
import { Link as RemixLink } from '@remix-run/react'
import type { ComponentProps } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, test } from 'vitest'
import { Link } from './link'

type Props = ComponentProps<typeof RemixLink>

function html(element: React.ReactElement, location = '/parent/dashboard?status=past') {
  return renderToStaticMarkup(<StaticRouter location={location}>{element}</StaticRouter>)
}

const CASES: { name: string; props: Props }[] = [
  { name: 'a path', props: { to: '/nurse/ana-lopez' } },
  { name: 'a path with a query and a hash', props: { to: '/parent/dashboard?status=past&cancel=12#confirm-cancellation' } },
  { name: 'an empty query and hash', props: { to: '/search?#' } },
  { name: 'a trailing slash', props: { to: '/night-nurse/' } },
  { name: 'the home page', props: { to: '/' } },
  { name: 'attributes, classes and styles', props: { to: '/a', className: 'x y', style: { color: 'red' }, 'aria-label': 'Go', id: 'go', tabIndex: 0 } },
  { name: 'replace and preventScrollReset', props: { to: '/a?b=1', replace: true, preventScrollReset: true } },
  { name: 'prefetch none and discover render', props: { to: '/a', prefetch: 'none', discover: 'render' } },
  { name: 'target _self', props: { to: '/a', target: '_self' } },
  // Remix's own:
  { name: 'a relative path', props: { to: 'bookings/12' } },
  { name: 'a parent path', props: { to: '../settings' } },
  { name: 'an external address', props: { to: 'https://example.com/x' } },
  { name: 'a protocol-relative address', props: { to: '//example.com/x' } },
  { name: 'a path object', props: { to: { pathname: '/a', search: '?b=1' } } },
  { name: 'reloadDocument', props: { to: '/logout', reloadDocument: true } },
  { name: 'a new tab', props: { to: '/parent/receipts/3.pdf', target: '_blank', rel: 'noopener' } },
  { name: 'discover none', props: { to: '/a', discover: 'none' } },
  { name: 'state', props: { to: '/a', state: { from: 'b' } } },
]

describe("the app's Link draws Remix's markup", () => {
  test.each(CASES)('$name', ({ props }) => {
    const ours = html(<Link {...props}>Go</Link>)
    expect(ours).toBe(html(<RemixLink {...props}>Go</RemixLink>))
    expect(ours).toMatch(/^<a /)
  })

  test('on a nested page, a path is still the same path', () => {
    const location = '/parent/bookings/12/move/4'
    expect(html(<Link to="/parent/dashboard">Back</Link>, location)).toBe(
      html(<RemixLink to="/parent/dashboard">Back</RemixLink>, location),
    )
  })
})
