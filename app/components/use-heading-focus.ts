// Where the page changes under the person, the focus goes to what she now looks at (issue 37):
// the button or link that was pressed is gone, and focus left on the page itself makes a keyboard
// user start again from the top and a screen reader say nothing of where she is (decision 0072).
import { useLocation } from '@remix-run/react'
import { useEffect, useRef, type RefObject } from 'react'

/**
 * A page whose steps change in place (/book): when `key` changes (not on the first render: a page
 * that loads starts at its top), focuses the first h1 or h2 inside `container`.
 */
export function useHeadingFocus(key: string, container: RefObject<HTMLElement | null>) {
  const shown = useRef(key)
  useEffect(() => {
    if (shown.current === key) return
    shown.current = key
    const heading = container.current?.querySelector<HTMLElement>('h1, h2')
    if (!heading) return
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    // A refused post's error summary takes the focus itself; a step's heading must not take it back.
    if (container.current?.querySelector('[data-error-summary]')) return
    heading.focus()
  }, [key, container])
}

/** The id a hash names; a hash that is not valid percent-encoding names itself. */
function idOf(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1))
  } catch {
    return hash.slice(1)
  }
}

/** The path of the page last shown, null before the document's first. */
let arrivedAt: string | null = null

/**
 * Every page reached in the browser (a link, a redirect after a post, Back): the focus goes to the
 * element its hash names, else its h1, else `main`. Only when the path changes: not on the first
 * load, nor when the query or hash changes on the same page (search filters, a dashboard's tabs,
 * /book's steps, which focus their own heading), nor on revalidations and fetchers, which leave
 * the location alone. The page keeps a focus it set itself (an autofocused field, a refused post's
 * error summary) or a control that stayed through the change (the person is still using it); a
 * followed link that stayed (a menu inside the page) gives the focus up.
 *
 * Called by the root's page and by the root's error page, which replace each other whole: the one
 * that appears after the first page takes the focus too, whatever changed in the address (a
 * search's data refused lands on the error page at the same path).
 */
export function usePageArrivalFocus(main: RefObject<HTMLElement | null>) {
  const { pathname, hash } = useLocation()
  const mounted = useRef(false)
  useEffect(() => {
    const first = arrivedAt === null
    const moved = arrivedAt !== pathname
    const appeared = !mounted.current
    arrivedAt = pathname
    mounted.current = true
    if (first || !(moved || appeared)) return
    const page = main.current
    if (!page) return
    const focused = document.activeElement
    if (focused instanceof HTMLElement && focused !== page && page.contains(focused) && !focused.matches('a[href]')) return
    const named = hash ? document.getElementById(idOf(hash)) : null
    const target = (named && page.contains(named) ? named : null) ?? page.querySelector<HTMLElement>('h1') ?? page
    // Made focusable by script only; the scroll stays the router's (ScrollRestoration) and the hash's.
    if (!target.hasAttribute('tabindex') && target.tabIndex < 0) target.setAttribute('tabindex', '-1')
    target.focus({ preventScroll: true })
    // The hash is read as the path changes; a hash changed on the same page moves nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, main])
}

/** How the same control is found again in a part drawn anew: by name (and value, for a box of a group), or the submit button. */
function controlSelector(element: Element): string | null {
  const name = element.getAttribute('name')
  if (name) {
    const value = element.matches('[type="checkbox"], [type="radio"]') ? element.getAttribute('value') : null
    return `[name="${CSS.escape(name)}"]${value === null ? '' : `[value="${CSS.escape(value)}"]`}`
  }
  return element.matches('button[type="submit"]') ? 'button[type="submit"]' : null
}

/**
 * A part of a page drawn anew when `key` changes (search's filters start again from the new
 * address) gives the focus it held to the same control in the new part: a person who pressed Enter
 * in a filter, or its Search button, stays there instead of at the top of the document. A part
 * whose followed link went with it (search's results, paged by a link) gives it to `landing`
 * instead, the first element it selects in the new part (the first result's heading), brought
 * into view and read out by a screen reader.
 */
export function useFocusKept(key: string, container: RefObject<HTMLElement | null>, landing?: string) {
  // What had the focus in the part: how to find it again, '' for what cannot be found (a link),
  // null when the focus was outside the part.
  const held = useRef<string | null>(null)
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const part = container.current
      held.current = part && event.target instanceof Element && part.contains(event.target) ? (controlSelector(event.target) ?? '') : null
    }
    document.addEventListener('focusin', onFocusIn)
    return () => document.removeEventListener('focusin', onFocusIn)
  }, [container])
  const shown = useRef(key)
  useEffect(() => {
    if (shown.current === key) return
    shown.current = key
    // Only a focus lost with the old part: one that went elsewhere stays there.
    const lost = !document.activeElement || document.activeElement === document.body
    const part = container.current
    if (!lost || held.current === null || !part) return
    const same = held.current ? part.querySelector<HTMLElement>(held.current) : null
    if (same) {
      same.focus({ preventScroll: true })
      return
    }
    const target = landing ? part.querySelector<HTMLElement>(landing) : null
    if (!target) return
    if (!target.hasAttribute('tabindex') && target.tabIndex < 0) target.setAttribute('tabindex', '-1')
    target.focus({ preventScroll: true })
    // In view wherever the router's scroll to the top (smooth, so still under way) was going.
    target.scrollIntoView({ block: 'center' })
  }, [key, container, landing])
}
