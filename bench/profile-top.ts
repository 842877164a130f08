// Prints the top functions of a V8 CPU profile (`node --cpu-prof`), by self time and by the time
// spent in each function including what it calls. `npx tsx bench/profile-top.ts <file.cpuprofile> [count]`
import fs from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

export function topFunctions(file: string, count = 25) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const label = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame
    const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(build[^/]*\/)/, '$1')
    return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`
  }
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  let all = 0
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0
    all += micros
    const node = byId.get(id)!
    self.set(label(node), (self.get(label(node)) ?? 0) + micros)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at)!)
      if (seen.has(name)) continue
      seen.add(name)
      total.set(name, (total.get(name) ?? 0) + micros)
    }
  })
  const print = (title: string, table: Map<string, number>) => {
    process.stdout.write(`\n${title}\n`)
    for (const [name, micros] of [...table].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      process.stdout.write(`${((micros / all) * 100).toFixed(1).padStart(6)}%  ${name}\n`)
    }
  }
  print('Self time', self)
  print('Total time (with callees)', total)
}

if (import.meta.filename === process.argv[1] && process.argv[2]) topFunctions(process.argv[2], Number(process.argv[3] ?? 25))
