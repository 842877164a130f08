// The /_api calls (docs/product-texts.md): each is a module of this folder named by its path, its
// segments joined by dots (`bookings.create.ts` answers /_api/bookings/create), exporting a
// `loader` (GET) and an `action` (POST and the other methods) as a Remix resource route does.
//
// They are not routes of their own: Remix matches every request against every route several
// times, and the 52 calls made the route tree 139 routes long for every page. One route,
// `routes/[_api].$.ts`, takes everything under /_api and hands it to the call named here
// (docs/decisions/0077).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, methodNotAllowed } from '~/utils/api.server'

type Handler = (args: LoaderFunctionArgs) => unknown
export interface ApiCall {
  loader?: Handler
  action?: Handler
}

const modules = import.meta.glob<ApiCall>(['./*.ts', '!./*.test.ts', '!./calls.server.ts'], { eager: true })

/** Each call by its path below /_api/ ('bookings/create'). */
export const API_CALLS: ReadonlyMap<string, ApiCall> = new Map(
  Object.entries(modules).map(([file, call]) => [file.slice('./'.length, -'.ts'.length).replaceAll('.', '/'), call]),
)

/**
 * The call a path below /_api/ names, as Remix matched its routes: any letter case, one trailing
 * slash or none. Undefined for anything else.
 */
export function apiCallPath(splat: string | undefined): string | undefined {
  const path = (splat ?? '').toLowerCase().replace(/\/$/, '')
  return API_CALLS.has(path) ? path : undefined
}

/**
 * Runs the call a request names: 404 when there is none, 405 when it has no handler for the method.
 * OPTIONS (which Remix hands to loaders) answers only what the call takes: no call shares its data
 * with other sites, so there is nothing more to say and its loader must not run.
 */
export function answerApiCall(args: LoaderFunctionArgs | ActionFunctionArgs, handler: keyof ApiCall) {
  const path = apiCallPath(args.params['*'])
  if (path === undefined) return apiError(404, 'Not found')
  const call = API_CALLS.get(path)!
  if (args.request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: allowedMethods(call) } })
  const run = call[handler]
  if (!run) return methodNotAllowed()
  return run({ ...args, params: {} })
}

/** The methods a call answers, as an Allow header says them. */
function allowedMethods(call: ApiCall): string {
  return [...(call.loader ? ['GET', 'HEAD'] : []), ...(call.action ? ['POST'] : []), 'OPTIONS'].join(', ')
}
