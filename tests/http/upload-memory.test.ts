// Issue 33 point 6 (decision 0046): thirty visitors post the nurse account form at once, each with
// two 10 MB PDFs and no phone number in a draft. Refused by their fields, their files are never
// kept, so the server's memory must not grow with what they send; and every refused post counts
// against the address's registrations, so the next one is told to wait. The production build as
// a child process; its resident memory read from /proc while the posts are answered.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'
import { pdfBytes } from '../support/upload-fixtures'

const POSTS = 30
const MAX_GROWTH_MB = 100

let server: AppServer
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nightlight-upload-memory-'))
  server = await startAppServer({
    PGLITE_DIR: path.join(dir, 'pglite'),
    SEED_DEMO_DATA: 'false',
    // Registrations per address an hour: exactly the posts sent, so the next one is refused.
    AUTH_RATE_LIMIT: String(POSTS),
  })
})

afterAll(async () => {
  await server?.kill('SIGKILL')
  await rm(dir, { recursive: true, force: true })
})

function residentMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

async function accountPost(pdf: File) {
  const form = new FormData()
  form.set('intent', 'register')
  form.set('displayName', 'Eve Flood')
  form.set('email', `eve-${Math.random().toString(36).slice(2)}@example.com`)
  form.set('password', 'night-shift-1')
  form.set('idDocument', pdf)
  form.set('certificationDocument', pdf)
  const encoded = new Response(form)
  return { body: await encoded.blob(), contentType: encoded.headers.get('Content-Type')! }
}

async function send({ body, contentType }: { body: Blob; contentType: string }) {
  const response = await fetch(`${server.url}/night-nurse-onboard`, {
    method: 'POST',
    body,
    headers: { Origin: server.url, 'Content-Type': contentType },
    signal: AbortSignal.timeout(120_000),
  })
  return { status: response.status, text: await response.text() }
}

test('thirty parallel account posts with two 10 MB files and no phone are refused without the server growing, then the address is limited', async () => {
  const head = await pdfBytes()
  const bytes = new Uint8Array(10_000_000)
  bytes.set(head)
  const pdf = new File([bytes], 'id.pdf', { type: 'application/pdf' })
  const pid = server.process.pid!

  // Warmed up first (the page, and a visitor's step that counts nothing), so 'before' is a
  // server that has already answered this page.
  for (let i = 0; i < 3; i++) await (await fetch(`${server.url}/night-nurse-onboard`)).text()
  const step = new FormData()
  step.set('intent', 'step1')
  step.set('fullName', 'Warm Up')
  await (await fetch(`${server.url}/night-nurse-onboard`, { method: 'POST', body: step, headers: { Origin: server.url } })).text()

  const before = residentMb(pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 25)
  const answers = await Promise.all(Array.from({ length: POSTS }, async () => send(await accountPost(pdf))))
  clearInterval(sampler)
  peak = Math.max(peak, residentMb(pid))

  expect(answers.map((a) => a.status)).toEqual(Array(POSTS).fill(400))
  expect(answers[0].text).toContain('Phone number is required')
  expect(peak - before, `resident memory ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak`).toBeLessThan(
    MAX_GROWTH_MB,
  )

  // Each refused post was counted: the address has used up its registrations.
  const next = await send(await accountPost(pdf))
  expect(next.status).toBe(429)
  expect(next.text).toContain('Too many attempts')
}, 240_000)
