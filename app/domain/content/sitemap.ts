// The sitemap and robots.txt texts, for crawlers of the public pages. Pure.
// A public page with an address in each language is listed at both, each naming the two and the
// default as its alternates (docs/i18n.md).
import { escapeHtml } from '../platform/escape-html'
import type { Language } from '~/i18n/languages'
import { isLocalizedPath, languageOfPath, pathInLanguage } from '~/i18n/localized-paths'

export interface SitemapAlternate {
  hreflang: 'en-US' | 'es-US' | 'x-default'
  path: string
}

export interface SitemapEntry {
  path: string
  lastModified?: Date
  changeFrequency?: 'daily' | 'weekly' | 'monthly'
  alternates?: readonly SitemapAlternate[]
}

/**
 * A page's entries: a public page that has a Spanish address gives two, its English and its
 * Spanish address, each with the same three alternates; any other page one, as given.
 */
export function inEachLanguage(entry: SitemapEntry): SitemapEntry[] {
  if (!isLocalizedPath(entry.path)) return [entry]
  const english = pathInLanguage(entry.path, 'en')
  const spanish = pathInLanguage(entry.path, 'es')
  const alternates: SitemapAlternate[] = [
    { hreflang: 'en-US', path: english },
    { hreflang: 'es-US', path: spanish },
    { hreflang: 'x-default', path: english },
  ]
  return [
    { ...entry, path: english, alternates },
    { ...entry, path: spanish, alternates },
  ]
}

/** The entries at an address of one language: '/es/…' for Spanish, the rest for English. */
export function inLanguage(entries: readonly SitemapEntry[], language: Language): SitemapEntry[] {
  return entries.filter((entry) => (languageOfPath(entry.path) ?? 'en') === language)
}

export function toSitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const parts = [`    <loc>${escapeHtml(`${origin}${entry.path}`)}</loc>`]
    for (const alternate of entry.alternates ?? []) {
      parts.push(`    <xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(`${origin}${alternate.path}`)}"/>`)
    }
    if (entry.lastModified) parts.push(`    <lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>`)
    if (entry.changeFrequency) parts.push(`    <changefreq>${entry.changeFrequency}</changefreq>`)
    return `  <url>\n${parts.join('\n')}\n  </url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** Paths crawlers must stay out of: the calls, the dashboards and the booking flow. */
export const ROBOTS_DISALLOWED = ['/_api/', '/admin', '/parent', '/nurse/dashboard', '/book', '/login', '/register', '/logout', '/newsletter', '/es/login', '/es/register', '/es/newsletter']

export function toRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    `Sitemap: ${origin}/es/sitemap.xml`,
    '',
  ].join('\n')
}
