import { describe, expect, test } from 'vitest'
import { cityCostFaq, GENERIC_FAQS } from '../places/cities'
import { CITY_PAGES } from '../places/city-pages'
import {
  breadcrumbJsonLd,
  cityFaqs,
  cityServiceJsonLd,
  faqPageJsonLd,
  landingServiceJsonLd,
  nurseProfileJsonLd,
  siteJsonLd,
} from './structured-data'

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

  test("the FAQ lists the city's own questions first, then the generic ones with the city's cost answer", () => {
    const faqs = cityFaqs(boston, [38000, 42500])
    expect(faqs).toHaveLength(boston.faqs.length + GENERIC_FAQS.length + 1)
    expect(faqs[0]).toEqual(boston.faqs[0])
    const generic = faqs.slice(boston.faqs.length)
    expect(generic.filter((faq) => faq.question !== 'How much does a night nurse cost?')).toEqual(GENERIC_FAQS)
    expect(generic[4]).toEqual(cityCostFaq(boston, [38000, 42500]))
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

describe('landing page structured data', () => {
  test('the service covers the United States and is priced in USD per night', () => {
    const service = landingServiceJsonLd('https://nightlight.example')
    expect(service).toMatchObject({
      '@type': 'Service',
      url: 'https://nightlight.example/night-nurse',
      provider: { '@type': 'Organization', name: 'Nightlight', url: 'https://nightlight.example/' },
      areaServed: { '@type': 'Country', name: 'United States' },
    })
    expect(service.offers).toEqual({
      '@type': 'Offer',
      priceCurrency: 'USD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        priceCurrency: 'USD',
        minPrice: 200,
        maxPrice: 500,
        unitText: 'night',
      },
    })
  })
})

describe('home page structured data', () => {
  test('the home page names the organisation with its logo, and the web site', () => {
    expect(siteJsonLd('https://nightlight.example')).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Nightlight',
        url: 'https://nightlight.example/',
        logo: 'https://nightlight.example/favicon.svg',
      },
      { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Nightlight', url: 'https://nightlight.example/' },
    ])
  })
})

describe('nurse profile structured data', () => {
  const profile = {
    slug: 'maria-lopez',
    displayName: 'Maria Lopez',
    headline: 'RN, newborn care',
    bio: null,
    baseLocation: 'Boston, MA',
    languages: ['English'],
    photoUrl: null,
    nightlyRateCents: 32000,
  }

  test('her valid credentials are named as hasCredential: a license by its state board, a certificate by its body', () => {
    const person = nurseProfileJsonLd(
      {
        ...profile,
        shownCredentials: [
          { kind: 'RN', issuer: 'MA', expiresOn: '2027-10-31', checkedOn: '2026-03-12' },
          { kind: 'CPR', issuer: 'American Heart Association', expiresOn: '2027-06-30', checkedOn: '2026-03-12' },
        ],
      },
      'https://nightlight.example',
    )
    expect(person.hasCredential).toEqual([
      {
        '@type': 'EducationalOccupationalCredential',
        name: 'Registered Nurse (RN) license, Massachusetts',
        credentialCategory: 'license',
        recognizedBy: { '@type': 'Organization', name: 'Massachusetts Board of Nursing' },
        validIn: { '@type': 'State', name: 'Massachusetts' },
        expires: '2027-10-31',
      },
      {
        '@type': 'EducationalOccupationalCredential',
        name: 'Infant CPR certification',
        credentialCategory: 'certificate',
        recognizedBy: { '@type': 'Organization', name: 'American Heart Association' },
        expires: '2027-06-30',
      },
    ])
    // Never a number: nothing of the credential but its kind, issuer and dates is read.
    expect(JSON.stringify(person)).not.toMatch(/number/i)
  })

  test('a nurse without a valid credential has no hasCredential', () => {
    expect(nurseProfileJsonLd({ ...profile, shownCredentials: [] }, 'https://nightlight.example')).not.toHaveProperty('hasCredential')
    expect(nurseProfileJsonLd(profile, 'https://nightlight.example')).not.toHaveProperty('hasCredential')
  })
})
