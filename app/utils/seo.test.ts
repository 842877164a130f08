import { describe, expect, test } from 'vitest'
import { fixedPageMeta } from './seo'

describe('the head of a page that is the same for every visitor', () => {
  const meta = fixedPageMeta({
    path: '/night-nurse',
    title: 'Hire a Night Nurse',
    description: 'Verified night nurses.',
    jsonLd: (origin) => [{ '@type': 'WebSite', url: `${origin}/` }],
  })

  test('its canonical address, social card and JSON-LD use the origin the loader sent', () => {
    const tags = meta({ data: { appOrigin: 'https://nightlight.example' } })
    expect(tags).toContainEqual({ title: 'Hire a Night Nurse' })
    expect(tags).toContainEqual({ name: 'description', content: 'Verified night nurses.' })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://nightlight.example/night-nurse' })
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://nightlight.example/images/hero-og.png' })
    expect(tags).toContainEqual({ 'script:ld+json': { '@type': 'WebSite', url: 'https://nightlight.example/' } })
  })
})
