import { useEffect, useState } from 'react'

let hydratedOnce = false

/**
 * False on the server and in the first browser render, true once React has hydrated (and at once
 * in every later render). Pages render links and plain forms first (they work before JavaScript
 * loads) and swap in buttons, dialogs and in-place state once it has. The app's one such hook.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce)
  useEffect(() => {
    hydratedOnce = true
    setHydrated(true)
  }, [])
  return hydrated
}
