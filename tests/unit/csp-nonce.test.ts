// A page kept by the page cache is sent again under a new Content-Security-Policy nonce
// (server/csp-nonce.js, docs/decisions/0047): its compressed bytes are rebuilt around the nonce
// without compressing the page again, and decode to exactly the page with the new nonce.
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { cspNonces, reusableBody } from '../../server/csp-nonce.js'
import { pageCache } from '../../server/page-cache.js'

const OLD = 'b2xkLW5vbmNlLWZvci10ZXN0'
const NEW = 'bmV3LW5vbmNlLWZvci10ZXN0'
const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">start()</script></head><body>${'<p>A night nurse in Austin.</p>'.repeat(400)}` +
  `<script nonce="${nonce}">window.__remixContext = {"a":1}</script><script type="module" async nonce="${nonce}">import("/x.js")</script></body></html>`

const encoders: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliCompressSync(body),
  gzip: (body) => zlib.gzipSync(body),
  deflate: (body) => zlib.deflateSync(body),
  identity: (body) => body,
}

describe('a stored answer made ready for another nonce', () => {
  for (const [stored, encode] of Object.entries(encoders)) {
    test(`stored as ${stored}, it decodes to the page with the new nonce everywhere the old one was`, () => {
      const reusable = reusableBody(encode(Buffer.from(page(OLD))), stored === 'identity' ? undefined : stored, OLD, 'gzip, deflate, br')
      expect(reusable?.encoding).toBe(stored === 'identity' ? 'identity' : 'gzip')
      const sent = reusable!.fill(NEW)
      const plain = reusable!.encoding === 'gzip' ? zlib.gunzipSync(sent) : sent
      expect(plain.toString()).toBe(page(NEW))
      // Each answer its own: a second fill with another nonce is as whole.
      const again = reusable!.fill(OLD)
      expect((reusable!.encoding === 'gzip' ? zlib.gunzipSync(again) : again).toString()).toBe(page(OLD))
    })
  }

  test('stays compressed (each piece once, not the page per answer)', () => {
    const reusable = reusableBody(zlib.gzipSync(Buffer.from(page(OLD))), 'gzip', OLD, 'gzip')!
    expect(reusable.fill(NEW).length).toBeLessThan(page(NEW).length / 10)
  })

  test('a client that does not take gzip gets the plain page; one that refuses it with q=0 too', () => {
    for (const accept of ['br', 'br, gzip;q=0']) {
      const reusable = reusableBody(zlib.brotliCompressSync(Buffer.from(page(OLD))), 'br', OLD, accept)!
      expect(reusable.encoding).toBe('identity')
      expect(reusable.fill(NEW).toString()).toBe(page(NEW))
    }
  })

  test('a body without the nonce (JSON, a .data answer) is left as it was', () => {
    expect(reusableBody(zlib.gzipSync(Buffer.from('{"nurses":[]}')), 'gzip', OLD, 'gzip')).toBeNull()
  })

  test('nonces are new for every request: 16 random bytes', () => {
    const seen = new Set<string>()
    const res = { locals: {} as { cspNonce?: string } }
    for (let i = 0; i < 100; i++) {
      cspNonces()({} as express.Request, res as unknown as express.Response, () => {})
      expect(res.locals.cspNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      seen.add(res.locals.cspNonce!)
    }
    expect(seen.size).toBe(100)
  })
})

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
})

describe('the page cache with nonces', () => {
  test('answers a stored page with the request’s nonce in its policy and its scripts, in every encoding', async () => {
    const app = express()
    app.use(cspNonces())
    app.use(pageCache({ nonceOf: (res) => res.locals.cspNonce }))
    app.use(compression({ threshold: 0 }))
    let renders = 0
    app.get('*', (_req, res) => {
      renders += 1
      res.setHeader('Cache-Control', 'public, max-age=60')
      res.setHeader('Content-Security-Policy', `script-src 'self' 'nonce-${res.locals.cspNonce}'`)
      res.type('html').end(page(res.locals.cspNonce))
    })
    const server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    close = () => new Promise((resolve) => server.close(() => resolve()))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

    for (const encoding of ['gzip, deflate, br', 'gzip', 'identity']) {
      const nonces = []
      for (let i = 0; i < 3; i++) {
        const answer = await fetch(`${base}/night-nurse/austin`, { headers: { 'Accept-Encoding': encoding } })
        expect(answer.headers.get('x-page-cache')).toBe(i === 0 ? 'MISS' : 'HIT')
        const nonce = /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')![1]
        expect(await answer.text()).toBe(page(nonce))
        nonces.push(nonce)
      }
      expect(new Set(nonces).size).toBe(3)
    }
    expect(renders).toBe(3)
  })
})
