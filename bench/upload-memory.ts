// `npm run bench:upload-memory` (issue 9): thirty visitors post the nurse application at once,
// each with a 39 MB body (just under the 40 MB cap), to the production build. The server streams
// multipart bodies and stops reading a file past its limit (docs/decisions/0014), so its memory
// must not grow with what is sent. Prints the server's resident memory before, at its peak and
// after, the answers by status, and whether the growth stays under 100 MB (the target).
// A second round is issue 33's (decision 0046): as many visitor account posts, each with two
// 10 MB PDFs and no phone number in a draft; their fields refuse them before a file is kept.
//
//   BUILD_DIR=build-x        the build to serve (default build/; run `npm run build` first)
//   UPLOAD_CLIENTS=30        concurrent posts (default 30)
//   UPLOAD_MB=39             body size in MB (default 39)
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startAppServer } from '../tests/support/app-server'

const CLIENTS = Number(process.env.UPLOAD_CLIENTS ?? 30)
const MEGABYTES = Number(process.env.UPLOAD_MB ?? 39)
const TARGET_GROWTH_MB = 100
const DEADLINE_MS = 120_000

function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nightlight-upload-bench-'))
  const server = await startAppServer({
    PGLITE_DIR: path.join(dir, 'pglite'),
    SEED_DEMO_DATA: 'false',
    BUILD_DIR: process.env.BUILD_DIR ?? 'build',
    // One address sends all thirty: let the registration limit count them all as first tries.
    AUTH_RATE_LIMIT: '1000',
  })
  const pid = server.process.pid!
  try {
    // A few ordinary requests first, so 'before' is the server warmed up, not just started.
    for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/night-nurse-onboard`)).text()

    // One body shared by every request, sent with its length (a browser's form post has one; a
    // body without a length is refused with 411 before it is read).
    const form = new FormData()
    form.set('intent', 'step1')
    form.set('fullName', 'Upload Bench')
    form.set('phoneNumber', '512-555-0100')
    form.set('yearsExperience', '5')
    form.set(
      'photo',
      new Blob([randomBytes(MEGABYTES * 1_000_000 - 64 * 1024)], {
        type: 'image/jpeg',
      }),
      'photo.jpg',
    )
    await round(server.url, pid, form, `${CLIENTS} concurrent posts of ${MEGABYTES} MB (a photo over its limit)`)

    const account = new FormData()
    account.set('intent', 'register')
    account.set('displayName', 'Upload Bench')
    account.set('email', 'bench@example.com')
    account.set('password', 'night-shift-1')
    const pdf = new Uint8Array(10_000_000)
    pdf.set(new TextEncoder().encode('%PDF-1.7\n'))
    account.set('idDocument', new Blob([pdf], { type: 'application/pdf' }), 'id.pdf')
    account.set('certificationDocument', new Blob([pdf], { type: 'application/pdf' }), 'cert.pdf')
    await round(
      server.url,
      pid,
      account,
      `${CLIENTS} concurrent account posts, two 10 MB PDFs each, no phone (issue 33)`,
    )
  } finally {
    await server.kill('SIGKILL')
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Sends `form` from CLIENTS clients at once; prints the answers and the server's memory. */
async function round(url: string, pid: number, form: FormData, title: string) {
  const before = residentMb(pid)
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid))
  }, 50)
  const encoded = new Response(form)
  const contentType = encoded.headers.get('content-type')!
  const body = await encoded.blob()
  const started = Date.now()
  const statuses = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      try {
        const res = await fetch(`${url}/night-nurse-onboard`, {
          method: 'POST',
          body,
          headers: { Origin: url, 'Content-Type': contentType },
          signal: AbortSignal.timeout(DEADLINE_MS),
        })
        await res.arrayBuffer()
        return String(res.status)
      } catch (error) {
        return `error: ${(error as Error).message} (${String((error as Error & { cause?: unknown }).cause)})`
      }
    }),
  )
  const seconds = (Date.now() - started) / 1000
  clearInterval(sampler)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const after = residentMb(pid)
  const byStatus = new Map<string, number>()
  for (const status of statuses) byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
  const growth = peak - before
  console.log(`Nurse application uploads: ${title} in ${seconds.toFixed(1)} s`)
  console.log(`  answers:   ${[...byStatus].map(([status, count]) => `${status} × ${count}`).join(', ')}`)
  console.log(`  server RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB`)
  console.log(
    `  growth at peak: ${growth.toFixed(0)} MB (target < ${TARGET_GROWTH_MB} MB): ${
      growth < TARGET_GROWTH_MB ? 'met' : 'NOT MET'
    }`,
  )
  if (growth >= TARGET_GROWTH_MB) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
