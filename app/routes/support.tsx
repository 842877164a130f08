import '~/styles/routes/support.css'
import { StaticPage, staticPageMeta } from '~/components/static-page'
import content from '~/content/pages/support.json'

export const meta = staticPageMeta(content)

export default function SupportPage() {
  return <StaticPage content={content} />
}
