// Every cookie the app sets, built one way: httpOnly, SameSite=Lax, for the whole site ('/':
// Remix's data requests go to `<page>.data`), Secure when the site is served over https, and
// signed with SESSION_SECRET. Only the name and the lifetime differ.
import { type Cookie, type CookieOptions, createCookie } from '@remix-run/node'
import { getConfig } from '../config.server'

/** The options every cookie of the app shares; read when first used, once configuration is loaded. */
export function cookieOptions(maxAgeSeconds: number): CookieOptions {
  const config = getConfig()
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.APP_ORIGIN.startsWith('https://'),
    secrets: [config.SESSION_SECRET],
    maxAge: maxAgeSeconds,
  }
}

/** A signed cookie made on first use (configuration is read then, not at import). */
export function signedCookie(name: string, maxAgeSeconds: number): () => Cookie {
  let cookie: Cookie | undefined
  return () => (cookie ??= createCookie(name, cookieOptions(maxAgeSeconds)))
}
