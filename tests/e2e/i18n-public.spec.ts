// The public pages in Spanish (issue 37): a visitor whose browser asks for Spanish lands on /es,
// searches, opens a profile at /es/nurse/…, and reads Spanish with no catalogue key showing; the
// footer's switcher takes her to the English address and keeps the choice; an English visitor is
// unaffected. The Spanish pages have no WCAG 2.2 AA violation axe finds, on a phone and a desktop.
import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

// A key of the `public` or `common` catalogue showing as text ('search.nextPage') is a missing word.
const prefixes = new Set(
  ['public', 'common'].flatMap((namespace) =>
    Object.keys(JSON.parse(fs.readFileSync(`app/locales/en/${namespace}.json`, 'utf8')) as Record<string, string>).map((key) => key.split('.')[0]),
  ),
)
const RAW_KEY = new RegExp(`\\b(${[...prefixes].join('|')})\\.[a-z][a-zA-Z0-9]*\\b`)

async function spanishVisitor(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'es-US', extraHTTPHeaders: { 'Accept-Language': 'es-US,es;q=0.9' } })
  return { context, page: await context.newPage() }
}

async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText()
  expect(text.match(RAW_KEY)?.[0] ?? null).toBeNull()
}

async function expectSpanishAlternates(page: Page, englishPath: string, spanishPath: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US')
  const origin = new URL(page.url()).origin
  await expect(page.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveAttribute('href', `${origin}${englishPath}`)
  await expect(page.locator('link[rel="alternate"][hreflang="es-US"]')).toHaveAttribute('href', `${origin}${spanishPath}`)
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${origin}${englishPath}`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${spanishPath}`)
}

test('a Spanish visitor reads the home page, search and a profile in Spanish, and switches to English', async ({ browser, baseURL }) => {
  const { context, page } = await spanishVisitor(browser, baseURL)
  await page.goto('/')
  await expect(page).toHaveURL(/\/es$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Duerme esta noche. Tu recién nacido está en buenas manos.')
  await expect(page.getByRole('heading', { name: 'Enfermeras nocturnas destacadas' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Cómo funciona' })).toBeVisible()
  await expect(page).toHaveTitle('Nightlight – Enfermeras nocturnas para el cuidado de tu recién nacido')
  await expectSpanishAlternates(page, '/', '/es')
  await expectNoRawKeys(page)

  // The city picker's form goes to the city page at its Spanish address.
  await page.getByLabel('¿Dónde vives?').selectOption('austin')
  await page.getByRole('button', { name: 'Buscar enfermera nocturna' }).click()
  await expect(page).toHaveURL(/\/es\/night-nurse\/austin$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enfermeras nocturnas en Austin')
  await expectNoRawKeys(page)

  await page.goto('/es/search')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encuentra una enfermera nocturna')
  await page.getByLabel('Ciudad, estado o código postal').fill('TX')
  await page.getByRole('button', { name: 'Buscar', exact: true }).click()
  await expect(page).toHaveURL(/\/es\/search\?location=TX/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enfermeras nocturnas cerca de TX')
  await expect(page.getByText(/\/ noche$/).first()).toBeVisible()
  await expectNoRawKeys(page)

  await page.locator('article h2 a').first().click()
  await expect(page).toHaveURL(/\/es\/nurse\/[^/?]+$/)
  const slug = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByRole('heading', { name: 'Sobre mí' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Disponibilidad' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Lo que verificamos' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Cómo funciona la reserva' })).toBeVisible()
  await expect(page.getByText('Costo de una noche')).toBeVisible()
  await expect(page).toHaveTitle(/ – Enfermera nocturna en .+ \| Nightlight$/)
  await expectSpanishAlternates(page, `/nurse/${slug}`, `/es/nurse/${slug}`)
  await expectNoRawKeys(page)

  // The footer's switcher: the same profile at its English address, and the choice is kept.
  await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click()
  await expect(page).toHaveURL(new RegExp(`/nurse/${slug}$`))
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
  await expect(page.getByRole('heading', { name: 'About Me' })).toBeVisible()
  await page.goto('/')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sleep tonight. Your newborn is in caring hands.')
  await context.close()
})

test('an English visitor is not sent to Spanish', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sleep tonight. Your newborn is in caring hands.')
  await page.goto('/search?location=TX')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Nurses near TX')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/search\?location=TX$/)
})

test('the sitemap lists the Spanish addresses with their alternates', async ({ request, baseURL }) => {
  const xml = await (await request.get('/sitemap.xml')).text()
  expect(xml).toContain(`<loc>${baseURL}/es/search</loc>`)
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="es-US" href="${baseURL}/es/night-nurse/austin"/>`)

  // The Spanish sitemap holds the Spanish addresses alone, and robots.txt names both.
  const spanish = await request.get('/es/sitemap.xml')
  expect(spanish.status()).toBe(200)
  expect(spanish.headers()['content-type']).toContain('application/xml')
  const locations = [...(await spanish.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
  expect(locations).toContain(`${baseURL}/es`)
  expect(locations).toContain(`${baseURL}/es/night-nurse/austin`)
  expect(locations.filter((url) => url.startsWith(`${baseURL}/es/nurse/`)).length).toBeGreaterThan(0)
  expect(locations.filter((url) => !url.startsWith(`${baseURL}/es`))).toEqual([])
  const robots = (await (await request.get('/robots.txt')).text()).split('\n')
  expect(robots).toContain(`Sitemap: ${baseURL}/es/sitemap.xml`)
  expect(robots).toContain('Disallow: /es/login')
})

for (const width of [390, 1280]) {
  test(`the Spanish home, search and a profile have no WCAG 2.2 AA violation at ${width} px`, async ({ browser, baseURL }) => {
    const { context, page } = await spanishVisitor(browser, baseURL)
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/es/search?location=TX')
    const profile = await page.locator('article h2 a').first().getAttribute('href')
    expect(profile).toMatch(/^\/es\/nurse\//)
    for (const path of ['/es', '/es/search', profile!]) {
      await page.goto(path)
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
      const violations = results.violations.map((v) => `${path} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`)
      expect(violations).toEqual([])
    }
    await context.close()
  })
}

test('the footer’s list, posted from a Spanish page before JavaScript, answers in Spanish and keeps what was typed', async ({ browser, baseURL }) => {
  // An English browser that followed a link to /es: the address says Spanish, no cookie says anything.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' } })
  const page = await context.newPage()
  await page.goto('/es')
  const footer = page.getByRole('contentinfo')
  await footer.getByLabel('Correo electrónico').fill('dana@localhost')
  await footer.getByRole('button', { name: 'Unirme' }).click()

  await expect(page).toHaveURL(/\/es\/newsletter$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US')
  await expect(page).toHaveTitle('Únete a nuestra lista – Nightlight')
  const email = page.getByRole('main').getByLabel('Correo electrónico')
  await expect(email).toHaveValue('dana@localhost')
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expectNoRawKeys(page)

  await email.fill('dana.list@example.com')
  await page.getByRole('main').getByRole('button', { name: 'Unirme' }).click()
  await expect(page.getByRole('status')).toHaveText('¡Gracias! Ya estás en nuestra lista.')
  await page.getByRole('link', { name: 'Volver al inicio' }).click()
  await expect(page).toHaveURL(/\/es$/)
  await context.close()
})
