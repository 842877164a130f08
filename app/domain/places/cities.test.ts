import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import {
  CITY_PAGE_SLUGS,
  cityCostFaq,
  cityPageName,
  cityPageSlugFor,
  cityNightRange,
  GENERIC_FAQS,
  nurseRateRange,
  rateRangeText,
  SERVICE_AREA_MILES,
  SERVICE_RADIUS_TEXT,
  SUPPORTED_CITIES,
  citySlugFor,
  isCityPageSlug,
  timezoneForLocation,
} from './cities'
import { CITY_PAGES, getCityPage } from './city-pages'
import { parseContentFile } from '../platform/content-files'
import { cityContentSchema, genericFaqsSchema } from './city-content'

// Each city page's market range, USD per hour, as the product has always shown it.
const SPEC_PRICES: Record<string, [number, number]> = {
  austin: [35, 60],
  dallas: [35, 60],
  boston: [45, 70],
  denver: [40, 65],
  chicago: [40, 65],
  houston: [35, 60],
  seattle: [45, 70],
  baltimore: [40, 68],
  'san-diego': [40, 65],
  'los-angeles': [45, 75],
  'san-francisco': [50, 80],
  'washington-dc': [45, 75],
}

// The nearby-city links the product has always shown for these eight cities.
const SPEC_NEARBY: Record<string, string[]> = {
  chicago: ['boston', 'washington-dc'],
  houston: ['dallas', 'austin'],
  seattle: ['san-francisco', 'los-angeles'],
  baltimore: ['washington-dc', 'boston'],
  'san-diego': ['los-angeles', 'san-francisco'],
  'los-angeles': ['san-diego', 'san-francisco'],
  'san-francisco': ['los-angeles', 'san-diego'],
  'washington-dc': ['baltimore', 'boston'],
}

