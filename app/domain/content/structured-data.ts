// JSON-LD for the public pages (DESIGN.md §11; spec 000 §2): the service with its USD prices and
// area, FAQs and breadcrumbs. Pure data builders; the routes place them in the page head.
import { shownHeadline } from '../nurses/nurse-profile'
import { cityCostFaq, GENERIC_FAQS, SERVICE_AREA_MILES, type CityFaq, type CityPage } from '../places/cities'

const METERS_PER_MILE = 1609.344

export const SITE_NAME = 'Nightlight'

function organization(origin: string) {
  return { '@type': 'Organization', name: SITE_NAME, url: `${origin}/` }
}

/** The city page's Service: a 50-mile circle around the city (spec 000 §9), priced per hour in USD. */
export function cityServiceJsonLd(page: CityPage, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: `Night Nurse Services in ${page.cityName}, ${page.stateAbbr}`,
    serviceType: 'Overnight newborn care',
    description: `Verified night nurses for overnight newborn care in ${page.cityName}, ${page.state} and nearby suburbs.`,
    url: `${origin}/night-nurse/${page.slug}`,
    provider: organization(origin),
    areaServed: {
      '@type': 'City',
      name: page.cityName,
      containedInPlace: { '@type': 'State', name: page.state },
      geo: {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: page.coordinates.lat, longitude: page.coordinates.lng },
        geoRadius: Math.round(SERVICE_AREA_MILES * METERS_PER_MILE),
      },
    },
    offers: {
      '@type': 'Offer',
      priceCurrency: 'USD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        priceCurrency: 'USD',
        minPrice: page.pricing.min,
        maxPrice: page.pricing.max,
        unitText: 'hour',
      },
    },
  }
}

/** The /night-nurse landing's Service: the whole United States, priced per night in USD. */
export function landingServiceJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: 'Night Nurse Services',
    serviceType: 'Overnight newborn care',
    description: 'Book verified night nurses and newborn care specialists for overnight care in your home.',
    url: `${origin}/night-nurse`,
    provider: organization(origin),
    areaServed: { '@type': 'Country', name: 'United States' },
    offers: {
      '@type': 'Offer',
      priceCurrency: 'USD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        priceCurrency: 'USD',
        minPrice: 200,
        maxPrice: 500,
        unitText: 'night',
      },
    },
  }
}

export function faqPageJsonLd(faqs: readonly CityFaq[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  }
}

export function breadcrumbJsonLd(items: readonly { name: string; path: string }[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: `${origin}${item.path}`,
    })),
  }
}

/**
 * A city's own FAQs first, then the generic ones (spec 000 §2), the cost question written for the
 * city from its market rate and the rates of the nurses on the page.
 */
export function cityFaqs(page: CityPage, nurseRatesCents: readonly number[]): CityFaq[] {
  const [first, second, third, fourth, ...rest] = GENERIC_FAQS
  return [...page.faqs, first, second, third, fourth, cityCostFaq(page, nurseRatesCents), ...rest]
}

export function nurseProfileJsonLd(
  profile: {
    slug: string
    displayName: string
    headline: string | null
    bio: string | null
    baseLocation: string
    languages: readonly string[]
    photoUrl: string | null
    nightlyRateCents: number
  },
  origin: string,
) {
  const image = profile.photoUrl ? new URL(profile.photoUrl, origin).toString() : undefined
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: profile.displayName,
    jobTitle: shownHeadline(profile.headline, profile.displayName) ?? 'Night nurse',
    description: profile.bio ?? undefined,
    url: `${origin}/nurse/${profile.slug}`,
    image,
    knowsLanguage: profile.languages,
    homeLocation: { '@type': 'Place', name: profile.baseLocation },
    makesOffer: {
      '@type': 'Offer',
      name: 'Overnight newborn care',
      priceCurrency: 'USD',
      price: (profile.nightlyRateCents / 100).toFixed(2),
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: (profile.nightlyRateCents / 100).toFixed(2),
        priceCurrency: 'USD',
        unitText: 'night',
      },
    },
  }
}
