// The long words of the public pages in Spanish (docs/i18n.md): /es/about, /es/privacy and a city
// page at /es/night-nurse/boston show their Spanish files, their links stay in Spanish, and the
// English pages are unchanged. Signed in, the pages hydrate (a page the browser drew in the other
// language would log a hydration error) and move between each other in the browser, in Spanish.
import { DEMO, expect, expectAccessible, login, test } from './fixtures'

/** Sentences of the English pages that must not show on their Spanish twins. */
const ENGLISH = {
  about: 'We built Nightlight so any family can find an experienced night nurse nearby',
  privacy: 'This policy explains what we collect, why, and who can see it.',
  boston: 'Boston families have some of the country\'s best-known birth hospitals close by',
}

test('/es/about, /es/privacy and /es/night-nurse/boston are in Spanish, their English pages in English', async ({ page }) => {
  await page.goto('/es/about')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Acerca de Nightlight' })).toBeVisible()
  await expect(main).toContainText('Creamos Nightlight para que cualquier familia pueda encontrar cerca de casa a una enfermera nocturna con experiencia')
  await expect(main).not.toContainText(ENGLISH.about)
  await expect(page).toHaveTitle('Quiénes somos – Nightlight')
  // A link of the text goes to the Spanish address of its page.
  await expect(main.getByRole('link', { name: 'asociarse con nosotros' })).toHaveAttribute('href', '/es/partner')

  await page.goto('/es/privacy')
  await expect(main.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible()
  await expect(main).toContainText('Si hay alguna diferencia entre esta versión en español y la versión en inglés, prevalece la versión en inglés.')
  await expect(main).toContainText('No usamos cookies de publicidad, de análisis ni de seguimiento.')
  await expect(main).not.toContainText(ENGLISH.privacy)
  await expect(main.getByRole('link', { name: 'Términos del servicio' })).toHaveAttribute('href', '/es/terms')

  await page.goto('/es/night-nurse/boston')
  await expect(main).toContainText('Las familias de Boston tienen cerca algunos de los hospitales de maternidad más conocidos del país')
  await expect(main).toContainText('¿Qué pasa si cae una tormenta de nieve en una noche reservada?')
  await expect(main).toContainText('¿Cuál es la política de cancelación?')
  await expect(main).toContainText('¿Cuánto cuesta una enfermera nocturna?')
  await expect(main).not.toContainText(ENGLISH.boston)
  await expect(main).not.toContainText('What is the cancellation policy?')
  // The FAQ's structured data speaks the page's language.
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  const faqPage = jsonLd.map((text) => JSON.parse(text)).flat().find((data) => data['@type'] === 'FAQPage')
  expect(faqPage.mainEntity.map((question: { name: string }) => question.name)).toContain('¿Cuál es la política de cancelación?')

  // The English pages are as they were.
  await page.goto('/about')
  await expect(main.getByRole('heading', { level: 1, name: 'About Nightlight' })).toBeVisible()
  await expect(main).toContainText(ENGLISH.about)
  await expect(page).toHaveTitle('About Us – Nightlight')
  await page.goto('/privacy')
  await expect(main).toContainText(ENGLISH.privacy)
  await expect(main).not.toContainText('prevalece la versión en inglés')
  await page.goto('/night-nurse/boston')
  await expect(main).toContainText(ENGLISH.boston)
  await expect(main).toContainText('What is the cancellation policy?')
  await expect(main).toContainText('How much does a night nurse cost?')
  await expect(main).not.toContainText('¿')
})

test('signed in, the Spanish text pages hydrate and lead to each other in Spanish', async ({ page }) => {
  await login(page, DEMO.parent)
  await page.goto('/es/about')
  const main = page.getByRole('main')
  await expect(page.locator('html[data-hydrated]')).toBeAttached()
  await expect(main).toContainText('Las primeras semanas con un recién nacido son maravillosas y agotadoras.')
  // Drawn by the browser's router this time, still from the Spanish file.
  await main.getByRole('link', { name: 'ponerse en contacto' }).click()
  await expect(page).toHaveURL('/es/support')
  await expect(main.getByRole('heading', { level: 1, name: 'Ayuda y soporte' })).toBeVisible()
  await expect(main).toContainText('Si un bebé o uno de los padres se siente mal o está en peligro, no nos esperes: llama al 911.')
  await expect(page).toHaveTitle('Ayuda y soporte – Nightlight')
  await page.goto('/es/terms')
  await expect(main).toContainText('Si hay alguna diferencia entre esta versión en español y la versión en inglés, prevalece la versión en inglés.')
  await expect(main).toContainText('21 de noviembre de 2026')
})

test('the Spanish text and city pages have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/es/about', '/es/terms', '/es/night-nurse/boston']) {
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US')
    await expectAccessible(page)
  }
})
