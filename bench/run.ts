// `npm run bench` (issue 3 item 8): serves the production build (run `npm run build` first) on a
// database grown to 10,000 approved nurses and measures, with autocannon at 50 connections,
// requests per second and p99 latency per route, each page's ratio to a trivial route, and the
// gzip size of the JavaScript each page loads.
//
//   BENCH_DURATION=8            seconds per target (default 8)
//   BENCH_CONNECTIONS=50        concurrent connections (default 50)
//   BENCH_NURSES=10000          approved nurses to grow to (default 10,000)
//   BENCH_DATABASE_URL=postgres://…   use a PostgreSQL database instead of a fresh PGlite directory
//   BENCH_APP_DIR=/path         serve the build of another copy of the app (default: this one)
//   BENCH_ONLY=booking          measure booking creation only (skips the page targets)
//   BENCH_ONLY=cpu              measure the server's CPU time per request only (issue 13)
//   BENCH_ONLY=lighthouse       Lighthouse scores and render-blocking CSS only, on the demo data (bench/lighthouse.ts)
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   extra node flags for the server
//   BENCH_PROFILE=1             profile the server (V8 --cpu-prof) and print its top functions at the end
//   BENCH_CPU_ROUTES=dashboard  only the CPU targets whose label holds one of these comma-separated words
//   BENCH_SERVER_LOG=/tmp/server.log   keep the server's output (e.g. with --trace-gc)
//   BUILD_DIR=build-x           serve and weigh that build instead of build/ (server.js reads it too)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { openDatabase } from '../app/db/client.server'
import { seedDemoData } from '../app/demo/seed.server'
import { listBookableNights, measureBookingCreation, type BookableNight } from './booking-load'
import { BARE_REMIX_REFERENCE_MS, measureBareRemix } from './bare-remix'
import { type CpuTarget, measureCpuPerRequest } from './cpu-per-request'
import { measureLighthouse, runLighthouseBench } from './lighthouse'
import { topFunctions } from './profile-top'
import { scriptsLoadedAtOnce } from './page-scripts'
import { seedBenchNurses } from './seed-bench'
import { freePort, signIn, startServer, stopServer } from './server'

// BENCH_APP_DIR: a copy of the app with its own build/ (when others rebuild the working tree).
const ROOT = path.resolve(process.env.BENCH_APP_DIR ?? path.resolve(import.meta.dirname, '..'))
// BUILD_DIR: the build to serve and weigh, as server.js reads it (default build/).
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const NURSES = Number(process.env.BENCH_NURSES ?? 10_000)
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined
const BOOKING_ONLY = process.env.BENCH_ONLY === 'booking'
const CPU_ONLY = process.env.BENCH_ONLY === 'cpu'
// BENCH_PROFILE: the server writes a V8 CPU profile here when it stops; its top functions are printed.
const PROFILE_DIR = process.env.BENCH_PROFILE ? fs.mkdtempSync(path.join(os.tmpdir(), 'nightlight-profile-')) : null
// Browsers ask for gzip, and the server compresses pages: measure what a visitor costs.
const HEADERS = { 'accept-encoding': 'gzip', accept: 'text/html,application/json' }

// Targets of issue 3: search p99 under 25 ms; city and profile pages at 70% of the trivial route.
const SEARCH_P99_TARGET_MS = 25
const PAGE_RATIO_TARGET = 0.7
const CITY_JS_TARGET_KB = 150
const BOOKING_P99_TARGET_MS = 150
const BOOKING_CONNECTIONS = 20

function log(line = '') {
  process.stdout.write(`${line}\n`)
}

async function prepareDatabase(pgliteDir: string): Promise<BookableNight[]> {
  const started = Date.now()
  const handle = openDatabase({ databaseUrl: DATABASE_URL, pgliteDir })
  try {
    await handle.migrate()
    await seedDemoData(handle.db, { now: new Date() })
    const approved = await seedBenchNurses(handle.db, { target: NURSES })
    log(`Database: ${handle.kind}, ${approved.toLocaleString('en-US')} approved nurses (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`)
    return await listBookableNights(handle.db)
  } finally {
    // Closed before the server opens it: never two processes on one PGlite directory.
    await handle.close()
  }
}

