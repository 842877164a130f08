// The twelve city pages (/night-nurse/:city) whole: each city's facts (./cities) with its text
// (app/content/cities/<slug>.json). Loaders, the sitemap and the seeds read it; a city page's
// component gets its own city through the loader, so no browser bundle carries all twelve texts
// (issue 13: the city page's JavaScript).
import { CITY_FACTS, isCityPageSlug, type CityPage, type CityPageSlug } from './cities'
import type { CityContent } from './city-content'
import austin from '../../content/cities/austin.json'
import baltimore from '../../content/cities/baltimore.json'
import boston from '../../content/cities/boston.json'
import chicago from '../../content/cities/chicago.json'
import dallas from '../../content/cities/dallas.json'
import denver from '../../content/cities/denver.json'
import houston from '../../content/cities/houston.json'
import losAngeles from '../../content/cities/los-angeles.json'
import sanDiego from '../../content/cities/san-diego.json'
import sanFrancisco from '../../content/cities/san-francisco.json'
import seattle from '../../content/cities/seattle.json'
import washingtonDc from '../../content/cities/washington-dc.json'

function heroImage(slug: CityPageSlug, alt: string): CityPage['heroImage'] {
  return { src: `/images/cities/${slug}.svg`, width: 1200, height: 500, alt }
}

// The text of each city page: app/content/cities/<slug>.json.
const CITY_CONTENT: Record<CityPageSlug, CityContent> = {
  austin,
  boston,
  dallas,
  denver,
  chicago,
  houston,
  seattle,
  baltimore,
  'san-diego': sanDiego,
  'los-angeles': losAngeles,
  'san-francisco': sanFrancisco,
  'washington-dc': washingtonDc,
}

function cityPage(slug: CityPageSlug): CityPage {
  const facts = CITY_FACTS[slug]
  const content = CITY_CONTENT[slug]
  return {
    slug,
    cityName: facts.cityName,
    state: facts.state,
    stateAbbr: facts.stateAbbr,
    timezone: facts.timezone,
    coordinates: facts.coordinates,
    neighborhoods: content.neighborhoods,
    nearbySuburbs: content.nearbySuburbs,
    landmarks: content.landmarks,
    localContext: content.localContext.join('\n\n'),
    pricing: { min: facts.pricing.min, max: facts.pricing.max, context: content.pricingContext },
    nearbyCities: facts.nearbyCities.map((nearby) => ({ name: CITY_FACTS[nearby].cityName, slug: nearby })),
    faqs: content.faqs,
    heroImage: heroImage(slug, content.heroImageAlt),
  }
}
export const CITY_PAGES: Record<CityPageSlug, CityPage> = Object.fromEntries(
  (Object.keys(CITY_FACTS) as CityPageSlug[]).map((slug) => [slug, cityPage(slug)]),
) as Record<CityPageSlug, CityPage>

export function getCityPage(slug: string): CityPage | undefined {
  return isCityPageSlug(slug) ? CITY_PAGES[slug] : undefined
}
