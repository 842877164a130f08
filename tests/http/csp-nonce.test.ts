// The Content-Security-Policy allows no inline script but those the server wrote (issue 33, point 9;
// docs/decisions/0047): script-src names a nonce that is new for every answer, and every inline
// script of the page carries it. Anonymous public pages come from the page cache (decision 0004)
// with a new nonce too, in the body and in the header alike, whatever the encoding.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'

let server: AppServer
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nightlight-csp-'))
  server = await startAppServer({ PGLITE_DIR: path.join(dir, 'pglite'), SEED_DEMO_DATA: 'true' })
})

afterAll(async () => {
  await server?.kill()
  await rm(dir, { recursive: true, force: true })
})

function scriptSrc(response: Response): string[] {
  const policy = response.headers.get('content-security-policy') ?? ''
  const directive = policy.split(';').find((part) => part.trim().startsWith('script-src '))
  return directive?.trim().split(/\s+/).slice(1) ?? []
}

/** The nonce script-src names; the test fails when there is none or more than one. */
function headerNonce(response: Response): string {
  const nonces = scriptSrc(response).filter((source) => source.startsWith("'nonce-"))
  expect(nonces).toHaveLength(1)
  return nonces[0].slice("'nonce-".length, -1)
}

interface InlineScript {
  type: string | undefined
  nonce: string | undefined
}

/** Every <script> without src, with its type and nonce attributes. */
function inlineScripts(html: string): InlineScript[] {
  const tags = html.match(/<script\b[^>]*>/g) ?? []
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
  return tags.filter((tag) => attribute(tag, 'src') === undefined).map((tag) => ({ type: attribute(tag, 'type'), nonce: attribute(tag, 'nonce') }))
}

/** JSON-LD is a data block: the browser never runs it, and the policy does not apply to it. */
const isDataBlock = (script: InlineScript) => script.type === 'application/ld+json'

async function expectNonceOnEveryScript(response: Response) {
  expect(response.status).toBe(200)
  const sources = scriptSrc(response)
  expect(sources).not.toContain("'unsafe-inline'")
  expect(sources).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com']))
  const nonce = headerNonce(response)
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  const scripts = inlineScripts(await response.text()).filter((script) => !isDataBlock(script))
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.map((script) => script.nonce)).toEqual(scripts.map(() => nonce))
  return { nonce, scripts }
}

async function signIn(email: string) {
  const login = await fetch(`${server.url}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email, password: 'nightnurse-demo' }),
  })
  expect(login.status).toBe(200)
  return login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ')
}

describe('the Content-Security-Policy of pages', () => {
  test('names a new nonce for every answer, carried by every inline script, and no unsafe-inline', async () => {
    const search = await (await fetch(`${server.url}/_api/nurses/search?location=Austin`)).json()
    const profile = `/nurse/${(search.nurses[0] as { slug: string }).slug}`
    const parent = await signIn('parent@example.com')
    const nurse = await signIn('nurse@example.com')
    const pages: [string, string | undefined][] = [
      ['/login', undefined],
      ['/night-nurse', undefined],
      [profile, parent],
      ['/parent/dashboard', parent],
      ['/nurse/dashboard', nurse],
      ['/no-such-page', undefined],
    ]
    for (const [page, cookie] of pages) {
      const get = () => fetch(`${server.url}${page}`, { headers: cookie ? { Cookie: cookie } : {} })
      const first = await get()
      if (page === '/no-such-page') {
        expect(first.status).toBe(404)
        const nonce = headerNonce(first)
        const scripts = inlineScripts(await first.text()).filter((script) => !isDataBlock(script))
        expect(scripts.map((script) => script.nonce)).toEqual(scripts.map(() => nonce))
        continue
      }
      const a = await expectNonceOnEveryScript(first)
      const b = await expectNonceOnEveryScript(await get())
      expect(b.nonce, page).not.toBe(a.nonce)
    }
  })

  test('a cached public page is served with a new nonce each time, in its body and header, whatever the encoding', async () => {
    for (const encoding of ['gzip, deflate, br', 'gzip', 'identity']) {
      const page = `/night-nurse/austin?encoding=${encodeURIComponent(encoding)}`
      const get = () => fetch(`${server.url}${page}`, { headers: { 'Accept-Encoding': encoding } })
      const answers = [await get(), await get(), await get()]
      expect(answers.map((answer) => answer.headers.get('x-page-cache'))).toEqual(['MISS', 'HIT', 'HIT'])
      const seen = []
      for (const answer of answers) seen.push(await expectNonceOnEveryScript(answer))
      expect(new Set(seen.map((one) => one.nonce)).size, encoding).toBe(3)
      // The same page: the same scripts, each with its answer's nonce.
      expect(seen[1].scripts.length).toBe(seen[0].scripts.length)
    }
  })

  test('the sign-in popup’s last page runs its script under the nonce', async () => {
    const answer = await fetch(`${server.url}/_api/auth/oauth_authorize?provider=google`)
    // Without Google keys it says so, and hands that to the opener with its script.
    expect(answer.status).toBe(503)
    const nonce = headerNonce(answer)
    expect(scriptSrc(answer)).not.toContain("'unsafe-inline'")
    const scripts = inlineScripts(await answer.text())
    expect(scripts).toEqual([{ type: undefined, nonce }])
  })
})

describe("the build's scripts and stylesheets (docs/decisions/0059)", () => {
  test('carry nosniff, no reads from other sites and a year of caching, not the headers of a page', async () => {
    const page = await fetch(`${server.url}/register`)
    expect(page.headers.get('content-security-policy')).toContain('script-src')
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    const html = await page.text()
    const assets = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:css|js))"/g)].map((match) => match[1]))]
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true)
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true)
    for (const asset of assets) {
      const answer = await fetch(`${server.url}${asset}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
      expect(answer.status, asset).toBe(200)
      expect(answer.headers.get('x-content-type-options'), asset).toBe('nosniff')
      expect(answer.headers.get('cross-origin-resource-policy'), asset).toBe('same-origin')
      expect(answer.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable')
      expect(answer.headers.get('content-security-policy'), asset).toBeNull()
      expect(answer.headers.get('x-frame-options'), asset).toBeNull()
      await answer.arrayBuffer()
    }
    // A missing asset is an answer of the app's, with the page headers.
    const missing = await fetch(`${server.url}/assets/no-such-file.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-security-policy')).toContain('script-src')
  })
})
