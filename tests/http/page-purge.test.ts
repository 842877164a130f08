// A rejected nurse leaves the public page cache at once (issue 10): the production build, whose
// page cache (server/page-cache.js) holds her profile, answers 404 for it right after an admin
// rejects her, not up to 30 seconds later.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'

let server: AppServer
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nightlight-page-purge-'))
  server = await startAppServer({ PGLITE_DIR: path.join(dir, 'pglite'), SEED_DEMO_DATA: 'true' })
})

afterAll(async () => {
  await server?.kill()
  await rm(dir, { recursive: true, force: true })
})

test("a rejected nurse's cached profile, city page and search answer without her at once", async () => {
  const search = await (await fetch(`${server.url}/_api/nurses/search?location=Austin`)).json()
  const nurse = search.nurses[0] as { id: number; slug: string }
  const profile = `${server.url}/nurse/${nurse.slug}`
  const cityPage = `${server.url}/night-nurse/austin`
  for (const url of [profile, cityPage]) await (await fetch(url)).text()
  const cached = await fetch(profile)
  expect(cached.headers.get('x-page-cache')).toBe('HIT')
  await cached.text()
  expect(await (await fetch(cityPage)).text()).toContain(`/nurse/${nurse.slug}`)

  const login = await fetch(`${server.url}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email: 'admin@example.com', password: 'nightnurse-demo' }),
  })
  expect(login.status).toBe(200)
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const rejected = await fetch(`${server.url}/_api/admin/nurse/update-verification`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie },
    body: JSON.stringify({ nurseProfileId: nurse.id, verificationStatus: 'rejected', reason: 'Licence lapsed' }),
  })
  expect(rejected.status).toBe(200)

  const after = await fetch(profile)
  expect(after.status).toBe(404)
  expect(after.headers.get('x-page-cache')).not.toBe('HIT')
  await after.text()
  expect(await (await fetch(cityPage)).text()).not.toContain(`/nurse/${nurse.slug}`)
  const searchAfter = await (await fetch(`${server.url}/_api/nurses/search?location=Austin`)).json()
  expect(searchAfter.nurses.map((n: { slug: string }) => n.slug)).not.toContain(nurse.slug)
})
