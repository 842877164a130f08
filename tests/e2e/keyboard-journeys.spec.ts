// Issue 37 item 1: journeys done with the keyboard alone. Each step is Tab (or Shift+Tab) until
// the control wanted has focus, then typing, Enter or Space: focus is never lost to the page
// itself, never sits on something invisible, and the control is reached (no trap before it).
import type { Locator, Page } from '@playwright/test'
import { DEMO, expect, login, newApplicant, newApprovedNurse, signUpParent, test } from './fixtures'

/** What has focus, for the messages of a failed step. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body || element === document.documentElement) return null
    const box = element.getBoundingClientRect()
    const style = getComputedStyle(element)
    return {
      name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      visible: box.width > 0 && box.height > 0 && style.visibility !== 'hidden',
    }
  })
}

/** Presses Tab until `target` has focus; every stop on the way is a visible control of the page. */
async function tabTo(page: Page, target: Locator, { max = 150, backwards = false } = {}) {
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    const now = await focused(page)
    expect(now, `focus was lost to the page after ${presses + 1} presses`).not.toBeNull()
    expect(now!.visible, `focus sat on ${now!.name}, which cannot be seen`).toBe(true)
  }
  throw new Error(`${max} presses of Tab never reached ${target}`)
}

test('a family asks a nurse a question with the keyboard alone', async ({ page }) => {
  const nurse = await newApprovedNurse('Kiri Keyboard')
  await signUpParent(page, 'Kit Keys')
  await page.goto(`/nurse/${nurse.slug}`)
  await tabTo(page, page.getByRole('link', { name: 'Ask a question' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Ask Kiri a question' })).toBeVisible()
  const question = page.getByRole('textbox', { name: 'Your question' })
  await tabTo(page, question)
  await page.keyboard.type('Do you work nights in Denver in March?')
  await tabTo(page, page.getByRole('button', { name: 'Send' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Kiri Keyboard' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Do you work nights in Denver in March?')
})

test('an admin approves an applicant with the keyboard alone', async ({ page }) => {
  // A name of her own: the row is found by it (newest applicants come first).
  const applicant = await newApplicant(`Aldous Keyboard-${Math.random().toString(36).slice(2, 6)}`)
  await login(page, DEMO.admin)
  await page.goto('/admin/dashboard')
  const row = page.getByRole('main').getByRole('row').filter({ hasText: applicant.displayName })
  await expect(row).toHaveCount(1)
  await tabTo(page, row.getByRole('button', { name: 'Approve' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Nurse verification approved successfully')).toBeVisible()
  await expect(row).toHaveCount(0)
})
