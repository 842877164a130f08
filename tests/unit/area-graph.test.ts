// The domain's areas (app/domain/<area>/) are layers: an area imports at run time only areas
// below it, never one that imports it back (decisions 0055 and 0057). The graph is the file graph of
// tests/support/import-graph.ts folded to areas: a value import from a file of `nurses/` into a
// file of `places/` is the edge nurses -> places; type-only imports and tests are left out.
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { APP, importGraph, sourceFiles, stronglyConnectedGroups } from '../support/import-graph'

const DOMAIN = path.join(APP, 'domain')

/** The area a file of app/domain belongs to, or null for a file outside any area. */
function areaOf(file: string): string | null {
  const parts = path.relative(DOMAIN, file).split(path.sep)
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : null
}

/** area -> the other areas its files import at run time. */
function areaGraph(): Map<string, string[]> {
  const files = sourceFiles(DOMAIN).filter((file) => !file.includes('.test.'))
  const areas = new Map<string, Set<string>>()
  for (const [file, targets] of importGraph(files)) {
    const from = areaOf(file)
    if (!from) continue
    const edges = areas.get(from) ?? new Set<string>()
    areas.set(from, edges)
    for (const target of targets) {
      const to = areaOf(target)
      if (to && to !== from) edges.add(to)
    }
  }
  return new Map([...areas].map(([area, edges]) => [area, [...edges].sort()]))
}

/** Every edge whose two ends lie on one circle, as `from -> to`, sorted. */
function circleEdges(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const groupOf = new Map<string, number>()
  stronglyConnectedGroups(graph).forEach((group, index) => group.forEach((area) => groupOf.set(area, index)))
  const onOneCircle = (from: string, to: string) => groupOf.has(from) && groupOf.get(from) === groupOf.get(to)
  return [...graph].flatMap(([from, tos]) => tos.filter((to) => onOneCircle(from, to)).map((to) => `${from} -> ${to}`)).sort()
}

describe('areas are layers', () => {
  test('the walk sees every area and its imports, and finds the edges of a circle', () => {
    const graph = areaGraph()
    expect(graph.size).toBeGreaterThanOrEqual(14)
    expect(graph.get('nurses')).toContain('places')
    const diamondAndCircle = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', []],
      ['d', ['c']],
    ])
    expect(circleEdges(diamondAndCircle)).toEqual(['a -> b', 'b -> a'])
  })

  test('no area imports one that imports it back', () => {
    expect(circleEdges(areaGraph()), 'these imports close a circle of areas: move the code they need to the lower area, or the caller up').toEqual([])
  })
})
