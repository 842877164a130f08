// patches/ (patch-package, run by `npm install` and `npm ci`): the server's route matching keeps
// what never changes while a build runs (docs/decisions/0025, 0026), and postgres.js drops a write
// to a closed socket instead of crashing (0010). docs/decisions/0053 is the runbook for an upgrade.
// These tests fail when a patch was not applied, and check that matching still answers as before.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type * as Router from '@remix-run/router'
import { describe, expect, test } from 'vitest'

const require = createRequire(import.meta.url)
const PATCHES = path.resolve(__dirname, '../../patches')

describe('the patched packages', () => {
  test.each(fs.readdirSync(PATCHES).filter((file) => file.endsWith('.patch')))('%s is applied', (file) => {
    const patch = fs.readFileSync(path.join(PATCHES, file), 'utf8')
    const files = patch.split(/^diff --git /m).slice(1)
    expect(files.length).toBeGreaterThan(0)
    for (const diff of files) {
      const target = /^\+\+\+ b\/(\S+)$/m.exec(diff)![1]
      const added = diff.split('\n').filter((line) => line.startsWith('+') && !line.startsWith('+++')).map((line) => line.slice(1))
      const installed = fs.readFileSync(path.resolve(PATCHES, '..', target), 'utf8')
      for (const line of added) expect(installed, `${target} lacks a line of ${file}`).toContain(line)
    }
  })

  test("the server's router matches paths with its compiled patterns kept", () => {
    const router: typeof Router = require('@remix-run/router/dist/router.cjs.js')
    const routes = [
      { id: 'root', path: '/', children: [{ id: 'nurse', path: 'nurse/:slug' }, { id: 'city', path: 'night-nurse/:city?' }] },
    ]
    for (const slug of ['maria-garcia', 'ana-lopez', 'maria-garcia']) {
      const matches = router.matchRoutes(routes, `/nurse/${slug}`)
      expect(matches?.map((match) => match.route.id)).toEqual(['root', 'nurse'])
      expect(matches?.at(-1)?.params).toEqual({ slug })
    }
    expect(router.matchRoutes(routes, '/NURSE/Ana')?.at(-1)?.params).toEqual({ slug: 'Ana' })
    expect(router.matchRoutes(routes, '/night-nurse')?.at(-1)?.params).toEqual({})
    expect(router.matchPath({ path: '/nurse/:slug', caseSensitive: true }, '/NURSE/ana')).toBeNull()
    expect(router.matchPath({ path: '/nurse/:slug', end: false }, '/nurse/ana/book')?.params).toEqual({ slug: 'ana' })
    expect(router.matchPath('/nurse/:slug', '/nurse/ana/book')).toBeNull()
  })

  // What the two memos change, seen from outside: an upgrade that silently drops the router's
  // patch fails here, not only in a benchmark.
  test("the server's router ranks a routes array once, the first time it is matched", () => {
    const router: typeof Router = require('@remix-run/router/dist/router.cjs.js')
    const routes: Router.AgnosticRouteObject[] = [{ id: 'terms', path: 'terms' }]
    expect(router.matchRoutes(routes, '/terms')?.map((match) => match.route.id)).toEqual(['terms'])
    // Route arrays never change on the server; one that did would not be ranked again.
    routes.push({ id: 'privacy', path: 'privacy' })
    expect(router.matchRoutes(routes, '/privacy')).toBeNull()
    expect(router.matchRoutes([...routes], '/privacy')?.map((match) => match.route.id)).toEqual(['privacy'])
  })

  test("the server's router compiles a path pattern once", () => {
    const router: typeof Router = require('@remix-run/router/dist/router.cjs.js')
    const compiled: string[] = []
    const NativeRegExp = globalThis.RegExp
    globalThis.RegExp = new Proxy(NativeRegExp, {
      construct(target, args: [string, string?]) {
        compiled.push(args[0])
        return new target(...args)
      },
    })
    try {
      const pattern = `/patch-check/${Math.random().toString(36).slice(2)}/:slug`
      expect(router.matchPath(pattern, '/patch-check/x/ana')).toBeNull()
      const once = compiled.length
      expect(once).toBeGreaterThan(0)
      for (let i = 0; i < 3; i++) router.matchPath(pattern, '/patch-check/x/ana')
      expect(compiled).toHaveLength(once)
    } finally {
      globalThis.RegExp = NativeRegExp
    }
  })
})
