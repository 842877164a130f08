// Shared shape of the /_api answers (docs/product-texts.md): named objects on success, {error} on
// failure, 400 with the first failing field's message and every issue keyed by field path.
import type { z } from 'zod'
import { PRIVATE_CACHE_CONTROL } from './http-cache.server'

export function apiError(status: number, error: string, extra: Record<string, unknown> = {}) {
  return Response.json({ error, ...extra }, { status })
}

/** A signed-in user's own data: no browser or shared cache keeps it. */
export function privateJson(body: unknown): Response {
  return Response.json(body, { headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL } })
}

/**
 * How many issues an answer names at most (issue 33, docs/decisions/0043): every schema bounds its
 * lists, and this bounds the answer even for one that would not.
 */
export const MAX_ANSWERED_ISSUES = 50

export function zodIssues(error: z.ZodError) {
  const issues: Record<string, string[]> = {}
  for (const issue of error.issues.slice(0, MAX_ANSWERED_ISSUES)) {
    const key = issue.path.join('.') || '_'
    ;(issues[key] ??= []).push(issue.message)
  }
  return issues
}

export function invalidInput(error: z.ZodError, extra: Record<string, unknown> = {}) {
  return apiError(400, error.issues[0]?.message ?? 'Invalid input', { issues: zodIssues(error), ...extra })
}

/** Reads a JSON body (or a form body) and validates it; throws a 400 answer when it is not valid. */
export async function parseBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  let body: unknown
  const type = request.headers.get('Content-Type') ?? ''
  try {
    if (type.includes('application/json')) {
      const text = await request.text()
      body = text.trim() === '' ? {} : JSON.parse(text)
    } else {
      body = Object.fromEntries(await request.formData())
    }
  } catch {
    throw apiError(400, 'The request body is not valid JSON')
  }
  // Every call takes named fields: an array, a number or null is answered in words, not by the schema.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw apiError(400, 'The request body must be a JSON object')
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw invalidInput(parsed.error)
  return parsed.data
}

/**
 * A page action's form. A body that is not a form (JSON, a broken multipart body) answers 400
 * rather than failing in the action (issue 10).
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw new Response('The form could not be read.', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
}

/** Validates the query string of a GET call. */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = schema.safeParse(params)
  if (!parsed.success) throw invalidInput(parsed.error)
  return parsed.data
}

export function methodNotAllowed() {
  return apiError(405, 'Method not allowed')
}

/** Login and registration errors also carry the text as `message`. */
export async function withAuthMessage(error: unknown): Promise<never> {
  if (error instanceof Response && error.status === 400) {
    const body = await error.json()
    throw Response.json({ ...body, message: body.error }, { status: 400 })
  }
  throw error
}

/** The first message of a Conform submission's errors (a page action's one-line answer). */
export function firstError(error: Record<string, string[] | null> | undefined | null): string {
  return Object.values(error ?? {}).find((messages) => messages?.length)?.[0] ?? 'Invalid input'
}
