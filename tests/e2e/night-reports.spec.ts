// The morning night report (issue 16), in the browser: the demo nurse, on a phone-sized screen,
// writes the report of the demo family's most recent night (a half-filled feed first: refused, what
// she typed kept), and the family reads it on their dashboard and on the booking. Only this spec
// writes Nora's reports.
import { DEMO, expect, expectAccessible, login, test } from './fixtures'

test.use({ viewport: { width: 390, height: 844 } })

test('a nurse files a night report on a phone and the family reads it', async ({ page, browser }) => {
  await login(page, DEMO.nurse)
  await page.goto('/nurse/dashboard?tab=bookings')
  const toWrite = page.getByRole('region', { name: 'Night reports to write' })
  await expect(toWrite).toBeVisible()
  await toWrite.getByRole('link', { name: 'Write the report' }).first().click()
  await expect(page.getByRole('heading', { name: /^Night report: / })).toBeVisible()
  const title = (await page.getByRole('heading', { name: /^Night report: / }).textContent())!
  await expectAccessible(page)

  const feed1 = page.getByRole('group', { name: 'Feed 1' })
  await feed1.getByLabel('Ounces').fill('3')
  await page.getByRole('textbox', { name: 'How the night went' }).fill('Two good stretches of sleep.')
  await page.getByRole('button', { name: 'Send the report' }).click()
  await expect(feed1.getByText('Enter the time of this feed')).toBeVisible()
  await expect(feed1.getByLabel('Ounces')).toHaveValue('3')
  await expect(page.getByRole('textbox', { name: 'How the night went' })).toHaveValue('Two good stretches of sleep.')

  await feed1.getByLabel('Time').fill('23:30')
  const feed2 = page.getByRole('group', { name: 'Feed 2' })
  await feed2.getByLabel('Time').fill('03:15')
  await feed2.getByLabel('Feed').selectOption('breast_milk')
  await feed2.getByLabel('Ounces').fill('2.5')
  await page.getByRole('textbox', { name: 'Wet' }).fill('3')
  await page.getByRole('textbox', { name: 'Dirty' }).fill('1')
  const sleep1 = page.getByRole('group', { name: 'Sleep 1' })
  await sleep1.getByLabel('Asleep').fill('00:10')
  await sleep1.getByLabel('Awake').fill('03:00')
  await page.getByRole('button', { name: 'Send the report' }).click()
  await expect(page.getByText('Your report is on its way to the family.')).toBeVisible()
  await expect(page).toHaveURL(/\/nurse\/dashboard\?tab=bookings/)

  // The family, on their own phone.
  const family = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const parentPage = await family.newPage()
  await login(parentPage, DEMO.parent)
  const latest = parentPage.getByRole('region', { name: 'Latest night reports' })
  const date = title.replace('Night report: ', '')
  const report = latest.getByRole('article', { name: new RegExp(`^${date.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
  await expect(report).toContainText('2 feeds (5.5 oz) · 4 diapers · longest sleep 2 h 50 min')
  await expect(report).toContainText('11:30 PM: Formula, 3 oz')
  await expect(report).toContainText('3:15 AM: Breast milk, 2.5 oz')
  await expect(report).toContainText('Two good stretches of sleep.')
  await expectAccessible(parentPage)
  await latest.getByRole('link', { name: /^On the booking with / }).first().click()
  await expect(parentPage.getByRole('region', { name: 'Night reports' })).toContainText('Two good stretches of sleep.')
  await expect(parentPage.getByRole('link', { name: 'Download the night reports (PDF)' })).toBeVisible()
  await family.close()
})
