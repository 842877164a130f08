// Helpers for integration tests: real Requests against route modules, the bodies they send, and
// reading rows back from the real database. Rows are made by factories.ts.
import { eq } from 'drizzle-orm'
import { getDb } from '../../app/db/client.server'
import { bookingOccurrences, bookings, payments } from '../../app/db/schema'
import { startSession } from '../../app/utils/session.server'
import { NURSE_ZONE } from './factories'

export const ORIGIN = 'http://localhost:3000'

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
  context: Record<string, unknown> = { clientIp: '203.0.113.7' },
): Promise<Response> {
  if (!handler) throw new Error('The route has no such handler')
  try {
    const result = await handler({ request, params, context })
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

/** The body of POST /_api/bookings/create: these nights, 22:00 to 06:00. */
export function bookingPayload(nurseId: number, dates: string[], extra: Record<string, unknown> = {}) {
  return {
    nurseId,
    pattern: 'one_time',
    startDate: dates[0],
    nightsPerWeek: dates.length,
    occurrences: dates.map((date) => ({ date, startTimeLocal: '22:00', endTimeLocal: '06:00' })),
    timezone: NURSE_ZONE,
    addressText: '12 Beacon Street, Boston, MA 02108',
    ...extra,
  }
}

export async function getNight(id: number) {
  const [row] = await getDb().select().from(bookingOccurrences).where(eq(bookingOccurrences.id, id))
  return row
}

export async function getBooking(id: number) {
  const [row] = await getDb().select().from(bookings).where(eq(bookings.id, id))
  return row
}

export async function refundsOf(bookingId: number) {
  const rows = await getDb().select().from(payments).where(eq(payments.bookingId, bookingId))
  return rows.filter((row) => row.kind === 'refund')
}
