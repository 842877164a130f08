// Families find a nurse (issue 3): the home page's city selector, /night-nurse, the twelve city
// pages, search with its paging, public profiles with their calendar, and what crawlers read.
// Every test here only reads: no booking. The demo data is the seed's (37 approved nurses, at
// least 3 in each city-page city); anonymous pages may be up to 30 s old, so nothing here depends
// on what another spec file changes. These pages reach a signed-out visitor without scripts
// (docs/decisions/0059): what their scripts add is tried as the demo parent, who gets them.
import { type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { DEMO, expect, expectAccessible, login, test } from './fixtures'
import { clickOpenNight as clickNight, escapeRegExp, money, nightLabel, priceLines } from './page-text'

interface Nurse {
  id: number
  slug: string
  displayName: string
  nightlyRateCents: number
  baseLocation: string
}

// The twelve city pages: slug, the name the page uses, and the state abbreviation.
const CITY_PAGES = [
  { slug: 'austin', name: 'Austin', state: 'TX' },
  { slug: 'baltimore', name: 'Baltimore', state: 'MD' },
  { slug: 'boston', name: 'Boston', state: 'MA' },
  { slug: 'chicago', name: 'Chicago', state: 'IL' },
  { slug: 'dallas', name: 'Dallas', state: 'TX' },
  { slug: 'denver', name: 'Denver', state: 'CO' },
  { slug: 'houston', name: 'Houston', state: 'TX' },
  { slug: 'los-angeles', name: 'Los Angeles', state: 'CA' },
  { slug: 'san-diego', name: 'San Diego', state: 'CA' },
  { slug: 'san-francisco', name: 'San Francisco', state: 'CA' },
  { slug: 'seattle', name: 'Seattle', state: 'WA' },
  { slug: 'washington-dc', name: 'Washington DC', state: 'DC' },
] as const

// The seeded Boston nurses, the ones Boston's page lists.
const BOSTON_NURSES = ["Siobhan O'Brien", 'Priya Raman', 'Thu Nguyen']

// Seeded profiles that are not approved: ids follow the seed's order (Nora, the 36 other approved
// nurses, four pending applicants, then two rejected ones), so these slugs exist but are hidden.
const PENDING_SLUG = 'brittany-cole-38'
const REJECTED_SLUG = 'yasmin-ali-43'

const METERS_PER_MILE = 1609.344

/** Signs the demo parent in: the public pages then come with their scripts and hydrate. */
async function withScripts(page: Page) {
  await login(page, DEMO.parent)
}

/** The page is the server's HTML only: no module script, no script preloaded, never hydrated. */
async function expectNoScripts(page: Page, path: string) {
  await expect(page.locator('script[type="module"]'), path).toHaveCount(0)
  await expect(page.locator('link[rel="modulepreload"]'), path).toHaveCount(0)
  await expect(page.locator('script[src]'), path).toHaveCount(0)
  expect(await page.evaluate(() => typeof (window as { __remixRouter?: unknown }).__remixRouter), path).toBe('undefined')
}
const PHONE = { width: 390, height: 844 }

// --- Demo data through the public calls ---------------------------------------------------------

/** Every approved nurse, through the search call's pages (ordered as /search shows them). */
async function allApprovedNurses(request: APIRequestContext): Promise<Nurse[]> {
  const nurses: Nurse[] = []
  for (let offset = 0; ; offset += 20) {
    const response = await request.get(`/_api/nurses/search?limit=20&offset=${offset}`)
    expect(response.ok()).toBe(true)
    const page = ((await response.json()) as { nurses: Nurse[] }).nurses
    nurses.push(...page)
    if (page.length < 20) return nurses
  }
}

/**
 * Every approved nurse was seen: the `before` of them there were when the test began, and no
 * more than there are now (other spec files, running at the same time, approve nurses of their
 * own; a new nurse is listed last, so paging never skips or repeats one).
 */
async function expectEveryNurse(request: APIRequestContext, seen: string[], before: number) {
  const now = (await allApprovedNurses(request)).length
  expect(seen.length).toBeGreaterThanOrEqual(before)
  expect(seen.length).toBeLessThanOrEqual(now)
}

/**
 * The seeded nurse based in ZIP 20016 (Kwame Mensah, Washington DC), the nearest to it of the DC
 * nurses who serve it: the booking tests book the first nurses of the featured list, never this
 * one, so the open nights here stay open.
 */
async function profileNurse(request: APIRequestContext): Promise<Nurse> {
  const response = await request.get('/_api/nurses/search?location=20016&limit=12')
  expect(response.ok()).toBe(true)
  const { nurses } = (await response.json()) as { nurses: Nurse[] }
  expect(nurses.length).toBeGreaterThanOrEqual(1)
  expect(nurses[0].baseLocation).toContain('20016')
  return nurses[0]
}

/** The first `count` open nights at least two days ahead, whatever the nurse's time zone. */
async function openNights(request: APIRequestContext, slug: string, count: number): Promise<string[]> {
  const response = await request.get(`/_api/nurses/availability?slug=${encodeURIComponent(slug)}`)
  expect(response.ok()).toBe(true)
  const { dates } = (await response.json()) as { dates: { date: string }[] }
  const soonest = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10)
  const open = dates.map((night) => night.date).filter((date) => date >= soonest).slice(0, count)
  expect(open, `${slug} should have ${count} open nights`).toHaveLength(count)
  return open
}

