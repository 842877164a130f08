// The caching rules every Remix answer leaves with (server/private-answers.js): whatever depends
// on who is signed in is private, no-store; public answers say Vary: Cookie.
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { cachingRules, privateAnswers } from '../../server/private-answers.js'

const PUBLIC = 'public, max-age=60, stale-while-revalidate=300'

describe('the caching rules', () => {
  test('a request with a cookie gets private, no-store even when the route said public', () => {
    expect(cachingRules({ cookie: '__session=abc' }, { cacheControl: PUBLIC, vary: 'Cookie', setsCookie: false })).toEqual({
      cacheControl: 'private, no-store',
      vary: 'Cookie',
    })
    expect(cachingRules({ authorization: 'Bearer x' }, { cacheControl: PUBLIC, setsCookie: false }).cacheControl).toBe(
      'private, no-store',
    )
  })

  test('an answer that sets a cookie, or says nothing about caching, is private, no-store', () => {
    expect(cachingRules({}, { cacheControl: PUBLIC, setsCookie: true }).cacheControl).toBe('private, no-store')
    expect(cachingRules({}, { setsCookie: false }).cacheControl).toBe('private, no-store')
    expect(cachingRules({}, { cacheControl: '  ', setsCookie: false }).cacheControl).toBe('private, no-store')
  })

  test("an anonymous answer keeps its own rule, and a public one says Vary: Cookie", () => {
    expect(cachingRules({}, { cacheControl: 'no-store', setsCookie: false })).toEqual({ cacheControl: 'no-store' })
    expect(cachingRules({}, { cacheControl: PUBLIC, setsCookie: false })).toEqual({ cacheControl: PUBLIC, vary: 'Cookie' })
    expect(cachingRules({}, { cacheControl: PUBLIC, vary: 'Accept-Encoding', setsCookie: false }).vary).toBe(
      'Accept-Encoding, Cookie',
    )
    expect(cachingRules({}, { cacheControl: PUBLIC, vary: 'accept-encoding, cookie', setsCookie: false }).vary).toBe(
      'accept-encoding, cookie',
    )
  })
})

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

async function serve(handler: express.RequestHandler) {
  const app = express()
  app.use(privateAnswers())
  app.get('*', handler)
  const server = app.listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  close = () => new Promise((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('the middleware', () => {
  test('rewrites the headers a route set, at the moment they are sent', async () => {
    const base = await serve((_req, res) => {
      res.setHeader('Cache-Control', PUBLIC)
      res.write('<p>')
      res.end('hello</p>')
    })
    const anonymous = await fetch(`${base}/night-nurse`)
    expect(anonymous.headers.get('cache-control')).toBe(PUBLIC)
    expect(anonymous.headers.get('vary')).toBe('Cookie')
    const signedIn = await fetch(`${base}/night-nurse`, { headers: { Cookie: '__session=abc' } })
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
    expect(await signedIn.text()).toBe('<p>hello</p>')
  })

  test('headers passed to writeHead directly are covered too', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': PUBLIC })
      res.end('x')
    })
    const signedIn = await fetch(`${base}/`, { headers: { Cookie: 'a=b' } })
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
    expect(signedIn.headers.get('content-type')).toBe('text/plain')
  })
})
