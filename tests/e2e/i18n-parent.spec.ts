// The family's pages in Spanish (issue 37): a parent of the test's own who chose Spanish (the
// header's switcher: the `lang` cookie and the account) reads the dashboard, the payment history and a receipt, a booking, a reservation
// and Profile Settings in Spanish, with Spanish dates and amounts and no catalogue key in sight.
// Changing the language in Profile Settings is saved on the account: a new device without cookies
// gets the pages in the account's language once signed in.
import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, newApprovedNurse, paidWeeklySeries, signUpParent, test } from './fixtures'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

// A key of the `parent` catalogue shown instead of its words ('dashboard.welcome').
const PREFIXES = [
  'aside', 'backups', 'booking', 'calendar', 'cancel', 'card', 'dashboard', 'deposit', 'dialog', 'move', 'night', 'nights',
  'notify', 'pattern', 'payments', 'plan', 'price', 'problem', 'receipt', 'report', 'reservation', 'review', 'settings',
  'stats', 'status', 'subpage', 'unpaid', 'weekly',
]
const RAW_KEY = new RegExp(`\\b(${PREFIXES.join('|')})\\.[a-z][a-zA-Z0-9]*\\b`)
// 'sáb, 28 nov 2026' (a night) and '28 nov 2026' (a payment).
const SPANISH_NIGHT = /(dom|lun|mar|mié|jue|vie|sáb), \d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic) \d{4}/
const SPANISH_DAY = /(?<!\d)\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic) \d{4}/
const ENGLISH_NIGHT = /(Sun|Mon|Tue|Wed|Thu|Fri|Sat), (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}/

/**
 * Spanish chosen with the header's switcher (POST /language): the `lang` cookie, and the account's
 * language, which a signed-in person's pages follow on every device.
 */
async function chooseSpanish(page: Page, baseURL: string) {
  const chosen = await page.request.post('/language', {
    headers: { Origin: new URL(baseURL).origin },
    form: { language: 'es', redirectTo: '/parent/dashboard' },
    maxRedirects: 0,
  })
  expect(chosen.status()).toBe(302)
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('es')
}

async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText()
  expect(text.match(RAW_KEY)?.[0] ?? null).toBeNull()
}

/** Signs in through the API of the page's own context, as the login form does. */
async function signIn(page: Page, email: string, baseURL: string) {
  const answer = await page.request.post('/_api/auth/login_with_password', {
    headers: { Origin: new URL(baseURL).origin },
    data: { email, password: DEMO_PASSWORD },
  })
  expect(answer.ok(), await answer.text()).toBe(true)
}

