// Every catalogue, bundled: the server translates pages, e-mails and documents in either language
// at once. (The browser loads a page's namespaces in its language only: app/entry.client.tsx.)
// The `messages` namespace may be split over several files, `messages.json` and
// `messages.<area>.json`, each area keeping its own sentences; they are read as one.
// Built by Vite (the app, the tests) the files are bundled; run by tsx without Vite (the start
// script's database step, which seeds the demo data and so writes e-mails) they are read from disk.
import { readdirSync, readFileSync } from 'node:fs'
import type { Resource } from 'i18next'
import { LANGUAGES, NAMESPACES } from './languages'
import { namespaceFiles } from './namespace-files'

type Catalogue = Record<string, string>

function bundledFiles(): Record<string, Catalogue> | null {
  try {
    return import.meta.glob<Catalogue>('../locales/*/*.json', { eager: true, import: 'default' })
  } catch {
    // Not under Vite: `import.meta.glob` is Vite's.
    return null
  }
}

/** The same map as Vite's, read from app/locales beside this file. */
function filesOnDisk(): Record<string, Catalogue> {
  const root = new URL('../locales/', import.meta.url)
  return Object.fromEntries(
    LANGUAGES.flatMap((language) =>
      readdirSync(new URL(`${language}/`, root))
        .filter((name) => name.endsWith('.json'))
        .map((name) => [`../locales/${language}/${name}`, JSON.parse(readFileSync(new URL(`${language}/${name}`, root), 'utf8')) as Catalogue]),
    ),
  )
}

const files = bundledFiles() ?? filesOnDisk()

export const catalogues: Resource = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      NAMESPACES.map((namespace) => [namespace, Object.assign({}, ...namespaceFiles(files, language, namespace, '../locales/'))]),
    ),
  ]),
)
