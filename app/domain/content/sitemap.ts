// The sitemap and robots.txt texts, for crawlers of the public pages. Pure.
import { escapeHtml } from '../platform/escape-html'

export interface SitemapEntry {
  path: string
  lastModified?: Date
  changeFrequency?: 'daily' | 'weekly' | 'monthly'
}

export function toSitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const parts = [`    <loc>${escapeHtml(`${origin}${entry.path}`)}</loc>`]
    if (entry.lastModified) parts.push(`    <lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>`)
    if (entry.changeFrequency) parts.push(`    <changefreq>${entry.changeFrequency}</changefreq>`)
    return `  <url>\n${parts.join('\n')}\n  </url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** Paths crawlers must stay out of: the calls, the dashboards and the booking flow. */
export const ROBOTS_DISALLOWED = ['/_api/', '/admin', '/parent', '/nurse/dashboard', '/book', '/login', '/register', '/logout']

export function toRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
