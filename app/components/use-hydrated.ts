import { startTransition, useEffect, useState } from 'react'

let hydratedOnce = false

/**
 * False on the server and in the first browser render, true once React has hydrated (and at once
 * in every later render). Pages render links and plain forms first (they work before JavaScript
 * loads) and swap in buttons, dialogs and in-place state once it has. The app's one such hook.
 *
 * The swap is a transition: React renders it in slices of a few milliseconds, so a page that
 * swaps in much (the profile's calendar) does not block a phone's main thread (issue 13).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce)
  useEffect(() => {
    hydratedOnce = true
    startTransition(() => setHydrated(true))
  }, [])
  return hydrated
}