// --- What the pages show ------------------------------------------------------------------------


/** The /book link a profile makes for these nights. */
function bookLink(nurse: Nurse, dates: readonly string[]): string {
  return `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates.join(',')}`
}




/** The nurse cards of a list: each an article whose heading links to the profile. */
function cards(page: Page): Locator {
  return page.getByRole('main').getByRole('article')
}

/** Each card as 'name → /nurse/slug'. */
async function cardKeys(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .getByRole('article')
    .evaluateAll((articles) =>
      articles.map((article) => {
        const link = article.querySelector('a[href^="/nurse/"]')
        return `${link?.textContent?.trim()} → ${link?.getAttribute('href')}`
      }),
    )
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The title, meta tags, canonical link and parsed JSON-LD of a server-rendered page. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  const tags = [...head.matchAll(/<(meta|link)\s([^>]*)>/g)].map((match) => {
    const attributes: Record<string, string> = {}
    for (const [, name, value] of match[2].matchAll(/([\w:-]+)="([^"]*)"/g)) attributes[name] = decodeEntities(value)
    return attributes
  })
  return {
    title: decodeEntities(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    canonical: tags.find((tag) => tag.rel === 'canonical')?.href,
    meta: (key: 'name' | 'property', value: string) => tags.find((tag) => tag[key] === value)?.content,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (match) => JSON.parse(match[1]) as Record<string, unknown>,
    ),
  }
}

interface ServiceLd {
  offers: { priceCurrency: string; priceSpecification: { priceCurrency: string; minPrice: number; maxPrice: number } }
  areaServed: { name: string; geo: { '@type': string; geoRadius: number } }
}
interface FaqPageLd {
  mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[]
}
interface BreadcrumbListLd {
  itemListElement: { name: string; item: string }[]
}

/** The one JSON-LD block of this type. */
function ofType<T>(blocks: Record<string, unknown>[], type: string): T {
  const found = blocks.filter((block) => block['@type'] === type)
  expect(found, `one ${type} block`).toHaveLength(1)
  return found[0] as unknown as T
}

async function hasNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `page width at ${PHONE.width} px`).toBeLessThanOrEqual(PHONE.width)
}

// --- The journeys -------------------------------------------------------------------------------

