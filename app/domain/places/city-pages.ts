// The twelve city pages (/night-nurse/:city) whole: each city's facts (./cities) with its text
// (app/content/cities/<slug>.json, and es/<slug>.json in Spanish). Loaders, the sitemap and the
// seeds read it; a city page's component gets its own city through the loader, so no browser bundle
// carries all twelve texts (issue 13: the city page's JavaScript) nor both languages.
import { currentLanguage } from '~/i18n/current-language'
import type { Language } from '~/i18n/languages'
import { CITY_FACTS, GENERIC_FAQS, isCityPageSlug, type CityFaq, type CityPage, type CityPageSlug } from './cities'
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
import austinEs from '../../content/cities/es/austin.json'
import baltimoreEs from '../../content/cities/es/baltimore.json'
import bostonEs from '../../content/cities/es/boston.json'
import chicagoEs from '../../content/cities/es/chicago.json'
import dallasEs from '../../content/cities/es/dallas.json'
import denverEs from '../../content/cities/es/denver.json'
import genericFaqsEs from '../../content/cities/es/generic-faqs.json'
import houstonEs from '../../content/cities/es/houston.json'
import losAngelesEs from '../../content/cities/es/los-angeles.json'
import sanDiegoEs from '../../content/cities/es/san-diego.json'
import sanFranciscoEs from '../../content/cities/es/san-francisco.json'
import seattleEs from '../../content/cities/es/seattle.json'
import washingtonDcEs from '../../content/cities/es/washington-dc.json'

function heroImage(slug: CityPageSlug, alt: string): CityPage['heroImage'] {
  return { src: `/images/cities/${slug}.svg`, width: 1200, height: 500, alt }
}

// The text of each city page in each language: app/content/cities/<slug>.json and es/<slug>.json.
const CITY_CONTENT: Record<Language, Record<CityPageSlug, CityContent>> = {
  en: {
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
  },
  es: {
    austin: austinEs,
    boston: bostonEs,
    dallas: dallasEs,
    denver: denverEs,
    chicago: chicagoEs,
    houston: houstonEs,
    seattle: seattleEs,
    baltimore: baltimoreEs,
    'san-diego': sanDiegoEs,
    'los-angeles': losAngelesEs,
    'san-francisco': sanFranciscoEs,
    'washington-dc': washingtonDcEs,
  },
}

// The questions every city page shows after its own: generic-faqs.json and es/generic-faqs.json.
const GENERIC_FAQS_IN: Record<Language, CityFaq[]> = { en: GENERIC_FAQS, es: genericFaqsEs }

function cityPage(slug: CityPageSlug, language: Language): CityPage {
  const facts = CITY_FACTS[slug]
  const content = CITY_CONTENT[language][slug]
  return {
    language,
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
    genericFaqs: GENERIC_FAQS_IN[language],
    heroImage: heroImage(slug, content.heroImageAlt),
  }
}
function cityPages(language: Language): Record<CityPageSlug, CityPage> {
  return Object.fromEntries(
    (Object.keys(CITY_FACTS) as CityPageSlug[]).map((slug) => [slug, cityPage(slug, language)]),
  ) as Record<CityPageSlug, CityPage>
}

/** The city pages in English: the sitemap and the seeds read their facts and place names. */
export const CITY_PAGES: Record<CityPageSlug, CityPage> = cityPages('en')

const CITY_PAGES_IN: Record<Language, Record<CityPageSlug, CityPage>> = { en: CITY_PAGES, es: cityPages('es') }

/** A city page in `language`, by default the one the request speaks (/es/night-nurse/austin is Spanish). */
export function getCityPage(slug: string, language: Language = currentLanguage()): CityPage | undefined {
  return isCityPageSlug(slug) ? CITY_PAGES_IN[language][slug] : undefined
}
