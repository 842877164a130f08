// JSON-LD for the public pages (docs/architecture.md, pages for crawlers): the service with its USD
// prices and area, FAQs and breadcrumbs. Pure data builders; the routes place them in the page
// head.
import { shownHeadline } from '../nurses/nurse-profile'
import { credentialJsonLd, type ShownCredential } from '../verification/shown-credentials'
import { cityCostFaq, SERVICE_AREA_MILES, type CityFaq, type CityPage } from '../places/cities'
import type { Translate } from '~/i18n/translate'

const METERS_PER_MILE = 1609.344

export const SITE_NAME = 'Nightlight'

function organization(origin: string) {
  return { '@type': 'Organization', name: SITE_NAME, url: `${origin}/` }
}

/** The home page's: the organisation with its logo, and the web site. */
export function siteJsonLd(origin: string) {
  return [
    { '@context': 'https://schema.org', ...organization(origin), logo: `${origin}/favicon.svg` },
    { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: `${origin}/` },
  ]
}

/** A Service of overnight newborn care that Nightlight sells, priced in USD from `min` to `max` a `per`. */
function overnightCareService<Area extends object>(
  service: {
    name: string
    description: string
    path: string
    areaServed: Area
    price: { min: number; max: number; per: 'hour' | 'night' }
  },
  origin: string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.name,
    serviceType: 'Overnight newborn care',
    description: service.description,
    url: `${origin}${service.path}`,
    provider: organization(origin),
    areaServed: service.areaServed,
    offers: {
      '@type': 'Offer',
      priceCurrency: 'USD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        priceCurrency: 'USD',
        minPrice: service.price.min,
        maxPrice: service.price.max,
        unitText: service.price.per,
      },
    },
  }
}

/** The city page's Service: a 50-mile circle around the city, priced per hour in USD. */
export function cityServiceJsonLd(page: CityPage, origin: string, language?: { name: string; description: string; path: string }) {
  return overnightCareService(
    {
      name: language?.name ?? `Night Nurse Services in ${page.cityName}, ${page.stateAbbr}`,
      description: language?.description ?? `Verified night nurses for overnight newborn care in ${page.cityName}, ${page.state} and nearby suburbs.`,
      path: language?.path ?? `/night-nurse/${page.slug}`,
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
      price: { min: page.pricing.min, max: page.pricing.max, per: 'hour' },
    },
    origin,
  )
}

/** The /night-nurse landing's Service: the whole United States, priced per night in USD. */
export function landingServiceJsonLd(origin: string, language?: { name: string; description: string; path: string; country: string }) {
  return overnightCareService(
    {
      name: language?.name ?? 'Night Nurse Services',
      description: language?.description ?? 'Book verified night nurses and newborn care specialists for overnight care in your home.',
      path: language?.path ?? '/night-nurse',
      areaServed: { '@type': 'Country', name: language?.country ?? 'United States' },
      price: { min: 200, max: 500, per: 'night' },
    },
    origin,
  )
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
 * A city's own FAQs first, then the generic ones (in the page's language), the cost question
 * written for the city from its market rate and the rates of the nurses on the page.
 */
export function cityFaqs(page: CityPage, nurseRatesCents: readonly number[]): CityFaq[] {
  const [first, second, third, fourth, ...rest] = page.genericFaqs
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
    /** The families' reviews shown (issue 16): with any, the offered service carries their AggregateRating. */
    reviewCount?: number
    reviewAverage?: number | null
    /** Her valid credentials (docs/decisions/0064): named as `hasCredential`. */
    shownCredentials?: readonly ShownCredential[]
  },
  origin: string,
  /** Another language's words (`t` of `common`) and her page's address in it; English without. */
  language?: { t: Translate; path: string },
) {
  const t = language?.t
  const credentials = profile.shownCredentials ?? []
  const rated = profile.reviewCount && profile.reviewCount > 0 && profile.reviewAverage != null
  const image = profile.photoUrl ? new URL(profile.photoUrl, origin).toString() : undefined
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: profile.displayName,
    jobTitle: shownHeadline(profile, t),
    description: profile.bio ?? undefined,
    url: `${origin}${language?.path ?? `/nurse/${profile.slug}`}`,
    image,
    knowsLanguage: profile.languages,
    homeLocation: { '@type': 'Place', name: profile.baseLocation },
    ...(credentials.length > 0 ? { hasCredential: credentials.map(credentialJsonLd) } : {}),
    makesOffer: {
      '@type': 'Offer',
      name: t ? t('jsonLd.overnightCare') : 'Overnight newborn care',
      priceCurrency: 'USD',
      price: (profile.nightlyRateCents / 100).toFixed(2),
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: (profile.nightlyRateCents / 100).toFixed(2),
        priceCurrency: 'USD',
        unitText: 'night',
      },
      ...(rated
        ? {
            itemOffered: {
              '@type': 'Service',
              name: t ? t('jsonLd.overnightCareBy', { name: profile.displayName }) : `Overnight newborn care by ${profile.displayName}`,
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: (Math.round(profile.reviewAverage! * 10) / 10).toFixed(1),
                reviewCount: profile.reviewCount,
                bestRating: 5,
                worstRating: 1,
              },
            },
          }
        : {}),
    },
  }
}