test.describe('from the home page to a city page', () => {
  test('a parent picks Boston in the hero and finds its nurses, the FAQ and nearby cities', async ({ page }) => {
    await page.goto('/')
    const hero = page.getByRole('search', { name: 'Find night nurses by city' })
    const select = hero.getByRole('combobox', { name: 'Where do you live?' })
    await expect(select.getByRole('option')).toHaveText([
      'Choose your city',
      ...CITY_PAGES.map((city) => city.name),
    ])
    await select.selectOption('Boston')
    await hero.getByRole('button', { name: 'Find Night Nurse' }).click()

    await expect(page).toHaveURL('/night-nurse/boston')
    await expect(page).toHaveTitle('Night Nurse Boston – Overnight Newborn Care')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses in Boston')
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(breadcrumb.getByRole('link')).toHaveText(['Home', 'Night Nurse'])
    await expect(breadcrumb).toContainText('Boston')

    // Boston's nurses, each with a Boston base location and a link to their profile.
    const nurses = page.getByRole('region', { name: 'Available Night Nurses in Boston' })
    await expect(nurses.getByRole('article')).toHaveCount(BOSTON_NURSES.length)
    for (const name of BOSTON_NURSES) {
      const card = nurses.getByRole('article').filter({ hasText: name })
      await expect(card).toContainText('Boston, MA')
      await expect(card).toContainText(/\$\d+ \/ night/)
      await expect(card.getByRole('link', { name })).toHaveAttribute('href', /^\/nurse\/[a-z0-9-]+-\d+$/)
    }
    await expect(nurses.getByRole('link', { name: 'View All Night Nurses in Boston' })).toHaveAttribute(
      'href',
      '/search?location=Boston',
    )

    // Every price on the page comes from Boston's hourly market rate or from the nurses shown.
    const rates = (await nurses.getByRole('article').allInnerTexts()).map((text) =>
      Number(/\$([\d,.]+) \/ night/.exec(text)![1].replace(/,/g, '')),
    )
    const ours = `$${Math.min(...rates)}–$${Math.max(...rates)}`
    const cost = page.locator('#cost')
    await expect(cost).toContainText('$45–$70')
    await expect(cost).toContainText('$450–$700')
    await expect(cost).toContainText(ours)
    const costAnswer = page.getByRole('region', { name: 'Night Nurse FAQs for Boston Families' }).getByText(/night nurses typically charge/)
    await expect(costAnswer).toContainText(`The Nightlight nurses on this page charge ${ours} a night.`)
    await expect(costAnswer).not.toContainText('$200')

    // The FAQ: Boston's own questions first, then the general ones; an answer opens on click.
    const faq = page.getByRole('region', { name: 'Night Nurse FAQs for Boston Families' })
    const question = faq.getByText('What happens if a snowstorm hits on a booked night?')
    const answer = faq.getByText(/Nurses plan around the forecast/)
    await expect(question).toBeVisible()
    await expect(answer).toBeHidden()
    await question.click()
    await expect(answer).toBeVisible()
    await expect(faq.getByText('What does a night nurse do?')).toBeVisible()
    await expect(faq.getByText('What is the cancellation policy?')).toBeVisible()

    // Nearby cities lead to their own pages.
    const nearby = page.getByRole('region', { name: 'Night Nurses in Nearby Cities' })
    await expect(nearby.getByRole('link', { name: 'Night Nurses in Washington DC' })).toHaveAttribute(
      'href',
      '/night-nurse/washington-dc',
    )
    await nearby.getByRole('link', { name: 'Night Nurses in Baltimore' }).click()
    await expect(page).toHaveURL('/night-nurse/baltimore')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses in Baltimore')
    await expect(page).toHaveTitle('Night Nurse Baltimore – Overnight Newborn Care')
  })

  test('Find Night Nurse with no city chosen says what to do, and then goes on', async ({ page }) => {
    await withScripts(page)
    await page.goto('/')
    const hero = page.getByRole('search', { name: 'Find night nurses by city' })
    // Before JavaScript the browser's own bubble asks for a city; once it runs, the page says it.
    await expect(hero).toHaveAttribute('novalidate', '')
    await hero.getByRole('button', { name: 'Find Night Nurse' }).click()
    await expect(hero.getByText('Choose your city first.')).toBeVisible()
    await expect(page).toHaveURL('/')
    await expectAccessible(page)
    await hero.getByRole('combobox', { name: 'Where do you live?' }).selectOption('Austin')
    await expect(hero.getByText('Choose your city first.')).toHaveCount(0)
    await hero.getByRole('button', { name: 'Find Night Nurse' }).click()
    await expect(page).toHaveURL('/night-nurse/austin')
  })

  test('without JavaScript the hero selector still leads to the city page with everything on it', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/')
    const hero = page.getByRole('search', { name: 'Find night nurses by city' })
    await hero.getByRole('combobox', { name: 'Where do you live?' }).selectOption('Washington DC')
    await hero.getByRole('button', { name: 'Find Night Nurse' }).click()

    await expect(page).toHaveURL('/night-nurse/washington-dc')
    await expect(page).toHaveTitle('Night Nurse Washington DC – Overnight Newborn Care')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses in Washington DC')
    const nurses = page.getByRole('region', { name: 'Available Night Nurses in Washington DC' })
    await expect(nurses.getByRole('article')).toHaveCount(3)
    for (const card of await nurses.getByRole('article').all()) await expect(card).toContainText('Washington, DC')
    const faq = page.getByRole('region', { name: 'Night Nurse FAQs for Washington DC Families' })
    await expect(faq.getByText('What does a night nurse do?')).toBeVisible()
    await faq.getByText('What does a night nurse do?').click()
    await expect(faq.getByText(/A night nurse looks after your newborn overnight/)).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Night Nurses in Nearby Cities' }).getByRole('link', { name: 'Night Nurses in Baltimore' }),
    ).toHaveAttribute('href', '/night-nurse/baltimore')
    await context.close()
  })
})

