import type { MetaFunction } from '@remix-run/node'
import { StaticPage, staticPageMeta } from '~/components/static-page'
import english from '~/content/pages/privacy.json'
import spanish from '~/content/pages/es/privacy.json'
import { inPageLanguage } from '~/domain/content/page-language'

const content = { en: english, es: spanish }

export const meta: MetaFunction = (args) => staticPageMeta(inPageLanguage(content))(args)

export default function PrivacyPage() {
  return <StaticPage content={inPageLanguage(content)} />
}
