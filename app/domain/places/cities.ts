// The rules of the city pages (/night-nurse/:city) and of city values: the slugs of the city
// pages and each city's facts (state, time zone, coordinates, hourly price range, nearby links), the
// supported-city slug map, time-zone guessing and every figure a city page shows.
//
// The page text (neighbourhoods, suburbs, landmarks, local context, price note, FAQs, hero image
// alt text) is data in app/content/cities/<slug>.json, put together with these facts by
// ./city-pages (read by loaders: a page's browser bundle never carries all twelve cities' text);
// the generic FAQs every city page shows are generic-faqs.json, here. Its shape is typed by
// ./city-content (zod schema, checked on every file by cities.test.ts); how to edit it:
// app/content/cities/README.md.
//
// Pure data and functions: safe on the server and in the browser.
import type { Language } from '~/i18n/languages'
import genericFaqs from '../../content/cities/generic-faqs.json'

export type CityPageSlug =
  | 'austin'
  | 'boston'
  | 'dallas'
  | 'denver'
  | 'chicago'
  | 'houston'
  | 'seattle'
  | 'baltimore'
  | 'san-diego'
  | 'los-angeles'
  | 'san-francisco'
  | 'washington-dc'

// Alphabetical, the order of the home page's city selector.
export const CITY_PAGE_SLUGS: readonly CityPageSlug[] = [
  'austin',
  'baltimore',
  'boston',
  'chicago',
  'dallas',
  'denver',
  'houston',
  'los-angeles',
  'san-diego',
  'san-francisco',
  'seattle',
  'washington-dc',
]

export interface CityFaq {
  question: string
  answer: string
}

export interface CityPage {
  /** The language of the page's words (its content file and the cost question). */
  language: Language
  slug: CityPageSlug
  cityName: string
  state: string
  stateAbbr: string
  /** IANA zone of the city. */
  timezone: string
  /** Strings, as the city page data has always had them. */
  coordinates: { lat: string; lng: string }
  neighborhoods: string[]
  nearbySuburbs: string[]
  landmarks: string[]
  /** Two short paragraphs separated by a blank line. */
  localContext: string
  /** USD per hour. */
  pricing: { min: number; max: number; context: string }
  nearbyCities: { name: string; slug: CityPageSlug }[]
  faqs: CityFaq[]
  /** The questions every city page shows after its own, in the page's language. */
  genericFaqs: CityFaq[]
  heroImage: { src: string; width: number; height: number; alt: string }
}

// The area served: 25-30 miles in the page text, 50 miles in structured data.
export const SERVICE_RADIUS_TEXT = '25-30 miles'
export const SERVICE_AREA_MILES = 50

/** What a city page states as fact rather than prose; the prose is its content file. */
export interface CityFacts {
  cityName: string
  state: string
  stateAbbr: string
  timezone: string
  coordinates: CityPage['coordinates']
  /** USD per hour: the city's market range. */
  pricing: { min: number; max: number }
  nearbyCities: CityPageSlug[]
}

