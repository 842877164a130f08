// /how-we-verify: what each line of a profile's 'What we checked' covers and does not
// (docs/decisions/0064). A text page like /about.
import { StaticPage, staticPageMeta } from '~/components/static-page'
import content from '~/content/pages/how-we-verify.json'

export const meta = staticPageMeta(content)

export default function HowWeVerifyPage() {
  return <StaticPage content={content} />
}
