// Signing up, signing in and booking in Spanish (issue 37): a family on /es/register or /es/login
// goes through /book's three steps and pays with the test card, reading Spanish headings, dates,
// times and amounts, a Spanish message for a field left empty, and never a catalogue key.
import fs from 'node:fs'
import { request as requests, type Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, expectAccessible, fieldMessage, newApprovedNurse, test, uniqueEmail } from './fixtures'

/** The `auth` and `booking` namespaces' key prefixes: a page showing 'dates.title' shows a key, not words. */
const RAW_KEY =
  /\b(authLayout|google|login|register|forgotPassword|resetPassword|babies|steps|summary|confirmed|testCard|stripeCard|weekly|card|pay|payAtOnce|dates|details|signIn|notParent|book|reserve|planWords|payment|refusal)\.[a-z][a-zA-Z0-9]*\b/

const SHORT_WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb']
const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic']

/** 'sáb, 28 nov 2026': a night as the Spanish pages name it. */
function nocheLabel(date: string): string {
  const day = new Date(`${date}T12:00:00Z`)
  return `${SHORT_WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${SHORT_MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`
}

/** Dollars as a Spanish (es-US) page writes them. */
const dinero = (cents: number) => new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(cents / 100)

const isoDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10)

async function speakSpanish(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'lang', value: 'es', url: baseURL! }])
}

async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText()
  expect(text.match(RAW_KEY)?.[0] ?? null, 'no catalogue key shows on the page').toBeNull()
}

/** Screenshots to look at, when I18N_SHOTS names a folder: the page at a phone's and a laptop's width. */
async function shoot(page: Page, name: string) {
  const dir = process.env.I18N_SHOTS
  if (!dir) return
  fs.mkdirSync(dir, { recursive: true })
  const size = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  if (size) await page.setViewportSize(size)
}