// The order of these keys is the order of CITY_PAGES' keys.
export const CITY_FACTS: Record<CityPageSlug, CityFacts> = {
  austin: {
    cityName: 'Austin',
    state: 'Texas',
    stateAbbr: 'TX',
    timezone: 'America/Chicago',
    coordinates: { lat: '30.2672', lng: '-97.7431' },
    pricing: { min: 35, max: 60 },
    nearbyCities: ['houston', 'dallas'],
  },
  boston: {
    cityName: 'Boston',
    state: 'Massachusetts',
    stateAbbr: 'MA',
    timezone: 'America/New_York',
    coordinates: { lat: '42.3601', lng: '-71.0589' },
    pricing: { min: 45, max: 70 },
    nearbyCities: ['baltimore', 'washington-dc'],
  },
  dallas: {
    cityName: 'Dallas',
    state: 'Texas',
    stateAbbr: 'TX',
    timezone: 'America/Chicago',
    coordinates: { lat: '32.7767', lng: '-96.7970' },
    pricing: { min: 35, max: 60 },
    nearbyCities: ['austin', 'houston'],
  },
  denver: {
    cityName: 'Denver',
    state: 'Colorado',
    stateAbbr: 'CO',
    timezone: 'America/Denver',
    coordinates: { lat: '39.7392', lng: '-104.9903' },
    pricing: { min: 40, max: 65 },
    nearbyCities: ['dallas', 'austin'],
  },
  chicago: {
    cityName: 'Chicago',
    state: 'Illinois',
    stateAbbr: 'IL',
    timezone: 'America/Chicago',
    coordinates: { lat: '41.8781', lng: '-87.6298' },
    pricing: { min: 40, max: 65 },
    nearbyCities: ['boston', 'washington-dc'],
  },
  houston: {
    cityName: 'Houston',
    state: 'Texas',
    stateAbbr: 'TX',
    timezone: 'America/Chicago',
    coordinates: { lat: '29.7604', lng: '-95.3698' },
    pricing: { min: 35, max: 60 },
    nearbyCities: ['dallas', 'austin'],
  },
  seattle: {
    cityName: 'Seattle',
    state: 'Washington',
    stateAbbr: 'WA',
    timezone: 'America/Los_Angeles',
    coordinates: { lat: '47.6062', lng: '-122.3321' },
    pricing: { min: 45, max: 70 },
    nearbyCities: ['san-francisco', 'los-angeles'],
  },
  baltimore: {
    cityName: 'Baltimore',
    state: 'Maryland',
    stateAbbr: 'MD',
    timezone: 'America/New_York',
    coordinates: { lat: '39.2904', lng: '-76.6122' },
    pricing: { min: 40, max: 68 },
    nearbyCities: ['washington-dc', 'boston'],
  },
  'san-diego': {
    cityName: 'San Diego',
    state: 'California',
    stateAbbr: 'CA',
    timezone: 'America/Los_Angeles',
    coordinates: { lat: '32.7157', lng: '-117.1611' },
    pricing: { min: 40, max: 65 },
    nearbyCities: ['los-angeles', 'san-francisco'],
  },
  'los-angeles': {
    cityName: 'Los Angeles',
    state: 'California',
    stateAbbr: 'CA',
    timezone: 'America/Los_Angeles',
    coordinates: { lat: '34.0522', lng: '-118.2437' },
    pricing: { min: 45, max: 75 },
    nearbyCities: ['san-diego', 'san-francisco'],
  },
  'san-francisco': {
    cityName: 'San Francisco',
    state: 'California',
    stateAbbr: 'CA',
    timezone: 'America/Los_Angeles',
    coordinates: { lat: '37.7749', lng: '-122.4194' },
    pricing: { min: 50, max: 80 },
    nearbyCities: ['los-angeles', 'san-diego'],
  },
  'washington-dc': {
    cityName: 'Washington DC',
    state: 'District of Columbia',
    stateAbbr: 'DC',
    timezone: 'America/New_York',
    coordinates: { lat: '38.9072', lng: '-77.0369' },
    pricing: { min: 45, max: 75 },
    nearbyCities: ['baltimore', 'boston'],
  },
}

/** The city's name on its page, in the footer and in the city selectors ('Washington DC'). */
export function cityPageName(slug: CityPageSlug): string {
  return CITY_FACTS[slug].cityName
}

export function isCityPageSlug(slug: string): slug is CityPageSlug {
  return Object.hasOwn(CITY_FACTS, slug)
}

// Shown after each city's own FAQs on its page, with the cost question written for each city by
// cityCostFaq. The booking advice (4-6 weeks before the due date) and the cancellation answer
// (docs/money.md) must agree with the product. The text is app/content/cities/generic-faqs.json.
export const GENERIC_FAQS: CityFaq[] = genericFaqs

export interface SupportedCity {
  name: string
  slug: string
  stateAbbr: string
  timezone: string
}