test.describe('the public pages and their scripts', () => {
  // The server's HTML is the whole page. A signed-out visitor gets these without Remix's scripts
  // (their routes' `handle`, docs/decisions/0059); a signed-in one gets them, and they hydrate.
  const PAGES = ['/', '/night-nurse', '/night-nurse/austin', '/search?location=Austin', '/login']

  test('a signed-out visitor gets each page without any script, and its links load documents', async ({ page, request }) => {
    const nurse = await profileNurse(request)
    for (const path of [...PAGES, `/nurse/${nurse.slug}`]) {
      await page.goto(path)
      await expectNoScripts(page, path)
    }
    await page.goto('/')
    await page.getByRole('banner').getByRole('link', { name: 'Hire a Night Nurse' }).click()
    await expect(page).toHaveURL('/night-nurse')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hire Available Night Nurses')
  })

  test('a page that keeps its scripts reaches them by the client router, and they then work', async ({ page }) => {
    // /register is not among them: it hydrates, and its links then navigate in place.
    await page.goto('/register')
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await page.getByRole('banner').getByRole('link', { name: 'Hire a Night Nurse' }).click()
    await expect(page).toHaveURL('/night-nurse')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hire Available Night Nurses')
    // The picker is the hydrated one: it says that it is working before it goes.
    const picker = page.getByRole('search', { name: 'Find night nurses by city' })
    await picker.getByRole('combobox', { name: 'Your city' }).selectOption('Denver')
    await picker.getByRole('button', { name: 'Find Nurses' }).click()
    await expect(picker.getByRole('status')).toHaveText('Finding night nurses in Denver…')
    await expect(page).toHaveURL('/night-nurse/denver')
    expect(documents).toEqual([])
  })

  test('a signed-in visitor gets each page with its scripts, and a link then navigates without a document', async ({ page }) => {
    await withScripts(page)
    for (const path of PAGES.filter((path) => path !== '/login')) {
      // The suite's goto returns once React has hydrated the page (fixtures.ts).
      await page.goto(path)
      await expect.poll(() => page.evaluate(() => typeof (window as { __remixRouter?: unknown }).__remixRouter), { message: path }).toBe('object')
    }
    await page.goto('/')
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await page.getByRole('banner').getByRole('link', { name: 'Hire a Night Nurse' }).click()
    await expect(page).toHaveURL('/night-nurse')
    expect(documents).toEqual([])
  })
})