test.describe('signing up and booking in Spanish', () => {
  test('a family signs up on /es/register, told in Spanish what is missing', async ({ page }) => {
    await page.goto('/es/register')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US')
    await expect(page.getByRole('heading', { name: 'Crea tu cuenta', level: 1 })).toBeVisible()
    await expect(page.getByText('Al registrarte, aceptas nuestros Términos y nuestra Política de privacidad.')).toBeVisible()
    await page.getByRole('link', { name: 'Regístrate con tu correo electrónico' }).click()
    await expect(page).toHaveURL(/\/es\/register\?method=email/)
    const main = page.getByRole('main')

    // Nothing filled in: each field says what it needs, in Spanish.
    await main.getByRole('button', { name: 'Crear cuenta' }).click()
    await expect(fieldMessage(main, 'El nombre es obligatorio')).toBeVisible()
    await expect(fieldMessage(main, 'Correo electrónico no válido')).toBeVisible()
    await expect(fieldMessage(main, 'La contraseña debe tener al menos 8 caracteres')).toBeVisible()
    await expectNoRawKeys(page)

    await main.getByRole('textbox', { name: 'Nombre completo' }).fill('Lucía Hernández')
    await main.getByRole('textbox', { name: 'Correo electrónico' }).fill(uniqueEmail('lucia'))
    await main.getByRole('textbox', { name: 'Contraseña' }).fill(DEMO_PASSWORD)
    await main.getByRole('button', { name: 'Crear cuenta' }).click()
    // The account keeps the language it was made in: its dashboard answers in Spanish.
    await expect(page).toHaveURL('/parent/dashboard')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US')
  })

  test('a parent signs in on /es/login and books two nights with the test card, all in Spanish', async ({ page, baseURL }) => {
    const [first, second] = [isoDate(12), isoDate(13)]
    const nurse = await newApprovedNurse('Rosa Delgado', [first, second])
    // A parent of the test's own, made away from the page by a Spanish-speaking browser (so her
    // account reads Spanish: a signed-in person reads their account's language), who then signs in
    // through the form.
    const email = uniqueEmail('familia')
    const api = await requests.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL!).origin, 'Accept-Language': 'es-US,es;q=0.9' } })
    const registered = await api.post('/_api/auth/register_with_password', {
      data: { email, password: DEMO_PASSWORD, displayName: 'Marisol Vega', role: 'parent' },
    })
    expect(registered.ok(), await registered.text()).toBe(true)
    await api.dispose()

    await speakSpanish(page, baseURL)
    const bookLink = `/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${first},${second}`
    await page.goto(`/login?redirectTo=${encodeURIComponent(bookLink)}`)
    // A visitor who chose Spanish is sent to the Spanish address of the log-in page.
    await expect(page).toHaveURL(/\/es\/login\?redirectTo=/)
    await expect(page.getByRole('heading', { name: 'Qué gusto verte de nuevo', level: 1 })).toBeVisible()
    await expect(page.locator('form[method="post"]').filter({ has: page.getByRole('button', { name: 'Iniciar sesión' }) })).toHaveAttribute(
      'action',
      '/es/login',
    )
    await expectNoRawKeys(page)
    const main = page.getByRole('main')
    await main.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(email)
    await main.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(DEMO_PASSWORD)
    await main.getByRole('button', { name: 'Iniciar sesión' }).click()

    // Step 1, on the way back from signing in: her published hours, 9 p.m. to 7 a.m.
    await expect(page).toHaveURL(bookLink)
    await expect(page.getByRole('heading', { name: 'Reservar a Rosa Delgado', level: 1 })).toBeVisible()
    const progress = page.getByRole('navigation', { name: 'Progreso de la reserva' })
    await expect(progress.getByText('Paso 1: Fechas y horarios (paso actual)')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Confirma las fechas y los horarios', level: 2 })).toBeVisible()
    await expect(page.getByText(/^.* trabaja turnos de \d+ a \d+ horas\..* Los horarios están en la hora local de la enfermera \(hora /)).toBeVisible()
    for (const date of [first, second]) {
      const night = page.getByRole('group', { name: nocheLabel(date), exact: true })
      await expect(night.getByRole('combobox', { name: 'Hora de entrada' })).toHaveValue('21:00')
      await expect(night.getByRole('combobox', { name: 'Hora de entrada' }).locator('option:checked')).toHaveText('9:00 p.m.')
      await expect(night).toContainText('10 horas, termina a la mañana siguiente')
    }
    await expectNoRawKeys(page)
    await shoot(page, 'book-step1')
    await page.getByRole('button', { name: 'Continuar', exact: true }).click()

    // Step 2: the name left empty is refused in Spanish, then the details go through.
    await expect(page).toHaveURL(/[?&]step=2/)
    await expect(progress.getByText('Paso 2: Tus datos (paso actual)')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Tus datos', level: 2 })).toBeVisible()
    // The terms' link keeps its words in Spanish too.
    await expect(main.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute('href', '/es/terms')
    await expectAccessible(page)
    await main.getByRole('textbox', { name: 'Nombre completo' }).fill('')
    await main.getByRole('textbox', { name: 'Teléfono' }).fill('(305) 555-0142')
    await main.getByRole('textbox', { name: 'Dirección' }).fill('1450 SW 8th St, Miami, FL 33135')
    await main.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }).check()
    await main.getByRole('button', { name: 'Continuar a la confirmación' }).click()
    await expect(fieldMessage(main, 'El nombre completo es obligatorio')).toBeVisible()
    await expectNoRawKeys(page)
    await shoot(page, 'book-step2-refused')
    await main.getByRole('textbox', { name: 'Nombre completo' }).fill('Marisol Vega')
    await main.getByRole('button', { name: 'Continuar a la confirmación' }).click()

    // Step 3: the summary in Spanish dates, times and dollars; the test card pays.
    await expect(page).toHaveURL(/[?&]step=3/)
    await expect(progress.getByText('Paso 3: Confirmar y pagar (paso actual)')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Confirmar y pagar', level: 2 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Resumen de la reserva' })).toBeVisible()
    await expect(main.getByText('Cuidado nocturno con Rosa Delgado · 2 noches')).toBeVisible()
    await expect(main.getByRole('list', { name: 'Noches' }).getByRole('listitem')).toHaveText([
      `${nocheLabel(first)} · 9:00 p.m. – 7:00 a.m.`,
      `${nocheLabel(second)} · 9:00 p.m. – 7:00 a.m.`,
    ])
    await expect(main.getByText('Pagos de prueba: no se cobra a ninguna tarjeta')).toBeVisible()
    const total = dinero(2 * 32000 + 6400)
    await expectNoRawKeys(page)
    await shoot(page, 'book-step3')
    await main.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242')
    await main.getByRole('button', { name: `Pagar ${total}` }).click()

    // 'Booking Confirmed!' in Spanish.
    await expect(main.getByRole('heading', { name: '¡Reserva confirmada!', level: 1 })).toBeVisible()
    await expect(main.getByText('Tu pago se realizó y Rosa Delgado ya está reservada.', { exact: false })).toBeVisible()
    await expect(main.getByText(/^#NN-\d{6}$/)).toBeVisible()
    await expect(main.getByRole('list', { name: 'Noches' }).getByRole('listitem')).toHaveCount(2)
    await expect(main.getByRole('link', { name: 'Ir a mi panel' })).toHaveAttribute('href', '/parent/dashboard')
    await expectNoRawKeys(page)
    await expectAccessible(page)
  })

  test('a Spanish-speaking parent reads /reserve and Payment Methods in Spanish', async ({ page, baseURL }) => {
    const nurse = await newApprovedNurse('Elena Ruiz')
    const registered = await page.request.post('/_api/auth/register_with_password', {
      headers: { Origin: new URL(baseURL!).origin, 'Accept-Language': 'es-US,es;q=0.9' },
      data: { email: uniqueEmail('espera'), password: DEMO_PASSWORD, displayName: 'Camila Ortiz', role: 'parent' },
    })
    expect(registered.ok(), await registered.text()).toBe(true)
    await speakSpanish(page, baseURL)

    await page.goto(`/reserve?nurse=${nurse.slug}`)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: 'A partir de que nuestro bebé llegue a casa', level: 1 })).toBeVisible()
    await expect(main.getByText(/^Reserva a Elena Ruiz alrededor de tu fecha probable de parto\. Puede empezar desde \d+ días? antes hasta \d+ días? después/)).toBeVisible()
    await expect(main.getByRole('checkbox', { name: 'Lunes' })).toBeVisible()
    await expect(main.getByRole('status').filter({ hasText: 'Tu cotización' })).toContainText('por semana (3 noches)')
    await main.getByRole('button', { name: 'Continuar al depósito' }).click()
    await expect(fieldMessage(main, 'Ingresa tu fecha probable de parto')).toBeVisible()
    await expectNoRawKeys(page)
    await shoot(page, 'reserve')

    await page.goto('/parent/payment')
    await expect(main.getByRole('heading', { name: 'Métodos de pago', level: 1 })).toBeVisible()
    await expect(main.getByRole('heading', { name: 'No tienes tarjetas guardadas' })).toBeVisible()
    await expect(main.getByRole('button', { name: 'Guardar tarjeta' })).toBeVisible()
    await expectNoRawKeys(page)
    await shoot(page, 'payment-methods')
  })

  test('the same steps stay English without the Spanish choice', async ({ page, baseURL }) => {
    const nurse = await newApprovedNurse('Grace Allen', [isoDate(14)])
    const email = uniqueEmail('family')
    const api = await requests.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL!).origin } })
    await api.post('/_api/auth/register_with_password', { data: { email, password: DEMO_PASSWORD, displayName: 'Pat Kim', role: 'parent' } })
    await api.dispose()
    await page.goto('/login')
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page).not.toHaveURL(/\/login/)
    await page.goto(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${isoDate(14)}`)
    await expect(page.getByRole('heading', { name: 'Confirm Dates & Times', level: 2 })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Booking progress' }).getByText('Step 1: Dates & Times (current step)')).toBeVisible()
    await expect(page.getByText('10 hours, ending the next morning')).toBeVisible()
  })
})
