// "Forgot password?" (docs/decisions/0009): a parent who forgot their password gets a link by
// e-mail (kept in the outbox here, where the admin's outbox page shows it), chooses a new one and
// is signed in. A fresh account, so no other spec's demo password changes.
import { type Browser } from '@playwright/test'
import { DEMO, expect, expectAccessible, fieldMessage, login, test } from './fixtures'

const OLD_PASSWORD = 'first passphrase 1'
const NEW_PASSWORD = 'second passphrase 2'

async function resetLinkFor(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await login(page, DEMO.admin)
  await page.goto('/admin/emails')
  const message = page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Reset your Nightlight password' })
  await expect(message).toHaveCount(1)
  const body = await message.locator('pre').textContent()
  await context.close()
  const link = body?.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0]
  expect(link, 'the e-mail carries a reset link').toBeTruthy()
  return new URL(link!)
}

test('a parent who forgot their password chooses a new one from the e-mailed link', async ({ page, browser, baseURL }) => {
  const email = `forgetful-${Date.now()}@example.com`
  const origin = new URL(baseURL!).origin
  const registered = await page.request.post('/_api/auth/register_with_password', {
    headers: { Origin: origin },
    data: { email, password: OLD_PASSWORD, displayName: 'Frankie Forgetful', role: 'parent' },
  })
  expect(registered.ok()).toBe(true)
  await page.context().clearCookies()

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL('/forgot-password')
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toContainText(
    'If an account uses that e-mail, we have sent it a link',
  )

  const link = await resetLinkFor(browser, baseURL!, email)
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD)
  await page.getByLabel(/^Confirm new password/).fill('not the same')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(fieldMessage(page, 'Passwords do not match')).toBeVisible()
  await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page).toHaveURL('/parent/dashboard')
  await expect(page.getByText('Your password has been changed.')).toBeVisible()

  // The link is spent, and the new password is the one that works.
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible()
  await page.context().clearCookies()
  await login(page, email, NEW_PASSWORD)
  await expect(page).toHaveURL('/parent/dashboard')
})