interface Target {
  name: string
  path: string
  /** Varies each request's query so the server's 30-second read cache cannot answer it. */
  vary?: (path: string) => string
}

interface Measured {
  target: Target
  rps: number
  p50: number
  p99: number
  failures: number
}

async function measure(base: string, target: Target): Promise<Measured> {
  const url = `${base}${target.path}`
  const probe = await fetch(url, { headers: HEADERS, redirect: 'manual' })
  if (!probe.ok) throw new Error(`${target.path} answered ${probe.status}`)
  const requests = target.vary
    ? [{ method: 'GET', path: target.path, setupRequest: (request: { path?: string }) => ({ ...request, path: target.vary!(target.path) }) }]
    : undefined
  // A short warm-up (JIT, caches), then the measured run.
  await autocannon({ url, connections: 10, duration: 1, headers: HEADERS, requests })
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: HEADERS, requests })
  return {
    target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  }
}

/** The JavaScript files a page's HTML makes the browser load, and their gzip sizes. */
async function pageJavaScript(base: string, pagePath: string) {
  const html = await (await fetch(`${base}${pagePath}`)).text()
  const files = scriptsLoadedAtOnce(html)
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(ROOT, BUILD_DIR, 'client', file))
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 9 }).length
  }
  return { files, raw, gzip }
}

/** Chunks the page's own modules import on demand (the home page's lazy sections). */
function lazyJavaScript(files: readonly string[]) {
  const eager = new Set(files.map((file) => path.basename(file)))
  const lazy = new Set<string>()
  for (const file of files) {
    const code = fs.readFileSync(path.join(ROOT, BUILD_DIR, 'client', file), 'utf8')
    for (const match of code.matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)) {
      if (!eager.has(match[1])) lazy.add(match[1])
    }
  }
  let gzip = 0
  for (const name of lazy) gzip += gzipSync(fs.readFileSync(path.join(ROOT, BUILD_DIR, 'client/assets', name)), { level: 9 }).length
  return { files: lazy.size, gzip }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const pad = (text: string, width: number) => text.padEnd(width)
const padStart = (text: string, width: number) => text.padStart(width)

