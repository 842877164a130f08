// /book step 2: Back to the dates and forward again finds the details as the parent left them
// (issue 11), with JavaScript and without.
import { type Browser, type Page } from '@playwright/test'
import { DEMO, expect, login, test } from './fixtures'

interface Nurse {
  id: number
  slug: string
}

async function openNightsOf(page: Page): Promise<{ nurse: Nurse; date: string }> {
  const { nurses } = (await (await page.request.get('/_api/nurses/list?limit=20')).json()) as { nurses: Nurse[] }
  for (const nurse of nurses.slice(8)) {
    const { dates } = (await (await page.request.get(`/_api/nurses/availability?slug=${nurse.slug}`)).json()) as {
      dates: { date: string }[]
    }
    if (dates.length > 3) return { nurse, date: dates[3].date }
  }
  throw new Error('No nurse with open nights')
}

async function backAndForth(page: Page) {
  const { nurse, date } = await openNightsOf(page)
  await page.goto(`/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${date}`)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Your Details' })).toBeVisible()
  await main.getByRole('textbox', { name: 'Address', exact: true }).fill('1100 Congress Ave, Austin, TX 78701')
  await main.getByRole('textbox', { name: 'Notes (optional)' }).fill('Twins. Ring twice.')
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check()

  await main.getByRole('button', { name: 'Back', exact: true }).click()
  await expect(main.getByRole('heading', { name: 'Confirm Dates & Times' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(main.getByRole('heading', { name: 'Your Details' })).toBeVisible()
  await expect(main.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('1100 Congress Ave, Austin, TX 78701')
  await expect(main.getByRole('textbox', { name: 'Notes (optional)' })).toHaveValue('Twins. Ring twice.')
  await expect(main.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked()
}

test('Back from Your Details keeps the address, notes and the terms tick', async ({ page }) => {
  await login(page, DEMO.parent)
  await backAndForth(page)
})

test('the same without JavaScript', async ({ browser }: { browser: Browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.parent)
  await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill('nightnurse-demo')
  await page.getByRole('main').getByRole('button', { name: 'Log In' }).click()
  await expect(page).not.toHaveURL(/\/login/)
  await backAndForth(page)
  await context.close()
})
