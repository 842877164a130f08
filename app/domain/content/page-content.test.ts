import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { parseContentFile } from '../platform/content-files'
import { type PageContent, PageContentSchema } from './page-content'

const TEXT_PAGES = ['about', 'accessibility', 'disclaimer', 'how-we-verify', 'partner', 'privacy', 'support', 'terms']

const folder = fileURLToPath(new URL('../../content/pages/', import.meta.url))
const routes = fileURLToPath(new URL('../../routes/', import.meta.url))
const readJson = (fileName: string): unknown => JSON.parse(readFileSync(`${folder}${fileName}`, 'utf8'))
const readPage = (page: string): PageContent =>
  parseContentFile(PageContentSchema, `pages/${page}.json`, readJson(`${page}.json`))

/** The route module that serves a path of this site: `/parent/dashboard` → parent.dashboard/route.tsx. */
function routeFileFor(path: string): string | undefined {
  const name = path.slice(1).replaceAll('/', '.')
  return [`${name}.tsx`, `${name}/route.tsx`, `${name}._index.tsx`].find((file) => existsSync(`${routes}${file}`))
}

function linksOf(page: PageContent): string[] {
  const blocks = [...(page.intro ?? []), ...page.sections.flatMap((section) => section.blocks)]
  const pieces = blocks.flatMap((block) => (Array.isArray(block) ? block : []))
  return pieces.flatMap((piece) => (typeof piece !== 'string' && 'to' in piece ? [piece.to] : []))
}

describe('text page files (app/content/pages)', () => {
  test('there is one file for each text page, the README and the Spanish folder, and nothing else', () => {
    expect(readdirSync(folder).sort()).toEqual([...TEXT_PAGES.map((page) => `${page}.json`), 'README.md', 'es'].sort())
  })

  test.each(TEXT_PAGES)('/%s is served by its route from its own file, and /es/%s from its Spanish one', (page) => {
    const route = readFileSync(`${routes}${page}.tsx`, 'utf8')
    expect(route).toContain(`from '~/content/pages/${page}.json'`)
    expect(route).toContain(`from '~/content/pages/es/${page}.json'`)
  })

  test.each(TEXT_PAGES)('%s.json has the shape of a text page', (page) => {
    expect(() => readPage(page)).not.toThrow()
  })

  test.each(TEXT_PAGES)('every link on /%s leads to a page of the site', (page) => {
    for (const path of linksOf(readPage(page))) expect(routeFileFor(path), path).toBeDefined()
  })

  test('a malformed file fails loudly, naming the file and the problem', () => {
    const good = readJson('terms.json') as PageContent
    const [first, ...rest] = good.sections
    const withBlock = (block: unknown) => ({ ...good, sections: [{ ...first, blocks: [block] }, ...rest] })
    const cases: [unknown, RegExp][] = [
      [{ ...good, meta: { ...good.meta, title: 'Terms of Service' } }, /Nightlight/],
      [{ ...good, subtitle: 'Read me' }, /subtitle/],
      [{ ...good, title: ' Terms' }, /leading or trailing spaces/],
      [{ ...good, lastUpdated: '2026-11-21' }, /a date like/],
      [{ ...good, sections: [] }, /sections/],
      [withBlock(['Read our', ' ', { text: 'Privacy Policy', to: 'privacy' }]), /starting with \//],
      [withBlock(['Write to', ' ', { text: 'us', href: 'support@nightlight.example' }]), /mailto:/],
      [withBlock({ list: ['One night.', ''] }), /leading or trailing spaces[\s\S]*list\[1\]/],
      [withBlock('First line.\nSecond line.'), /without line breaks/],
    ]
    for (const [data, problem] of cases) {
      const parse = () => parseContentFile(PageContentSchema, 'pages/terms.json', data)
      expect(parse).toThrow(/app\/content\/pages\/terms\.json is malformed/)
      expect(parse).toThrow(problem)
    }
  })
})