async function measurePages(base: string) {
  const search = await (await fetch(`${base}/_api/nurses/search?location=Austin&limit=1`)).json()
  const profileSlug: string = search.nurses[0].slug
  let counter = 0
  const day = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  const nights = `from=${day(14)}&to=${day(27)}`
  const targets: Target[] = [
    { name: 'trivial route /healthz', path: '/healthz' },
    { name: 'trivial page /terms', path: '/terms' },
    { name: 'search call (Austin, 12)', path: '/_api/nurses/search?location=Austin&limit=12' },
    {
      name: 'search call, uncached',
      path: '/_api/nurses/search?location=Austin&limit=12',
      vary: (p) => `${p}&minRate=${(counter = (counter + 7919) % 1_000_000)}`,
    },
    { name: 'city page /night-nurse/austin', path: '/night-nurse/austin' },
    { name: `profile /nurse/${profileSlug}`, path: `/nurse/${profileSlug}` },
    { name: 'landing /night-nurse', path: '/night-nurse' },
    { name: 'search page /search?location=Austin', path: '/search?location=Austin' },
    { name: 'home /', path: '/' },
    // Search by nights (issue 17): two weeks, then Mondays to Fridays, 3 nights a week.
    { name: 'search call by nights (Austin, 2 weeks)', path: `/_api/nurses/search?location=Austin&limit=12&${nights}` },
    {
      name: 'search call by nights, uncached',
      path: `/_api/nurses/search?location=Austin&limit=12&${nights}`,
      vary: (p) => `${p}&minRate=${(counter = (counter + 7919) % 1_000_000)}`,
    },
    {
      name: 'search call by nights, 3 a week, uncached',
      path: `/_api/nurses/search?location=78704&limit=12&${nights}&weekdays=mon,tue,wed,thu,fri&nightsPerWeek=3`,
      vary: (p) => `${p}&minRate=${(counter = (counter + 7919) % 1_000_000)}`,
    },
    {
      name: 'search call by nights, anywhere, uncached',
      path: `/_api/nurses/search?limit=12&${nights}`,
      vary: (p) => `${p}&minRate=${(counter = (counter + 7919) % 1_000_000)}`,
    },
    { name: 'search page by nights', path: `/search?location=Austin&${nights}` },
  ]
  const results: Measured[] = []
  for (const target of targets) {
    process.stdout.write(`  measuring ${target.name}…\n`)
    results.push(await measure(base, target))
  }
  const trivial = results[0]
  const trivialPage = results[1]

  log()
  log(`${pad('Route', 44)}${padStart('req/s', 9)}${padStart('p50 ms', 9)}${padStart('p99 ms', 9)}${padStart('vs /healthz', 13)}${padStart('vs /terms', 11)}${padStart('failed', 8)}`)
  log('-'.repeat(103))
  for (const row of results) {
    log(
      `${pad(row.target.name, 44)}${padStart(row.rps.toFixed(0), 9)}${padStart(row.p50.toFixed(1), 9)}${padStart(row.p99.toFixed(1), 9)}` +
        `${padStart(`${((row.rps / trivial.rps) * 100).toFixed(0)}%`, 13)}${padStart(`${((row.rps / trivialPage.rps) * 100).toFixed(0)}%`, 11)}${padStart(String(row.failures), 8)}`,
    )
  }

  log()
  log(`${pad('JavaScript a page loads', 44)}${padStart('files', 7)}${padStart('raw', 12)}${padStart('gzip', 12)}`)
  log('-'.repeat(75))
  const pages = [
    { name: 'home /', path: '/' },
    { name: 'city page /night-nurse/austin', path: '/night-nurse/austin' },
    { name: 'profile', path: `/nurse/${profileSlug}` },
    { name: 'search /search', path: '/search' },
  ]
  const js: Record<string, number> = {}
  for (const page of pages) {
    const size = await pageJavaScript(base, page.path)
    js[page.path] = size.gzip
    log(`${pad(page.name, 44)}${padStart(String(size.files.length), 7)}${padStart(kb(size.raw), 12)}${padStart(kb(size.gzip), 12)}`)
    const lazy = lazyJavaScript(size.files)
    if (lazy.files > 0) log(`${pad('  + sections loaded on demand', 44)}${padStart(String(lazy.files), 7)}${padStart('', 12)}${padStart(kb(lazy.gzip), 12)}`)
  }

  const searchRow = results[2]
  const cityRow = results.find((row) => row.target.path === '/night-nurse/austin')!
  const profileRow = results.find((row) => row.target.path.startsWith('/nurse/'))!
  const nightsRow = results.find((row) => row.target.name === 'search call by nights (Austin, 2 weeks)')!
  const checks = [
    [`search call p99 ${searchRow.p99.toFixed(1)} ms < ${SEARCH_P99_TARGET_MS} ms`, searchRow.p99 < SEARCH_P99_TARGET_MS],
    [`search call by nights p99 ${nightsRow.p99.toFixed(1)} ms < ${SEARCH_P99_TARGET_MS} ms`, nightsRow.p99 < SEARCH_P99_TARGET_MS],
    [`city page at ${((cityRow.rps / trivial.rps) * 100).toFixed(0)}% of /healthz (target ${PAGE_RATIO_TARGET * 100}%)`, cityRow.rps >= PAGE_RATIO_TARGET * trivial.rps],
    [`profile page at ${((profileRow.rps / trivial.rps) * 100).toFixed(0)}% of /healthz (target ${PAGE_RATIO_TARGET * 100}%)`, profileRow.rps >= PAGE_RATIO_TARGET * trivial.rps],
    [`city page JavaScript ${kb(js['/night-nurse/austin'])} gzip <= ${CITY_JS_TARGET_KB} KB`, js['/night-nurse/austin'] <= CITY_JS_TARGET_KB * 1024],
  ] as const
  return checks
}

/**
 * Issue 13: the CPU time of the server process per request, sequential requests (not req/s, which
 * moves with whatever else the machine runs). Signed-in pages cannot be cached, so their cost is
 * the rendering.
 */
