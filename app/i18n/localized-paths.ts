// The public pages that have an address in each language (issue 37): '/search' in English and
// '/es/search' in Spanish. Their language is their address's, so a crawler, a shared link and the
// page cache all see one language per address. The pages of an account (dashboards, bookings,
// settings) keep one address and speak the visitor's chosen language.
import { DEFAULT_LANGUAGE, type Language } from './languages'

/** The pages at `/es/...`, as route files and their paths (vite.config.ts adds their twins). */
export const LOCALIZED_ROUTES = [
  { file: 'routes/_index.tsx', path: '' },
  { file: 'routes/night-nurse._index.tsx', path: 'night-nurse' },
  { file: 'routes/night-nurse.$citySlug.tsx', path: 'night-nurse/:citySlug' },
  { file: 'routes/search.tsx', path: 'search' },
  { file: 'routes/nurse.$slug.tsx', path: 'nurse/:slug' },
  { file: 'routes/about.tsx', path: 'about' },
  { file: 'routes/how-we-verify.tsx', path: 'how-we-verify' },
  { file: 'routes/accessibility.tsx', path: 'accessibility' },
  { file: 'routes/support.tsx', path: 'support' },
  { file: 'routes/partner.tsx', path: 'partner' },
  { file: 'routes/terms.tsx', path: 'terms' },
  { file: 'routes/privacy.tsx', path: 'privacy' },
  { file: 'routes/disclaimer.tsx', path: 'disclaimer' },
  { file: 'routes/login.tsx', path: 'login' },
  { file: 'routes/register.tsx', path: 'register' },
  { file: 'routes/newsletter.tsx', path: 'newsletter' },
] as const

export const SPANISH_PREFIX = '/es'

/**
 * The `/nurse/...` pages that are a nurse's own (her dashboard, her reports), not a profile:
 * tests/unit/localized-paths.test.ts checks this list against the route files.
 */
export const NURSE_OWN_PAGES = [
  'dashboard',
  'background-check',
  'credentials',
  'earnings',
  'pattern',
  'payouts',
  'reports',
  'reservations',
  'reviews',
  'statements',
] as const

const STATIC_PATHS = new Set<string>(LOCALIZED_ROUTES.filter((r) => !r.path.includes(':')).map((r) => `/${r.path}`))

/** Whether an English address (no `/es`) is one of the pages above. */
export function isLocalizedPath(pathname: string): boolean {
  let path = pathname
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
  if (STATIC_PATHS.has(path) || path === '/') return true
  const parts = path.split('/').filter(Boolean)
  if (parts.length !== 2) return false
  if (parts[0] === 'night-nurse') return true
  return parts[0] === 'nurse' && !(NURSE_OWN_PAGES as readonly string[]).includes(parts[1])
}

/** The language an address names by itself: `/es` and `/es/...` are Spanish; null for the rest. */
export function languageOfPath(pathname: string): Language | null {
  return pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`) ? 'es' : null
}

/** The address without its language: '/es/search' → '/search', '/es' → '/'. */
export function unprefixedPath(pathname: string): string {
  if (!languageOfPath(pathname)) return pathname
  return pathname.slice(SPANISH_PREFIX.length) || '/'
}

/**
 * Where a path of this site is shown in `language`: a public page gets its `/es` address in
 * Spanish and loses it in English; any other path is the same in both. Query and hash are kept.
 */
export function pathInLanguage(to: string, language: Language): string {
  const cut = to.search(/[?#]/)
  const [pathname, rest] = cut === -1 ? [to, ''] : [to.slice(0, cut), to.slice(cut)]
  const bare = unprefixedPath(pathname)
  if (!isLocalizedPath(bare) || language === DEFAULT_LANGUAGE) return bare + rest
  return (bare === '/' ? SPANISH_PREFIX : `${SPANISH_PREFIX}${bare}`) + rest
}
