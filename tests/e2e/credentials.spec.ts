// Credentials with dates (docs/decisions/0062) on the built-in test registry: a nurse adds an
// infant CPR card with its document and sees it wait for an admin; an admin confirms it from the
// queue; she sees it current. A form refused keeps what she typed. Both widths are photographed.
import { DEMO, expect, expectAccessible, fieldMessage, login, newApplicant, pdfBytes, test } from './fixtures'

const nameOf = (first: string) => `${first} Ledger-${Math.random().toString(36).slice(2, 6)}`
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10)

test('a nurse adds an infant CPR card with its document, an admin confirms it, and she sees it current', async ({ page, browser }, testInfo) => {
  // Two people's journeys in one test, on a machine other runs share.
  test.setTimeout(150_000)
  const nurse = await newApplicant(nameOf('Odile'))
  await login(page, nurse.email)
  await page.goto('/nurse/dashboard')
  await page.getByRole('link', { name: 'Your credentials' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your Credentials' })).toBeVisible()
  await expect(page.getByText('You have not listed a credential yet.')).toBeVisible()

  // Without who issued it the form is refused, and what she chose stays.
  await page.getByLabel('What are you listing?').selectOption('CPR')
  await page.getByLabel('Expiry date').fill(inDays(400))
  await page.locator('input[type="file"][name="document"]').setInputFiles({ name: 'cpr-card.pdf', mimeType: 'application/pdf', buffer: await pdfBytes('Infant CPR') })
  await page.getByRole('button', { name: 'Add the credential' }).click()
  await expect(fieldMessage(page, 'Type who issued it (for example, the American Red Cross).')).toBeVisible()
  await expect(page.getByLabel('What are you listing?')).toHaveValue('CPR')
  await expect(page.getByLabel('Expiry date')).toHaveValue(inDays(400))

  await page.getByRole('textbox', { name: 'Issued by' }).fill('American Red Cross')
  await page.getByRole('button', { name: 'Add the credential' }).click()
  await expect(page.getByText('Thank you. An admin checks it against its document')).toBeVisible()
  const card = page.getByRole('article', { name: 'Infant CPR / NRP card · American Red Cross' })
  await expect(card).toContainText('Waiting for an admin')
  await expect(card.getByRole('link', { name: 'Your document' })).toBeVisible()
  // The form starts afresh for the next one.
  await expect(page.getByLabel('What are you listing?')).toHaveValue('')
  await expectAccessible(page)
  await page.screenshot({ path: testInfo.outputPath('credentials-desktop.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(card).toBeVisible()
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: testInfo.outputPath('credentials-phone.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })

  const admin = await (await browser.newContext()).newPage()
  await login(admin, DEMO.admin)
  await admin.goto('/admin/dashboard')
  await admin.getByRole('link', { name: 'Credentials to confirm' }).click()
  await expect(admin.getByRole('heading', { level: 1, name: 'Credentials to Confirm' })).toBeVisible()
  await admin.getByRole('link', { name: `Review ${nurse.displayName}’s Infant CPR / NRP card` }).click()
  await expect(admin.getByRole('heading', { level: 1, name: `Infant CPR / NRP card · American Red Cross: ${nurse.displayName}` })).toBeVisible()
  await expect(admin.getByRole('link', { name: 'Open the document' })).toHaveAttribute('href', /^\/files\/\d+$/)
  await expect(admin.getByRole('region', { name: 'The nurse' })).toContainText(nurse.email)
  await expectAccessible(admin)
  await admin.getByRole('button', { name: 'Confirm' }).click()
  await expect(admin.getByText('The credential is confirmed.')).toBeVisible()
  await expect(admin.getByRole('region', { name: 'Log' })).toContainText('Confirmed → current')
  await admin.context().close()

  await page.reload()
  await expect(card).toContainText('current')
  await expect(card).toContainText(/confirmed \d+ \w+ \d{4} · expires \w+ \d{4}/)
  await expect(card.getByRole('button', { name: /Remove/ })).toHaveCount(0)
})
