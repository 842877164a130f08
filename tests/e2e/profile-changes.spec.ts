// Edits after approval (docs/decisions/0063): an approved nurse's new name waits for an admin while
// families keep seeing the approved one; the admin approves it from the queue, or refuses it with a
// reason she reads on her dashboard. The second journey runs without JavaScript. Each test uses a
// nurse of its own.
import type { Browser } from '@playwright/test'
import { DEMO, expect, expectAccessible, login, newApprovedNurse, test } from './fixtures'

const nameOf = (first: string) => `${first} Lark-${Math.random().toString(36).slice(2, 6)}`

/** Her public profile as a visitor sees it: a browser of its own, signed out. */
async function publicName(browser: Browser, slug: string) {
  const context = await browser.newContext()
  const visitor = await context.newPage()
  await visitor.goto(`/nurse/${slug}`)
  const heading = (await visitor.getByRole('heading', { level: 1 }).first().textContent())?.trim()
  await context.close()
  return heading
}

test('an approved nurse changes her name: it waits for review, an admin approves, her profile shows it', async ({ page, browser }) => {
  test.slow()
  const nurse = await newApprovedNurse(nameOf('Opal'))
  const newName = `${nurse.displayName} Renamed`
  await login(page, nurse.email)
  await page.goto('/nurse/dashboard?tab=profile')
  await page.getByRole('textbox', { name: 'Your name' }).fill(newName)
  await page.getByRole('textbox', { name: 'Bio' }).fill('Ten years of newborn nights, twins welcome.')
  await page.getByRole('button', { name: 'Save Profile' }).click()

  await expect(page.getByText('Waiting for review: your name')).toBeVisible()
  // The form keeps what she entered.
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue(newName)
  await expectAccessible(page)
  expect(await publicName(browser, nurse.slug)).toBe(nurse.displayName)

  await page.context().clearCookies()
  await login(page, DEMO.admin)
  await page.goto('/admin/dashboard')
  await page.getByRole('link', { name: 'Profile changes to review' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Changes to Review' })).toBeVisible()
  await page.getByRole('link', { name: `Review ${nurse.displayName}’s change` }).click()
  await expect(page.getByRole('region', { name: 'Approved (families see this)' })).toContainText(nurse.displayName)
  await expect(page.getByRole('region', { name: 'Proposed' })).toContainText(newName)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('The change is approved and now on her public profile.')).toBeVisible()

  expect(await publicName(browser, nurse.slug)).toBe(newName)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an admin refuses a new name with a reason; her profile keeps the approved name and she reads the reason once', async ({ page, browser }) => {
    test.slow()
    const nurse = await newApprovedNurse(nameOf('Wren'))
    await login(page, nurse.email)
    await page.goto('/nurse/dashboard?tab=profile')
    await page.getByRole('textbox', { name: 'Your name' }).fill('Not My Name')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page.getByText('Waiting for review: your name')).toBeVisible()

    await page.context().clearCookies()
    await login(page, DEMO.admin)
    await page.goto('/admin/profile-changes')
    await page.getByRole('link', { name: `Review ${nurse.displayName}’s change` }).click()
    await page.getByRole('button', { name: 'Refuse' }).click()
    // The browser asks for the reason first; the server refuses a blank one too (tests/integration).
    await expect(page.getByRole('heading', { level: 1, name: `Profile change: ${nurse.displayName}` })).toBeVisible()
    await page.getByRole('textbox', { name: /Reason for refusing/ }).fill('Please use the name on your license.')
    await page.getByRole('button', { name: 'Refuse' }).click()
    await expect(page.getByText('The change is refused; her profile keeps the approved version.')).toBeVisible()
    expect(await publicName(browser, nurse.slug)).toBe(nurse.displayName)

    await page.context().clearCookies()
    // Signing in opens her dashboard, which tells her once.
    await login(page, nurse.email)
    await expect(page).toHaveURL(/\/nurse\/dashboard/)
    await expect(page.getByText('The change to your name was not approved')).toBeVisible()
    await expect(page.getByText('Please use the name on your license.')).toBeVisible()
    await page.goto('/nurse/dashboard?tab=profile')
    await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue(nurse.displayName)
    await expect(page.getByText('Please use the name on your license.')).toHaveCount(0)
  })
})
