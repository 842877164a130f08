// Decision 0023: Mantine's styles are loaded per page, not all of them on every page. The root
// imports the global styles and those of the layout (app/styles/mantine.css); each route module
// imports one stylesheet (app/styles/routes/<route>.css) with the styles of every other Mantine
// component its page can show, its lazy sections, dialogs and menus included. A component whose
// stylesheet is missing renders unstyled, which no type check notices: these tests do, reading the
// imports of app/ and, for each Mantine component, the CSS modules of its parts in Mantine's own
// ES modules.
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  APP,
  GLOBAL_STYLESHEETS,
  moduleGraph,
  neededStylesheets,
  readAppModule,
  routeModules,
  sortStylesheets,
  stylesheetsOf,
  usersOf,
} from '../support/mantine-styles'

const ROOT_MODULE = path.join(APP, 'root.tsx')
// Not used by the layout (plain elements, decision 0024) but by nearly every page, so the root has
// them (in Mantine's order), rather than a dozen route stylesheets each.
const NEARLY_EVERY_PAGE = ['Paper', 'Group', 'Alert', 'Anchor', 'Card', 'SimpleGrid']
const rootGraph = moduleGraph(ROOT_MODULE, { dynamic: true })
const rootSheets = readAppModule(ROOT_MODULE).stylesheets
const routes = routeModules()
const relative = (file: string) => path.relative(APP, file)

describe("Mantine's stylesheets", () => {
  test('the analysis finds the components a Mantine component is built on', () => {
    // Mantine's documentation: Button needs UnstyledButton's styles; TextInput has none of its own.
    expect([...stylesheetsOf('core:Button')]).toEqual(
      expect.arrayContaining(['@mantine/core/styles/UnstyledButton.css', '@mantine/core/styles/Button.css']),
    )
    expect([...stylesheetsOf('core:TextInput')]).toContain('@mantine/core/styles/Input.css')
    expect([...stylesheetsOf('dates:DatePicker')]).toEqual(
      expect.arrayContaining(['@mantine/dates/styles.css', '@mantine/core/styles/UnstyledButton.css']),
    )
    const unordered = [
      '@mantine/core/styles/Button.css',
      '@mantine/core/styles/UnstyledButton.css',
      '@mantine/core/styles/global.css',
    ]
    expect(sortStylesheets(unordered)).toEqual([
      '@mantine/core/styles/global.css',
      '@mantine/core/styles/UnstyledButton.css',
      '@mantine/core/styles/Button.css',
    ])
  })

  test('the root loads the global styles first, then the layout\'s components, in Mantine\'s order', () => {
    expect(rootSheets.slice(0, GLOBAL_STYLESHEETS.length)).toEqual(GLOBAL_STYLESHEETS)
    expect(rootSheets).toEqual(sortStylesheets(rootSheets))
    const missing = [...neededStylesheets(rootGraph)].filter((sheet) => !rootSheets.includes(sheet))
    expect(missing.map((sheet) => `${sheet}: ${usersOf(rootGraph, sheet).join('; ')}`)).toEqual([])
    // Nothing more than the layout uses and what nearly every page shows: the rest would be
    // render-blocking CSS on every page.
    const needed = neededStylesheets(rootGraph)
    const extra = rootSheets.filter((sheet) => !needed.has(sheet) && !GLOBAL_STYLESHEETS.includes(sheet))
    expect(extra).toEqual(NEARLY_EVERY_PAGE.map((component) => `@mantine/core/styles/${component}.css`))
  })

  test("nothing imports all of Mantine's core styles; only the root, routes and browser-only chunks import any", () => {
    const offenders = new Set<string>()
    for (const entry of [ROOT_MODULE, ...routes]) {
      const eager = new Set(moduleGraph(entry, { dynamic: false }).map((module) => module.file))
      for (const module of moduleGraph(entry, { dynamic: true })) {
        if (module.stylesheets.some((sheet) => /^@mantine\/core\/styles(\.layer)?\.css$/.test(sheet))) {
          offenders.add(`${relative(module.file)} imports all of @mantine/core's styles`)
        }
        const allowed = module.file === entry || !eager.has(module.file)
        if (!allowed && module.stylesheets.length > 0) {
          offenders.add(`${relative(module.file)} imports ${module.stylesheets.join(', ')}`)
        }
      }
    }
    expect([...offenders]).toEqual([])
  })

  const cases = routes.map((file) => [relative(file), file])
  test.each(cases)('%s has the styles of every Mantine component its page shows, once', (_, file) => {
    const graph = moduleGraph(file, { dynamic: true })
    const eager = new Set(moduleGraph(file, { dynamic: false }).map((module) => module.file))
    // Modules only import() reaches render in the browser alone (after hydration), and their chunk
    // brings its own stylesheets; the server renders everything else, lazy home sections included,
    // so their styles must be in the page's first stylesheets.
    const browserOnly = graph.filter((module) => !eager.has(module.file))
    const own = readAppModule(file).stylesheets
    const chunks = browserOnly.flatMap((module) => module.stylesheets)
    const loaded = (sheet: string) => rootSheets.includes(sheet) || own.includes(sheet)
    const missing = [
      ...[...neededStylesheets(graph.filter((module) => eager.has(module.file)))].filter((sheet) => !loaded(sheet)),
      ...[...neededStylesheets(browserOnly)].filter((sheet) => !loaded(sheet) && !chunks.includes(sheet)),
    ]
    expect(missing.map((sheet) => `${sheet}: ${usersOf(graph, sheet).join('; ')}`), 'missing stylesheets').toEqual([])
    // Loaded again after the app's own CSS, a root stylesheet would undo the app's overrides.
    expect([...own, ...chunks].filter((sheet) => rootSheets.includes(sheet)), 'already in the root').toEqual([])
    expect(chunks.filter((sheet) => own.includes(sheet)), "already in the route's stylesheet").toEqual([])
    const needed = neededStylesheets(graph)
    expect(own.filter((sheet) => !needed.has(sheet)), 'not used by the page').toEqual([])
    expect(own, "in Mantine's order").toEqual(sortStylesheets(own))
  })
})
