// Paying as you book through Stripe (issue 33, docs/decisions/0045): an account that left two
// unpaid holds in 24 hours gets Stripe's card form in the same step. The form makes a PaymentMethod
// in the browser (the stand-in Stripe.js); the server makes the booking and pays its intent with it
// at the fake Stripe API in one post. A declined card holds nothing.
import { expect, leaveTwoHolds, newApprovedNurse, signUpParent, test } from '../e2e/fixtures'
import { stubStripe } from './fake-stripe-js'

const isoDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10)

test('Stripe card form in the same step: a declined card is told, a good one books and confirms', async ({ page }, testInfo) => {
  await stubStripe(page, String(testInfo.config.metadata.fakeStripeUrl))
  const date = isoDate(46)
  const nurse = await newApprovedNurse('Nina Stripeatonce', [date])
  await signUpParent(page, 'Stella Stripeatonce')
  await leaveTwoHolds(page, nurse.nurseProfileId, date)

  await page.goto(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${date}&times=22:00-06:00&step=2`)
  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: 'Phone', exact: true }).fill('(303) 555-0142')
  await main.getByRole('textbox', { name: 'Address', exact: true }).fill('500 Main St, Denver, CO 80205')
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check()
  await page.getByRole('button', { name: 'Continue to Confirmation' }).click()

  await expect(page.getByRole('heading', { name: 'Pay as you book' })).toBeVisible()
  await expect(page.getByText('Card details')).toBeVisible()
  await expect(page.getByText('Test payments: no card is charged')).toBeHidden()
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002')
  await page.getByRole('button', { name: /^Book and pay \$\d/ }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()

  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Book and pay \$\d/ }).click()
  await expect(main.getByRole('heading', { name: 'Booking Confirmed!', level: 1 })).toBeVisible()
})
