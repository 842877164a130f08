// Helpers for integration tests: real Requests against route modules and a real database.
import { eq } from 'drizzle-orm'
import { getDb } from '../../app/db/client.server'
import { users } from '../../app/db/schema'
import { createPasswordUser, type SessionUser } from '../../app/domain/auth.server'
import { startSession } from '../../app/utils/session.server'

export const ORIGIN = 'http://localhost:3000'

export async function createUser(
  options: { role?: 'parent' | 'nurse' | 'admin'; email?: string; password?: string; displayName?: string } = {},
): Promise<SessionUser> {
  const role = options.role ?? 'parent'
  const user = await createPasswordUser({
    email: options.email ?? `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: options.password ?? 'correct horse battery',
    displayName: options.displayName ?? `Test ${role}`,
    role: role === 'admin' ? 'parent' : role,
  })
  if (role === 'admin') {
    await getDb().update(users).set({ role: 'admin' }).where(eq(users.id, user.id))
    return { ...user, role: 'admin' }
  }
  return user
}

/** The Cookie header of a fresh session for this user. */
export async function cookieFor(userId: number): Promise<string> {
  const setCookie = await startSession(new Request(ORIGIN), userId)
  return setCookie.split(';')[0]
}

export function cookieFromResponse(response: Response): string {
  const header = response.headers.get('Set-Cookie')
  if (!header) throw new Error('The response set no cookie')
  return header.split(';')[0]
}

interface RequestOptions {
  method?: string
  body?: unknown
  form?: Record<string, string>
  cookie?: string
  headers?: Record<string, string>
}

export function makeRequest(path: string, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers)
  if (options.cookie) headers.set('Cookie', options.cookie)
  let body: BodyInit | undefined
  if (options.form) {
    body = new URLSearchParams(options.form)
    headers.set('Content-Type', 'application/x-www-form-urlencoded')
  } else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    headers.set('Content-Type', 'application/json')
  }
  const method = options.method ?? (body ? 'POST' : 'GET')
  return new Request(new URL(path, ORIGIN), { method, headers, body })
}

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown

/** Calls a loader or action the way Remix does; a thrown Response is returned like a returned one. */
export async function call(
  handler: Handler | undefined,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  if (!handler) throw new Error('The route has no such handler')
  try {
    const result = await handler({ request, params, context: { clientIp: '203.0.113.7' } })
    return toResponse(result)
  } catch (thrown) {
    return toResponse(thrown)
  }
}

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value
  // Remix `data()` results (single fetch) carry init and data.
  if (value && typeof value === 'object' && 'type' in value && (value as { type: string }).type === 'DataWithResponseInit') {
    const { data, init } = value as unknown as { data: unknown; init: ResponseInit | null }
    return Response.json(data, init ?? undefined)
  }
  if (value instanceof Error) throw value
  return Response.json(value ?? null)
}
