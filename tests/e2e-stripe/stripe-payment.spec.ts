// Paying by card through Stripe (issue 4, docs/money.md): the app runs with Stripe keys against the
// fake Stripe API, and the page loads a stand-in Stripe.js (fake-stripe-js.ts). What is real:
// the server's PaymentIntent through the `stripe` SDK, our PaymentElement form, the return-URL
// redirect back to /book, and the confirmation that re-reads the intent before confirming.
import { type APIRequestContext, type Page } from '@playwright/test'
import { allowConsoleErrors, DEMO_PASSWORD, expect, expectAccessible, test } from '../e2e/fixtures'
import { money, nightLabel, priceLines } from '../e2e/page-text'
import { stubStripe } from './fake-stripe-js'

interface Nurse {
  id: number
  slug: string
  displayName: string
  nightlyRateCents: number
}

async function nurseNumber(request: APIRequestContext, index: number): Promise<Nurse> {
  const response = await request.get('/_api/nurses/list?limit=20')
  expect(response.ok()).toBe(true)
  const { nurses } = (await response.json()) as { nurses: Nurse[] }
  return nurses[index]
}

async function firstOpenNight(request: APIRequestContext, nurse: Nurse): Promise<string> {
  const soonest = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10)
  const response = await request.get(`/_api/nurses/availability?slug=${encodeURIComponent(nurse.slug)}`)
  const { dates } = (await response.json()) as { dates: { date: string }[] }
  const date = dates.map((night) => night.date).find((d) => d >= soonest)
  expect(date, `${nurse.displayName} should have an open night`).toBeTruthy()
  return date!
}

async function toPayment(page: Page, nurse: Nurse, date: string, email: string, name: string) {
  await page.goto('/login')
  await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page).toHaveURL('/parent/dashboard')

  await page.goto(`/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${date}`)
  const night = page.getByRole('group', { name: nightLabel(date), exact: true })
  await night.getByRole('combobox', { name: 'Start time' }).selectOption('22:00')
  await night.getByRole('combobox', { name: 'End time' }).selectOption('06:00')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: 'Full name', exact: true }).fill(name)
  await main.getByRole('textbox', { name: 'Phone', exact: true }).fill('(512) 555-0142')
  await main.getByRole('textbox', { name: 'Address', exact: true }).fill('1100 Congress Ave, Austin, TX 78701')
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check()
  await page.getByRole('button', { name: 'Continue to Confirmation' }).click()
  await expect(page.getByRole('heading', { name: 'Confirm & Pay' })).toBeVisible()
}

function payButton(page: Page, nurse: Nurse) {
  const subtotal = nurse.nightlyRateCents
  return page.getByRole('button', { name: `Pay ${money(subtotal + Math.round(subtotal / 10))}` })
}

test.beforeEach(async ({ page }, testInfo) => {
  await stubStripe(page, String(testInfo.config.metadata.fakeStripeUrl))
})

test('a parent pays by card through Stripe and returns to Booking Confirmed!', async ({ page, request }) => {
  const nurse = await nurseNumber(request, 2)
  const date = await firstOpenNight(request, nurse)
  await toPayment(page, nurse, date, 'casey.nguyen@example.com', 'Casey Nguyen')

  // The Stripe form, not the built-in test card form.
  await expect(page.getByText('Card details')).toBeVisible()
  await expect(page.getByText('Test payments: no card is charged')).toBeHidden()
  await expectAccessible(page)
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await payButton(page, nurse).click()

  // Stripe sends the parent back with the intent's ids; the server re-reads it and confirms.
  await expect(page).toHaveURL(/[?&]payment_intent=pi_fake_/)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Booking Confirmed!', level: 1 })).toBeVisible()
  await expect(main.getByText(/^#NN-\d{6}$/)).toBeVisible()
  await expect(main.getByRole('group', { name: 'Price breakdown' })).toHaveText(priceLines(nurse.nightlyRateCents, 1))

  // Coming back to the same return URL (a reload) confirms nothing twice and shows the same booking.
  await page.reload()
  await expect(main.getByRole('heading', { name: 'Booking Confirmed!', level: 1 })).toBeVisible()

  // The night is taken now: the public calendar no longer offers it.
  const after = await request.get(`/_api/nurses/availability?slug=${encodeURIComponent(nurse.slug)}`)
  const { dates } = (await after.json()) as { dates: { date: string }[] }
  expect(dates.map((night) => night.date)).not.toContain(date)
})

test("a card Stripe declines shows Stripe's message and the parent tries another", async ({ page, request }) => {
  const nurse = await nurseNumber(request, 3)
  const date = await firstOpenNight(request, nurse)
  await toPayment(page, nurse, date, 'jamie.okoro@example.com', 'Jamie Okoro')

  // Stripe answers the declined card's confirmation with 402, and the browser logs it.
  allowConsoleErrors(page, /status of 402 \(Payment Required\) \(https:\/\/api\.stripe\.com\/v1\/payment_intents\/[^/]+\/confirm\)$/)
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002')
  await payButton(page, nurse).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
  await expect(page).not.toHaveURL(/payment_intent=/)

  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await payButton(page, nurse).click()
  await expect(page.getByRole('main').getByRole('heading', { name: 'Booking Confirmed!', level: 1 })).toBeVisible()
})