describe('city pages', () => {
  test('the home selector lists the twelve city pages alphabetically', () => {
    // The price table names the twelve cities; the selector lists them in alphabetical order.
    const specCities = Object.keys(SPEC_PRICES)
    expect(specCities).toHaveLength(12)
    expect(CITY_PAGE_SLUGS).toEqual([...specCities].sort())
    expect(Object.keys(CITY_PAGES).sort()).toEqual([...CITY_PAGE_SLUGS])
  })

  test.each(CITY_PAGE_SLUGS)('the %s page has every field filled in', (slug) => {
    const page = CITY_PAGES[slug]
    expect(page.slug).toBe(slug)
    expect(page.cityName).not.toBe('')
    expect(page.state).not.toBe('')
    expect(page.stateAbbr).toMatch(/^[A-Z]{2}$/)
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: page.timezone })).not.toThrow()
    expect(Number.isFinite(Number(page.coordinates.lat))).toBe(true)
    expect(Number.isFinite(Number(page.coordinates.lng))).toBe(true)
    expect(page.neighborhoods.length).toBeGreaterThanOrEqual(8)
    expect(page.neighborhoods.length).toBeLessThanOrEqual(12)
    expect(page.nearbySuburbs.length).toBeGreaterThanOrEqual(8)
    expect(page.nearbySuburbs.length).toBeLessThanOrEqual(12)
    expect(page.landmarks.length).toBeGreaterThanOrEqual(5)
    expect(page.landmarks.length).toBeLessThanOrEqual(8)
    for (const item of [...page.neighborhoods, ...page.nearbySuburbs, ...page.landmarks]) {
      expect(item.trim()).not.toBe('')
    }
    expect(new Set(page.neighborhoods).size).toBe(page.neighborhoods.length)
    expect(new Set(page.nearbySuburbs).size).toBe(page.nearbySuburbs.length)
    expect(page.localContext.split('\n\n')).toHaveLength(2)
    expect(page.pricing.context).not.toBe('')
    expect(page.faqs.length).toBeGreaterThanOrEqual(3)
    expect(page.faqs.length).toBeLessThanOrEqual(4)
    for (const faq of page.faqs) {
      expect(faq.question).toMatch(/\?$/)
      expect(faq.answer).not.toBe('')
    }
    expect(page.heroImage).toEqual({
      src: `/images/cities/${slug}.svg`,
      width: 1200,
      height: 500,
      alt: expect.stringMatching(/\S/),
    })
  })

  test.each(CITY_PAGE_SLUGS)('the %s page shows its hourly price range', (slug) => {
    const [min, max] = SPEC_PRICES[slug]
    expect(CITY_PAGES[slug].pricing).toMatchObject({ min, max })
  })

  test.each(CITY_PAGE_SLUGS)('the %s price note states no figure of its own: figures are computed', (slug) => {
    expect(CITY_PAGES[slug].pricing.context).not.toMatch(/\$\d/)
  })

  test.each(CITY_PAGE_SLUGS)('the %s page links only to other existing city pages', (slug) => {
    const { nearbyCities } = CITY_PAGES[slug]
    expect(nearbyCities.length).toBeGreaterThanOrEqual(2)
    expect(nearbyCities.length).toBeLessThanOrEqual(3)
    for (const link of nearbyCities) {
      expect(link.slug).not.toBe(slug)
      expect(CITY_PAGES[link.slug].cityName).toBe(link.name)
    }
  })

  test('the nearby-city links of the eight listed cities are exactly the listed ones', () => {
    for (const [slug, expected] of Object.entries(SPEC_NEARBY)) {
      expect(getCityPage(slug)?.nearbyCities.map((link) => link.slug)).toEqual(expected)
    }
  })

  test('a city page is found by its slug and an unknown slug finds nothing', () => {
    expect(getCityPage('boston')?.cityName).toBe('Boston')
    expect(getCityPage('washington-dc')?.stateAbbr).toBe('DC')
    expect(getCityPage('new-york')).toBeUndefined()
    expect(getCityPage('constructor')).toBeUndefined()
    expect(isCityPageSlug('constructor')).toBe(false)
    expect(cityPageSlugFor('Boston, MA')).toBe('boston')
    expect(cityPageSlugFor('D.C.')).toBe('washington-dc')
    expect(cityPageSlugFor('Atlanta')).toBeUndefined()
    expect(cityPageSlugFor('constructor')).toBeUndefined()
    for (const slug of CITY_PAGE_SLUGS) expect(cityPageName(slug)).toBe(CITY_PAGES[slug].cityName)
    expect(isCityPageSlug('san-diego')).toBe(true)
    expect(isCityPageSlug('San Diego')).toBe(false)
  })

  test('the service radius is 25-30 miles in text and 50 miles in structured data', () => {
    expect(SERVICE_RADIUS_TEXT).toBe('25-30 miles')
    expect(SERVICE_AREA_MILES).toBe(50)
  })
})

describe('generic FAQs', () => {
  test('there are nine of them, each a question with an answer, and none states a price', () => {
    expect(GENERIC_FAQS).toHaveLength(9)
    for (const faq of GENERIC_FAQS) {
      expect(faq.question).toMatch(/\?$/)
      expect(faq.answer.length).toBeGreaterThan(40)
      expect(faq.answer).not.toMatch(/\$\d/)
    }
  })

  test('they advise booking 4-6 weeks before the due date', () => {
    const answers = GENERIC_FAQS.map((faq) => faq.answer)
    expect(answers.some((answer) => /4-6 weeks before your due date/.test(answer))).toBe(true)
  })

  test('they state the cancellation refunds: in full beyond 48 hours, half within', () => {
    const cancellation = GENERIC_FAQS.find((faq) => /cancel/i.test(faq.question))
    expect(cancellation?.answer).toMatch(/more than 48 hours before a night starts, that night is refunded in full/)
    expect(cancellation?.answer).toMatch(/Within 48 hours .* 50% of that night is refunded/)
  })
})

