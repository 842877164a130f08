// Which of Mantine's stylesheets each page needs (decision 0023), read from the sources: every
// app/ module's imports, and Mantine's own ES modules, whose components import the CSS modules of
// their parts and the components they are built on (Button imports UnstyledButton and Loader).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const APP = path.join(ROOT, 'app')
const MANTINE = path.join(ROOT, 'node_modules/@mantine')
const EXTENSIONS = ['.ts', '.tsx']

/** The packages whose components bring stylesheets: core per component, the others one file each. */
const PACKAGES = ['core', 'dates', 'notifications', 'dropzone'] as const
type MantinePackage = (typeof PACKAGES)[number]

/** The global stylesheets, imported first and once, by the root (Mantine's documented order). */
export const GLOBAL_STYLESHEETS = [
  '@mantine/core/styles/baseline.css',
  '@mantine/core/styles/default-css-variables.css',
  '@mantine/core/styles/global.css',
]

// `import { A, type B } from '…'` and `export … from`, possibly over several lines; bare imports;
// dynamic imports.
const FROM_STATEMENT = /^[ \t]*(?:import|export)\s+([\w$\s,{}*]*?)\s*from\s*['"]([^'"]+)['"]/gm
const BARE_IMPORT = /^[ \t]*import\s*['"]([^'"]+)['"]/gm
const CSS_IMPORT = /^@import\s+['"](@mantine\/[^'"]+)['"]/gm
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

/** The names a statement brings in at run time (type-only names are erased by the compiler). */
function runtimeNames(clause: string): string[] {
  const trimmed = clause.trim()
  if (/^type\s/.test(trimmed)) return []
  const braces = trimmed.match(/\{([\s\S]*)\}/)
  if (!braces) return []
  return braces[1]
    .split(',')
    .map((name) => name.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '').trim())
    .filter((name) => name && !/^type\s/.test(name))
    .map((name) => name.split(/\s+as\s+/)[0].trim())
}

/** True when the statement leaves nothing behind at run time. */
function typeOnly(clause: string): boolean {
  const trimmed = clause.trim()
  if (/^type\s/.test(trimmed)) return true
  return /^\{[\s\S]*\}$/.test(trimmed) && runtimeNames(trimmed).length === 0
}

function resolveLocal(from: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('~/')) base = path.join(APP, specifier.slice(2))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return null
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext)]
  const isSource = (file: string) => EXTENSIONS.some((ext) => file.endsWith(ext))
  return candidates.find((file) => isSource(file) && fs.existsSync(file) && fs.statSync(file).isFile()) ?? null
}

/** The app stylesheet a bare import names (`~/styles/routes/login.css`), if it is one. */
function localStylesheet(from: string, specifier: string): string | null {
  if (!specifier.endsWith('.css')) return null
  if (specifier.startsWith('~/')) return path.join(APP, specifier.slice(2))
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier)
  return null
}

export interface AppModule {
  file: string
  /** Local modules it imports statically / with import(). */
  imports: string[]
  dynamicImports: string[]
  /** Mantine components it uses, as `core:Button`, `dates:DatePicker`. */
  components: string[]
  /** Mantine stylesheets it imports, in its order, as written (`@mantine/core/styles/Button.css`). */
  stylesheets: string[]
}

const moduleCache = new Map<string, AppModule>()

export function readAppModule(file: string): AppModule {
  const cached = moduleCache.get(file)
  if (cached) return cached
  const text = fs.readFileSync(file, 'utf8')
  const imports = new Set<string>()
  const dynamicImports = new Set<string>()
  const components = new Set<string>()
  const stylesheets: string[] = []
  for (const [, clause, specifier] of text.matchAll(FROM_STATEMENT)) {
    const pkg = specifier.match(/^@mantine\/(\w+)$/)?.[1] as MantinePackage | undefined
    if (pkg && PACKAGES.includes(pkg)) {
      // Hooks, helpers and types bring no markup; only capitalised names can be components.
      for (const name of runtimeNames(clause)) if (/^[A-Z]/.test(name)) components.add(`${pkg}:${name}`)
      continue
    }
    if (typeOnly(clause)) continue
    const target = resolveLocal(file, specifier)
    if (target) imports.add(target)
  }
  for (const [, specifier] of text.matchAll(BARE_IMPORT)) {
    if (specifier.startsWith('@mantine/')) stylesheets.push(specifier)
    const css = localStylesheet(file, specifier)
    // An app stylesheet's `@import '@mantine/…'` lines count as the module's own imports.
    if (css) for (const [, imported] of fs.readFileSync(css, 'utf8').matchAll(CSS_IMPORT)) stylesheets.push(imported)
    const target = resolveLocal(file, specifier)
    if (target) imports.add(target)
  }
  for (const [, specifier] of text.matchAll(DYNAMIC_IMPORT)) {
    const target = resolveLocal(file, specifier)
    if (target) dynamicImports.add(target)
  }
  const parsed = {
    file,
    imports: [...imports],
    dynamicImports: [...dynamicImports],
    components: [...components],
    stylesheets,
  }
  moduleCache.set(file, parsed)
  return parsed
}

/** The modules a module reaches; with `dynamic`, through import() too. */
export function moduleGraph(entry: string, { dynamic }: { dynamic: boolean }): AppModule[] {
  const seen = new Map<string, AppModule>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    const parsed = readAppModule(file)
    seen.set(file, parsed)
    for (const next of parsed.imports) visit(next)
    if (dynamic) for (const next of parsed.dynamicImports) visit(next)
  }
  visit(entry)
  return [...seen.values()]
}

