// The nurse's pages in Spanish (es-US): a nurse of the test's own, signed in with the `lang=es`
// cookie, reads her dashboard's tabs, her credentials, her weekly pattern and her reservations in
// Spanish, with Spanish dates and money, a Spanish refusal on a form, and never a catalogue key;
// a new applicant goes through the first steps of the application in Spanish.
import fs from 'node:fs'
import { type Page } from '@playwright/test'
import { bookAndPay, expect, login, newApprovedNurse, test } from './fixtures'

const SHOTS = process.env.E2E_SCREENSHOTS ?? 'test-results/i18n-nurse-screens'
const ZONE = 'America/Denver'

// Every key prefix of the nurse catalogue: a word like 'dashboard.title' on a page is a key shown
// instead of its words.
const PREFIXES = [
  ...new Set(Object.keys(JSON.parse(fs.readFileSync('app/locales/en/nurse.json', 'utf8')) as Record<string, string>).map((key) => key.split('.')[0])),
]
const RAW_KEY = new RegExp(`\\b(?:${PREFIXES.join('|')})\\.[a-zA-Z][a-zA-Z0-9_]*\\b`)

const ES_WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb']
const ES_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic']
const ES_LONG_MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']

/** 'sáb, 28 nov 2026': a night's date as the Spanish pages write it. */
function spanishNight(date: string): string {
  const day = new Date(`${date}T12:00:00Z`)
  return `${ES_WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${ES_MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`
}

function nurseToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

async function inSpanish(page: Page) {
  await page.context().addCookies([{ name: 'lang', value: 'es', url: test.info().project.use.baseURL! }])
}

/** A signed-in nurse reads her account's language: she chooses Spanish as the switcher does. */
async function chooseSpanish(page: Page) {
  const base = test.info().project.use.baseURL!
  const chosen = await page.request.post('/language', {
    form: { language: 'es', redirectTo: '/nurse/dashboard' },
    headers: { Origin: new URL(base).origin },
    maxRedirects: 0,
  })
  expect(chosen.status()).toBe(302)
  await inSpanish(page)
}

