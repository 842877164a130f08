// The /_api calls are one route that hands each request to its module in app/api/
// (docs/decisions/0077): every call is reached at its path as before, in any letter case and with
// a trailing slash as Remix matched routes; a path that names no call answers 404 and a method a
// call does not take 405, both as the calls' own JSON errors.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { API_CALLS, apiCallPath } from '../../app/api/calls.server'
import * as apiRoute from '../../app/routes/[_api].$'
import * as loginCall from '../../app/api/auth.login_with_password'
import * as sessionCall from '../../app/api/auth.session'
import { call, ORIGIN } from '../support/fixtures'

const get = (url: string) => new Request(new URL(url, ORIGIN))
const splat = (url: string) => ({ '*': new URL(url, ORIGIN).pathname.replace(/^\/_api\//i, '') })

describe('the /_api route', () => {
  test('holds every module of app/api by its path', () => {
    const files = readdirSync(path.resolve(import.meta.dirname, '../../app/api')).filter((file) => !file.endsWith('.test.ts') && file !== 'calls.server.ts')
    expect([...API_CALLS.keys()].sort()).toEqual(files.map((file) => file.replace(/\.ts$/, '').replaceAll('.', '/')).sort())
    expect(API_CALLS.get('auth/login_with_password')).toBe(loginCall)
    expect(API_CALLS.get('auth/oauth_callback/google')).toBeDefined()
    expect(API_CALLS.size).toBeGreaterThanOrEqual(52)
  })

  test('names a call by its path in any case, with one trailing slash or none, and nothing else', () => {
    expect(apiCallPath('bookings/create')).toBe('bookings/create')
    expect(apiCallPath('Bookings/CREATE/')).toBe('bookings/create')
    for (const other of [undefined, '', 'bookings', 'bookings.create', 'bookings/create//', 'bookings/create/x', '../bookings/create', 'calls.server', 'calls/server']) {
      expect(apiCallPath(other), String(other)).toBeUndefined()
    }
  })

  test('answers a GET with the call its path names', async () => {
    const direct = await call(sessionCall.loader, get('/_api/auth/session'))
    const routed = await call(apiRoute.loader, get('/_api/auth/session'), splat('/_api/auth/session'))
    expect(routed.status).toBe(direct.status)
    expect(await routed.json()).toEqual(await direct.json())
  })

  test('answers 404 for a path that names no call, and 405 for a method the call does not take', async () => {
    for (const url of ['/_api/nope', '/_api/bookings', '/_api/bookings.create', '/_api/calls.server']) {
      const response = await call(apiRoute.loader, get(url), splat(url))
      expect(response.status, url).toBe(404)
      expect(await response.json()).toEqual({ error: 'Not found' })
    }
    // Every call answers GET; /_api/auth/session answers nothing else, so a POST finds no handler.
    expect(API_CALLS.get('auth/session')?.action).toBeUndefined()
    const post = new Request(new URL('/_api/auth/session', ORIGIN), { method: 'POST', headers: { Origin: ORIGIN } })
    const refused = await call(apiRoute.action, post, { '*': 'auth/session' })
    expect(refused.status).toBe(405)
    expect(await refused.json()).toEqual({ error: 'Method not allowed' })
  })

  test('answers OPTIONS with the methods the call takes, without running it', async () => {
    // A signed-in visitor's session would be read by the loader; OPTIONS must not return it.
    const options = (url: string) => new Request(new URL(url, ORIGIN), { method: 'OPTIONS' })
    const session = await call(apiRoute.loader, options('/_api/auth/session'), splat('/_api/auth/session'))
    expect(session.status).toBe(204)
    expect(session.headers.get('Allow')).toBe('GET, HEAD, OPTIONS')
    expect(await session.text()).toBe('')
    const login = await call(apiRoute.loader, options('/_api/auth/login_with_password'), splat('/_api/auth/login_with_password'))
    expect(login.headers.get('Allow')).toBe('GET, HEAD, POST, OPTIONS')
  })

  test('answers a JSON body that is not an object in words, before its fields are read', async () => {
    for (const body of ['[]', 'null', '42', '"text"', '[{"email":"a@example.com"}]']) {
      const post = new Request(new URL('/_api/auth/register_with_password', ORIGIN), {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body,
      })
      const answer = await call(apiRoute.action, post, { '*': 'auth/register_with_password' })
      expect(answer.status, body).toBe(400)
      expect((await answer.json()).error, body).toBe('The request body must be a JSON object')
    }
  })
})
