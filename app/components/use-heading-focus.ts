// A page whose steps change in place (/book) moves the focus to the new step's heading (issue 37):
// the button that was pressed is gone with its step, and focus left on the page itself makes a
// keyboard user start again from the top and a screen reader say nothing of the new step.
import { useEffect, useRef, type RefObject } from 'react'

/**
 * When `key` changes (not on the first render: a page that loads starts at its top), focuses the
 * first h1 or h2 inside `container`, made focusable by script only (tabindex -1).
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
