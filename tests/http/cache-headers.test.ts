// Caching rules on every route (issue 10 item 2): every answer to a signed-in visitor, page or
// `.data` request or /_api call, is `Cache-Control: private, no-store`; anonymous answers are either
// `public` with `Vary: Cookie` or not storable. The routes come from the production build's
// manifest, so a new route is checked without touching this file.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'
import { fullPath, readManifest } from '../support/route-manifest'

const ROLES = ['anonymous', 'parent', 'nurse', 'admin'] as const
type Role = (typeof ROLES)[number]

let server: AppServer
let dir: string
const cookies: Partial<Record<Role, string>> = {}
const params: Record<string, string> = { citySlug: 'austin', '*': 'no-such-page' }
let urls: string[] = []

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${server.url}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email, password: 'nightnurse-demo' }),
  })
  expect(response.status).toBe(200)
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nightlight-cache-headers-'))
  server = await startAppServer({ PGLITE_DIR: path.join(dir, 'pglite'), SEED_DEMO_DATA: 'true' })
  for (const role of ROLES) if (role !== 'anonymous') cookies[role] = await signIn(`${role}@example.com`)

  // Real ids and slugs from the seeded data, so the pages behind the parameters are rendered.
  const search = await (await fetch(`${server.url}/_api/nurses/search?location=Austin`)).json()
  params.slug = search.nurses?.[0]?.slug ?? 'no-such-nurse'
  const bookings = await (await fetch(`${server.url}/_api/bookings/list?status=upcoming`, { headers: { Cookie: cookies.parent! } })).json()
  params.bookingId = String(bookings.bookings?.[0]?.id ?? 1)
  params.paymentId = '1'
  params.fileId = '1'

  const manifest = readManifest()
  const byId = new Map(manifest.map((r) => [r.id, r]))
  const paths = manifest
    .filter((r) => r.id !== 'root')
    .map((r) => ({ route: r, path: fullPath(r, byId).replace(/:(\w+)|\*/g, (all, name) => params[name ?? '*'] ?? '1') }))
  urls = []
  for (const { route, path: p } of paths) {
    urls.push(p)
    if (route.isPage) urls.push(p === '/' ? '/_root.data' : `${p.replace(/\/$/, '')}.data`)
  }
  // Signing out last, so the other requests keep their sessions.
  urls.sort((a, b) => Number(a.includes('logout')) - Number(b.includes('logout')))
}, 240_000)

afterAll(async () => {
  await server?.kill()
  await rm(dir, { recursive: true, force: true })
})

describe('every route in the manifest', () => {
  test('was found: pages, .data requests and /_api calls', () => {
    expect(urls).toContain('/admin/emails')
    expect(urls).toContain('/admin/emails.data')
    expect(urls).toContain(`/parent/bookings/${params.bookingId}`)
    expect(urls.some((u) => u.startsWith('/_api/'))).toBe(true)
  })

  test.each(ROLES)('answers %s with caching rules that keep private answers private', async (role) => {
    const problems: string[] = []
    for (const url of urls) {
      const headers: Record<string, string> = {}
      if (cookies[role]) headers.Cookie = cookies[role]!
      const response = await fetch(`${server.url}${url}`, { headers, redirect: 'manual' })
      await response.arrayBuffer()
      const cacheControl = response.headers.get('cache-control') ?? ''
      const vary = response.headers.get('vary') ?? ''
      const where = `${url} (${response.status}): Cache-Control "${cacheControl}", Vary "${vary}"`
      if (role !== 'anonymous') {
        if (!/\bprivate\b/.test(cacheControl) || !/\bno-store\b/.test(cacheControl)) problems.push(where)
      } else if (/\bpublic\b/.test(cacheControl)) {
        if (!/\bcookie\b/i.test(vary)) problems.push(where)
      } else if (!/\bno-store\b/.test(cacheControl)) {
        problems.push(where)
      }
    }
    expect(problems).toEqual([])
  })
})

// The text pages change only with a release: an anonymous visitor's copy is shared, and the page
// cache answers the next one without rendering it (issue 39). A signed-in visitor's never is.
test.each(['/terms', '/about', '/privacy', '/es/terms', '/accessibility'])(
  'the text page %s is kept for anonymous visitors and never for a signed-in one',
  async (page) => {
    const first = await fetch(`${server.url}${page}?kept=${page.length}`)
    const second = await fetch(`${server.url}${page}?kept=${page.length}`)
    expect([first.status, second.status]).toEqual([200, 200])
    // The same page, each answer under a nonce of its own.
    const withoutNonces = async (answer: Response) => (await answer.text()).replace(/nonce="[^"]+"/g, 'nonce')
    expect(await withoutNonces(second)).toBe(await withoutNonces(first))
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300')
    expect(first.headers.get('vary')).toMatch(/\bcookie\b/i)
    expect(second.headers.get('x-page-cache')).toBe('HIT')

    const signedIn = await fetch(`${server.url}${page}?kept=${page.length}`, { headers: { Cookie: cookies.parent! } })
    const body = await signedIn.text()
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
    expect(signedIn.headers.get('x-page-cache')).not.toBe('HIT')
    // The header of a signed-in visitor: her way out.
    expect(body).toMatch(/action="(\/es)?\/logout"/)
  },
)

test('a report of a barrier sent from the kept /accessibility page is answered privately, with its refusal', async () => {
  const form = new URLSearchParams({ description: '' })
  const refused = await fetch(`${server.url}/accessibility`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
    body: form,
  })
  expect(refused.status).toBe(400)
  expect(refused.headers.get('cache-control')).toBe('private, no-store')
  expect(refused.headers.get('x-page-cache')).not.toBe('HIT')
})

test("pages load images only from this site, Google's avatars and Stripe, not from any https address", async () => {
  const response = await fetch(`${server.url}/`)
  await response.arrayBuffer()
  const imgSrc = /img-src([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1].trim().split(/\s+/)
  expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com', 'https://*.stripe.com'])
})

// Issue 10 item 1, over HTTP: the form post and the JavaScript (`.data`) post of /login alike.
test.each(['/\t/evil.example', '/\\evil.example', '/%09/evil.example'])(
  'signing in with redirectTo %j never leaves the site, by form or by .data',
  async (redirectTo) => {
    const form = new URLSearchParams({ email: 'parent@example.com', password: 'nightnurse-demo', redirectTo })
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url }
    const byForm = await fetch(`${server.url}/login`, { method: 'POST', headers, body: form, redirect: 'manual' })
    await byForm.arrayBuffer()
    const location = byForm.headers.get('location') ?? ''
    expect(new URL(location, server.url).origin).toBe(server.url)
    expect(location.replace(/[\t\n\r]/g, '').replace(/\\/g, '/').startsWith('//')).toBe(false)

    const byScript = await fetch(`${server.url}/login.data`, { method: 'POST', headers, body: form, redirect: 'manual' })
    const body = await byScript.text()
    expect(byScript.status).toBeLessThan(400)
    expect(body).not.toContain('evil.example')
    expect(body).toContain('/parent/dashboard')
  },
)
