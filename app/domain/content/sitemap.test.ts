import { describe, expect, test } from 'vitest'
import { toRobotsTxt, toSitemapXml } from './sitemap'

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

  test('robots.txt keeps crawlers out of the calls, dashboards and booking and points to the sitemap', () => {
    const text = toRobotsTxt('https://nightlight.example')
    for (const path of ['/_api/', '/admin', '/parent', '/nurse/dashboard', '/book']) {
      expect(text).toContain(`Disallow: ${path}\n`)
    }
    expect(text).toContain('Sitemap: https://nightlight.example/sitemap.xml')
    expect(text).not.toMatch(/Disallow: \/\n/)
  })
})
