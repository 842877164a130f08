// The one place a redirect target read from a request is turned into somewhere to send the user
// (issue 10): sign-in, registration, Google sign-in and every `redirectTo` a page passes along.
// Pure. Browsers read many strings that look like paths as another host: they drop tabs and
// newlines, treat `\` as `/`, and `//host`, `/\host` or `/.//host` (once dot segments are
// resolved) as protocol-relative. So the target is resolved with the URL parser against an origin
// of our own, and only a same-origin result whose path starts with exactly one `/` is kept;
// anything else gives the fallback. See docs/decisions/0017-private-responses-and-safe-redirects.md.

// A host that cannot exist (RFC 2606 `.invalid`): any target that names a host of its own,
// however spelled, resolves away from it.
const BASE = new URL('http://nightlight.invalid')

// C0 controls, DEL and the backslash are refused outright rather than normalised: browsers and
// servers disagree about them, and no link of ours contains one.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/

/**
 * The path (with its query and fragment) to redirect to when `target` is a same-origin path,
 * otherwise `fallback`.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return fallback
  if (UNSAFE_CHARACTERS.test(target)) return fallback
  if (!target.startsWith('/') || target.startsWith('//')) return fallback
  let url: URL
  try {
    url = new URL(target, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE.origin || url.username || url.password) return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  // Dot segments can turn '/.//host' into '//host': check what will actually be sent.
  if (!path.startsWith('/') || path.startsWith('//')) return fallback
  // And what a client or proxy that decodes the path once would read: '/%2f%2fhost', '/%5chost'
  // and '/%09/host' are refused too, since no link of ours needs them.
  let decoded: string
  try {
    decoded = decodeURIComponent(url.pathname)
  } catch {
    return fallback
  }
  if (UNSAFE_CHARACTERS.test(decoded) || decoded.startsWith('//')) return fallback
  return path
}
