// What the sitemaps list, in English addresses: the public pages, every city page and every
// approved nurse's profile. The routes give each its addresses (sitemap.ts).
import { CITY_PAGE_SLUGS } from '../places/cities'
import { listPublicProfileSlugs } from '../nurses/nurses.server'
import type { SitemapEntry } from './sitemap'

const PUBLIC_PAGES = ['/', '/night-nurse', '/search', '/night-nurse-onboard', '/about', '/how-we-verify', '/support', '/accessibility', '/partner', '/terms', '/privacy', '/disclaimer']

export async function publicSitemapEntries(): Promise<SitemapEntry[]> {
  const profiles = await listPublicProfileSlugs()
  return [
    ...PUBLIC_PAGES.map((path) => ({ path, changeFrequency: 'weekly' as const })),
    ...CITY_PAGE_SLUGS.map((slug) => ({ path: `/night-nurse/${slug}`, changeFrequency: 'daily' as const })),
    ...profiles.map((profile) => ({
      path: `/nurse/${profile.slug}`,
      lastModified: profile.updatedAt,
      changeFrequency: 'daily' as const,
    })),
  ]
}