test.describe('the twelve city pages', () => {
  test('each answers 200 with its title, description, canonical link and structured data in its HTML', async ({
    request,
    baseURL,
  }) => {
    // What a crawler reads: the server's HTML, before any JavaScript.
    for (const city of CITY_PAGES) {
      const path = `/night-nurse/${city.slug}`
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      const html = await response.text()
      const head = headOf(html)
      expect(head.title).toBe(`Night Nurse ${city.name} – Overnight Newborn Care`)
      // React puts a comment between the two parts of the heading's text.
      const h1 = new RegExp(`<h1[^>]*>Night Nurses in (<!-- -->)?${escapeRegExp(city.name)}</h1>`)
      expect(h1.test(html), `${path} has its h1 in the HTML`).toBe(true)
      expect(head.meta('name', 'description')).toMatch(
        new RegExp(`night nurse in ${escapeRegExp(city.name)}, ${city.state}.*\\$\\d+-\\$\\d+ an hour`),
      )
      expect(head.canonical).toBe(`${baseURL}${path}`)
      expect(head.meta('property', 'og:title')).toBe(`Night Nurse ${city.name} – Overnight Newborn Care`)
      expect(head.meta('property', 'og:url')).toBe(`${baseURL}${path}`)
      expect(head.meta('name', 'twitter:card')).toBe('summary_large_image')

      const service = ofType<ServiceLd>(head.jsonLd, 'Service')
      expect(service.offers.priceCurrency, `${city.slug} Service`).toBe('USD')
      expect(service.offers.priceSpecification.priceCurrency).toBe('USD')
      expect(service.offers.priceSpecification.minPrice).toBeLessThan(service.offers.priceSpecification.maxPrice)
      expect(service.areaServed.name).toBe(city.name)
      expect(service.areaServed.geo['@type']).toBe('GeoCircle')
      expect(Math.round(Number(service.areaServed.geo.geoRadius) / METERS_PER_MILE)).toBe(50)

      const faq = ofType<FaqPageLd>(head.jsonLd, 'FAQPage')
      expect(faq.mainEntity.length, `${city.slug} FAQs`).toBeGreaterThan(10)
      expect(faq.mainEntity.map((entry) => entry.name)).toContain('What does a night nurse do?')
      for (const entry of faq.mainEntity) {
        expect(entry['@type']).toBe('Question')
        expect(entry.acceptedAnswer.text).toBeTruthy()
      }

      const breadcrumbs = ofType<BreadcrumbListLd>(head.jsonLd, 'BreadcrumbList')
      expect(breadcrumbs.itemListElement.map((item) => item.name)).toEqual([
        'Home',
        'Night Nurse',
        city.name,
      ])
      expect(breadcrumbs.itemListElement[2].item).toBe(`${baseURL}${path}`)
    }
  })

  test('an unknown city answers 404 with Not Found', async ({ request }) => {
    for (const slug of ['atlantis', 'atlanta']) {
      const response = await request.get(`/night-nurse/${slug}`)
      expect(response.status(), slug).toBe(404)
      const html = await response.text()
      expect(html, slug).toContain('Page Not Found</h1>')
      expect(html, slug).toContain('The page you are looking for does not exist.')
    }
  })
})