describe('supported cities', () => {
  test('the slug map covers the 23 supported cities with kebab-case slugs', () => {
    expect(SUPPORTED_CITIES).toHaveLength(23)
    for (const city of SUPPORTED_CITIES) {
      expect(city.slug).toMatch(/^[a-z]+(-[a-z]+)*$/)
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: city.timezone })).not.toThrow()
    }
    expect(SUPPORTED_CITIES.map((city) => city.slug)).toEqual(
      expect.arrayContaining(['new-york', 'washington-dc', 'las-vegas', 'san-antonio', 'portland']),
    )
  })

  test('a supported city with a page has the same state and time zone as its page', () => {
    for (const city of SUPPORTED_CITIES) {
      const page = getCityPage(city.slug)
      if (!page) continue
      expect(city.timezone).toBe(page.timezone)
      expect(city.stateAbbr).toBe(page.stateAbbr)
    }
  })

  test.each(CITY_PAGE_SLUGS)('the %s page is reached from its city name, even Baltimore (missing from the 23)', (slug) => {
    const page = CITY_PAGES[slug]
    expect(citySlugFor(page.cityName)).toBe(slug)
    expect(citySlugFor(`${page.cityName}, ${page.stateAbbr}`)).toBe(slug)
    expect(timezoneForLocation(page.cityName)).toBe(page.timezone)
  })

  test.each([
    ['Boston', 'boston'],
    ['boston', 'boston'],
    ['  BOSTON ', 'boston'],
    ['Boston, MA', 'boston'],
    ['boston,ma', 'boston'],
    ['boston', 'boston'],
    ['San Francisco', 'san-francisco'],
    ['san-francisco', 'san-francisco'],
    ['Las Vegas, NV', 'las-vegas'],
    ['Portland, OR', 'portland'],
    ['New York', 'new-york'],
    ['New York City', 'new-york'],
    ['NYC', 'new-york'],
    ['New York, NY', 'new-york'],
    ['Washington, DC', 'washington-dc'],
    ['Washington DC', 'washington-dc'],
    ['DC', 'washington-dc'],
    ['washington-dc', 'washington-dc'],
  ])('the city value %j maps to %s', (query, slug) => {
    expect(citySlugFor(query)).toBe(slug)
  })

  test.each(['', 'Springfield', 'Boston, TX', 'Portland, ME', 'Washington', 'boston-ma'])(
    'the city value %j maps to no supported city',
    (query) => {
      expect(citySlugFor(query)).toBeUndefined()
    },
  )
})

describe('time zone of a base location', () => {
  test.each([
    ['Austin, TX', 'America/Chicago'],
    ['Denver', 'America/Denver'],
    ['seattle', 'America/Los_Angeles'],
    ['Washington, DC', 'America/New_York'],
    ['Seattle, Washington', 'America/Los_Angeles'],
    ['Phoenix, AZ', 'America/Phoenix'],
    ['Scottsdale, AZ', 'America/Phoenix'],
    ['Brooklyn, NY', 'America/New_York'],
    ['Round Rock TX', 'America/Chicago'],
    ['Aurora, Colorado', 'America/Denver'],
    ['Portland, OR', 'America/Los_Angeles'],
    ['Portland, ME', 'America/New_York'],
    ['Honolulu, HI', 'Pacific/Honolulu'],
    ['Anchorage, AK', 'America/Anchorage'],
    ['Salt Lake City, UT 84101', 'America/Denver'],
    ['98101', 'America/Los_Angeles'],
    ['78701', 'America/Chicago'],
    ['02139', 'America/New_York'],
  ])('%j is in %s', (location, zone) => {
    expect(timezoneForLocation(location)).toBe(zone)
  })

  test('an unknown place falls back to America/New_York', () => {
    expect(timezoneForLocation('')).toBe('America/New_York')
    expect(timezoneForLocation('Somewhere nice')).toBe('America/New_York')
  })

  test('a lower-case word that looks like a state code is not taken for one', () => {
    // 'or' is Oregon's code, but here it is just a word.
    expect(timezoneForLocation('downtown or midtown')).toBe('America/New_York')
  })
})

