import { describe, expect, test } from 'vitest'
import { inEachLanguage, inLanguage, toRobotsTxt, toSitemapXml } from './sitemap'

describe('sitemap and robots', () => {
  test('the sitemap lists absolute, escaped addresses with their last change', () => {
    const xml = toSitemapXml('https://nightlight.example', [
      { path: '/' },
      { path: '/search?location=a&b', lastModified: new Date('2026-11-20T10:00:00Z'), changeFrequency: 'daily' },
    ])
    expect(xml).toContain('<loc>https://nightlight.example/</loc>')
    expect(xml).toContain('<loc>https://nightlight.example/search?location=a&amp;b</loc>')
    expect(xml).toContain('<lastmod>2026-11-20</lastmod>')
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
  })

  test('a public page is listed at both its addresses, each naming the two and the default', () => {
    const entries = [{ path: '/' }, { path: '/nurse/ana', changeFrequency: 'daily' as const }, { path: '/night-nurse-onboard' }].flatMap(inEachLanguage)
    expect(entries.map((entry) => entry.path)).toEqual(['/', '/es', '/nurse/ana', '/es/nurse/ana', '/night-nurse-onboard'])
    expect(entries[3].changeFrequency).toBe('daily')
    expect(entries[4].alternates).toBeUndefined()
    const xml = toSitemapXml('https://nightlight.example', entries)
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    const spanish = xml.split('<url>').find((url) => url.includes('<loc>https://nightlight.example/es/nurse/ana</loc>'))!
    expect(spanish).toContain('<xhtml:link rel="alternate" hreflang="en-US" href="https://nightlight.example/nurse/ana"/>')
    expect(spanish).toContain('<xhtml:link rel="alternate" hreflang="es-US" href="https://nightlight.example/es/nurse/ana"/>')
    expect(spanish).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://nightlight.example/nurse/ana"/>')
    const home = xml.split('<url>').find((url) => url.includes('<loc>https://nightlight.example/</loc>'))!
    expect(home).toContain('hreflang="es-US" href="https://nightlight.example/es"/>')
    const onboard = xml.split('<url>').find((url) => url.includes('night-nurse-onboard'))!
    expect(onboard).not.toContain('xhtml:link')
  })

  test('the Spanish sitemap takes the Spanish addresses alone; the English one keeps what has no Spanish address', () => {
    const entries = [{ path: '/' }, { path: '/nurse/ana' }, { path: '/night-nurse-onboard' }].flatMap(inEachLanguage)
    expect(inLanguage(entries, 'es').map((entry) => entry.path)).toEqual(['/es', '/es/nurse/ana'])
    expect(inLanguage(entries, 'en').map((entry) => entry.path)).toEqual(['/', '/nurse/ana', '/night-nurse-onboard'])
  })

  test('robots.txt keeps crawlers out of the calls, dashboards and booking and points to both sitemaps', () => {
    const text = toRobotsTxt('https://nightlight.example')
    for (const path of ['/_api/', '/admin', '/parent', '/nurse/dashboard', '/book', '/login', '/es/login', '/es/register']) {
      expect(text).toContain(`Disallow: ${path}\n`)
    }
    expect(text).toContain('Sitemap: https://nightlight.example/sitemap.xml')
    expect(text).toContain('Sitemap: https://nightlight.example/es/sitemap.xml')
    expect(text).not.toMatch(/Disallow: \/\n/)
  })
})
