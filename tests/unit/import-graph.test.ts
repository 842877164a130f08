// No import circles in app/ (decision 0021): the graph is read by tests/support/import-graph.ts.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { APP, ROOT, findCycles, importGraph, sourceFiles, typeOnly } from '../support/import-graph'

describe('import circles', () => {
  test('the finder reports a circle and ignores a diamond', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['d', 'f']],
      ['f', ['d']],
      ['g', ['g']],
    ])
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a'], ['g', 'g']])
  })

  test('type-only imports are left out; value imports, re-exports and bare imports count', () => {
    expect(typeOnly('type { A }')).toBe(true)
    expect(typeOnly('{ type A, type B }')).toBe(true)
    expect(typeOnly('{ type A, b }')).toBe(false)
    expect(typeOnly('{ a }')).toBe(false)
    expect(typeOnly('* as a')).toBe(false)
    expect(typeOnly('*')).toBe(false)
    expect(typeOnly('a, { type B }')).toBe(false)
  })

  test('no module in app/ imports itself back at run time', () => {
    const files = sourceFiles(APP)
    const graph = importGraph(files)
    // The walk sees the app's imports: a sanity check that the regular expressions still match.
    expect(graph.get(path.join(APP, 'root.tsx'))).toContain(path.join(APP, 'utils/root-data.ts'))
    expect(graph.get(path.join(APP, 'domain/payments/payment-provider.server.ts'))).toContain(
      path.join(APP, 'domain/payments/providers/test-provider.server.ts'),
    )
    const circles = findCycles(graph).map((circle) => circle.map((file) => path.relative(ROOT, file)).join(' → '))
    expect(circles, `import circles:\n${circles.join('\n')}`).toEqual([])
  })
})

describe('what every page loads (issue 13, decision 0025)', () => {
  // The components go to the browser with every page that shows them. None may reach the module
  // that puts all twelve cities' text together, nor dayjs (routes import them for their loaders,
  // which the build leaves out of the browser's bundle; .server modules never go there).
  const CITY_PAGES = path.join(APP, 'domain/places/city-pages.ts')
  const NIGHT_INSTANTS = path.join(APP, 'domain/time/night-instants.ts')

  function reachable(graph: ReadonlyMap<string, readonly string[]>, start: string): Set<string> {
    const seen = new Set<string>([start])
    const queue = [start]
    while (queue.length > 0) {
      for (const next of graph.get(queue.shift()!) ?? []) {
        if (seen.has(next) || next.includes('.server.')) continue
        seen.add(next)
        queue.push(next)
      }
    }
    return seen
  }

  test('no component reaches the city pages’ text, and none a public page shows reaches dayjs', () => {
    const files = sourceFiles(APP)
    const graph = importGraph(files)
    const components = files.filter((file) => file.startsWith(path.join(APP, 'components')) && !file.includes('.test.'))
    expect(components.length).toBeGreaterThan(20)
    const reaching = (target: string, from: readonly string[]) =>
      from.filter((file) => reachable(graph, file).has(target)).map((file) => path.relative(APP, file))
    expect(reaching(CITY_PAGES, [path.join(APP, 'root.tsx'), ...components])).toEqual([])
    // The components the public pages import (the booking flow and the dashboards may need dayjs).
    const publicRoutes = ['_index.tsx', 'night-nurse._index.tsx', 'night-nurse.$citySlug.tsx', 'search.tsx', 'nurse.$slug.tsx', 'login.tsx']
    const shown = [
      ...new Set([
        path.join(APP, 'root.tsx'),
        ...publicRoutes.flatMap((route) => (graph.get(path.join(APP, 'routes', route)) ?? []).filter((file) => components.includes(file))),
      ]),
    ]
    expect(shown.length).toBeGreaterThan(10)
    expect(reaching(NIGHT_INSTANTS, shown)).toEqual([])
    // The walk does reach the shared modules (a check that it follows imports at all).
    expect(reachable(graph, path.join(APP, 'components/site-footer.tsx'))).toContain(path.join(APP, 'domain/places/cities.ts'))
    expect(reaching(NIGHT_INSTANTS, [path.join(APP, 'components/booking-confirmed.tsx')])).toHaveLength(1)
  })

  test('only city-pages.ts reads the cities’ text files, and only night-instants.ts imports dayjs', () => {
    const readers = sourceFiles(APP).filter(
      (file) => !file.includes('.test.') && /from '[./]+content\/cities\/(?!generic-faqs)[\w-]+\.json'/.test(fs.readFileSync(file, 'utf8')),
    )
    expect(readers).toEqual([CITY_PAGES])
    const dayjsImporters = sourceFiles(APP).filter(
      (file) => !file.includes('.test.') && /from 'dayjs/.test(fs.readFileSync(file, 'utf8')),
    )
    expect(dayjsImporters).toEqual([NIGHT_INSTANTS])
  })
})
