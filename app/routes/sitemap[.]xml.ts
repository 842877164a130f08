// /sitemap.xml: the public pages, every city page and every approved nurse's profile (issue 3 item 7),
// each at its English and its Spanish address.
import { getConfig } from '~/config.server'
import { CITY_PAGE_SLUGS } from '~/domain/places/cities'
import { listPublicProfileSlugs } from '~/domain/nurses/nurses.server'
import { inEachLanguage, toSitemapXml, type SitemapEntry } from '~/domain/content/sitemap'

const PUBLIC_PAGES = ['/', '/night-nurse', '/search', '/night-nurse-onboard', '/about', '/how-we-verify', '/support', '/accessibility', '/partner', '/terms', '/privacy', '/disclaimer']

export async function loader() {
  const origin = getConfig().APP_ORIGIN
  const profiles = await listPublicProfileSlugs()
  const entries: SitemapEntry[] = [
    ...PUBLIC_PAGES.map((path) => ({ path, changeFrequency: 'weekly' as const })),
    ...CITY_PAGE_SLUGS.map((slug) => ({ path: `/night-nurse/${slug}`, changeFrequency: 'daily' as const })),
    ...profiles.map((profile) => ({
      path: `/nurse/${profile.slug}`,
      lastModified: profile.updatedAt,
      changeFrequency: 'daily' as const,
    })),
  ].flatMap(inEachLanguage)
  return new Response(toSitemapXml(origin, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
