// No import circles in app/ (decision 0021). eslint-plugin-import's no-cycle is not installed, so
// this reads every app/**/*.ts(x) with a regular expression over its `import … from`, `export …
// from` and bare `import '…'` statements, resolves `~/` and relative paths to files, and looks for
// circles among the imports that remain at run time: `import type`, `export type` and imports whose
// every name is marked `type` are erased by the compiler and are left out.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const APP = path.join(ROOT, 'app')
const EXTENSIONS = ['.ts', '.tsx']

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts') ? [full] : []
  })
}

// `import x, { y } from '…'`, `import * as x from '…'`, `export { x } from '…'`, `export * from '…'`,
// each possibly over several lines; group 1 is what comes between the keyword and `from` (names,
// braces, commas and `*` only, so an `export const … from` elsewhere never matches).
const FROM_STATEMENT = /^[ \t]*(?:import|export)\s+([\w$\s,{}*]*?)\s*from\s*['"]([^'"]+)['"]/gm
const BARE_IMPORT = /^[ \t]*import\s*['"]([^'"]+)['"]/gm

/** True when the statement leaves nothing behind at run time. */
function typeOnly(clause: string): boolean {
  if (/^type\s/.test(clause)) return true
  const braces = clause.match(/^\{([\s\S]*)\}$/)
  if (!braces) return false
  const names = braces[1]
    .split(',')
    .map((name) => name.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '').trim())
    .filter(Boolean)
  return names.length > 0 && names.every((name) => /^type\s/.test(name))
}

/** The source files an import names, or null for a package or a file that is not TypeScript. */
function resolve(from: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('~/')) base = path.join(APP, specifier.slice(2))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return null
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, 'index' + ext))]
  return candidates.find((file) => EXTENSIONS.some((ext) => file.endsWith(ext)) && fs.existsSync(file) && fs.statSync(file).isFile()) ?? null
}

/** Every file's run-time imports, as absolute paths. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8')
    const targets = new Set<string>()
    for (const [, clause, specifier] of text.matchAll(FROM_STATEMENT)) {
      if (typeOnly(clause.trim())) continue
      const target = resolve(file, specifier)
      if (target) targets.add(target)
    }
    for (const [, specifier] of text.matchAll(BARE_IMPORT)) {
      const target = resolve(file, specifier)
      if (target) targets.add(target)
    }
    graph.set(file, [...targets])
  }
  return graph
}

/** The circles of a graph: each strongly connected group of two or more files, or a file that
 * imports itself, as one circle through it (Tarjan's algorithm). */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!))
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group)
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return groups.map((group) => circleThrough(graph, new Set(group)))
}

/** One circle inside a strongly connected group, from its first file (alphabetically) back to it. */
function circleThrough(graph: ReadonlyMap<string, readonly string[]>, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue
      if (next === start) {
        const circle = [node]
        while (circle[0] !== start) circle.unshift(cameFrom.get(circle[0])!)
        return [...circle, start]
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node)
        queue.push(next)
      }
    }
  }
  return [...group]
}

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
  const NIGHT_INSTANTS = path.join(APP, 'domain/bookings/night-instants.ts')

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