test.describe('the /night-nurse landing page', () => {
  test('shows available nurses, the cities, and a picker that goes to the city page', async ({ page }) => {
    await page.goto('/night-nurse')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hire Available Night Nurses')
    await expect(page).toHaveTitle(/Hire a Night Nurse/)

    // Twelve featured nurses, each a card linking to a profile.
    const featured = page.getByRole('region', { name: 'Meet our night nurses' })
    await expect(featured.getByRole('article')).toHaveCount(12)
    await expect(featured.getByRole('article').first().getByRole('link')).toHaveAttribute('href', /^\/nurse\//)

    // Cities nurses work in, labelled 'Night Nurse' and the city.
    const cities = page.getByRole('region', { name: 'Find Night Nurses by City' })
    await expect(cities.getByRole('link')).toHaveCount(12)
    await expect(cities.getByRole('link', { name: 'Night Nurse Austin', exact: true })).toHaveAttribute(
      'href',
      '/night-nurse/austin',
    )
    await expect(cities.getByRole('link', { name: 'Night Nurse Washington', exact: true })).toHaveAttribute(
      'href',
      '/night-nurse/washington-dc',
    )

    // The picker opens the city page (a GET form to /night-nurse; with scripts it first says that
    // it is working: 'the public pages and their scripts').
    const picker = page.getByRole('search', { name: 'Find night nurses by city' })
    await picker.getByRole('combobox', { name: 'Your city' }).selectOption('Denver')
    await picker.getByRole('button', { name: 'Find Nurses' }).click()
    await expect(page).toHaveURL('/night-nurse/denver')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses in Denver')
    await expect(page).toHaveTitle('Night Nurse Denver – Overnight Newborn Care')
  })

  test("'View All Night Nurses' opens the search", async ({ page }) => {
    await page.goto('/night-nurse')
    await page.getByRole('link', { name: 'View All Night Nurses' }).click()
    await expect(page).toHaveURL('/search')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a Night Nurse')
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(12)
  })
})

test.describe('searching for a nurse', () => {
  test('scrolling to the bottom loads 12 more at a time until every nurse has been seen', async ({ page, request }) => {
    const total = (await allApprovedNurses(request)).length
    expect(total).toBeGreaterThan(24)
    const offsets: string[] = []
    page.on('request', (req) => {
      const url = new URL(req.url())
      if (url.pathname === '/_api/nurses/search') offsets.push(`${url.searchParams.get('limit')}@${url.searchParams.get('offset')}`)
    })

    await withScripts(page)
    await page.goto('/search')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a Night Nurse')
    const end = page.getByText("You've seen all available night nurses in this area!")
    let seen = 0
    for (let round = 0; round < 10 && !(await end.isVisible()); round++) {
      await expect.poll(async () => cards(page).count()).toBeGreaterThan(seen)
      seen = await cards(page).count()
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await expect
        .poll(async () => (await end.isVisible()) || (await cards(page).count()) > seen, { timeout: 10_000 })
        .toBe(true)
    }
    await expect(end).toBeVisible()

    const keys = await cardKeys(page)
    expect(new Set(keys).size, 'no nurse twice').toBe(keys.length)
    await expectEveryNurse(request, keys, total)
    // The pages after the first, each asked for with one nurse more than a page shows, so the last
    // page is known as the last and no empty page is asked for.
    expect(offsets.slice(0, 2)).toEqual(['13@12', '13@24'])
    expect(offsets.every((offset, index) => offset === `13@${12 * (index + 1)}`), offsets.join(' ')).toBe(true)
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0)
  })

  test('without JavaScript the first page shows 12 nurses and Next page walks to the end', async ({
    browser,
    request,
  }) => {
    const total = (await allApprovedNurses(request)).length
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/search')
    const seen: string[] = []
    for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
      const keys = await cardKeys(page)
      seen.push(...keys)
      const next = page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Next page' })
      // The last page: no Next page, and the end of the list said.
      if ((await next.count()) === 0) {
        await expect(page.getByText("You've seen all available night nurses in this area!")).toBeVisible()
        break
      }
      expect(keys, `page ${pageNumber}`).toHaveLength(12)
      await next.click()
      await expect(page).toHaveURL(`/search?page=${pageNumber + 1}`)
      await expect(page.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
        'href',
        pageNumber === 1 ? '/search' : `/search?page=${pageNumber}`,
      )
    }
    expect(new Set(seen).size, 'no nurse twice').toBe(seen.length)
    await expectEveryNurse(request, seen, total)
    await context.close()
  })

  test('a state or a ZIP code narrows the results, and a place without nurses says so', async ({ page }) => {
    await page.goto('/search')
    const form = page.getByRole('form', { name: 'Search night nurses' })
    const location = form.getByRole('textbox', { name: 'City, state or ZIP' })

    await location.fill('TX')
    await form.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/search\?location=TX/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses near TX')
    await expect(cards(page)).toHaveCount(10)
    for (const card of await cards(page).all()) await expect(card).toContainText(/, TX \d{5}/)
    await expect(page.getByText("You've seen all available night nurses in this area!")).toBeVisible()

    await location.fill('78704')
    await form.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses near 78704')
    // Every Austin nurse serves 78704; the one based there comes first (decision 0018).
    await expect(cards(page)).toHaveCount(4)
    await expect(cards(page).first()).toContainText('Austin, TX 78704')
    for (const card of await cards(page).all()) await expect(card).toContainText(/Austin, TX \d{5}/)

    await location.fill('Anchorage, AK')
    await form.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses near Anchorage, AK')
    await expect(page.getByRole('heading', { name: 'No night nurses found' })).toBeVisible()
    await expect(cards(page)).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Browse nurses by city' })).toHaveAttribute('href', '/night-nurse')
  })

  test('a city without a page of its own searches that city and is kept out of search engines', async ({ page }) => {
    await page.goto('/search?city=Atlanta')
    await expect(page).toHaveURL('/search?city=Atlanta')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses in Atlanta')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    await expect(page.getByRole('heading', { name: 'No night nurses found' })).toBeVisible()
  })
})

