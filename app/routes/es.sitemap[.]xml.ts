// /es/sitemap.xml: the Spanish addresses of the public pages, city pages and approved nurses'
// profiles, each naming its English address and the default as alternates (robots.txt lists it
// beside /sitemap.xml).
import { getConfig } from '~/config.server'
import { inEachLanguage, inLanguage, toSitemapXml } from '~/domain/content/sitemap'
import { publicSitemapEntries } from '~/domain/content/sitemap.server'

export async function loader() {
  const entries = inLanguage((await publicSitemapEntries()).flatMap(inEachLanguage), 'es')
  return new Response(toSitemapXml(getConfig().APP_ORIGIN, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
