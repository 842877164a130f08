// The anonymous page cache in front of Remix (server/page-cache.js): it stores only what a shared
// HTTP cache may store, and never serves or stores a request that carries a cookie.
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { pageCache } from '../../server/page-cache.js'

let time = 0
let renders = 0
let close: (() => Promise<void>) | undefined

async function serve(respond: (res: express.Response) => void, options: { beforeCache?: express.RequestHandler } = {}) {
  const app = express()
  const cache = pageCache({ ttlMs: 30_000, now: () => time })
  if (options.beforeCache) app.use(options.beforeCache)
  app.use(cache)
  app.use(compression({ threshold: 0 }))
  app.get('*', (_req, res) => {
    renders += 1
    respond(res)
  })
  const server = app.listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  close = () => new Promise((resolve) => server.close(() => resolve()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, cache }
}

function publicPage(res: express.Response) {
  res.setHeader('Cache-Control', 'public, max-age=60, stale-while-revalidate=300')
  res.setHeader('Vary', 'Cookie')
  res.type('html')
  // Streamed in pieces, as Remix does.
  res.write('<!DOCTYPE html><html><body>')
  res.write(`<h1>render ${renders}</h1>`)
  res.end('</body></html>')
}

afterEach(async () => {
  await close?.()
  time = 0
  renders = 0
})

describe('the anonymous page cache', () => {
  test('serves an anonymous public page again without rendering it, until 30 seconds pass', async () => {
    const { base } = await serve(publicPage)
    const first = await fetch(`${base}/night-nurse/austin`)
    expect(first.headers.get('x-page-cache')).toBe('MISS')
    const firstBody = await first.text()
    time = 29_999
    const second = await fetch(`${base}/night-nurse/austin`)
    expect(second.headers.get('x-page-cache')).toBe('HIT')
    expect(second.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300')
    expect(second.headers.get('content-type')).toContain('text/html')
    expect(await second.text()).toBe(firstBody)
    expect(renders).toBe(1)
    time = 30_000
    expect(await (await fetch(`${base}/night-nurse/austin`)).text()).toContain('render 2')
  })

  test('static files are left to the static file server; sitemap.xml and robots.txt are kept', async () => {
    const { base, cache } = await serve(publicPage)
    for (const path of ['/assets/root-abc.js', '/images/cities/austin.svg', '/sitemap.xml', '/robots.txt']) {
      await (await fetch(`${base}${path}`)).text()
      await (await fetch(`${base}${path}`)).text()
    }
    expect(cache.size()).toBe(2)
    expect(renders).toBe(6)
  })

  test('keeps compressed and plain answers apart', async () => {
    const { base } = await serve(publicPage)
    await (await fetch(`${base}/p`, { headers: { 'accept-encoding': 'gzip' } })).text()
    const plain = await fetch(`${base}/p`, { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('x-page-cache')).toBe('MISS')
    const gzipped = await fetch(`${base}/p`, { headers: { 'accept-encoding': 'gzip' } })
    expect(gzipped.headers.get('x-page-cache')).toBe('HIT')
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(await gzipped.text()).toContain('render 1')
  })

  test('a request with a cookie is never answered from the cache nor stored', async () => {
    const { base, cache } = await serve(publicPage)
    await (await fetch(`${base}/p`)).text()
    const signedIn = await fetch(`${base}/p`, { headers: { cookie: '__session=abc' } })
    expect(signedIn.headers.get('x-page-cache')).toBeNull()
    expect(await signedIn.text()).toContain('render 2')
    await (await fetch(`${base}/q`, { headers: { cookie: '__session=abc' } })).text()
    expect(cache.size()).toBe(1)
  })

  test('private, no-store, cookie-setting and failed answers are not stored', async () => {
    for (const respond of [
      (res: express.Response) => res.set('Cache-Control', 'private, no-store').send('mine'),
      (res: express.Response) => res.set('Cache-Control', 'public, max-age=60').cookie('toast', '').send('toast'),
      (res: express.Response) => res.status(500).set('Cache-Control', 'public, max-age=60').send('oops'),
      (res: express.Response) => res.send('no cache-control'),
    ]) {
      const { base, cache } = await serve(respond)
      renders = 0
      await (await fetch(`${base}/p`)).text()
      const again = await fetch(`${base}/p`)
      await again.text()
      expect(again.headers.get('x-page-cache')).not.toBe('HIT')
      expect(renders).toBe(2)
      expect(cache.size()).toBe(0)
      await close?.()
      close = undefined
    }
  })

  test('many visitors asking for the same page at once cause one render', async () => {
    // The render is held until all ten requests have reached the cache: express runs the next
    // middleware synchronously, so by the time the gate opens (a later microtask) each of them
    // has either started the render or is waiting for it.
    const visitors = 10
    let arrived = 0
    let openGate = () => {}
    const gate = new Promise<void>((resolve) => (openGate = resolve))
    const { base } = await serve((res) => void gate.then(() => publicPage(res)), {
      beforeCache: (_req, _res, next) => {
        arrived += 1
        if (arrived === visitors) openGate()
        next()
      },
    })
    const answers = await Promise.all(Array.from({ length: visitors }, () => fetch(`${base}/busy`).then((r) => r.text())))
    expect(arrived).toBe(visitors)
    expect(renders).toBe(1)
    expect(new Set(answers).size).toBe(1)
  })

  test('after it expires, the previous copy is served while one visitor renders the page again', async () => {
    let release = () => {}
    let slow = false
    let renderStarted = () => {}
    const refreshStarted = new Promise<void>((resolve) => (renderStarted = resolve))
    const { base } = await serve((res) => {
      if (!slow) return publicPage(res)
      renderStarted()
      new Promise<void>((resolve) => (release = resolve)).then(() => publicPage(res))
    })
    await (await fetch(`${base}/p`)).text()
    time = 31_000
    slow = true
    const refreshing = fetch(`${base}/p`).then((r) => r.text())
    // The refresh is under way (the cache let it through to the render) before anyone else asks.
    await refreshStarted
    const stale = await fetch(`${base}/p`)
    expect(stale.headers.get('x-page-cache')).toBe('STALE')
    expect(await stale.text()).toContain('render 1')
    release()
    expect(await refreshing).toContain('render 2')
    const fresh = await fetch(`${base}/p`)
    expect(fresh.headers.get('x-page-cache')).toBe('HIT')
    expect(await fresh.text()).toContain('render 2')
  })

  test('a page that allows less than 30 seconds is kept only that long', async () => {
    const { base } = await serve((res) => res.set('Cache-Control', 'public, max-age=5').send(`render ${renders}`))
    const get = async () => {
      const response = await fetch(`${base}/p`)
      return { state: response.headers.get('x-page-cache'), body: await response.text() }
    }
    await get()
    time = 4_999
    expect(await get()).toEqual({ state: 'HIT', body: 'render 1' })
    time = 5_000
    expect(await get()).toEqual({ state: 'MISS', body: 'render 2' })
  })
})

describe('purging pages (issue 10)', () => {
  test('a purged page is rendered afresh at once, whatever its query; others stay cached', async () => {
    const { base, cache } = await serve(publicPage)
    for (const url of ['/nurse/ana-1', '/search?location=Austin', '/terms', '/nurse/bea-2']) {
      await (await fetch(`${base}${url}`)).text()
    }
    expect(cache.size()).toBe(4)
    cache.purge(['/nurse/ana-1', '/search'])
    expect((await fetch(`${base}/nurse/ana-1`)).headers.get('x-page-cache')).toBe('MISS')
    expect((await fetch(`${base}/search?location=Austin`)).headers.get('x-page-cache')).toBe('MISS')
    expect((await fetch(`${base}/terms`)).headers.get('x-page-cache')).toBe('HIT')
    expect((await fetch(`${base}/nurse/bea-2`)).headers.get('x-page-cache')).toBe('HIT')
  })

  test("a path ending in '/' purges every page under it, and '/' the home page only", async () => {
    const { base, cache } = await serve(publicPage)
    for (const url of ['/', '/night-nurse/austin', '/night-nurse/boston?page=2', '/about']) {
      await (await fetch(`${base}${url}`)).text()
    }
    cache.purge(['/', '/night-nurse/'])
    expect(cache.size()).toBe(1)
    expect((await fetch(`${base}/about`)).headers.get('x-page-cache')).toBe('HIT')
  })
})
