// Phone first (issue 11): most parents book at night, on a phone, with a baby in one arm. The
// header is one row with a menu, tables become stacked rows, toasts never cover the header, and
// every page fits 390 px. Each page is also photographed at 390 and 1280 px into
// test-results/screens/ for a person to look at.
import { type Page } from '@playwright/test'
import { DEMO, expect, expectAccessible, hydrated, login, signUpParent, test } from './fixtures'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const SHOTS = 'test-results/screens'

async function fitsTheScreen(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `${page.url()} is ${width} px wide`).toBeLessThanOrEqual(page.viewportSize()!.width)
}

/** The header's menu button: a <summary>, so it opens before JavaScript too. */
function menuButton(page: Page) {
  return page.getByRole('banner').locator('summary', { hasText: 'Menu' })
}

async function headerHeight(page: Page) {
  return (await page.getByRole('banner').boundingBox())!.height
}

test.describe('the header on a phone', () => {
  test.use({ viewport: PHONE })

  test('is one row, and its menu opens a drawer with every link, then closes on the way', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    expect(await headerHeight(page)).toBeLessThanOrEqual(72)
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden()
    const menu = header.getByRole('navigation', { name: 'Menu' })
    await expect(menu).toBeHidden()

    await menuButton(page).click()
    await expect(menu).toBeVisible()
    for (const name of ['Hire a Night Nurse', 'For Night Nurses', 'Sign Up', 'Log In']) {
      await expect(menu.getByRole('link', { name })).toBeVisible()
    }
    await expectAccessible(page)
    await menu.getByRole('link', { name: 'Hire a Night Nurse' }).click()
    await expect(page).toHaveURL('/night-nurse')
    await expect(menu).toBeHidden()
  })

  test('works before JavaScript loads', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE })
    const page = await context.newPage()
    await page.goto('/')
    const menu = page.getByRole('banner').getByRole('navigation', { name: 'Menu' })
    await menuButton(page).click()
    await menu.getByRole('link', { name: 'Log In' }).click()
    await expect(page).toHaveURL('/login')
    await context.close()
  })

  test('a signed-in parent finds Dashboard and Log Out in the menu', async ({ page }) => {
    await login(page, DEMO.parent)
    // Signing in from /login (no scripts for a visitor) loads the dashboard as a document.
    await hydrated(page)
    const header = page.getByRole('banner')
    expect(await headerHeight(page)).toBeLessThanOrEqual(72)
    await menuButton(page).click()
    const menu = header.getByRole('navigation', { name: 'Menu' })
    await expect(menu.getByText('Jordan Parent')).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/parent/dashboard')
    await expect(menu.getByRole('button', { name: 'Log Out' })).toBeVisible()
    // Messages reads as the menu's other links do: its text starts where theirs does (issue 38).
    // Both are measured in one frame, once the opened menu has settled.
    const textLefts = () =>
      menu.evaluate((nav) =>
        ['Messages', 'Hire a Night Nurse'].map((text) => {
          const link = [...nav.querySelectorAll('a')].find((a) => a.textContent?.startsWith(text))!
          const range = document.createRange()
          range.selectNodeContents(link)
          return Math.round(range.getBoundingClientRect().left)
        }),
      )
    await expect.poll(async () => new Set(await textLefts()).size).toBe(1)
  })
})

test.describe('tables on a phone', () => {
  test.use({ viewport: PHONE })

  test("a booking's nights are stacked rows with Price, Refund and Cancel on screen", async ({ page }) => {
    await login(page, DEMO.parent)
    await page.getByRole('link', { name: 'View Details' }).first().click()
    await expect(page).toHaveURL(/\/parent\/bookings\/\d+$/)
    const nights = page.getByRole('region', { name: 'Nights' })
    const price = nights.locator('td[data-label="Price"]').first()
    await expect(price).toBeVisible()
    const box = (await price.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    const cancel = nights.getByRole('link', { name: /^Cancel the night of/ }).first()
    const cancelBox = (await cancel.boundingBox())!
    expect(cancelBox.x + cancelBox.width).toBeLessThanOrEqual(PHONE.width)
    await expect(page.getByText(/Times are the nurse’s local time \((Eastern|Central|Mountain|Arizona|Pacific) time\)/)).toBeVisible()
    await fitsTheScreen(page)
    await expectAccessible(page)
  })

  test("the admin's bookings keep Change status on screen", async ({ page }) => {
    await login(page, DEMO.admin)
    await page.goto('/admin/dashboard?tab=bookings')
    const update = page.getByRole('button', { name: 'Update' }).first()
    await update.scrollIntoViewIfNeeded()
    const box = (await update.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    await fitsTheScreen(page)
    await expectAccessible(page)
  })
})

test('a toast opens below the header, never over Dashboard, the avatar and Log Out', async ({ page }) => {
  await signUpParent(page)
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await page.goto('/parent/dashboard')
    const settings = page.getByRole('region', { name: 'Notification Settings' })
    const reminders = settings.getByRole('switch', { name: 'Booking reminders' })
    await reminders.click()
    await settings.getByRole('button', { name: 'Save Preferences' }).click()
    const toast = page.getByText('Notification preferences saved!')
    await expect(toast).toBeVisible()
    const header = (await page.getByRole('banner').boundingBox())!
    const toastBox = (await toast.boundingBox())!
    expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height)
    // Nor over the page's first line, its title (issue 38: on a phone it covered it).
    const title = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!
    const overlaps = toastBox.y < title.y + title.height && title.y < toastBox.y + toastBox.height
    expect(overlaps, `the toast (${toastBox.y}–${toastBox.y + toastBox.height}) covers the title (${title.y}–${title.y + title.height})`).toBe(false)
  }
})

// Every page family, as the role that sees it, at both widths: it fits the phone, and a picture of
// each is kept for review.
const PAGES: Array<{ role: keyof typeof DEMO | null; paths: string[] }> = [
  { role: null, paths: ['/', '/night-nurse', '/night-nurse/boston', '/search?location=Boston', '/login', '/register', '/night-nurse-onboard', '/support'] },
  { role: 'parent', paths: ['/parent/dashboard', '/parent/settings', '/parent/payment'] },
  { role: 'nurse', paths: ['/nurse/dashboard', '/nurse/dashboard?tab=bookings', '/nurse/dashboard?tab=profile'] },
  {
    role: 'admin',
    paths: ['/admin/dashboard', '/admin/dashboard?tab=bookings', '/admin/dashboard?tab=nurses', '/admin/dashboard?tab=payments', '/admin/emails'],
  },
]

for (const { role, paths } of PAGES) {
  test(`${role ?? 'a visitor'}'s pages fit a phone, photographed at 390 and 1280 px`, async ({ page }) => {
    test.setTimeout(120_000)
    if (role) await login(page, DEMO[role])
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport)
      for (const path of paths) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
        if (viewport === PHONE) await fitsTheScreen(page)
        const name = `${role ?? 'visitor'}${path.replace(/[^a-z0-9]+/gi, '-')}-${viewport.width}.png`
        await page.screenshot({ path: `${SHOTS}/${name}`, fullPage: true })
      }
    }
  })
}
