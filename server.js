// The production (and development) HTTP server: Express in front of the Remix request handler.
// Start-up (configuration, migrations, demo data, jobs) lives in app/startup.server.ts.
import path from 'node:path'
import zlib from 'node:zlib'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import { cspNonces } from './server/csp-nonce.js'
import { drainEarlyAnswers } from './server/early-answers.js'
import { gracefulShutdown } from './server/graceful-shutdown.js'
import { applyHeapPolicy } from './server/heap-policy.js'
import { metricsEndpoint, requestIds, requestLog, requestMetrics, routeLabeler } from './server/observability.js'
import { pageCache } from './server/page-cache.js'
import { privateAnswers } from './server/private-answers.js'
import { roomToWrite } from './server/slow-readers.js'
import {
  bodySizeProblem,
  BODY_TOO_LARGE_MESSAGE,
  CROSS_ORIGIN_MESSAGE,
  isAllowedMutation,
  isKnownMethod,
  LENGTH_REQUIRED_MESSAGE,
  METHOD_NOT_ALLOWED_MESSAGE,
} from './server/security.js'

// Garbage is collected before the heap grows far past what is alive (server/heap-policy.js). A bad
// HEAP_GROWING_PERCENT stops the start with what is allowed, as the other settings do.
try {
  applyHeapPolicy()
} catch (error) {
  console.error(`Invalid configuration:\n  HEAP_GROWING_PERCENT: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
const isDev = process.argv.includes('--dev')
const buildDir = process.env.BUILD_DIR ?? 'build'
process.env.NODE_ENV ??= isDev ? 'development' : 'production'

const viteDevServer = isDev
  ? await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))
  : undefined

const loadBuild = () =>
  viteDevServer
    ? viteDevServer.ssrLoadModule('virtual:remix/server-build')
    : import(pathToFileURL(path.resolve(buildDir, 'server/index.js')).href)

const build = await loadBuild()

// `node server.js --migrate`: the deploy step of several servers (docker-compose.yml's migrate).
if (process.argv.includes('--migrate')) {
  try {
    console.log(
      await build.entry.module.migrateDatabase({
        databaseUrl: process.env.DATABASE_URL || undefined,
        pgliteDir: process.env.PGLITE_DIR ?? './.data/pglite',
      }),
    )
    process.exit(0)
  } catch (error) {
    console.error(error)
    process.exit(1)
  }
}

const started = await build.entry.module.startApp()
const { port } = started
const appOrigin = process.env.APP_ORIGIN || `http://localhost:${port}`

const app = express()
app.disable('x-powered-by')
// Behind a balancer, req.ip is the visitor's address as the trusted hops report it (TRUST_PROXY).
if (started.trustProxy !== undefined) app.set('trust proxy', started.trustProxy)
// A request id on every answer, log line and error page; a JSON line per request; metrics for the
// holder of METRICS_TOKEN (server/observability.js).
app.use(requestIds({ trustIncoming: started.trustProxy !== undefined }))
if (!isDev) {
  app.use(requestLog())
  app.use(requestMetrics({ observe: build.entry.module.observeRequest, labelOf: routeLabeler(build.routes, build.entry.module.apiCallPath) }))
}
app.use(metricsEndpoint({ token: started.metricsToken, metricsText: build.entry.module.metricsText }))
// remix-serve-style servers hang on SIGTERM while the database is open (decision 0001); this one
// drains first and then closes the jobs and the pool (server/graceful-shutdown.js).
const stopping = gracefulShutdown({
  close: started.close,
  delayMs: started.shutdownDelayMs,
  timeoutMs: started.shutdownTimeoutMs,
})
app.use(stopping.drainingAnswers)
// An answer sent before the body was read leaves the connection ready for the next request.
app.use(drainEarlyAnswers())
// A public page asked for by its English address goes to its Spanish one for a visitor who chose
// Spanish, or whose browser asks for it on a first visit (docs/i18n.md); before the page cache, so
// the cache holds one language per address. Its English answer varies with Accept-Language.
app.use((req, res, next) => {
  const clues = { method: req.method, path: req.path, search: req.url.slice(req.path.length), cookie: req.get('cookie'), acceptLanguage: req.get('accept-language') }
  const to = build.entry.module.languageRedirect?.(clues)
  if (!to) {
    if (build.entry.module.answersByBrowserLanguage?.(req.path)) res.vary('Accept-Language')
    return next()
  }
  res.set('Vary', 'Accept-Language, Cookie').set('Cache-Control', 'private, no-store').redirect(302, to)
})
// Every answer's inline scripts run under a nonce of its own, cached pages' too (decision 0047).
if (!isDev) app.use(cspNonces())
// Anonymous public pages are kept for a few seconds (docs/decisions/0004-public-page-caching.md).
if (!isDev) {
  const cache = pageCache({ nonceOf: (res) => res.locals.cspNonce })
  app.use(cache)
  // A nurse rejected or edited leaves the cache at once (issue 10; app/domain/platform/public-page-purge.ts).
  build.entry.module.onPublicPagesPurged?.((paths) => cache.purge(paths))
}
// Brotli at quality 5, not the package's 4: the root stylesheet is 1.5 KB smaller (11 against
// 12.6 KB), a page's HTML 5-8% smaller, for about the same CPU as gzip (docs/decisions/0059).
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }))
// The build's hashed scripts and stylesheets, before the page headers below: a policy for
// documents (CSP, frame, opener, referrer) does nothing on a script or a stylesheet, and its
// 0.8 KB would be sent again with each of them, render-blocking stylesheets included
// (docs/decisions/0059). What does apply to them stays: nosniff, and no reads from other sites.
const ASSET_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' }
if (!viteDevServer) {
  app.use(
    '/assets',
    express.static(path.join(buildDir, 'client/assets'), {
      immutable: true,
      maxAge: '1y',
      setHeaders: (res) => res.set(ASSET_HEADERS),
    }),
  )
}
app.use(
  helmet({
    contentSecurityPolicy: isDev
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            // Inline scripts (Remix's hydration data and module script, the colour scheme's) carry
            // the answer's nonce; the modules they import are this site's; Stripe.js loads from its
            // own host (the payment provider's script). No 'strict-dynamic': 'self' and Stripe's host stay the rule
            // for scripts loaded by others (decision 0047).
            scriptSrc: ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`, 'https://js.stripe.com'],
            frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
            connectSrc: ["'self'", 'https://api.stripe.com'],
            // Nurses' photos are their own uploads (/files); Google sign-in avatars stand in for
            // photos, and Stripe's card forms may show its images (docs/decisions/0017).
            imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com', 'https://*.stripe.com'],
            styleSrc: ["'self'", "'unsafe-inline'"],
            // The installable app's manifest and its service worker are this site's (decision 0074).
            manifestSrc: ["'self'"],
            workerSrc: ["'self'"],
            formAction: ["'self'", 'https://accounts.google.com'],
            upgradeInsecureRequests: appOrigin.startsWith('https://') ? [] : null,
          },
        },
    crossOriginEmbedderPolicy: false,
    // The sign-in popup talks to its opener with postMessage.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: appOrigin.startsWith('https://'),
    // 'no-referrer' makes browsers send `Origin: null` on our own form posts, which the Origin
    // check below must refuse; the browser default keeps the origin and hides paths elsewhere.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }),
)

// The sign-in popup passes through Google and must come back still knowing its opener: a
// Cross-Origin-Opener-Policy on its pages would sever that link.
app.use((req, res, next) => {
  if (req.path.startsWith('/_api/auth/oauth_')) res.removeHeader('Cross-Origin-Opener-Policy')
  next()
})

app.use((req, res, next) => {
  if (isKnownMethod(req.method)) return next()
  res.set('Allow', 'GET, HEAD, POST').status(405).json({ error: METHOD_NOT_ALLOWED_MESSAGE })
})

app.use((req, res, next) => {
  const problem = bodySizeProblem({
    method: req.method,
    path: req.path,
    contentLength: req.get('content-length'),
    transferEncoding: req.get('transfer-encoding'),
  })
  if (!problem) return next()
  res.set('Connection', 'close')
  res.status(problem).json({ error: problem === 413 ? BODY_TOO_LARGE_MESSAGE : LENGTH_REQUIRED_MESSAGE })
})

app.use((req, res, next) => {
  const allowed = isAllowedMutation({
    method: req.method,
    path: req.path,
    origin: req.get('origin'),
    referer: req.get('referer'),
    host: req.get('host'),
    forwardedHost: req.get('x-forwarded-host'),
    secFetchSite: req.get('sec-fetch-site'),
    appOrigin,
  })
  if (allowed) return next()
  res.status(403).json({ error: CROSS_ORIGIN_MESSAGE })
})

if (viteDevServer) {
  app.use(viteDevServer.middlewares)
} else {
  app.use(
    express.static(path.join(buildDir, 'client'), {
      maxAge: '1h',
      // The service worker and its manifest are asked afresh, so a new build reaches the phones
      // at their next visit (docs/decisions/0074).
      setHeaders: (res, file) => {
        if (/[/\\](sw\.js|manifest\.webmanifest)$/.test(file)) res.set('Cache-Control', 'no-cache')
      },
    }),
  )
}

// Whatever depends on who is signed in is private, no-store; public answers say Vary: Cookie
// (docs/decisions/0017-private-responses-and-safe-redirects.md).
app.use(privateAnswers())

// /healthz is asked every few seconds by each balancer: it is answered here, from the same
// database check as the route's (app/routes/healthz.ts), without Remix's request and route
// machinery (issue 13).
if (!viteDevServer) {
  app.get('/healthz', (req, res, next) => {
    build.entry.module
      .healthAnswer()
      .then(({ status, body }) => res.status(status).set('Cache-Control', 'no-store').json(body))
      .catch(next)
  })
}

const remixHandler = createRequestHandler({
  build: viteDevServer ? loadBuild : build,
  mode: process.env.NODE_ENV,
  getLoadContext: (req, res) => ({
    clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    // Written on every inline script the app renders (app/utils/csp-nonce.ts); none in development.
    cspNonce: res.locals.cspNonce,
    // A streamed download waits here before producing more (the CSV export, decision 0068).
    roomToWrite: () => roomToWrite(res),
  }),
})
// Each request's action and loaders share what the app keeps per request, such as the signed-in
// user, read once however many loaders ask (app/utils/request-scope.server.ts, decision 0053).
// The scope also holds the language the request is answered in (docs/i18n.md).
app.all('*', (req, res, next) =>
  build.entry.module.inRequestScope(() => remixHandler(req, res, next), {
    path: req.path,
    cookie: req.get('cookie'),
    acceptLanguage: req.get('accept-language'),
  }),
)

const server = app.listen(port, () => {
  console.log(`Nightlight is running at ${appOrigin}`)
})
// An idle kept-alive connection stays open longer than a balancer's or client's own idle limit
// (nginx and most load balancers: 60 s), so that it is never the server that closes a connection
// at the moment the other side sends on it: that race answers ECONNRESET or a 502. Node's 5 s
// default lost one such request in CI. Shutdown closes idle connections itself.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000

stopping.watch(server)

// A fault nothing caught leaves the process in an unknown state: log it and exit non-zero, so the
// supervisor (Docker's restart policy, systemd's Restart=always) starts a clean one (issue 9).
function crash(kind, error) {
  console.error(`${new Date().toISOString()} ${kind}: the server stops and must be restarted`, error)
  process.exit(1)
}
process.on('uncaughtException', (error) => crash('uncaughtException', error))
// Except one rejection: postgres.js (3.4.9) rejects a statement of its own that nobody awaits when
// its connection closes under it. The driver has already dropped that connection and opens a new
// one; the app's own statements on it failed, or ran again, where they were awaited (0010).
const LOST_CONNECTION_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'ECONNRESET', 'EPIPE', '57P01'])
process.on('unhandledRejection', (reason) => {
  if (!LOST_CONNECTION_CODES.has(reason?.code)) return crash('unhandledRejection', reason)
  console.warn(
    `${new Date().toISOString()} A database statement nobody awaited failed with its connection (${reason.message}): ${reason.query ?? 'no statement'}`,
  )
})