/** Every route module: app/routes/*.tsx and app/routes/<folder>/route.tsx (resource routes have no markup). */
export function routeModules(): string[] {
  const dir = path.join(APP, 'routes')
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isDirectory()) {
        const route = path.join(dir, entry.name, 'route.tsx')
        return fs.existsSync(route) ? [route] : []
      }
      return entry.name.endsWith('.tsx') ? [path.join(dir, entry.name)] : []
    })
    .sort()
}

// --- Mantine's side ---

/** The order of the core stylesheets in Mantine's own styles.css: dependencies before the components built on them. */
let coreOrder: string[] | null = null
export function coreStylesheetOrder(): string[] {
  if (coreOrder) return coreOrder
  const all = fs.readFileSync(path.join(MANTINE, 'core/styles.css'), 'utf8')
  const dir = path.join(MANTINE, 'core/styles')
  const positions = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'))
    .map((name) => `@mantine/core/styles/${name}`)
    .filter((sheet) => !GLOBAL_STYLESHEETS.includes(sheet))
    .map((sheet) => {
      // Each file's first class (Mantine's hashed names are unique) marks where styles.css has it.
      const text = fs.readFileSync(path.join(MANTINE, sheet.slice('@mantine/'.length)), 'utf8')
      const first = text.match(/\.m_[0-9a-f]+\b/)
      const at = first ? all.indexOf(first[0]) : -1
      if (at < 0) throw new Error(`${sheet} is not part of @mantine/core/styles.css`)
      return { sheet, at }
    })
  coreOrder = [...GLOBAL_STYLESHEETS, ...positions.sort((a, b) => a.at - b.at).map(({ sheet }) => sheet)]
  return coreOrder
}

/** Where an exported name of a Mantine package is defined. */
function exportedModule(pkg: MantinePackage, name: string): string | null {
  // null: a name Mantine re-exports from another package (RemoveScroll), which brings no styles.
  const index = fs.readFileSync(path.join(MANTINE, pkg, 'esm/index.mjs'), 'utf8')
  for (const [, names, specifier] of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const found = names.split(',').some((entry) => entry.trim().split(/\s+as\s+/).pop() === name)
    if (found) return specifier.startsWith('.') ? path.join(MANTINE, pkg, 'esm', specifier) : null
  }
  // `import { Dropzone as Dropzone$1 } from './Dropzone.mjs'` … `export { Dropzone }` (@mantine/dropzone).
  for (const [, names, specifier] of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)) {
    const found = names.split(',').some((entry) => entry.trim().split(/\s+as\s+/)[0] === name)
    if (found) return path.join(MANTINE, pkg, 'esm', specifier)
  }
  throw new Error(`@mantine/${pkg} exports no ${name} that this analysis can find`)
}

const componentCache = new Map<string, Set<string>>()

/** The stylesheets a Mantine component (`core:Button`) needs, its own and those of what it renders. */
export function stylesheetsOf(component: string): Set<string> {
  const cached = componentCache.get(component)
  if (cached) return cached
  const sheets = new Set<string>()
  componentCache.set(component, sheets)
  const [pkg, name] = component.split(':') as [MantinePackage, string]
  const entry = exportedModule(pkg, name)
  if (!entry) return sheets
  if (pkg !== 'core') sheets.add(`@mantine/${pkg}/styles.css`)
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    // Mantine's providers and style helpers (core/) render no styled parts.
    if (pkg === 'core' && file.includes(`${path.sep}esm${path.sep}core${path.sep}`)) return
    const text = fs.readFileSync(file, 'utf8')
    // Only imports that bind a name: Mantine's build leaves bare `import '../Checkbox/Checkbox.mjs'`
    // lines behind where a module only re-exported types, and those render nothing.
    for (const [, specifier] of text.matchAll(/\bfrom\s*'([^']+)'/g)) {
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier)
        const css = target.match(/([\w-]+)\.module\.css\.mjs$/)
        if (css && pkg === 'core') sheets.add(`@mantine/core/styles/${css[1]}.css`)
        else if (target.endsWith('.mjs') && !css && fs.existsSync(target)) visit(target)
      }
    }
    // A package built on core: the core components it renders.
    if (pkg !== 'core') {
      for (const [, names] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
        for (const imported of names.split(',').map((entry) => entry.trim()).filter((entry) => /^[A-Z]/.test(entry))) {
          for (const sheet of stylesheetsOf(`core:${imported}`)) sheets.add(sheet)
        }
      }
    }
  }
  visit(entry)
  return sheets
}

/** Stylesheets in the order they must load: global, core in Mantine's order, then the other packages. */
export function sortStylesheets(sheets: Iterable<string>): string[] {
  const order = coreStylesheetOrder()
  const rank = (sheet: string) => {
    const at = order.indexOf(sheet)
    return at >= 0 ? at : order.length + PACKAGES.findIndex((pkg) => sheet === `@mantine/${pkg}/styles.css`)
  }
  return [...new Set(sheets)].sort((a, b) => rank(a) - rank(b))
}

/** What a set of modules needs: the stylesheets of every Mantine component they use. */
export function neededStylesheets(modules: readonly AppModule[]): Set<string> {
  const needed = new Set<string>()
  for (const module of modules) {
    for (const component of module.components) for (const sheet of stylesheetsOf(component)) needed.add(sheet)
  }
  return needed
}

/** Each stylesheet: who in the list uses it (for messages). */
export function usersOf(modules: readonly AppModule[], sheet: string): string[] {
  return modules
    .filter((module) => module.components.some((component) => stylesheetsOf(component).has(sheet)))
    .map((module) => {
      const users = module.components.filter((component) => stylesheetsOf(component).has(sheet))
      return `${path.relative(ROOT, module.file)} (${users.join(', ')})`
    })
}
