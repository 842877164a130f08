// Issue 37 item 1: a toast never hides the element the keyboard reaches (WCAG 2.2, 2.4.11), and a
// visitor who asked her system for less motion gets dialogs that appear without sliding (2.3.3).
import { expect, login, signUpParent, test } from './fixtures'

test('a toast steps aside when focus lands under it, and stays while focus is elsewhere', async ({ page }) => {
  await signUpParent(page, 'Tova Toast')
  await page.goto('/parent/settings')
  await page.getByRole('textbox', { name: 'Name' }).fill('Tova Toaster')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  const toast = page.locator('.site-toasts').getByText('Profile updated successfully!')
  await expect(toast).toBeVisible()
  // The pointer rests on the toast, which holds it open (a toast closes by itself after four seconds).
  const root = page.locator('.site-toasts .mantine-Notification-root')
  await root.hover()
  const box = (await root.boundingBox())!

  // Focus elsewhere on the page: the toast stays.
  await page.getByRole('textbox', { name: 'Name' }).focus()
  await page.waitForTimeout(5_000)
  await expect(toast).toBeVisible()

  // A control that sits where the toast is (placed there for the test), reached with the keyboard.
  await page.evaluate((at) => {
    const button = document.createElement('button')
    button.textContent = 'Under the toast'
    Object.assign(button.style, { position: 'fixed', left: `${at.x + 8}px`, top: `${at.y + 8}px`, width: '120px', height: '32px', zIndex: '1' })
    document.body.append(button)
  }, box)
  await page.getByRole('button', { name: 'Under the toast' }).focus()
  await expect(toast).toBeHidden()
})

test('with reduced motion asked for, a dialog opens without a transition', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' })
  const page = await context.newPage()
  await login(page, 'parent@example.com')
  await page.goto('/parent/dashboard')
  const cancel = page.getByRole('button', { name: /^Cancel the night of / }).first()
  await cancel.click()
  const dialog = page.getByRole('dialog', { name: 'Confirm Cancellation' })
  await expect(dialog).toBeVisible()
  // Nothing slides or fades: the dialog and its overlay have no transition running or due.
  const moving = await page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Modal-content, .mantine-Modal-overlay')].map((element) => getComputedStyle(element).transitionDuration).filter((duration) => duration.split(',').some((part) => parseFloat(part) > 0)),
  )
  expect(moving).toEqual([])
  await dialog.getByRole('button', { name: 'Keep Booking' }).click()
  await context.close()
})
