import '~/styles/routes/partner.css'
import { StaticPage, staticPageMeta } from '~/components/static-page'
import content from '~/content/pages/partner.json'

export const meta = staticPageMeta(content)

export default function PartnerPage() {
  return <StaticPage content={content} />
}