async function measureCpu(base: string, pid: number) {
  const [parent, nurse, admin] = await Promise.all(
    ['parent@example.com', 'nurse@example.com', 'admin@example.com'].map((email) => signIn(base, email)),
  )
  const weekly = await weeklyBookingOf(base, parent)
  let targets: CpuTarget[] = [
    { label: '/healthz', path: '/healthz', targetMs: 1, barePages: 1 },
    // An anonymous visitor's text page is answered by the page cache after the first visit; a new
    // query each time makes the server render it, as it does for every signed-in visitor.
    { label: '/terms (anonymous)', path: '/terms', targetMs: 5, barePages: 3 },
    { label: '/terms (anonymous, rendered)', path: (i: number) => `/terms?render=${i}`, barePages: 3 },
    { label: '/terms (signed in)', path: '/terms', headers: { Cookie: parent }, targetMs: 5, barePages: 3 },
    { label: '/parent/dashboard (demo parent)', path: '/parent/dashboard', headers: { Cookie: parent }, targetMs: 10, barePages: 5 },
    { label: '/nurse/dashboard (demo nurse)', path: '/nurse/dashboard', headers: { Cookie: nurse }, targetMs: 10, barePages: 5 },
    { label: '/admin/dashboard (demo admin)', path: '/admin/dashboard', headers: { Cookie: admin }, targetMs: 10, barePages: 5 },
    ...(weekly ? [{ label: 'a weekly booking (demo parent)', path: weekly, headers: { Cookie: parent }, barePages: 5 }] : []),
    // A new query each time (a maximum rate above every nurse's, a dollar higher each time), so
    // neither the page cache nor the search's own cache answers it, and the nurses found stay the same.
    { label: '/search, uncached (anonymous)', path: (i: number) => `/search?location=Austin%2C%20TX&maxRate=${1000 + i}`, barePages: 4 },
  ]
  const only = process.env.BENCH_CPU_ROUTES?.split(',').filter(Boolean)
  if (only) targets = targets.filter((target) => only.some((word) => target.label.includes(word)))
  // The reference: a bare Remix page on this machine, measured the same way in the same run.
  const bareMs = await measureBareRemix()
  const scale = bareMs / BARE_REMIX_REFERENCE_MS
  log()
  log(`A bare Remix page (bench/bare-remix) costs ${bareMs.toFixed(1)} ms of CPU here; ${BARE_REMIX_REFERENCE_MS} ms where issue 13's`)
  log(`targets were set. So this machine counts x${scale.toFixed(1)}, and each target is scaled by that.`)
  log()
  log(`${pad('CPU time of the server per request', 44)}${padStart('CPU ms', 9)}${padStart('x bare', 8)}${padStart('target', 8)}${padStart('here', 7)}${padStart('wall ms', 9)}${padStart('status', 8)}${padStart('bare tgt', 10)}`)
  log('-'.repeat(103))
  const checks: (readonly [string, boolean])[] = []
  for (const target of targets) {
    const figure = await measureCpuPerRequest(base, pid, target)
    const scaledTarget = target.targetMs === undefined ? undefined : target.targetMs * scale
    log(
      `${pad(target.label, 44)}${padStart(figure.cpuMsPerRequest.toFixed(1), 9)}${padStart((figure.cpuMsPerRequest / bareMs).toFixed(1), 8)}` +
        `${padStart(target.targetMs === undefined ? '' : String(target.targetMs), 8)}${padStart(scaledTarget === undefined ? '' : scaledTarget.toFixed(1), 7)}` +
        `${padStart(figure.wallMsPerRequest.toFixed(1), 9)}${padStart(String(figure.status), 8)}${padStart(target.barePages === undefined ? '' : `<= ${target.barePages}`, 10)}`,
    )
    if (target.targetMs !== undefined && scaledTarget !== undefined) {
      checks.push([
        `${target.label}: ${figure.cpuMsPerRequest.toFixed(1)} ms of CPU per request <= ${target.targetMs} ms x${scale.toFixed(1)} = ${scaledTarget.toFixed(1)} ms (${(figure.cpuMsPerRequest / bareMs).toFixed(1)} bare Remix pages, target ${(target.targetMs / BARE_REMIX_REFERENCE_MS).toFixed(1)})`,
        figure.cpuMsPerRequest <= scaledTarget,
      ])
    }
    if (target.barePages !== undefined) {
      const bare = figure.cpuMsPerRequest / bareMs
      checks.push([`${target.label}: ${bare.toFixed(1)} bare Remix pages <= ${target.barePages} (issue 39)`, bare <= target.barePages])
    }
  }
  return checks
}

