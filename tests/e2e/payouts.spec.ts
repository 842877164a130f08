// Nurses get paid (issue 15), in the browser: a nurse of the test's own connects a test payout
// account (a wrong number first: refused, what she typed kept), the demo nurse reads her paid
// nights and downloads a month's statement, and the admin sees the demo family's problem report
// holding a night. Other spec files share the seeded server: nothing here changes Nora's data.
import { DEMO, expect, expectAccessible, login, newApprovedNurse, test } from './fixtures'

test('a nurse connects a test payout account', async ({ page }) => {
  const nurse = await newApprovedNurse('Paula Payout')
  await login(page, nurse.email)
  await page.goto('/nurse/dashboard?tab=bookings')
  const payouts = page.getByRole('region', { name: 'Payouts', exact: true })
  await expect(payouts).toContainText('Connect a bank account to get paid')
  await expect(payouts).toContainText('24 hours after it ends')

  await payouts.getByRole('textbox', { name: 'Routing number' }).fill('110000000')
  await payouts.getByRole('textbox', { name: 'Account number' }).fill('12345678')
  await payouts.getByRole('button', { name: 'Connect bank account' }).click()
  await expect(payouts.getByRole('alert')).toContainText('Use the test routing number 110000000 with account 000123456789')
  // Said once, beside the form: not again in a toast (issue 38).
  await expect(page.getByText(/Use the test routing number 110000000/)).toHaveCount(1)
  await expect(payouts.getByRole('textbox', { name: 'Account number' })).toHaveValue('12345678')

  await payouts.getByRole('textbox', { name: 'Account number' }).fill('000123456789')
  await payouts.getByRole('button', { name: 'Connect bank account' }).click()
  await expect(page.getByText('Bank account ending in 6789 connected.')).toBeVisible()
  await expect(payouts).toContainText('Payouts go to your bank account ending in 6789.')
  await expect(payouts).not.toContainText('Connect a bank account to get paid')
  await expectAccessible(page)
})

test('the demo nurse sees her paid nights and downloads a statement', async ({ page }) => {
  await login(page, DEMO.nurse)
  await page.goto('/nurse/dashboard?tab=bookings')
  const past = page.getByRole('region', { name: 'Past nights' })
  await expect(past.getByText('Paid', { exact: true }).first()).toBeVisible()
  const months = page.getByRole('region', { name: 'Payouts by month' })
  // Her seeded past nights were paid (they may straddle two months): a month with something paid.
  const paidMonth = months.getByRole('row').filter({ has: page.locator('td[data-label="Paid"]', { hasNotText: '$0.00' }) }).first()
  await expect(paidMonth).toBeVisible()
  const monthName = (await paidMonth.getByRole('cell').first().textContent())!.trim()

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    paidMonth.getByRole('link', { name: `${monthName} statement (PDF)` }).click(),
  ])
  expect(pdf.suggestedFilename()).toMatch(/^nightlight-statement-\d{4}-\d{2}\.pdf$/)
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    paidMonth.getByRole('link', { name: `${monthName} statement (CSV)` }).click(),
  ])
  const text = await (await csv.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'))
  expect(text).toContain('Night,Family,Night status,Payout status,Payout,Paid on,Transfer,Booking reference')
  expect(text).toContain('Paid,350.00')
  await expect(months).toContainText('Earnings by year, for taxes')
  await expectAccessible(page)
})

test("the admin sees a family's problem report holding a night's payout", async ({ page }) => {
  await login(page, DEMO.admin)
  await page.goto('/admin/dashboard?tab=payments')
  const holds = page.getByRole('region', { name: /Payouts on hold/ })
  await expect(holds).toContainText('Grace Okafor for Morgan Lee')
  await expect(holds).toContainText('arrived 40 minutes late')
  await expect(holds.getByRole('button', { name: 'Release payout to the nurse' })).toBeVisible()
  await expect(holds.getByRole('button', { name: /^Refund \$[\d,.]+ to the family$/ })).toBeVisible()
  await expectAccessible(page)
})