// The 23 cities of the supported slug map.
export const SUPPORTED_CITIES: SupportedCity[] = [
  { name: 'Atlanta', slug: 'atlanta', stateAbbr: 'GA', timezone: 'America/New_York' },
  { name: 'Austin', slug: 'austin', stateAbbr: 'TX', timezone: 'America/Chicago' },
  { name: 'Boston', slug: 'boston', stateAbbr: 'MA', timezone: 'America/New_York' },
  { name: 'Charlotte', slug: 'charlotte', stateAbbr: 'NC', timezone: 'America/New_York' },
  { name: 'Chicago', slug: 'chicago', stateAbbr: 'IL', timezone: 'America/Chicago' },
  { name: 'Dallas', slug: 'dallas', stateAbbr: 'TX', timezone: 'America/Chicago' },
  { name: 'Denver', slug: 'denver', stateAbbr: 'CO', timezone: 'America/Denver' },
  { name: 'Houston', slug: 'houston', stateAbbr: 'TX', timezone: 'America/Chicago' },
  { name: 'Las Vegas', slug: 'las-vegas', stateAbbr: 'NV', timezone: 'America/Los_Angeles' },
  { name: 'Los Angeles', slug: 'los-angeles', stateAbbr: 'CA', timezone: 'America/Los_Angeles' },
  { name: 'Miami', slug: 'miami', stateAbbr: 'FL', timezone: 'America/New_York' },
  { name: 'Nashville', slug: 'nashville', stateAbbr: 'TN', timezone: 'America/Chicago' },
  { name: 'New York', slug: 'new-york', stateAbbr: 'NY', timezone: 'America/New_York' },
  { name: 'Orlando', slug: 'orlando', stateAbbr: 'FL', timezone: 'America/New_York' },
  { name: 'Philadelphia', slug: 'philadelphia', stateAbbr: 'PA', timezone: 'America/New_York' },
  { name: 'Phoenix', slug: 'phoenix', stateAbbr: 'AZ', timezone: 'America/Phoenix' },
  { name: 'Portland', slug: 'portland', stateAbbr: 'OR', timezone: 'America/Los_Angeles' },
  { name: 'San Antonio', slug: 'san-antonio', stateAbbr: 'TX', timezone: 'America/Chicago' },
  { name: 'San Diego', slug: 'san-diego', stateAbbr: 'CA', timezone: 'America/Los_Angeles' },
  { name: 'San Francisco', slug: 'san-francisco', stateAbbr: 'CA', timezone: 'America/Los_Angeles' },
  { name: 'Seattle', slug: 'seattle', stateAbbr: 'WA', timezone: 'America/Los_Angeles' },
  { name: 'Tampa', slug: 'tampa', stateAbbr: 'FL', timezone: 'America/New_York' },
  { name: 'Washington DC', slug: 'washington-dc', stateAbbr: 'DC', timezone: 'America/New_York' },
]

// Common ways of writing two cities that the 'name' and 'Name, ST' forms do not cover.
const CITY_ALIASES: Record<string, string> = {
  nyc: 'new-york',
  'new york city': 'new-york',
  'new york city, ny': 'new-york',
  dc: 'washington-dc',
  'd.c.': 'washington-dc',
  'washington, dc': 'washington-dc',
  'washington, d.c.': 'washington-dc',
  'washington d.c.': 'washington-dc',
}

function normalizeCityText(text: string): string {
  // The lookbehind starts a run of spaces before a comma only at its first space: linear, not quadratic.
  return text.trim().toLowerCase().replace(/(?<!\s)\s*,\s*/g, ', ').replace(/\s+/g, ' ')
}

