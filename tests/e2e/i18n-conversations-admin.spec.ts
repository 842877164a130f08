// Conversations and the admin's pages in Spanish (the `lang` cookie, the device's choice): a family writes to a nurse of
// the test's own (the labels, the refusal of an empty message, the notice about hidden contact
// details), the nurse reads the family's number masked, the family asks for an interview; an admin
// reads the dashboard's tabs and approves an applicant of the test's own. No catalogue key of these
// areas shows raw on any of these pages.
import type { Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, login, newApplicant, newApprovedNurse, signUpParent, test } from './fixtures'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

// The key prefixes of the `conversations` and `admin` catalogues: a key that failed to resolve would
// show as one of these followed by a dot and a word.
const CONVERSATION_PREFIXES = ['messagesList', 'askQuestion', 'conversation', 'proposedTimes', 'interviewsList', 'interview', 'askInterview']
const ADMIN_PREFIXES = [
  'toast', 'status', 'dashboard', 'stats', 'failure', 'lastUpdate', 'paymentType', 'nurses', 'bookings', 'payments', 'payouts', 'actions',
  'common', 'reported', 'reportedOne', 'member', 'checks', 'check', 'credentials', 'credential', 'changes', 'change', 'reviews', 'outbox',
]
const rawKey = (prefixes: string[]) => new RegExp(`\\b(${prefixes.join('|')})\\.[a-z][a-zA-Z0-9-]*\\b`)

async function expectNoRawKeys(page: Page, prefixes: string[]) {
  const text = await page.locator('body').innerText()
  expect(text).not.toMatch(rawKey(prefixes))
  expect(await page.title()).not.toMatch(rawKey(prefixes))
}

/** The device's choice of Spanish: the `lang` cookie (the account's own language is left as it is). */
async function inSpanish(page: Page) {
  await page.context().addCookies([{ name: 'lang', value: 'es', url: test.info().project.use.baseURL! }])
}

