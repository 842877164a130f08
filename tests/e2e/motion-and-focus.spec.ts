// Issue 37 item 1: a toast never hides the element the keyboard reaches (WCAG 2.2, 2.4.11), a
// visitor who asked her system for less motion gets dialogs that appear without sliding (2.3.3),
// and a page reached by a link takes the focus to its heading (decision 0072).
import type { Page } from '@playwright/test'
import { allowConsoleErrors, expect, hydrated, login, signUpParent, test } from './fixtures'

/** The focused element's tag and text, or null when nothing in the page has the focus. */
async function focusedElement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return null
    return `${element.tagName.toLowerCase()} ${(element.textContent ?? '').trim()}`
  })
}

/** The page's h1 has the focus; its text read with the focus each time, as the new page may still be coming in. */
async function expectHeadingFocused(page: Page) {
  const heading = page.getByRole('main').getByRole('heading', { level: 1 })
  await expect(async () => expect(await focusedElement(page)).toBe(`h1 ${await heading.textContent()}`)).toPass()
}

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

test('a page reached by a link has the focus on its heading, a page loaded has none', async ({ page }) => {
  // Signed in: the public pages come with their scripts, so a link is followed in the browser.
  await signUpParent(page, 'Hana Heading')
  await page.goto('/search')
  await hydrated(page)
  expect(await focusedElement(page)).toBeNull()

  // A link in the page, followed with the keyboard: it leaves with its page.
  await page.getByRole('main').getByRole('link', { name: 'What each check covers' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/how-we-verify$/)
  await expectHeadingFocused(page)

  // A link of the header, which stays on every page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hire a Night Nurse' }).click()
  await expect(page).toHaveURL(/\/night-nurse$/)
  await expectHeadingFocused(page)
})

test('a search filter changed keeps the focus where it is', async ({ page }) => {
  await signUpParent(page, 'Fern Filter')
  await page.goto('/search')
  await hydrated(page)
  const location = page.getByRole('textbox', { name: 'City, state or ZIP' })
  await location.fill('Austin')
  await location.press('Enter')
  await expect(page).toHaveURL(/[?&]location=Austin/)
  // The new results are in (the search's own page, not a new one), and the focus stayed.
  await expect(page.getByRole('main')).toContainText('Austin')
  await expect.poll(() => page.evaluate(() => document.querySelector('[aria-busy="true"]') === null)).toBe(true)
  await expect(location).toBeFocused()
})

test("a result page's link, followed with the keyboard, puts the focus on the first result", async ({ page }) => {
  // Signed in, so the search runs in the browser: its results, and their links, are drawn anew for each address.
  await signUpParent(page, 'Pia Pages')
  await page.goto('/search?page=99')
  await hydrated(page)
  const main = page.getByRole('main')
  await expect(main).toContainText("You've seen all available night nurses in this area!")
  await main.getByRole('link', { name: 'Back to the first page' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/search$/)
  const first = main.getByRole('article').first().getByRole('heading', { level: 2 })
  await expect(async () => expect(await focusedElement(page)).toBe(`h2 ${await first.textContent()}`)).toPass()
  await expect(first).toBeInViewport()
})

test('the error page that replaces a page reached in the browser has the focus on its heading, not when loaded', async ({
  page,
}) => {
  await signUpParent(page, 'Noor Nowhere')
  // Loaded: the Not Found page is the document's first, and the focus stays at its start.
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await hydrated(page)
  const heading = page.getByRole('main').getByRole('heading', { level: 1 })
  await expect(heading).toHaveText('Page Not Found')
  expect(await focusedElement(page)).toBeNull()

  // A link whose data comes back from a proxy instead of the app (a deploy under way): the root's
  // error page replaces the whole page, at the same path.
  await page.goto('/search?page=99')
  await page.route('**/search.data*', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }))
  allowConsoleErrors(page, /status of 502 .*\/search\.data/, /SyntaxError/)
  await page.getByRole('main').getByRole('link', { name: 'Back to the first page' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/search$/)
  await expect(heading).toHaveText('Something went wrong')
  await expect.poll(() => focusedElement(page)).toBe('h1 Something went wrong')

  // Its link home, followed in the browser: the page that replaces the error page takes the focus.
  await page.unroute('**/search.data*')
  // Chrome sometimes asks for /favicon.ico as the error page gives way to the page (its icon is /favicon.svg).
  allowConsoleErrors(page, /favicon\.ico/)
  await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/$/)
  await expectHeadingFocused(page)
})
