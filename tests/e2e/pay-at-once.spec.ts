// Paying as you book (issue 33, docs/decisions/0045): an account that left two unpaid holds in 24
// hours books only by paying in the same step. Without a saved card, step 3 is the card form with
// the details kept: a declined card holds nothing and says so; a good card books and confirms.
import type { Browser, Page } from '@playwright/test'
import { expect, leaveTwoHolds, newApprovedNurse, signUpParent, test } from './fixtures'

const isoDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10)

async function parentPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const origin = new URL(test.info().project.use.baseURL!).origin
  const context = await browser.newContext({ javaScriptEnabled, storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { Origin: origin } })
  const page = await context.newPage()
  await signUpParent(page, 'Petra Payatonce')
  return page
}

for (const javaScriptEnabled of [false, true]) {
  test(`${javaScriptEnabled ? 'with' : 'without'} JavaScript, the card form comes in the same step and books only when paid`, async ({ browser }) => {
    const date = isoDate(javaScriptEnabled ? 44 : 45)
    const nurse = await newApprovedNurse(`Nell Payatonce ${javaScriptEnabled ? 'js' : 'html'}`, [date])
    const page = await parentPage(browser, javaScriptEnabled)
    await leaveTwoHolds(page, nurse.nurseProfileId, date)

    await page.goto(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${date}&times=22:00-06:00&step=2`)
    await page.getByLabel('Phone').fill('(303) 555-0142')
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('500 Main St, Denver, CO 80205')
    await page.getByLabel('I accept the terms and conditions').check()
    await page.getByRole('button', { name: 'Continue to Confirmation' }).click()

    await expect(page.getByRole('heading', { name: 'Pay as you book' })).toBeVisible()
    const pay = page.getByRole('button', { name: /^Book and pay \$\d/ })
    await page.getByLabel('Card number').fill('4000 0000 0000 0002')
    await pay.click()
    await expect(page.getByText(/declined/i).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Pay as you book' })).toBeVisible()

    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: /^Book and pay \$\d/ }).click()
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible()
    await page.context().close()
  })
}
