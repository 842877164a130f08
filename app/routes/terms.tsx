import '~/styles/routes/terms.css'
import { StaticPage, staticPageMeta } from '~/components/static-page'
import content from '~/content/pages/terms.json'

export const meta = staticPageMeta(content)

export default function TermsPage() {
  return <StaticPage content={content} />
}