test('a family writes to a nurse and asks for an interview in Spanish; the nurse reads the number hidden', async ({ page, browser }) => {
  const nurse = await newApprovedNurse('Elena Espinoza')
  await signUpParent(page, 'Paula Padre')
  await inSpanish(page)

  await page.goto('/messages')
  await expect(page.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible()
  await expect(page.getByText('Todavía no tienes mensajes.')).toBeVisible()
  await expectNoRawKeys(page, CONVERSATION_PREFIXES)

  await page.goto(`/messages/new?nurse=${nurse.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Hazle una pregunta a Elena' })).toBeVisible()
  await expect(page).toHaveTitle('Hacer una pregunta – Nightlight')
  await expect(page.getByText('Los números de teléfono, los correos electrónicos y los enlaces se ocultan')).toBeVisible()
  const question = page.getByRole('textbox', { name: 'Tu pregunta' })
  // Only spaces pass the browser's `required`; the server refuses them, in Spanish.
  await question.fill('   ')
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText('Escribe tu mensaje primero.')).toBeVisible()
  await expectNoRawKeys(page, CONVERSATION_PREFIXES)

  await question.fill('Hola, ¿tienes experiencia con reflujo? Llámame al 617-555-0142.')
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Elena Espinoza' })).toBeVisible()
  // Her own words as written; the notice about contact details, the labels and the toast in Spanish.
  await expect(page.getByRole('list', { name: 'Mensajes' })).toContainText('Llámame al 617-555-0142.')
  await expect(page.getByText('hasta que se confirme una reserva con esta enfermera')).toBeVisible()
  await expect(page.getByRole('link', { name: '← Todos los mensajes' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Tu mensaje' })).toBeVisible()
  await expect(page.getByText('Reportar esta conversación')).toBeVisible()
  await expectNoRawKeys(page, CONVERSATION_PREFIXES)
  const conversationUrl = page.url().replace(/#.*$/, '')

  // The nurse, in Spanish too, reads the family's number masked.
  const nurseContext = await browser.newContext()
  const nursePage = await nurseContext.newPage()
  await login(nursePage, nurse.email, DEMO_PASSWORD)
  await inSpanish(nursePage)
  await nursePage.goto('/messages')
  await expect(nursePage.getByText('1 nuevo', { exact: true })).toBeVisible()
  await nursePage.getByRole('link', { name: 'Abrir la conversación con Paula' }).click()
  const thread = nursePage.getByRole('list', { name: 'Mensajes' })
  await expect(thread).toContainText('Llámame al [datos de contacto ocultos hasta que se confirme la reserva]')
  await expect(thread).not.toContainText('0142')
  await expect(nursePage.getByText('hasta que se confirme una reserva con esta familia')).toBeVisible()
  await expectNoRawKeys(nursePage, CONVERSATION_PREFIXES)
  await nurseContext.close()

  // Back to the family: the list in Spanish, then an interview asked for in Spanish.
  await page.goto('/messages')
  await expect(page.getByRole('link', { name: 'Abrir la conversación con Elena Espinoza' })).toBeVisible()
  await page.goto(conversationUrl)
  await expect(page).toHaveTitle('Mensajes con Elena Espinoza – Nightlight')

  await page.goto(`/interviews/new?nurse=${nurse.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Pídele una entrevista a Elena' })).toBeVisible()
  await expect(page.getByText('¿Cómo prefieres conocerla?')).toBeVisible()
  await expectNoRawKeys(page, CONVERSATION_PREFIXES)
  await page.getByRole('radio', { name: 'Videollamada' }).check()
  const day = isoDate(Date.now() + 3 * DAY_MS)
  await page.getByLabel('Horario 1').fill(`${day}T10:00`)
  await page.getByLabel('Horario 2 (opcional)').fill(`${day}T15:00`)
  await page.getByRole('textbox', { name: 'Una nota para ella (opcional)' }).fill('Nuestro bebé nace en marzo.')
  await page.getByRole('button', { name: 'Enviar la solicitud' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Entrevista con Elena Espinoza' })).toBeVisible()
  await expect(page.getByText('Esperando a que Elena Espinoza elija uno de los horarios que propusiste:')).toBeVisible()
  await expect(page.getByText('Esperando respuesta', { exact: true })).toBeVisible()
  await expect(page.getByText('Nota de la familia: “Nuestro bebé nace en marzo.”')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancelar la entrevista' })).toBeVisible()
  await expectNoRawKeys(page, CONVERSATION_PREFIXES)

  await page.goto('/interviews')
  await expect(page.getByRole('heading', { level: 1, name: 'Entrevistas' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Abrir la entrevista con Elena Espinoza' })).toBeVisible()
  await expectNoRawKeys(page, CONVERSATION_PREFIXES)
})

test('an admin reads the dashboard in Spanish and approves an applicant', async ({ page }) => {
  // Four dashboard tabs and six admin pages, one of them every review with its hiding form: a long journey.
  test.slow()
  const applicant = await newApplicant(`Lucía Solicitante-${Math.random().toString(36).slice(2, 6)}`)
  // Signed in in English first: the sign-in page is another area's. The demo admin's account keeps
  // English (the other specs share her); only this device chose Spanish.
  await login(page, DEMO.admin)
  await inSpanish(page)
  await readTheAdminPagesInSpanish(page, applicant.displayName)
})

/** The dashboard, the applicant's row (her approval), the other tabs and the other admin pages. */
async function readTheAdminPagesInSpanish(page: Page, applicantName: string) {
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Hola de nuevo, Avery Admin.' })).toBeVisible()
  await expect(page).toHaveTitle('Panel de administración – Nightlight')
  const tabs = page.getByRole('navigation', { name: 'Secciones de administración' })
  for (const tab of ['Verificaciones pendientes', 'Todas las reservas', 'Enfermeras', 'Pagos']) {
    await expect(tabs.getByRole('link', { name: tab, exact: true })).toBeVisible()
  }
  await expect(tabs.getByRole('link', { name: 'Verificaciones pendientes' })).toHaveAttribute('aria-current', 'page')
  for (const stat of ['Reservas activas', 'Verificaciones pendientes', 'Pagos por hacer']) {
    await expect(page.getByRole('group', { name: stat })).toBeVisible()
  }
  await expect(page.getByRole('columnheader', { name: 'Última actualización' })).toBeAttached()
  await expect(page.getByRole('button', { name: 'Enviar ahora los recordatorios de 24 h' })).toBeVisible()
  await expectNoRawKeys(page, ADMIN_PREFIXES)

  // The applicant's row: the approval screen's words, the reason form, then her approval.
  const row = page.getByRole('main').getByRole('row').filter({ hasText: applicantName })
  await expect(row).toContainText('Pendiente')
  await expect(row).toContainText('Actualizado hoy')
  await expect(row.getByRole('link', { name: 'Credenciales con vencimiento' })).toBeVisible()
  await row.getByRole('link', { name: 'Rechazar' }).click()
  await expect(page.getByRole('textbox', { name: `Motivo para rechazar a ${applicantName}` })).toBeVisible()
  await expect(page.getByText('La enfermera lo lee en el correo y en su panel.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirmar el rechazo' })).toBeVisible()
  await expectNoRawKeys(page, ADMIN_PREFIXES)
  await page.getByRole('link', { name: 'Cancelar' }).click()
  await row.getByRole('button', { name: 'Aprobar' }).click()
  await expect(page.getByText('La verificación de la enfermera se aprobó')).toBeVisible()
  await expect(row).toHaveCount(0)

  await tabs.getByRole('link', { name: 'Enfermeras', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Enfermeras', exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByRole('row').filter({ hasText: applicantName })).toContainText('Activa')
  await expectNoRawKeys(page, ADMIN_PREFIXES)

  await tabs.getByRole('link', { name: 'Todas las reservas', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Todas las reservas' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Cambiar estado' })).toBeAttached()
  await expect(page.getByRole('textbox', { name: 'Buscar reservas' })).toBeVisible()
  await expectNoRawKeys(page, ADMIN_PREFIXES)

  await tabs.getByRole('link', { name: 'Pagos', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Pagos' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Monto' })).toBeAttached()
  await expectNoRawKeys(page, ADMIN_PREFIXES)

  // The other admin pages speak Spanish too.
  for (const [path, heading] of [
    ['/admin/conversations', 'Conversaciones reportadas'],
    ['/admin/reviews', 'Reseñas'],
    ['/admin/checks', 'Verificaciones de antecedentes por decidir'],
    ['/admin/credentials', 'Credenciales por confirmar'],
    ['/admin/profile-changes', 'Cambios de perfil por revisar'],
    ['/admin/emails', 'Bandeja de salida de correos'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.getByRole('link', { name: '← Volver al panel de administración' })).toBeVisible()
    await expectNoRawKeys(page, ADMIN_PREFIXES)
  }
}
