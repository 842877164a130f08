// The routes of a production build, for the tests that walk every route (tests/http): read by
// importing the build in a child process, since it is the server's own code. The /_api calls are
// one route that hands each to its module (app/api/calls.server.ts): each call is listed as a route
// of its own, at its path, in place of that route.
import { execFileSync } from 'node:child_process'
import path from 'node:path'

export interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  /** A page: its module renders a component. */
  isPage: boolean
  hasLoader: boolean
  hasAction: boolean
}

const API_ROUTE_ID = 'routes/[_api].$'

export function readManifest(buildDir = process.env.BUILD_DIR ?? 'build-e2e'): ManifestRoute[] {
  const entry = path.resolve(buildDir, 'server/index.js')
  const script = `
    const { routes, entry } = await import(${JSON.stringify(`file://${entry}`)})
    const rows = Object.values(routes).filter((r) => r.id !== ${JSON.stringify(API_ROUTE_ID)}).map((r) => ({
      id: r.id, parentId: r.parentId, path: r.path, index: r.index,
      isPage: typeof r.module.default === 'function',
      hasLoader: typeof r.module.loader === 'function', hasAction: typeof r.module.action === 'function',
    }))
    for (const [call, module] of entry.module.API_CALLS) {
      rows.push({
        id: 'api/' + call, parentId: 'root', path: '_api/' + call, index: undefined, isPage: false,
        hasLoader: typeof module.loader === 'function', hasAction: typeof module.action === 'function',
      })
    }
    process.stdout.write(JSON.stringify(rows))
    process.exit(0)`
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
    maxBuffer: 10_000_000,
  })
  return JSON.parse(output.toString())
}

/** '/parent/receipts/:paymentId.pdf' for each route, its parents' paths joined. */
export function fullPath(route: ManifestRoute, byId: Map<string, ManifestRoute>): string {
  const parts: string[] = []
  for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? byId.get(at.parentId) : undefined) {
    if (at.path) parts.unshift(at.path)
  }
  return `/${parts.join('/')}`
}
