import { describe, expect, test } from 'vitest'
import { CITY_PAGES, GENERIC_FAQS } from './cities'
import { breadcrumbJsonLd, cityFaqs, cityServiceJsonLd, faqPageJsonLd } from './structured-data'

describe('city page structured data', () => {
  const boston = CITY_PAGES.boston

  test('the service is priced in USD per hour and covers a 50-mile circle around the city', () => {
    const service = cityServiceJsonLd(boston, 'https://nightlight.example')
    expect(service['@type']).toBe('Service')
    expect(service.provider).toMatchObject({ '@type': 'Organization', name: 'Nightlight' })
    expect(service.areaServed.geo).toMatchObject({
      '@type': 'GeoCircle',
      geoMidpoint: { latitude: '42.3601', longitude: '-71.0589' },
      geoRadius: 80467,
    })
    expect(service.offers.priceCurrency).toBe('USD')
    expect(service.offers.priceSpecification).toMatchObject({ minPrice: 45, maxPrice: 70 })
  })

  test("the FAQ lists the city's own questions first, then the ten generic ones", () => {
    const faqs = cityFaqs(boston)
    expect(faqs).toHaveLength(boston.faqs.length + 10)
    expect(faqs[0]).toEqual(boston.faqs[0])
    expect(faqs.slice(-10)).toEqual(GENERIC_FAQS)
    const page = faqPageJsonLd(faqs)
    expect(page.mainEntity[0]).toMatchObject({ '@type': 'Question', name: boston.faqs[0].question })
  })

  test('breadcrumbs are numbered from 1 with absolute addresses', () => {
    const crumbs = breadcrumbJsonLd(
      [
        { name: 'Home', path: '/' },
        { name: 'Night Nurse', path: '/night-nurse' },
        { name: 'Boston', path: '/night-nurse/boston' },
      ],
      'https://nightlight.example',
    )
    expect(crumbs.itemListElement.map((item) => [item.position, item.name, item.item])).toEqual([
      [1, 'Home', 'https://nightlight.example/'],
      [2, 'Night Nurse', 'https://nightlight.example/night-nurse'],
      [3, 'Boston', 'https://nightlight.example/night-nurse/boston'],
    ])
  })
})