// The 23-city map leaves out Baltimore although Baltimore has a city page and sits in the
// footer's Top Cities; the city pages are added so 'Baltimore' leads to its page too.
const CITY_SLUG_LOOKUP: ReadonlyMap<string, string> = (() => {
  const lookup = new Map<string, string>(Object.entries(CITY_ALIASES))
  const cities = [
    ...SUPPORTED_CITIES,
    ...CITY_PAGE_SLUGS.map((slug) => ({ name: CITY_FACTS[slug].cityName, slug, stateAbbr: CITY_FACTS[slug].stateAbbr })),
  ]
  for (const city of cities) {
    const name = city.name.toLowerCase()
    lookup.set(name, city.slug)
    lookup.set(`${name}, ${city.stateAbbr.toLowerCase()}`, city.slug)
    lookup.set(city.slug, city.slug)
  }
  return lookup
})()

/**
 * The city slug for a free-text city value ('Boston', 'boston, MA', 'new-york', 'NYC',
 * 'Washington, DC'): a supported city or a city page. Undefined when it names neither.
 */
export function citySlugFor(query: string): string | undefined {
  return CITY_SLUG_LOOKUP.get(normalizeCityText(query))
}

/** The slug of the city page a free-text city value names ('Boston, MA' → 'boston'), if it has one. */
export function cityPageSlugFor(query: string): CityPageSlug | undefined {
  const slug = citySlugFor(query)
  return slug !== undefined && isCityPageSlug(slug) ? slug : undefined
}

// The main zone of each state: where most of its people live (parts of TX, FL, IN, KY, TN, MI, ID,
// OR, NE, KS, ND and SD keep another zone; the base city, when it is supported, is matched first).
const STATE_TIMEZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
}

const STATE_NAMES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  'd.c.': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
}

