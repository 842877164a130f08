// Two builds' server CPU per request, A/B in one Node process (docs/decisions/0040): each build's
// Remix handler is loaded side by side and serves alternating blocks of requests, so the two
// figures share the process's state and the machine's moment (separate servers drift by ±15%).
//
//   BUILD_DIR=build-a npm run build && BUILD_DIR=build-b npm run build   (two versions of the app)
//   AB=build-a,build-b AB_DATABASE_URL=postgres://… node bench/ab.mjs
//
//   AB_TARGETS=/parent/dashboard,/terms   paths to measure (default: those two)
//   AB_EMAIL=parent@example.com           the account signed in (demo password)
//   AB_ROUNDS=20 AB_BLOCK=25              rounds of one block of each build, in turn
//   AB_RUNTIME_A=/tmp/old/node_modules/@remix-run/server-runtime
//                                         the first build's Remix server runtime, to compare a patch
//                                         of it (decision 0041): a copy, its own dependencies linked
// The first build's start-up opens the database (migrations included); both use it.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/node'

const ORIGIN = 'http://localhost:3999'
process.env.NODE_ENV = 'production'
process.env.DATABASE_URL = process.env.AB_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nightlight_scale'
process.env.SEED_DEMO_DATA = 'false'
process.env.SESSION_SECRET ??= 'bench-ab-'.padEnd(64, 'x')
process.env.AUTH_RATE_LIMIT = '100000'
process.env.PORT = '3999'
process.env.APP_ORIGIN = ORIGIN

const dirs = (process.env.AB ?? '').split(',').filter(Boolean)
if (dirs.length !== 2) throw new Error('AB=<build dir>,<build dir>')
const builds = []
for (const dir of dirs) builds.push(await import(pathToFileURL(path.resolve(dir, 'server/index.js')).href))
await builds[0].entry.module.startApp()
const runtimeA = process.env.AB_RUNTIME_A
  ? (await import(pathToFileURL(path.join(process.env.AB_RUNTIME_A, 'dist/index.js')).href)).default
  : null
const handlers = builds.map((build, index) => {
  const handle = (index === 0 && runtimeA ? runtimeA.createRequestHandler : createRequestHandler)(build, 'production')
  // As server.js does: a request's loaders share what it keeps, such as its user (decision 0053).
  const inScope = build.entry.module.inRequestScope ?? ((run) => run())
  return (request, loadContext) => inScope(() => handle(request, loadContext))
})
const context = { clientIp: '127.0.0.1' }

const login = await handlers[0](
  new Request(`${ORIGIN}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email: process.env.AB_EMAIL ?? 'parent@example.com', password: 'nightnurse-demo' }),
  }),
  context,
)
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]
if (!cookie) throw new Error(`Signing in failed: ${login.status} ${await login.text()}`)

async function once(handler, target) {
  const response = await handler(new Request(ORIGIN + target, { headers: { cookie } }), context)
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${target}: ${response.status}`)
}

const rounds = Number(process.env.AB_ROUNDS ?? 20)
const block = Number(process.env.AB_BLOCK ?? 25)
for (const target of (process.env.AB_TARGETS ?? '/parent/dashboard,/terms').split(',')) {
  // Until V8 has compiled both builds' hot code.
  for (let i = 0; i < 200; i++) for (const handler of handlers) await once(handler, target)
  const micros = [0, 0]
  for (let round = 0; round < rounds; round++) {
    for (const which of round % 2 ? [1, 0] : [0, 1]) {
      const before = process.cpuUsage()
      for (let i = 0; i < block; i++) await once(handlers[which], target)
      const used = process.cpuUsage(before)
      micros[which] += used.user + used.system
    }
  }
  const [a, b] = micros.map((total) => total / 1000 / (rounds * block))
  console.log(`${target.padEnd(50)} ${dirs[0]} ${a.toFixed(2)} ms  ${dirs[1]} ${b.toFixed(2)} ms  ${((b / a - 1) * 100).toFixed(1)}%`)
}
process.exit(0)