test('a family that chose Spanish reads its dashboard, booking, receipt, reservation and settings in Spanish', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(120_000)
  await signUpParent(page, 'Lucía Gómez')
  const bookingId = await paidWeeklySeries(page, { weeks: 2, daysAhead: 30 })
  const nurse = await newApprovedNurse('Sarah Reservas')
  const made = await page.request.post('/_api/reservations/create', {
    data: {
      nurseId: nurse.nurseProfileId,
      dueDate: isoDate(Date.now() + 45 * DAY_MS),
      weeks: 2,
      nightsPerWeek: 3,
      weekdays: [1, 3, 5],
      startTimeLocal: '21:00',
      endTimeLocal: '07:00',
      babies: 1,
      addressText: '12 Beacon Street, Boston, MA 02108',
      payWith: 'card',
      cardNumber: '4242 4242 4242 4242',
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  const { reservation } = (await made.json()) as { reservation: { id: number } }
  await chooseSpanish(page, baseURL!)

  // The dashboard.
  await page.goto('/parent/dashboard')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US')
  await expect(page).toHaveTitle('Tu panel – Nightlight')
  await expect(page.getByRole('heading', { name: '¡Hola de nuevo, Lucía Gómez!', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Tus reservas', level: 2 })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Mostrar reservas' }).getByRole('link', { name: 'Próximas' })).toBeVisible()
  await expect(page.getByText('Reservas en total')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Noches programadas' }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ver detalles' }).first()).toBeVisible()
  await expect(page.getByText('Programada').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Tus reservaciones' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Sarah Reservas, fecha de parto .*: Esperando su respuesta/ })).toBeVisible()
  await expect(page.getByRole('switch', { name: 'Confirmaciones de reserva' })).toBeVisible()
  const dashboardText = await page.locator('main').innerText()
  expect(dashboardText).toMatch(SPANISH_NIGHT)
  expect(dashboardText).not.toMatch(ENGLISH_NIGHT)
  expect(dashboardText).toMatch(/\$\d{1,3}(,\d{3})*\.\d{2}/)
  await expectNoRawKeys(page)

  // The payment history and a receipt in its dialog.
  await expect(page.getByRole('heading', { name: 'Historial de pagos', level: 2 })).toBeVisible()
  await expect(page.getByText(/^Cuidado nocturno con /).first()).toBeVisible()
  await expect(page.getByText(/^Depósito: cuidado nocturno con Sarah Reservas$/)).toBeVisible()
  const payment = page.getByRole('listitem', { name: /^Factura n\.º \d+$/ }).filter({ hasText: /^Cuidado nocturno con/ }).first()
  await expect(payment).toContainText(SPANISH_DAY)
  await expect(payment).toContainText('Pagado con tarjeta')
  await payment.getByRole('button', { name: /^Ver el recibo n\.º \d+$/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Recibo' })
  await expect(dialog.getByText('Facturado a')).toBeVisible()
  await expect(dialog.getByText('Enfermera nocturna')).toBeVisible()
  await expect(dialog.getByText(/^Reserva #NN-\d+ \(Semanal\)$/)).toBeVisible()
  await expect(dialog.getByText('Tarifa de la plataforma (10 %)')).toBeVisible()
  await expect(dialog.getByText(/^Pagado con tarjeta: \$[\d,.]+ (por la semana \d+ )?el \d{1,2} [a-z]+ \d{4}$/)).toBeVisible()
  await expect(dialog.getByRole('columnheader', { name: 'Noche' })).toBeVisible()
  await expect(dialog).toContainText(SPANISH_NIGHT)
  await expect(dialog.getByRole('link', { name: 'Descargar PDF' })).toBeVisible()
  await expectNoRawKeys(page)
  await expect(dialog.getByRole('button', { name: 'Cerrar ventana' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click()
  await expect(dialog).toBeHidden()

  // The booking.
  await page.goto(`/parent/bookings/${bookingId}`)
  await expect(page.getByRole('heading', { name: /^Reserva #NN-\d+$/, level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(/^Reserva #NN-\d+ – Nightlight$/)
  await expect(page.getByRole('heading', { name: 'Noches' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Tu enfermera nocturna' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Importes' })).toBeVisible()
  await expect(page.getByText('Confirmada', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Cancelar la noche del / }).first()).toBeVisible()
  await expect(page.getByText(/^Los horarios están en la hora local de la enfermera \(hora del /)).toBeVisible()
  await expect(page.getByText('Semanal, 1 noche por semana durante 2 semanas')).toBeVisible()
  const bookingText = await page.locator('main').innerText()
  expect(bookingText).toMatch(SPANISH_NIGHT)
  expect(bookingText).toMatch(/\d{1,2}:\d{2} (a\.m\.|p\.m\.)/)
  expect(bookingText).not.toMatch(ENGLISH_NIGHT)
  await expectNoRawKeys(page)

  // Cancelling a night asks in Spanish, with the refund.
  await page.getByRole('link', { name: /^Cancelar la noche del / }).first().click()
  await expect(page.getByRole('heading', { name: 'Confirmar la cancelación' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sí, cancelar' })).toBeVisible()
  await expect(page.getByText(/^¿Cancelar la noche del /)).toBeVisible()
  await expectNoRawKeys(page)

  // The reservation.
  await page.goto(`/parent/reservations/${reservation.id}`)
  await expect(page.getByRole('heading', { name: 'Tu reservación con Sarah Reservas', level: 1 })).toBeVisible()
  await expect(page.getByText('Esperando su respuesta')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Período y plan' })).toBeVisible()
  await expect(page.getByRole('rowheader', { name: 'Fecha de parto' })).toBeVisible()
  await expect(page.getByText('Puede empezar desde 14 días antes hasta 21 días después de tu fecha de parto.')).toBeVisible()
  await expect(page.getByText(/^lunes, miércoles y viernes durante 2 semanas, de 9:00 p\.m\. a 7:00 a\.m\./)).toBeVisible()
  await expect(page.getByText(/^\$[\d,.]+ pagados\. Cuentan para tu primera semana\. Si cancelas a más tardar el /)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancelar la reservación' })).toBeVisible()
  expect(await page.locator('main').innerText()).toMatch(SPANISH_NIGHT)
  await expectNoRawKeys(page)

  // Profile Settings, and a refusal in Spanish (the form as it is sent before JavaScript runs).
  await page.goto('/parent/settings')
  await expect(page.getByRole('heading', { name: 'Configuración del perfil', level: 1 })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked()
  await expect(page.getByRole('button', { name: 'Guardar idioma' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Teléfono' })).toBeVisible()
  await expectNoRawKeys(page)
  const noScripts = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await context.storageState() })
  const plain = await noScripts.newPage()
  await plain.goto('/parent/settings')
  await plain.getByRole('textbox', { name: 'Nombre' }).fill('')
  await plain.getByRole('textbox', { name: 'Teléfono' }).fill('12')
  await plain.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(plain.getByText('El nombre es obligatorio').first()).toBeVisible()
  await expect(plain.getByText('Escribe un número de teléfono válido').first()).toBeVisible()
  await expect(plain.getByText('Name is required')).toHaveCount(0)
  await expectNoRawKeys(plain)
  await noScripts.close()
})

test('the language chosen in Profile Settings is the account’s: a new device gets its pages in it', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000)
  const email = await signUpParent(page, 'Marta Ruiz')
  // English to begin with: Español, saved, turns the pages Spanish.
  await page.goto('/parent/settings')
  await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible()
  await page.getByRole('radio', { name: 'Español' }).check()
  await page.getByRole('button', { name: 'Save language' }).click()
  await expect(page.getByRole('heading', { name: 'Configuración del perfil', level: 1 })).toBeVisible()
  await expect(page.getByText('Idioma guardado.')).toBeVisible()
  await page.goto('/parent/dashboard')
  await expect(page.getByRole('heading', { name: '¡Hola de nuevo, Marta Ruiz!', level: 1 })).toBeVisible()

  // A new device, no cookies, a browser that asks for English: the account's Spanish.
  const english = await browser.newContext({ baseURL, locale: 'en-US' })
  const other = await english.newPage()
  await signIn(other, email, baseURL!)
  await other.goto('/parent/dashboard')
  await expect(other.getByRole('heading', { name: '¡Hola de nuevo, Marta Ruiz!', level: 1 })).toBeVisible()
  await english.close()

  // Back to English in Profile Settings: the pages are English again.
  await page.goto('/parent/settings')
  await page.getByRole('radio', { name: 'English' }).check()
  await page.getByRole('button', { name: 'Guardar idioma' }).click()
  await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible()
  await expect(page.getByText('Language saved.')).toBeVisible()
  await page.goto('/parent/dashboard')
  await expect(page.getByRole('heading', { name: 'Welcome back, Marta Ruiz!', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Bookings', level: 2 })).toBeVisible()

  // A new device whose browser asks for Spanish: the account's English wins.
  const spanish = await browser.newContext({ baseURL, locale: 'es-US', extraHTTPHeaders: { 'Accept-Language': 'es-US,es;q=0.9' } })
  const another = await spanish.newPage()
  await signIn(another, email, baseURL!)
  await another.goto('/parent/dashboard')
  await expect(another.getByRole('heading', { name: 'Welcome back, Marta Ruiz!', level: 1 })).toBeVisible()
  await expect(another.locator('html')).toHaveAttribute('lang', 'en-US')
  await spanish.close()
})