// First three digits of a ZIP code → state (USPS prefix ranges; territories and military left out).
const ZIP_PREFIX_STATES: [from: number, to: number, state: string][] = [
  [5, 5, 'NY'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
]

function stateFromZip(text: string): string | undefined {
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(text)
  if (!zip) return undefined
  const prefix = Number(zip[1].slice(0, 3))
  return ZIP_PREFIX_STATES.find(([from, to]) => prefix >= from && prefix <= to)?.[2]
}

function stateFromWords(words: string): string | undefined {
  const cleaned = words.replace(/\b\d{5}(?:-\d{4})?\b/g, '').trim().toLowerCase()
  if (!cleaned) return undefined
  const abbr = cleaned.replace(/\./g, '').toUpperCase()
  if (abbr in STATE_TIMEZONES) return abbr
  return STATE_NAMES[cleaned]
}

// 'Austin, TX', 'Austin TX 78701', 'Portland, Oregon', '98101'.
function stateOf(location: string): string | undefined {
  const parts = location.split(',')
  if (parts.length > 1) {
    const fromLastPart = stateFromWords(parts[parts.length - 1])
    if (fromLastPart) return fromLastPart
  }
  // Without a comma, only an upper-case code at the end counts: 'in', 'or', 'me' are also words.
  const trailingCode = /\b([A-Z]{2})(?:\s+\d{5}(?:-\d{4})?)?\s*$/.exec(location.trim())
  if (trailingCode && trailingCode[1] in STATE_TIMEZONES) return trailingCode[1]
  return stateFromWords(location) ?? stateFromZip(location)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

// Names looked for inside longer text ('Downtown Austin, TX'). 'Washington' alone is the state.
const CITY_NAMES_IN_TEXT: Record<string, string[]> = {
  'new-york': ['new york', 'nyc'],
  'washington-dc': ['washington dc', 'washington, dc', 'washington d.c.', 'washington, d.c.'],
}

const CITY_NAME_PATTERNS: { pattern: RegExp; city: SupportedCity }[] = SUPPORTED_CITIES.flatMap(
  (city) =>
    (CITY_NAMES_IN_TEXT[city.slug] ?? [city.name.toLowerCase()]).map((name) => ({
      pattern: new RegExp(`(^|[^a-z])${escapeRegExp(name)}($|[^a-z])`),
      city,
    })),
)

/**
 * Guess the IANA time zone of a nurse's free-text base location ('Austin, TX', 'Brooklyn, NY',
 * '98101'): a supported city first (unless the text names another state, as in 'Portland, ME'),
 * then the state or ZIP code, else America/New_York.
 */
export function timezoneForLocation(baseLocation: string): string {
  const text = baseLocation.trim()
  const state = stateOf(text)
  const exactSlug = citySlugFor(text)
  const city =
    SUPPORTED_CITIES.find((candidate) => candidate.slug === exactSlug) ??
    (exactSlug && isCityPageSlug(exactSlug) ? CITY_FACTS[exactSlug] : undefined) ??
    CITY_NAME_PATTERNS.find(({ pattern }) => pattern.test(text.toLowerCase()))?.city
  if (city && (!state || state === city.stateAbbr)) return city.timezone
  if (state) return STATE_TIMEZONES[state]
  return 'America/New_York'
}

// ---------------------------------------------------------------------------------------------
// What a city page says about money. Two sources, each stated once: the city's market rate per
// hour (in `pricing`), and the nightly rates of our own nurses on the page. Every
// figure a city page shows is computed from one of them.

/** The night length the city pages quote a market price for. */
export const QUOTED_NIGHT_HOURS = 10

/** The market price of a quoted night in dollars: the hourly range times the night's hours. */
export function cityNightRange(page: CityPage): { min: number; max: number } {
  return { min: page.pricing.min * QUOTED_NIGHT_HOURS, max: page.pricing.max * QUOTED_NIGHT_HOURS }
}

/** The lowest and highest nightly rate of the nurses shown, or null when none is shown. */
export function nurseRateRange(rateCents: readonly number[]): { minCents: number; maxCents: number } | null {
  if (rateCents.length === 0) return null
  return { minCents: Math.min(...rateCents), maxCents: Math.max(...rateCents) }
}

/** '$380' or '$380.50': a rate is never rounded (the same rule as pricing.formatNightlyRate). */
function dollarText(cents: number): string {
  const dollars = cents / 100
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`
}

export function rateRangeText(range: { minCents: number; maxCents: number }): string {
  return range.minCents === range.maxCents
    ? dollarText(range.minCents)
    : `${dollarText(range.minCents)}–${dollarText(range.maxCents)}`
}

/** The city's answer to 'How much does a night nurse cost?', from the two sources above, in the page's language. */
export function cityCostFaq(page: CityPage, nurseRatesCents: readonly number[]): CityFaq {
  const night = cityNightRange(page)
  const ours = nurseRateRange(nurseRatesCents)
  const nightMin = night.min.toLocaleString('en-US')
  const nightMax = night.max.toLocaleString('en-US')
  if (page.language === 'es') {
    const market =
      `En ${page.cityName}, las enfermeras nocturnas suelen cobrar entre $${page.pricing.min} y $${page.pricing.max} por hora, ` +
      `alrededor de $${nightMin}–$${nightMax} por una noche de ${QUOTED_NIGHT_HOURS} horas, ` +
      'según la duración de la noche, su experiencia y si tienes gemelos.'
    const onNightlight = ours ? ` Las enfermeras de Nightlight de esta página cobran ${rateRangeText(ours)} por noche.` : ''
    return {
      question: '¿Cuánto cuesta una enfermera nocturna?',
      answer: `${market}${onNightlight} Cada enfermera fija una tarifa por noche que aparece en su perfil, y al pagar se suma una tarifa de plataforma del 10%, así que ves el precio total antes de pagar.`,
    }
  }
  const market =
    `In ${page.cityName}, night nurses typically charge $${page.pricing.min}–$${page.pricing.max} an hour, ` +
    `about $${nightMin}–$${nightMax} for a ${QUOTED_NIGHT_HOURS}-hour night, ` +
    'depending on the length of the night, their experience and whether you have twins.'
  const onNightlight = ours
    ? ` The Nightlight nurses on this page charge ${rateRangeText(ours)} a night.`
    : ''
  return {
    question: 'How much does a night nurse cost?',
    answer: `${market}${onNightlight} Each nurse sets a nightly rate shown on their profile, and a 10% platform fee is added at checkout, so you see the full price before you pay.`,
  }
}
