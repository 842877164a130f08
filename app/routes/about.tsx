import type { MetaFunction } from '@remix-run/node'
import { StaticPage, staticPageMeta } from '~/components/static-page'
import english from '~/content/pages/about.json'
import spanish from '~/content/pages/es/about.json'
import { inPageLanguage } from '~/domain/content/page-language'

const content = { en: english, es: spanish }

export const meta: MetaFunction = (args) => staticPageMeta(inPageLanguage(content))(args)

export default function AboutPage() {
  return <StaticPage content={inPageLanguage(content)} />
}
