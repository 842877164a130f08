// How tests read app/'s imports (used by tests/unit/import-graph.test.ts and area-graph.test.ts).
// eslint-plugin-import's no-cycle is not installed, so this reads every app/**/*.ts(x) with a
// regular expression over its `import … from`, `export … from` and bare `import '…'` statements,
// resolves `~/` and relative paths to files, and keeps the imports that remain at run time:
// `import type`, `export type` and imports whose every name is marked `type` are erased by the
// compiler and are left out.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const APP = path.join(ROOT, 'app')
const EXTENSIONS = ['.ts', '.tsx']

export function sourceFiles(dir: string): string[] {
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
export function typeOnly(clause: string): boolean {
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
export function resolve(from: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('~/')) base = path.join(APP, specifier.slice(2))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return null
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, 'index' + ext))]
  return candidates.find((file) => EXTENSIONS.some((ext) => file.endsWith(ext)) && fs.existsSync(file) && fs.statSync(file).isFile()) ?? null
}

/** Every file's run-time imports, as absolute paths. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
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

/** The circles of a graph: each strongly connected group, as one circle through it. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  return stronglyConnectedGroups(graph).map((group) => circleThrough(graph, new Set(group)))
}

/** Each strongly connected group of two or more nodes, or a node that imports itself (Tarjan's
 * algorithm): every node of a group reaches every other. */
export function stronglyConnectedGroups(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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
  return groups
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
