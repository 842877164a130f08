import '~/styles/routes/disclaimer.css'
import { StaticPage, staticPageMeta } from '~/components/static-page'
import content from '~/content/pages/disclaimer.json'

export const meta = staticPageMeta(content)

export default function DisclaimerPage() {
  return <StaticPage content={content} />
}
