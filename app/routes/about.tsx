import '~/styles/routes/about.css'
import { StaticPage, staticPageMeta } from '~/components/static-page'
import content from '~/content/pages/about.json'

export const meta = staticPageMeta(content)

export default function AboutPage() {
  return <StaticPage content={content} />
}