/** The demo parent's weekly booking (her series with Maria Lopez): its page's address, read off her dashboard. */
async function weeklyBookingOf(base: string, cookie: string): Promise<string | null> {
  const html = await (await fetch(`${base}/parent/dashboard`, { headers: { Cookie: cookie } })).text()
  for (const path of new Set([...html.matchAll(/href="(\/parent\/bookings\/\d+)"/g)].map((match) => match[1]))) {
    const page = await (await fetch(`${base}${path}`, { headers: { Cookie: cookie } })).text()
    if (page.includes('Maria Lopez')) return path
  }
  return null
}

async function main() {
  if (process.env.BENCH_ONLY === 'lighthouse') return runLighthouseBench()
  if (!fs.existsSync(path.join(ROOT, BUILD_DIR, 'server/index.js'))) {
    log('No production build found: run `npm run build` first.')
    process.exit(1)
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nightlight-bench-'))
  const pgliteDir = path.join(dataDir, 'pglite')
  log(`Nightlight benchmark: ${CONNECTIONS} connections, ${DURATION} s per target, Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg()[0].toFixed(1)}`)
  const bookableNights = await prepareDatabase(pgliteDir)

  const port = await freePort()
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  if (PROFILE_DIR) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`)
  const server = await startServer({
    root: ROOT,
    port,
    pgliteDir,
    databaseUrl: DATABASE_URL,
    nodeArgs,
    logFile: process.env.BENCH_SERVER_LOG,
  })
  const base = `http://127.0.0.1:${port}`
  try {
    const checks: (readonly [string, boolean])[] = BOOKING_ONLY || CPU_ONLY ? [] : [...(await measurePages(base))]
    if (!BOOKING_ONLY && !CPU_ONLY) checks.push(...(await measureLighthouse(base)))
    if (!BOOKING_ONLY) checks.push(...(await measureCpu(base, server.pid!)))
    if (CPU_ONLY) {
      log()
      for (const [text, ok] of checks) log(`${ok ? 'PASS' : 'MISS'}  ${text}`)
      return
    }
    // Last, since it changes the data: booking creation at 20 connections (issue 4).
    process.stdout.write(`  measuring booking creation…\n`)
    const booking = await measureBookingCreation(base, bookableNights, { connections: BOOKING_CONNECTIONS })
    log()
    log(`Booking creation (POST /_api/bookings/create, ${BOOKING_CONNECTIONS} connections, ${booking.requests} requests after ${booking.warmup} to warm up, on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}):`)
    log(`  ${booking.rps.toFixed(0)} req/s, p50 ${booking.p50.toFixed(1)} ms, p90 ${booking.p90.toFixed(1)} ms, p99 ${booking.p99.toFixed(1)} ms, max ${booking.max.toFixed(1)} ms; ${booking.created} created, ${booking.refused} refused (409 for a night taken), ${booking.errors} errors`)

    log()
    for (const [text, ok] of [
      ...checks,
      [`booking creation p99 ${booking.p99.toFixed(1)} ms < ${BOOKING_P99_TARGET_MS} ms (target on PostgreSQL)`, booking.p99 < BOOKING_P99_TARGET_MS],
    ] as const)
      log(`${ok ? 'PASS' : 'MISS'}  ${text}`)
  } finally {
    await stopServer(server)
    if (PROFILE_DIR) {
      for (const file of fs.readdirSync(PROFILE_DIR)) {
        log(`\nCPU profile of the server (${path.join(PROFILE_DIR, file)}):`)
        topFunctions(path.join(PROFILE_DIR, file))
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