describe('what a city page says about money', () => {
  const boston = CITY_PAGES.boston

  test("a quoted night is the city's hourly range times ten hours", () => {
    expect(cityNightRange(boston)).toEqual({ min: 450, max: 700 })
  })

  test("the cost answer gives the city's market rate and the range of the nurses on the page", () => {
    const { question, answer } = cityCostFaq(boston, [42500, 38000, 40000])
    expect(question).toBe('How much does a night nurse cost?')
    expect(answer).toContain('$45–$70 an hour')
    expect(answer).toContain('$450–$700 for a 10-hour night')
    expect(answer).toContain('The Nightlight nurses on this page charge $380–$425 a night.')
    // No third figure from elsewhere.
    expect(answer.match(/\$[\d,.]+/g)).toEqual(['$45', '$70', '$450', '$700', '$380', '$425'])
  })

  test('a rate with cents keeps them; one nurse gives one figure; no nurse gives no range', () => {
    expect(rateRangeText({ minCents: 38050, maxCents: 125000 })).toBe('$380.50–$1,250')
    expect(rateRangeText({ minCents: 38000, maxCents: 38000 })).toBe('$380')
    expect(nurseRateRange([])).toBeNull()
    expect(cityCostFaq(boston, []).answer).not.toContain('on this page')
  })
})

describe('city page text files (app/content/cities)', () => {
  const folder = fileURLToPath(new URL('../../content/cities/', import.meta.url))
  const readJson = (fileName: string): unknown => JSON.parse(readFileSync(`${folder}${fileName}`, 'utf8'))

  test('there is one file for each city page, the generic FAQs, the README and the Spanish folder, and nothing else', () => {
    expect(readdirSync(folder).sort()).toEqual(
      [...CITY_PAGE_SLUGS.map((slug) => `${slug}.json`), 'generic-faqs.json', 'README.md', 'es'].sort(),
    )
  })

  test.each(CITY_PAGE_SLUGS)('%s.json has the shape of a city page text', (slug) => {
    expect(() => parseContentFile(cityContentSchema, `cities/${slug}.json`, readJson(`${slug}.json`))).not.toThrow()
  })

  test('generic-faqs.json is a list of questions with answers', () => {
    expect(parseContentFile(genericFaqsSchema, 'cities/generic-faqs.json', readJson('generic-faqs.json'))).toEqual(GENERIC_FAQS)
  })

  test.each(CITY_PAGE_SLUGS)('the %s page shows its file word for word', (slug) => {
    const content = cityContentSchema.parse(readJson(`${slug}.json`))
    const page = CITY_PAGES[slug]
    expect(page.neighborhoods).toEqual(content.neighborhoods)
    expect(page.nearbySuburbs).toEqual(content.nearbySuburbs)
    expect(page.landmarks).toEqual(content.landmarks)
    expect(page.localContext).toBe(content.localContext.join('\n\n'))
    expect(page.pricing.context).toBe(content.pricingContext)
    expect(page.faqs).toEqual(content.faqs)
    expect(page.heroImage.alt).toBe(content.heroImageAlt)
  })

  test('a malformed file fails loudly, naming the file and the problem', () => {
    const good = readJson('boston.json') as Record<string, unknown>
    const cases: [unknown, RegExp][] = [
      [{ ...good, localContext: ['One paragraph only.'] }, /localContext/],
      [{ ...good, localContext: ['First.', 'Second\n\nand third.'] }, /one paragraph/],
      [{ ...good, neighbourhoods: good.neighborhoods }, /neighbourhoods/],
      [{ ...good, landmarks: ['Fenway Park', ' '] }, /landmarks/],
      [{ ...good, faqs: [{ question: 'Is parking easy', answer: 'Rarely.' }] }, /question mark/],
      [{ ...good, pricingContext: 'Most nurses charge $50 an hour.' }, /must not state a price/],
      [{ ...good, heroImageAlt: undefined }, /heroImageAlt/],
    ]
    for (const [data, problem] of cases) {
      expect(() => parseContentFile(cityContentSchema, 'cities/boston.json', data)).toThrow(/app\/content\/cities\/boston\.json is malformed/)
      expect(() => parseContentFile(cityContentSchema, 'cities/boston.json', data)).toThrow(problem)
    }
  })
})
