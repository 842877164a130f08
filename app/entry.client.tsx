import { RemixBrowser } from '@remix-run/react'
import i18next from 'i18next'
import ICU from 'i18next-icu'
import resourcesToBackend from 'i18next-resources-to-backend'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { getInitialNamespaces } from 'remix-i18next/client'
import { namespaceFiles } from './i18n/namespace-files'
import { setBrowserLanguage } from './i18n/current-language'
import { languageOfTag, type Namespace } from './i18n/languages'
import { i18nOptions } from './i18n/options'

// Each catalogue is a chunk of its own: the page loads its language's namespaces (the ones its
// routes name in `handle.i18n`) before it hydrates, and a page reached later loads its own.
const catalogueFiles = import.meta.glob<Record<string, string>>('./locales/*/*.json', { import: 'default' })

async function hydrate() {
  const language = languageOfTag(document.documentElement.lang) ?? 'en'
  setBrowserLanguage(language)
  await i18next
    .use(ICU)
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (lng: string, ns: string) =>
        Object.assign({}, ...(await Promise.all(namespaceFiles(catalogueFiles, lng, ns as Namespace, './locales/').map((load) => load())))),
      ),
    )
    .init({ ...i18nOptions, lng: language, ns: ['common', 'messages', ...getInitialNamespaces()] })
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

void hydrate()
