// The doors of the domain's areas (docs/decisions/0057). An area (a folder of app/domain) declares in
// app/domain/doors.json the files other areas may import at run time: its door. A value import from
// a file of one area into another area's file that is not on that area's list is refused; the
// answer is to import what the door offers, or to add the file to the door on purpose, in review.
// `import type` (and an import whose every name is `type`) is allowed from any file: it leaves
// nothing at run time, as in tests/unit/area-graph.test.ts. Files outside app/domain (routes,
// components, utils) are not checked, and neither are an area's tests.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const APP = path.join(ROOT, 'app')
const DOMAIN = path.join(APP, 'domain')
const MANIFEST = path.join(DOMAIN, 'doors.json')

let cached = null
function readDoors() {
  const stat = fs.statSync(MANIFEST)
  if (!cached || cached.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, doors: JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) }
  return cached.doors
}

/** The area of a file of app/domain and its path inside the area, or null outside any area. */
function areaOf(file) {
  const parts = path.relative(DOMAIN, file).split(path.sep)
  return parts.length > 1 && parts[0] !== '..' ? { area: parts[0], inside: parts.slice(1).join('/') } : null
}

/** The file an import names: `~/` is app/, `./` and `../` are relative; a package gives null. */
function resolveImport(from, specifier) {
  let base
  if (specifier.startsWith('~/')) base = path.join(APP, specifier.slice(2))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return null
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]
  return candidates.find((file) => /\.tsx?$/.test(file) && fs.existsSync(file) && fs.statSync(file).isFile()) ?? base
}

/** True when the statement leaves nothing behind at run time. */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true
  const names = node.specifiers ?? []
  return names.length > 0 && names.every((name) => name.importKind === 'type' || name.exportKind === 'type')
}

const doorsRule = {
  meta: {
    type: 'problem',
    docs: { description: "An area of app/domain imports another area's files only through its door (app/domain/doors.json)." },
    schema: [],
    messages: {
      notADoor:
        "'{{file}}' is not in the door of {{area}}/ (app/domain/doors.json): import what the door offers, or add the file to {{area}}'s door on purpose (docs/decisions/0057).",
      unknownArea: "{{area}}/ declares no door in app/domain/doors.json (docs/decisions/0057).",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename()
    const from = areaOf(filename)
    if (!from || /\.test\.tsx?$/.test(filename)) return {}
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return
      const target = resolveImport(filename, source.value)
      const to = target && areaOf(target)
      if (!to || to.area === from.area) return
      const doors = readDoors()
      const door = doors[to.area]
      if (!door) context.report({ node: source, messageId: 'unknownArea', data: { area: to.area } })
      else if (!door.includes(to.inside)) context.report({ node: source, messageId: 'notADoor', data: { area: to.area, file: to.inside } })
    }
    return {
      ImportDeclaration: (node) => typeOnly(node) || check(node, node.source),
      ExportNamedDeclaration: (node) => typeOnly(node) || check(node, node.source),
      ExportAllDeclaration: (node) => typeOnly(node) || check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    }
  },
}

export default { meta: { name: 'area-doors' }, rules: { doors: doorsRule } }
