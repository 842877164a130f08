// Saving a card through Stripe and paying a long series' first week with it (issue 15, decision
// 0028): the app runs with Stripe keys against the fake Stripe API; the page's Stripe.js is the
// stand-in (fake-stripe-js.ts). What is real: the SetupIntent made on the parent's Stripe customer
// through the `stripe` SDK, our SetupIntent form, Stripe's return to /parent/payment, the server
// reading the SetupIntent back before saving its card, and the week's intent paid on-session with
// the saved card (update, then confirm, server-side).
import { expect, expectAccessible, newApprovedNurse, signUpParent, test } from '../e2e/fixtures'
import { money, nightLabel } from '../e2e/page-text'
import { stubStripe } from './fake-stripe-js'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

test.beforeEach(async ({ page }, testInfo) => {
  await stubStripe(page, String(testInfo.config.metadata.fakeStripeUrl))
})

test("a parent saves a card with Stripe's form and pays a three-week series' first week with it", async ({ page }) => {
  await signUpParent(page, 'Stella Stripe')
  const start = Date.now() + 5 * DAY_MS
  const dates = Array.from({ length: 3 }, (_, week) => isoDate(start + week * 7 * DAY_MS))
  const nurse = await newApprovedNurse('Sienna Series', dates)

  await page.goto('/parent/payment')
  await page.getByRole('button', { name: 'Add a card' }).click()
  await expect(page.getByText('Card details')).toBeVisible()
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Save card' }).click()
  // Stripe sends the parent back with the SetupIntent; the page saves it (a POST, not the GET).
  await expect(page.getByText('Your card is saved.')).toBeVisible()
  await expect(page.getByTestId('saved-card')).toHaveText(/^Visa ending 4242, expires \d{2}\/\d{4}$/)
  await expectAccessible(page)

  await page.goto(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${dates[0]}`)
  const night = page.getByRole('group', { name: nightLabel(dates[0]), exact: true })
  await night.getByRole('combobox', { name: 'Start time' }).selectOption('22:00')
  await night.getByRole('combobox', { name: 'End time' }).selectOption('06:00')
  await page.getByRole('checkbox', { name: 'Repeat these nights every week' }).check()
  await page.getByRole('spinbutton', { name: 'Number of weeks' }).fill('3')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: 'Full name', exact: true }).fill('Stella Stripe')
  await main.getByRole('textbox', { name: 'Phone', exact: true }).fill('(512) 555-0199')
  await main.getByRole('textbox', { name: 'Address', exact: true }).fill('1100 Congress Ave, Austin, TX 78701')
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check()
  await page.getByRole('button', { name: 'Continue to Confirmation' }).click()

  await expect(page.getByTestId(/^charge-week-/)).toHaveCount(3)
  await page.getByRole('button', { name: `Pay ${money(35200)} for week 1 with Visa ending 4242` }).click()
  await expect(main.getByRole('heading', { name: 'Booking Confirmed!', level: 1 })).toBeVisible()
})
