// The session cookie and the access guards (docs/security.md). The cookie holds a
// signed random token; the session itself is a row, so logging out revokes it everywhere.
import { data, redirect } from '@remix-run/node'
import { signedCookie } from './cookies.server'
import { oncePerRequest } from './request-scope.server'
import { accessDeniedMessage, type Role } from '../domain/accounts/auth-redirects'
import {
  createSession,
  getUserBySessionToken,
  revokeSession,
  SESSION_TTL_MS,
  type SessionUser,
} from '../domain/accounts/auth.server'

const getSessionCookie = signedCookie('__session', SESSION_TTL_MS / 1000)

async function readSessionToken(request: Request): Promise<string | null> {
  const value = await getSessionCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * The signed-in user, read once per request however many loaders ask (docs/decisions/0053). The
 * action's read is its own: a form posted without JavaScript runs the action and then the page's
 * loaders in one request, and the action may have changed the user (a new name, a session ended),
 * so the loaders, which Remix calls with a GET, read again.
 */
export function getUser(request: Request): Promise<SessionUser | null> {
  return oncePerRequest(`signed-in user, ${request.method}`, async () => {
    const token = await readSessionToken(request)
    return token ? getUserBySessionToken(token) : null
  })
}

/** Starts a fresh session (a new id at every sign-in) and answers its Set-Cookie header. */
export async function startSession(request: Request, userId: number): Promise<string> {
  const previous = await readSessionToken(request)
  if (previous) await revokeSession(previous)
  const token = await createSession(userId)
  return getSessionCookie().serialize(token)
}

/**
 * What signing out clears on the device (`Clear-Site-Data`): the nurse's pages the service worker
 * kept for offline use, its registration and any report still waiting on the phone, so the next
 * person on that phone finds none of them (docs/decisions/0074). Cookies are the session's own.
 */
export const SIGNED_OUT_CLEARS = '"cache", "storage"'

export async function endSession(request: Request): Promise<string> {
  const token = await readSessionToken(request)
  if (token) await revokeSession(token)
  return getSessionCookie().serialize('', { maxAge: 0 })
}

function loginPathFor(request: Request) {
  const url = new URL(request.url)
  const redirectTo = `${url.pathname}${url.search}`
  return `/login?${new URLSearchParams({ redirectTo })}`
}

/** Pages: signed-out visitors go to /login and come back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request)
  if (!user) throw redirect(loginPathFor(request))
  return user
}

/** Pages: the wrong role sees 'Access Denied' (rendered by the error boundary). */
export async function requireRole(request: Request, roles: readonly Role[]): Promise<SessionUser> {
  const user = await requireUser(request)
  if (!roles.includes(user.role)) {
    throw data({ message: accessDeniedMessage(user.role), role: user.role }, { status: 403 })
  }
  return user
}

export const requireAdmin = (request: Request) => requireRole(request, ['admin'])
export const requireParentOrAdmin = (request: Request) => requireRole(request, ['parent', 'admin'])
export const requireNurse = (request: Request) => requireRole(request, ['nurse'])

/** /_api calls: 401 JSON when signed out. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request)
  if (!user) throw Response.json({ error: 'Not authenticated' }, { status: 401 })
  return user
}

/** /_api calls: 403 JSON with the guard text for the wrong role. */
export async function requireApiRole(request: Request, roles: readonly Role[]): Promise<SessionUser> {
  const user = await requireApiUser(request)
  if (!roles.includes(user.role)) {
    throw Response.json({ error: accessDeniedMessage(user.role) }, { status: 403 })
  }
  return user
}
