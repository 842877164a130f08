// Removing public pages from the whole-page cache the moment what they show changes (issue 10):
// a rejected nurse's profile must not be served from the cache for another 30 seconds. The
// domain calls purgePublicPages(); the server (server.js, through entry.server) listens and
// drops the pages from server/page-cache.js. With several app servers on one PostgreSQL database,
// start-up sets a carrier that sends each purge to every server (LISTEN/NOTIFY, issue 14), whose
// own cache then drops the pages too. Pure: no import of server/, the database or Remix.
// docs/decisions/0017-private-responses-and-safe-redirects.md, 0020-shared-state-across-servers.md.

export interface PublicPages {
  /** Nurses whose profile changed; none given means every profile. */
  slugs?: string[]
  /** City pages that list them; none given means every city page. */
  cities?: string[]
}

type Listener = (paths: string[]) => void
const listeners = new Set<Listener>()
/** Sends a purge to the other app servers; each one calls `applyPurge` with the paths. */
let carrier: ((paths: string[]) => void) | undefined

// Pages and calls that list nurses whatever the nurse: home (featured), the city index, search,
// the sitemap and the nurse calls. A path ending in '/' stands for every path under it.
const SHARED_PAGES = ['/', '/night-nurse', '/search', '/sitemap.xml', '/_api/nurses/']

/**
 * The paths (without query; a page's `.data` request goes with it) showing these nurses, at their
 * English and Spanish addresses ('/search' and '/es/search').
 */
export function publicPagesOf(pages: PublicPages): string[] {
  const profiles = pages.slugs ? pages.slugs.map((slug) => `/nurse/${encodeURIComponent(slug)}`) : ['/nurse/']
  const cities = pages.cities ? pages.cities.map((city) => `/night-nurse/${encodeURIComponent(city)}`) : ['/night-nurse/']
  const english = [...SHARED_PAGES, ...profiles, ...cities]
  const spanish = english.filter((path) => !path.startsWith('/_api/')).map((path) => (path === '/' ? '/es' : `/es${path}`))
  return [...english, ...spanish]
}

/** Removes the pages showing these nurses from every page cache listening, at once. */
export function purgePublicPages(pages: PublicPages = {}): void {
  const paths = publicPagesOf(pages)
  applyPurge(paths)
  carrier?.(paths)
}

/** Drops the paths from this server's caches: a purge made here, or one another server sent. */
export function applyPurge(paths: string[]): void {
  for (const listener of listeners) listener(paths)
}

/** For start-up: how purges reach the other app servers (none with the embedded database). */
export function carryPurgesWith(send: ((paths: string[]) => void) | undefined): void {
  carrier = send
}

/** For the server: called with the paths to drop at each purge. Returns the unsubscribe. */
export function onPublicPagesPurged(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
