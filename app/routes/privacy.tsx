import '~/styles/routes/privacy.css'
import { StaticPage, staticPageMeta } from '~/components/static-page'
import content from '~/content/pages/privacy.json'

export const meta = staticPageMeta(content)

export default function PrivacyPage() {
  return <StaticPage content={content} />
}
