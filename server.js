// The production (and development) HTTP server: Express in front of the Remix request handler.
// Start-up (configuration, migrations, demo data, jobs) lives in app/startup.server.ts.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import { pageCache } from './server/page-cache.js'
import {
  bodySizeProblem,
  BODY_TOO_LARGE_MESSAGE,
  CROSS_ORIGIN_MESSAGE,
  isAllowedMutation,
  LENGTH_REQUIRED_MESSAGE,
} from './server/security.js'

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
const { port, close } = await build.entry.module.startApp()
const appOrigin = process.env.APP_ORIGIN || `http://localhost:${port}`

const app = express()
app.disable('x-powered-by')
// Anonymous public pages are kept for a few seconds (docs/decisions/0004-public-page-caching.md).
if (!isDev) app.use(pageCache())
app.use(compression())
app.use(
  helmet({
    contentSecurityPolicy: isDev
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            // Remix inlines its hydration data; Stripe.js loads from its own host (DESIGN.md §8).
            scriptSrc: ["'self'", "'unsafe-inline'", 'https://js.stripe.com'],
            frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
            connectSrc: ["'self'", 'https://api.stripe.com'],
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
            styleSrc: ["'self'", "'unsafe-inline'"],
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
    secFetchSite: req.get('sec-fetch-site'),
    appOrigin,
  })
  if (allowed) return next()
  res.status(403).json({ error: CROSS_ORIGIN_MESSAGE })
})

if (viteDevServer) {
  app.use(viteDevServer.middlewares)
} else {
  app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }))
  app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h' }))
}

app.all(
  '*',
  createRequestHandler({
    build: viteDevServer ? loadBuild : build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown' }),
  }),
)

const server = app.listen(port, () => {
  console.log(`Nightlight is running at ${appOrigin}`)
})

// remix-serve-style servers hang on SIGTERM while the database is open (DESIGN.md §14).
let closing = false
async function shutdown(signal) {
  if (closing) return
  closing = true
  console.log(`${signal} received, shutting down`)
  server.close()
  server.closeAllConnections?.()
  await close().catch((error) => console.error(error))
  process.exit(0)
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