async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText()
  expect(text).not.toMatch(RAW_KEY)
  // Nor a catalogue key in an accessible name or a field's label.
  const labels = await page.locator('[aria-label]').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''))
  for (const label of labels) expect(label).not.toMatch(RAW_KEY)
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
    // Nothing wider than the window: Spanish words are longer (tabs, buttons, tables).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('a nurse reads her dashboard, credentials, weekly pattern and reservations in Spanish', async ({ page }) => {
  const today = nurseToday()
  const booked = addDays(today, 240)
  const open = addDays(today, 241)
  const nurse = await newApprovedNurse('Lucía Espinoza', [booked, open])
  await bookAndPay(nurse.nurseProfileId, [booked])
  await login(page, nurse.email)
  await chooseSpanish(page)

  // Availability: the tabs, the calendar's month and days in Spanish.
  await page.goto('/nurse/dashboard?tab=availability')
  const main = page.getByRole('main')
  await expect(page.locator('html')).toHaveAttribute('lang', /^es/)
  await expect(main.getByRole('heading', { level: 1, name: 'Tu panel de enfermera' })).toBeVisible()
  await expect(page).toHaveTitle('Tu panel de enfermera – Nightlight')
  await expect(main.getByRole('tab', { name: 'Disponibilidad' })).toBeVisible()
  await expect(main.getByRole('tab', { name: 'Reservas y pagos' })).toBeVisible()
  await expect(main.getByRole('tab', { name: 'Perfil' })).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Noches disponibles' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Publicar' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Mes siguiente' })).toBeVisible()
  // The calendar opens on this month, named in Spanish, its days named as the pages name nights.
  const [year, month] = today.split('-').map(Number)
  await expect(main.getByRole('button', { name: new RegExp(`^${ES_LONG_MONTHS[month - 1]} ${year}$`) })).toBeVisible()
  await expect(main.getByRole('button', { name: new RegExp(`^${spanishNight(today)}`) })).toBeVisible()
  await expect(main.getByRole('columnheader', { name: 'do', exact: true })).toBeVisible()
  await expectNoRawKeys(page)
  await shoot(page, 'dashboard-availability')

  // Bookings & payments: the booked night in Spanish, with its pay in dollars.
  await main.getByRole('tab', { name: 'Reservas y pagos' }).click()
  await expect(page).toHaveURL(/tab=bookings/)
  await expect(main.getByRole('heading', { name: 'Próximas noches' })).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Cobros', exact: true })).toBeVisible()
  await expect(main.getByText('Ganado', { exact: true })).toBeVisible()
  const row = main.getByRole('row', { name: new RegExp(spanishNight(booked)) }).first()
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^\$\d[\d,]*\.\d{2}$/)
  await expect(row.getByText('Confirmada')).toBeVisible()
  await expectNoRawKeys(page)
  await shoot(page, 'dashboard-bookings')

  // Profile.
  await main.getByRole('tab', { name: 'Perfil' }).click()
  await expect(page).toHaveURL(/tab=profile/)
  await expect(main.getByRole('heading', { name: 'Tu perfil público' })).toBeVisible()
  await expect(main.getByRole('checkbox', { name: 'Cuidado del recién nacido' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Guardar perfil' })).toBeVisible()
  await expectNoRawKeys(page)
  await shoot(page, 'dashboard-profile')

  // Credentials.
  await page.goto('/nurse/credentials')
  await expect(main.getByRole('heading', { level: 1, name: 'Tus credenciales' })).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Agregar una credencial' })).toBeVisible()
  await expect(main.getByRole('combobox', { name: '¿Qué vas a agregar?' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Agregar la credencial' })).toBeVisible()
  await expectNoRawKeys(page)

  // The weekly pattern: Spanish weekdays, and a refusal in Spanish.
  await page.goto('/nurse/pattern')
  await expect(main.getByRole('heading', { level: 1, name: 'Horario semanal y días libres' })).toBeVisible()
  for (const day of ['lunes', 'martes', 'miércoles', 'jueves', 'viernes']) await expect(main.getByRole('checkbox', { name: day })).toBeChecked()
  for (const day of ['lunes', 'martes', 'miércoles', 'jueves', 'viernes']) await main.getByRole('checkbox', { name: day }).uncheck()
  await main.getByRole('button', { name: 'Publicar el horario' }).click()
  await expect(main.getByText('Elige al menos un día de la semana')).toBeVisible()
  await expectNoRawKeys(page)

  // Reservations: none yet, said in Spanish.
  await page.goto('/nurse/reservations')
  await expect(main.getByRole('heading', { level: 1, name: 'Tus reservaciones' })).toBeVisible()
  await expect(main.getByText('Aún no te ha reservado ninguna familia.', { exact: false })).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Tu margen de inicio' })).toBeVisible()
  await expectNoRawKeys(page)

  // The background check and its disclosure.
  await page.goto('/nurse/background-check')
  await expect(main.getByRole('heading', { level: 1, name: 'Tu verificación de antecedentes' })).toBeVisible()
  await page.goto('/nurse/background-check/disclosure')
  await expect(main.getByRole('heading', { level: 1, name: 'Divulgación sobre la investigación de antecedentes' })).toBeVisible()
  await expect(main.getByText(/Checkr, Inc\./)).toBeVisible()
  await expectNoRawKeys(page)
})

test('a new applicant goes through the first steps of the application in Spanish', async ({ page }) => {
  await inSpanish(page)
  await page.goto('/night-nurse-onboard')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Solicitud de enfermera' })).toBeVisible()
  await expect(page).toHaveTitle('Solicitud de enfermera – Nightlight')
  await expect(main.getByRole('navigation', { name: 'Avance de la solicitud' })).toContainText('Datos básicos')
  await expect(main.getByRole('heading', { name: 'Datos básicos' })).toBeVisible()
  await expectNoRawKeys(page)
  await shoot(page, 'onboarding-step1')

  await main.getByRole('textbox', { name: 'Nombre completo' }).fill('Marisol Treviño')
  await main.getByRole('textbox', { name: 'Número de teléfono' }).fill('512-555-0142')
  await main.getByRole('combobox', { name: 'Años de experiencia' }).selectOption({ label: '6-10 años' })
  await main.getByRole('button', { name: 'Siguiente' }).click()
  await expect(page).toHaveURL(/step=2/)
  await expect(main.getByRole('heading', { name: 'Formación' })).toBeVisible()
  await expect(main.getByRole('navigation', { name: 'Avance de la solicitud' })).toContainText('Datos básicos (listo)')
  await main.getByRole('checkbox', { name: 'RN', exact: true }).check()
  await main.getByRole('checkbox', { name: 'Cuidado del recién nacido' }).check()
  await main.getByRole('textbox', { name: 'Biografía (opcional)' }).fill('Doce años de noches tranquilas con recién nacidos.')
  await expectNoRawKeys(page)
  await shoot(page, 'onboarding-step2')
  await main.getByRole('button', { name: 'Siguiente' }).click()
  await expect(page).toHaveURL(/step=3/)
  await expect(main.getByRole('heading', { name: 'Tarifas' })).toBeVisible()
  await expect(main.getByRole('textbox', { name: 'Ubicación base' })).toBeVisible()
  await expect(main.getByRole('group', { name: 'Gemelos y trillizos' })).toBeVisible()
  await expect(main.getByRole('link', { name: 'Atrás' })).toBeVisible()
  await expectNoRawKeys(page)

  // Back on step 2, what she ticked is kept (the draft), in Spanish words.
  await main.getByRole('link', { name: 'Atrás' }).click()
  await expect(page).toHaveURL(/step=2/)
  await expect(main.getByRole('checkbox', { name: 'Cuidado del recién nacido' })).toBeChecked()
})
