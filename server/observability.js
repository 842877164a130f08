// What an operator sees of each request (issue 14): a request id, JSON log lines, and metrics.
// - Every request gets an id: the balancer's X-Request-Id when the balancer is trusted
//   (TRUST_PROXY), else a new UUID. It is answered in X-Request-Id, passed to the app in the
//   request's headers (so its error lines and error page show it), and on every log line.
// - One JSON line per request (pino): method, path without the query (tokens and e-mails
//   travel in queries), status, time; never headers or cookies.
// - /metrics in Prometheus format (prom-client, registry in app/domain/platform/metrics.server.ts)
//   only for `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN it does not exist.
import { randomUUID, timingSafeEqual } from 'node:crypto'
import { matchRoutes } from '@remix-run/router'
import pino from 'pino'

const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/

/** @param {{ trustIncoming: boolean }} options */
export function requestIds({ trustIncoming }) {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id']
    const id = trustIncoming && typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID()
    req.id = id
    req.headers['x-request-id'] = id
    res.setHeader('X-Request-Id', id)
    next()
  }
}

// LOG_LEVEL: pino's levels (info by default; 'warn' keeps only failing requests and problems).
export const logger = pino({ base: undefined, level: process.env.LOG_LEVEL || 'info', timestamp: pino.stdTimeFunctions.isoTime })

/**
 * One JSON line per answered request: its id, method, path (never the query) and status, and the
 * time taken. Written straight from 'finish' rather than through pino-http, whose logger per
 * request cost a tenth of a millisecond on every request (bench/run.ts).
 */
export function requestLog() {
  return (req, res, next) => {
    if (req.path === '/healthz' || req.path.startsWith('/assets/')) return next()
    const started = process.hrtime.bigint()
    res.once('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info'
      if (!logger.isLevelEnabled(level)) return
      logger[level](
        {
          reqId: req.id,
          req: { method: req.method, path: req.path },
          res: { status: res.statusCode },
          responseTime: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
        },
        'request completed',
      )
    })
    next()
  }
}

/**
 * The route a path belongs to, for metric labels (a bounded set: the app's route ids, never the
 * path itself, whose ids and slugs are unbounded).
 */
export function routeLabeler(routes, apiCallOf = () => undefined) {
  const byParent = new Map()
  for (const route of Object.values(routes)) {
    const list = byParent.get(route.parentId) ?? []
    list.push(route)
    byParent.set(route.parentId, list)
  }
  const tree = (parentId) =>
    (byParent.get(parentId) ?? []).map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      children: route.index ? undefined : tree(route.id),
    }))
  const routeTree = tree(undefined)
  // matchRoutes ranks every route on each call (~0.2 ms): remember the answer for each path seen,
  // within a bound (a flood of new paths empties the memory rather than growing it).
  const known = new Map()
  return (path) => {
    if (path.startsWith('/assets/')) return 'static'
    let label = known.get(path)
    if (label === undefined) {
      const pathname = path.endsWith('.data') ? path.slice(0, -5) || '/' : path
      const matches = matchRoutes(routeTree, pathname.replace(/^\/_root$/, '/'))
      label = matches?.at(-1)?.route.id ?? 'unmatched'
      // Every /_api call is one route (app/api/calls.server.ts): each is labelled by its own path,
      // and a path that names no call is 'unmatched', so made-up paths add no series.
      if (label === API_ROUTE_ID) {
        const call = apiCallOf(matches.at(-1).params['*'])
        label = call === undefined ? 'unmatched' : `/_api/${call}`
      }
      if (known.size >= MAX_KNOWN_PATHS) known.clear()
      known.set(path, label)
    }
    return label
  }
}

const MAX_KNOWN_PATHS = 10_000
const API_ROUTE_ID = 'routes/[_api].$'

/** Observes each request's duration with its route and status. */
export function requestMetrics({ observe, labelOf }) {
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      observe({ method: req.method, route: labelOf(req.path), status: res.statusCode }, seconds)
    })
    next()
  }
}

/** GET /metrics for the holder of the token; 404 for everyone else (and when no token is set). */
export function metricsEndpoint({ token, metricsText }) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined
  return async (req, res, next) => {
    if (req.path !== '/metrics') return next()
    const given = Buffer.from(req.get('authorization') ?? '')
    if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not Found')
    }
    try {
      const { contentType, body } = await metricsText()
      res.status(200).set('Cache-Control', 'no-store').type(contentType).send(body)
    } catch (error) {
      next(error)
    }
  }
}
