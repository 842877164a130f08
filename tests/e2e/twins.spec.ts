// Twins (issue 36): a family books twins with a nurse who takes them, sees her extra per baby in
// the preview and the summary, pays, and finds the twin line on the booking's receipt.
import { expect, newApprovedNurse, signedInApi, signUpParent, test } from './fixtures'

const isoDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10)

test('a family books twins and sees the twin price on the summary and the receipt', async ({ page }) => {
  const date = isoDate(47)
  const nurse = await newApprovedNurse('Tessa Twinsworth', [date])
  // She takes twins at $80 a night for the second baby (her rate is $320).
  const api = await signedInApi(nurse.email)
  const saved = await api.post('/_api/nurses/profile', { data: { baseLocation: 'Denver, CO 80205', maxBabies: 2, extraBabyCents: 8000 } })
  expect(saved.ok(), await saved.text()).toBe(true)
  await api.dispose()

  await signUpParent(page, 'Tara Twinparent')
  await page.goto(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${date}&times=22:00-06:00`)
  await page.getByLabel('How many babies').selectOption({ label: 'Twins' })
  const preview = page.getByRole('group', { name: 'Cost preview' })
  await expect(preview).toContainText('Twins · +$80 a night')
  await expect(preview).toContainText('$440.00')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()

  await expect(page).toHaveURL(/[?&]babies=2/)
  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: 'Phone', exact: true }).fill('(303) 555-0142')
  await main.getByRole('textbox', { name: 'Address', exact: true }).fill('500 Main St, Denver, CO 80205')
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check()
  await page.getByRole('button', { name: 'Continue to Confirmation' }).click()

  await expect(page.getByRole('heading', { name: 'Confirm & Pay' })).toBeVisible()
  await expect(main.getByText('Night care with Tessa Twinsworth · 1 night · Twins')).toBeVisible()
  const breakdown = main.getByRole('group', { name: 'Price breakdown' })
  await expect(breakdown).toContainText('Twins · +$80 a night')
  await expect(breakdown).toContainText('(1 night × $400.00)')
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay $440.00' }).click()
  await expect(main.getByRole('heading', { name: 'Booking Confirmed!', level: 1 })).toBeVisible()
  await expect(main.getByRole('group', { name: 'Price breakdown' })).toContainText('Twins · +$80 a night')

  // The booking's page and its receipt say it too.
  const list = await page.request.get('/_api/bookings/list?status=upcoming')
  const [booking] = (await list.json()).bookings as Array<{ id: number; babies: number }>
  expect(booking.babies).toBe(2)
  await page.goto(`/parent/bookings/${booking.id}`)
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Twins')
  await expect(page.getByRole('region', { name: 'Amounts' })).toContainText('+$80 a night')
  await page.goto('/parent/dashboard')
  await page.getByRole('button', { name: /^View Receipt #/ }).first().click()
  const receipt = page.getByRole('dialog', { name: 'Receipt' })
  await expect(receipt).toContainText('Twins')
  await expect(receipt).toContainText('+$80 a night')
})

test('a link asking for triplets from a nurse who takes one baby is priced for one baby, and says why', async ({ page }) => {
  const date = isoDate(49)
  const nurse = await newApprovedNurse('Sola Singleton', [date])
  await signUpParent(page, 'Trina Tripletparent')
  await page.goto(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${date}&times=22:00-06:00&babies=3`)
  const preview = page.getByRole('group', { name: 'Cost preview' })
  await expect(preview).toContainText('Subtotal')
  await expect(preview).not.toContainText('Triplets')
  await expect(page.locator('#babies-beyond-her')).toHaveText('Sola Singleton takes single babies only.')
})