test.describe('a city query', () => {
  test('/search?city=Boston ends on the Boston page, and Back does not return to the search', async ({ page }) => {
    await page.goto('/night-nurse')
    const response = await page.goto('/search?city=Boston')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL('/night-nurse/boston')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses in Boston')
    // The redirect replaced the search in the history: Back goes to the page before it.
    await page.goBack()
    await expect(page).toHaveURL('/night-nurse')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hire Available Night Nurses')
  })

  test('choosing a city in the search filter goes to its page, in place of the search', async ({ page }) => {
    await withScripts(page)
    await page.goto('/night-nurse')
    await page.getByRole('link', { name: 'View All Night Nurses' }).click()
    await expect(page).toHaveURL('/search')
    const city = page.getByRole('form', { name: 'Filter by city' }).getByRole('combobox', { name: 'City' })
    // The cities approved nurses work in, with their state (issue 38: not 24 cities, most empty).
    await expect(city.getByRole('option', { name: 'Night Nurses in New York, NY' })).toHaveCount(0)
    await city.selectOption('Night Nurses in Seattle, WA')
    await expect(page).toHaveURL('/night-nurse/seattle')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses in Seattle')
    await page.goBack()
    await expect(page).toHaveURL('/night-nurse')
  })

  test('without JavaScript the city filter leads to the city page too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/search')
    const filter = page.getByRole('form', { name: 'Filter by city' })
    await filter.getByRole('combobox', { name: 'City' }).selectOption('Night Nurses in Boston, MA')
    await filter.getByRole('button', { name: 'Go' }).click()
    await expect(page).toHaveURL('/night-nurse/boston')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses in Boston')
    await context.close()
  })
})

