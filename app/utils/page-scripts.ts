// Which pages the server sends without Remix's scripts (docs/decisions/0059). A route that works as
// plain HTML, every link and form of it, exports `handle = { hydrate: false }` (Remix's documented
// way: the root reads the handles through `useMatches()` and leaves `<Scripts />` out). A page
// without scripts downloads none of the app's 140-180 KB of modules, which is what the public
// pages' Lighthouse target asks of a first visit on a phone.

/** What a route's `handle` may say about its page's scripts. */
export interface PageScriptsHandle {
  /** `false`: the page is whole without JavaScript; a signed-out visitor gets it without scripts. */
  hydrate?: boolean
}

/**
 * Whether the server's HTML carries the page's scripts. Only the page's own route (the deepest
 * match) decides. A signed-in visitor always gets them (the header's messages, the time zone the
 * app asks the browser for, the widgets a booking uses), and so does a page with a toast waiting,
 * which only the scripts pop up.
 */
export function pageShipsScripts({
  handles,
  signedIn,
  toast,
}: {
  handles: readonly unknown[]
  signedIn: boolean
  toast: boolean
}): boolean {
  if (signedIn || toast) return true
  const own = handles.at(-1) as PageScriptsHandle | undefined
  return own?.hydrate !== false
}
