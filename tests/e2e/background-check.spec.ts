// Background checks (docs/decisions/0061) on the built-in test provider: an applicant reads the
// disclosure on its own page, signs her authorization and sees her check pending; an admin opens
// a 'consider' report beside the application, starts an adverse action, is refused the final
// notice during the wait, and approves after all. Each test uses applicants of its own.
import { DEMO, expect, expectAccessible, fieldMessage, login, newApplicant, newApprovedNurse, test } from './fixtures'

const nameOf = (first: string) => `${first} Quill-${Math.random().toString(36).slice(2, 6)}`

test('an applicant reads the disclosure, authorizes her background check and sees it pending', async ({ page }) => {
  const applicant = await newApplicant(nameOf('Marisol'), { backgroundCheck: 'none', emailTag: '+consider' })
  await login(page, applicant.email)
  await page.goto('/nurse/dashboard')
  await expect(page.getByText('Background check: Not started')).toBeVisible()
  await page.getByRole('link', { name: 'Start your background check' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Your Background Check' })).toBeVisible()
  await expect(page.getByText('It costs you nothing.').first()).toBeVisible()
  await page.getByRole('link', { name: 'disclosure regarding background investigation' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Disclosure regarding background investigation' })).toBeVisible()
  await expect(page.getByText(/Nightlight never receives or stores it/)).toBeVisible()
  await page.goBack()

  // Not signed yet: the box must be ticked.
  await page.getByRole('textbox', { name: 'Your full name' }).fill(applicant.displayName)
  await page.getByRole('button', { name: 'Authorize the background check' }).click()
  await expect(fieldMessage(page, 'Tick the box to authorize the background check.')).toBeVisible()
  await page.getByRole('checkbox', { name: /I authorize Nightlight to obtain a background check/ }).check()
  await page.getByRole('button', { name: 'Authorize the background check' }).click()

  await expect(page.getByText('Thank you. Your background check has started.')).toBeVisible()
  await expect(page.getByText('Background check: Pending')).toBeVisible()
  await expect(page.getByText('Your report is back and our team is reviewing it.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Authorize the background check' })).toHaveCount(0)
  await expectAccessible(page)
  await page.goto('/nurse/dashboard')
  await expect(page.getByText('Background check: Pending')).toBeVisible()
})

test("an admin reads a 'consider' report beside the application, starts an adverse action, waits, and approves after all", async ({ page }) => {
  const applicant = await newApplicant(nameOf('Nadia'), { emailTag: '+consider' })
  await login(page, DEMO.admin)
  await page.goto('/admin/dashboard')
  await page.getByRole('link', { name: 'Background checks to decide' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Background Checks to Decide' })).toBeVisible()
  await page.getByRole('link', { name: `Review ${applicant.displayName}’s check` }).click()

  await expect(page.getByRole('heading', { level: 1, name: `Background check: ${applicant.displayName}` })).toBeVisible()
  const report = page.getByRole('region', { name: 'The report' })
  await expect(report).toContainText('County criminal search: consider · Misdemeanor: disorderly conduct (2019)')
  await expect(report).toContainText('Sex offender registry search: clear')
  await expect(page.getByRole('region', { name: 'The application' })).toContainText(applicant.email)
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Start adverse action' }).click()
  await expect(page.getByText('The pre-adverse notice is sent.')).toBeVisible()
  await expect(page.getByText('Pre-adverse notice sent', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Send final notice' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The waiting period is not over' })).toBeVisible()

  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('The background check is approved.')).toBeVisible()
  await expect(page.getByText('Approved by an admin')).toBeVisible()
  const log = page.getByRole('region', { name: 'Log' })
  for (const step of ['Approved', 'Pre-adverse notice sent', 'Report completed', 'Check ordered']) await expect(log).toContainText(step)
  await expect(log).toContainText('Avery Admin')

  // In Spanish the page has no English word of ours left: the log's steps, the report's outcomes,
  // the application's status (the agency's screening names stay as it wrote them).
  const checkPage = page.url()
  await page.context().addCookies([{ name: 'lang', value: 'es', url: checkPage }])
  await page.goto(checkPage)
  const registro = page.getByRole('region', { name: 'Registro' })
  for (const step of ['Aprobada', 'Aviso previo de acción adversa enviado', 'Informe completado', 'Verificación solicitada']) await expect(registro).toContainText(step)
  await expect(registro).toContainText('El proveedor')
  await expect(registro).not.toContainText(/report-completed|pre-adverse-notice-sent|The provider/)
  const informe = page.getByRole('region', { name: 'El informe' })
  await expect(informe).toContainText('requiere revisión')
  await expect(informe).not.toContainText(/: (clear|consider)\b/)
  await expect(page.getByRole('region', { name: 'La solicitud' })).toContainText(/Solicitud: (pendiente|aprobada)/)
  await page.context().clearCookies({ name: 'lang' })

  // The notice went to her, with the report's summary.
  await page.goto('/admin/emails')
  await expect(page.getByText('Pre-adverse action notice: your Nightlight background check').first()).toBeVisible()
})

test("a family reads on a nurse's profile the month her background check came back clear", async ({ page }) => {
  const nurse = await newApprovedNurse(nameOf('Odette'))
  await page.goto(`/nurse/${nurse.slug}`)
  // Her applicants live in Denver: the month is hers.
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'America/Denver' }).format(new Date())
  await expect(page.getByText(`Background check clear · ${month}`)).toBeVisible()
})
