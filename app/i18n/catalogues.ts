// Every catalogue, bundled: the server translates pages, e-mails and documents in either language
// at once. (The browser loads a page's namespaces in its language only: app/entry.client.tsx.)
// The `messages` namespace may be split over several files, `messages.json` and
// `messages.<area>.json`, each area keeping its own sentences; they are read as one.
import type { Resource } from 'i18next'
import { LANGUAGES, NAMESPACES } from './languages'
import { namespaceFiles } from './namespace-files'

type Catalogue = Record<string, string>

const files = import.meta.glob<Catalogue>('../locales/*/*.json', { eager: true, import: 'default' })

export const catalogues: Resource = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      NAMESPACES.map((namespace) => [namespace, Object.assign({}, ...namespaceFiles(files, language, namespace, '../locales/'))]),
    ),
  ]),
)
