// Issue 39: the CSV export of every booking waits for its reader. A client that takes the first
// bytes and then stops reading must not make the server produce the rest into its memory: the
// export reads its next batch only when the response has room (server/slow-readers.js). The
// production build as a child process on PostgreSQL, with 400,000 extra bookings written by SQL
// (a download of about 50 MB). While the reader waits, the server's buffers (Node's external
// memory, from its /metrics) are read: an export that did not wait would hold every row it had not
// sent there, and the garbage of the rows it had sent is not in that figure. Then the whole
// download is read.
import http from 'node:http'
import postgres from 'postgres'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'
import { databaseUrl } from '../support/global-setup'

const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `nightlight_slow_reader_${process.pid}`
const EXTRA_BOOKINGS = 400_000
/** Far below the download's own size: a few batches in flight, and the socket's own buffers. */
const MAX_BUFFERS_MB = 30
const METRICS_TOKEN = 'slow-reader-metrics-token'

let server: AppServer
let cookie: string

async function buffersMb() {
  const metrics = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text()
  return Number(/^nightlight_nodejs_external_memory_bytes (\d+)/m.exec(metrics)?.[1] ?? NaN) / 1024 / 1024
}

beforeAll(async () => {
  const admin = postgres(base, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  await admin.end()
  server = await startAppServer({ DATABASE_URL: databaseUrl(base, name), SEED_DEMO_DATA: 'true', METRICS_TOKEN })
  const db = postgres(databaseUrl(base, name), { max: 1, onnotice: () => {} })
  // Cancelled one-time bookings: rows of the export, with no nights to keep apart.
  await db.unsafe(`
    INSERT INTO bookings (parent_id, nurse_id, status, pattern, start_date, nights_per_week, timezone, address_text,
      nightly_rate_cents, subtotal_cents, platform_fee_cents, total_amount_cents, nurse_payout_cents, created_at, updated_at)
    SELECT p.id, n.id, 'cancelled', 'one_time', date '2026-01-01' + (g % 300), 1, 'America/New_York',
      '12 Slow Reader Lane, Boston, MA 02118', 30000, 30000, 3000, 33000, 30000, now() - g * interval '1 second', now()
    FROM generate_series(1, ${EXTRA_BOOKINGS}) g,
      (SELECT id FROM users WHERE email = 'parent@example.com') p,
      (SELECT id FROM nurse_profiles ORDER BY id LIMIT 1) n`)
  await db.end()
  const login = await fetch(`${server.url}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email: 'admin@example.com', password: 'nightnurse-demo' }),
  })
  expect(login.status).toBe(200)
  cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
}, 180_000)

afterAll(async () => {
  await server?.kill('SIGKILL')
  const admin = postgres(base, { max: 1, onnotice: () => {} })
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
})

test('a reader that stops reading holds the export where it is; reading on, it gets every row', async () => {
  expect(await buffersMb()).toBeGreaterThan(0)
  let peak = 0
  let lines = 0
  let tail = ''
  const done = new Promise<void>((resolve, reject) => {
    const request = http.get(`${server.url}/_api/admin/export-bookings`, { headers: { Cookie: cookie, 'Accept-Encoding': 'identity' } }, (response) => {
      expect(response.statusCode).toBe(200)
      const count = (chunk: Buffer) => {
        const text = tail + chunk.toString('utf8')
        const parts = text.split('\n')
        tail = parts.pop() ?? ''
        lines += parts.length
      }
      response.once('data', (first: Buffer) => {
        count(first)
        response.pause()
        // Ten seconds without reading: long enough for an export that does not wait to have
        // written most of its rows into the server's buffers.
        const watch = setInterval(() => void buffersMb().then((mb) => (peak = Math.max(peak, mb))), 250)
        setTimeout(() => {
          clearInterval(watch)
          response.on('data', count)
          response.resume()
        }, 10_000)
      })
      response.on('end', () => resolve())
      response.on('error', reject)
    })
    request.on('error', reject)
  })
  await done
  if (tail) lines += 1
  expect(peak, `the server held ${peak.toFixed(1)} MB in buffers while its reader waited`).toBeLessThan(MAX_BUFFERS_MB)
  // The header, the demo's bookings and the 400,000 written here.
  expect(lines).toBeGreaterThan(EXTRA_BOOKINGS + 1)
}, 120_000)
