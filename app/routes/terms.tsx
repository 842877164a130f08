import type { MetaFunction } from '@remix-run/node'
import { StaticPage, staticPageMeta } from '~/components/static-page'
import english from '~/content/pages/terms.json'
import spanish from '~/content/pages/es/terms.json'
import { inPageLanguage } from '~/domain/content/page-language'
import { textPageHeaders } from '~/utils/http-cache.server'
import { withErrorTitle } from '~/utils/error-title'

const content = { en: english, es: spanish }

export const meta: MetaFunction = withErrorTitle((args) => staticPageMeta(inPageLanguage(content))(args))
// An anonymous visitor's page may be kept and shared (the page cache answers the next one).
export const headers = textPageHeaders

export default function TermsPage() {
  return <StaticPage content={inPageLanguage(content)} />
}
