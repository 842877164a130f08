// /sitemap.xml: the public pages, every city page and every approved nurse's profile (issue 3 item 7),
// each at its English and its Spanish address. /es/sitemap.xml lists the Spanish addresses alone.
import { getConfig } from '~/config.server'
import { inEachLanguage, toSitemapXml } from '~/domain/content/sitemap'
import { publicSitemapEntries } from '~/domain/content/sitemap.server'

export async function loader() {
  const entries = (await publicSitemapEntries()).flatMap(inEachLanguage)
  return new Response(toSitemapXml(getConfig().APP_ORIGIN, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