test.describe('a nurse profile', () => {
  test('picking two open nights shows their cost and Book opens /book with those dates', async ({ page, request }) => {
    const nurse = await profileNurse(request)
    const [first, second] = await openNights(request, nurse.slug, 2)

    await withScripts(page)
    await page.goto('/nurse/' + nurse.slug)
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(nurse.displayName)} – Night Nurse in Washington`))
    const aside = page.getByRole('complementary', { name: `About ${nurse.displayName} and booking` })
    await expect(aside.getByRole('heading', { level: 1 })).toHaveText(nurse.displayName)
    await expect(aside).toContainText(nurse.baseLocation)
    await expect(aside).toContainText(/\d+ years? of experience/)
    await expect(aside).toContainText(`${money(nurse.nightlyRateCents).replace(/\.00$/, '')} / night`)
    for (const section of ['About Me', 'Specialties', 'Credentials']) {
      await expect(page.getByRole('region', { name: section })).toBeVisible()
    }

    const book = aside.getByRole('button', { name: 'Book', exact: true })
    const picked = aside.getByRole('status')
    const cost = aside.getByRole('group', { name: 'Cost preview' })
    await expect(picked).toHaveText('No nights picked yet.')
    await expect(book).toBeDisabled()

    await clickNight(aside, first)
    await clickNight(aside, second)
    await expect(picked).toHaveText(`2 nights picked: ${nightLabel(first)}; ${nightLabel(second)}`)
    await expect(cost).toHaveText(priceLines(nurse.nightlyRateCents, 2, { whole: true }))
    await expect(book).toBeEnabled()

    // A second click unpicks a night; with none left, Book cannot be pressed.
    await clickNight(aside, second)
    await expect(picked).toHaveText(`1 night picked: ${nightLabel(first)}`)
    await expect(cost).toHaveText(priceLines(nurse.nightlyRateCents, 1, { whole: true }))
    await clickNight(aside, first)
    await expect(picked).toHaveText('No nights picked yet.')
    await expect(book).toBeDisabled()

    // Nights that are not open cannot be picked.
    const closed = aside.getByRole('button', { name: /, not available$/ }).first()
    await expect(closed).toBeDisabled()

    await clickNight(aside, second)
    await clickNight(aside, first)
    await expect(picked).toHaveText(`2 nights picked: ${nightLabel(first)}; ${nightLabel(second)}`)
    await book.click()
    await expect(page).toHaveURL(bookLink(nurse, [first, second]))
  })

  test('without JavaScript the open nights are checkboxes that lead to the same /book link', async ({
    browser,
    request,
  }) => {
    const nurse = await profileNurse(request)
    const [first, second] = await openNights(request, nurse.slug, 2)
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/nurse/' + nurse.slug)
    const nights = page.getByRole('form', { name: 'Choose nights to book' })
    await expect(page.getByRole('group', { name: 'Cost preview' })).toHaveText(priceLines(nurse.nightlyRateCents, 1, { whole: true }))

    // Nothing ticked: the page asks for a night.
    await nights.getByRole('button', { name: 'Book selected nights' }).click()
    await expect(page.getByRole('alert')).toHaveText('Choose at least one night to book.')

    await nights.getByRole('checkbox', { name: nightLabel(second), exact: true }).check()
    await nights.getByRole('checkbox', { name: nightLabel(first), exact: true }).check()
    await nights.getByRole('button', { name: 'Book selected nights' }).click()
    await expect(page).toHaveURL(bookLink(nurse, [first, second]))
    await context.close()
  })

  test('an unknown or unapproved nurse shows Could Not Load Profile with a way to other nurses', async ({ page }) => {
    for (const slug of ['no-such-nurse-9999', PENDING_SLUG, REJECTED_SLUG]) {
      const response = await page.goto(`/nurse/${slug}`)
      expect(response?.status(), slug).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Could Not Load Profile')
      await expect(page.getByRole('link', { name: 'Find other nurses' })).toHaveAttribute('href', '/search')
    }
    await page.getByRole('link', { name: 'Find other nurses' }).click()
    await expect(page).toHaveURL('/search')
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(12)
  })
})

test.describe('for crawlers', () => {
  test('the sitemap lists the city pages and every approved profile; robots.txt points to it', async ({
    request,
    baseURL,
  }) => {
    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.status()).toBe(200)
    expect(sitemap.headers()['content-type']).toContain('xml')
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locations).toContain(`${baseURL}/`)
    expect(locations).toContain(`${baseURL}/night-nurse`)
    expect(locations).toContain(`${baseURL}/search`)
    for (const city of CITY_PAGES) expect(locations).toContain(`${baseURL}/night-nurse/${city.slug}`)
    const profiles = locations.filter((url) => url.startsWith(`${baseURL}/nurse/`)).sort()
    const approved = (await allApprovedNurses(request)).map((nurse) => `${baseURL}/nurse/${nurse.slug}`).sort()
    expect(profiles).toEqual(approved)
    expect(profiles).not.toContain(`${baseURL}/nurse/${PENDING_SLUG}`)

    const robots = await request.get('/robots.txt')
    expect(robots.status()).toBe(200)
    const lines = (await robots.text()).split('\n').map((line) => line.trim())
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Disallow: /_api/')
    expect(lines).toContain('Disallow: /admin')
    expect(lines).toContain('Disallow: /parent')
    expect(lines).toContain('Disallow: /nurse/dashboard')
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  })
})

test.describe('accessibility and phones', () => {
  const PAGES = [
    { name: 'the home page', path: '/', heading: 'Sleep tonight. Your newborn is in caring hands.' },
    { name: '/night-nurse', path: '/night-nurse', heading: 'Hire Available Night Nurses' },
    { name: 'a city page', path: '/night-nurse/san-francisco', heading: 'Night Nurses in San Francisco' },
    { name: '/search', path: '/search', heading: 'Find a Night Nurse' },
  ]
  for (const target of PAGES) {
    test(`${target.name} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(target.path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.heading)
      await expectAccessible(page)
    })
  }

  test('a profile as a signed-out visitor gets it, its open nights checkboxes, has no serious accessibility violations', async ({ page, request }) => {
    const nurse = await profileNurse(request)
    await page.goto('/nurse/' + nurse.slug)
    await expect(page.getByRole('form', { name: 'Choose nights to book' }).getByRole('checkbox').first()).toBeVisible()
    await expectAccessible(page)
  })

  test('a profile with nights picked has no serious accessibility violations', async ({ page, request }) => {
    const nurse = await profileNurse(request)
    const [first, second] = await openNights(request, nurse.slug, 2)
    await withScripts(page)
    await page.goto('/nurse/' + nurse.slug)
    const aside = page.getByRole('complementary', { name: `About ${nurse.displayName} and booking` })
    // Picked, open and closed nights all on the calendar at once.
    await clickNight(aside, first)
    await clickNight(aside, second)
    await expect(aside.getByRole('status')).toHaveText(/^2 nights picked/)
    await expectAccessible(page)
  })

  test('at phone width the city pages, the profile and the lists fit the screen', async ({ page, request }) => {
    const nurse = await profileNurse(request)
    await page.setViewportSize(PHONE)
    // Washington DC, the longest city name, whose buttons must wrap.
    for (const path of ['/night-nurse/washington-dc', '/', '/search']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await hasNoHorizontalScroll(page)
    }
    // The calendar a signed-in family picks nights on.
    await withScripts(page)
    await page.goto('/nurse/' + nurse.slug)
    const aside = page.getByRole('complementary', { name: `About ${nurse.displayName} and booking` })
    await expect(aside.getByRole('button', { name: /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/ })).toBeVisible()
    await hasNoHorizontalScroll(page)
  })
})
