// The app's <Link>. A page draws dozens of links to paths of this site written out ('/nurse/ana',
// '/parent/bookings/12'): a dashboard about a hundred, the header and footer about forty. Remix's
// <Link> resolves each path three times as it renders (its own useHref, React Router's, and the
// click handler's), each time serialising the route matches, and sets up prefetching that none
// of these links asks for: 10–30 µs a link on the server, a few milliseconds a page (issue 13,
// docs/decisions/0040). Such a link is drawn here as the same <a> from a single hook; any other
// (a relative or external `to`, an object, prefetch, state, reloadDocument, …) is Remix's own.
// link.test.tsx compares the markup with Remix's, and the browser tests follow these links.
// In Spanish, a link to a public page goes to its Spanish address ('/search' → '/es/search',
// docs/i18n.md), whichever kind of link draws it.
import { createPath, Link as RemixLink, resolvePath, useNavigate } from '@remix-run/react'
import { forwardRef, type ComponentProps, type MouseEvent } from 'react'
import { currentLanguage } from '~/i18n/current-language'
import { pathInLanguage } from '~/i18n/localized-paths'

type LinkProps = ComponentProps<typeof RemixLink>

/** A path of this site written out in full: '/a/b?c#d', not 'b', '../b', '//host/b' or 'https://…'. */
function isSitePath(to: LinkProps['to']): to is string {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//')
}

/** Remix's props that change what a link does beyond navigating to its path. */
function asksForMore({ prefetch, reloadDocument, state, relative, viewTransition, discover, target }: LinkProps) {
  return (
    (prefetch !== undefined && prefetch !== 'none') ||
    reloadDocument !== undefined ||
    state !== undefined ||
    relative !== undefined ||
    viewTransition !== undefined ||
    (discover !== undefined && discover !== 'render') ||
    (target !== undefined && target !== '_self')
  )
}

/** A click the browser should handle itself: not the main button, or with a key held (a new tab or window). */
function isBrowsersClick(event: MouseEvent<HTMLAnchorElement>) {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey
}

/** A path of this site in the language of the page drawing it. */
export function localPath(to: string): string {
  const language = currentLanguage()
  return language === 'en' ? to : pathInLanguage(to, language)
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(given, ref) {
  const navigate = useNavigate()
  const localTo = isSitePath(given.to) ? localPath(given.to) : given.to
  const props = localTo === given.to ? given : { ...given, to: localTo }
  if (!isSitePath(props.to) || asksForMore(props)) return <RemixLink ref={ref} {...props} />
  const {
    to,
    replace,
    preventScrollReset,
    onClick,
    prefetch: _prefetch,
    discover: _discover,
    target,
    ...anchor
  } = props
  // What React Router's useHref makes of a full path (without a basename, as this app has none).
  const href = createPath(resolvePath(to))
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || isBrowsersClick(event)) return
    event.preventDefault()
    // As a plain link does (and Remix's): the page's own address replaces its history entry.
    const here = window.location
    navigate(to, { replace: replace ?? here.pathname + here.search + here.hash === href, preventScrollReset })
  }
  // In the order Remix's markup has them; the children are among `anchor`.
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...anchor} data-discover="true" href={href} onClick={handleClick} ref={ref} target={target} />
})
