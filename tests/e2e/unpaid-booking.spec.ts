// A booking whose card went through while its confirmation was lost (a closed tab, a crash): its
// page never leaves the family at 'Waiting for payment'. Reading the page changes nothing; the
// page itself asks, by POST: in the background with JavaScript, with a button without it.
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { expect, newApprovedNurse, signUpParent, test } from './fixtures'

const isoDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10)

/** A booking of the parent signed in on `api`, paid by the test card and never confirmed. */
async function paidButUnconfirmed(api: APIRequestContext, nurseProfileId: number, date: string) {
  const created = await api.post('/_api/bookings/create', {
    data: {
      nurseId: nurseProfileId,
      pattern: 'one_time',
      nightsPerWeek: 1,
      startDate: date,
      occurrences: [{ date, startTimeLocal: '22:00', endTimeLocal: '06:00' }],
      addressText: '500 Main St, Denver, CO 80205',
    },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const { booking } = (await created.json()) as { booking: { id: number } }
  const intent = await api.post('/_api/payments/create-intent', { data: { bookingId: booking.id } })
  expect(intent.ok(), await intent.text()).toBe(true)
  const { paymentIntentId, clientSecret } = (await intent.json()) as { paymentIntentId: string; clientSecret: string }
  const paid = await api.post('/_api/payments/test-card', {
    data: { paymentIntentId, clientSecret, cardNumber: '4242 4242 4242 4242' },
  })
  expect(paid.ok(), await paid.text()).toBe(true)
  return booking.id
}

async function parentPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const origin = new URL(test.info().project.use.baseURL!).origin
  const context = await browser.newContext({
    javaScriptEnabled,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { Origin: origin },
  })
  const page = await context.newPage()
  await signUpParent(page, 'Carla Charged')
  return page
}

test.describe('a booking paid but never confirmed', () => {
  test('with JavaScript, its page finds the payment by itself and shows the booking confirmed', async ({ browser }) => {
    const nurse = await newApprovedNurse('Nora Unconfirmed', [isoDate(40)])
    const page = await parentPage(browser, true)
    const bookingId = await paidButUnconfirmed(page.request, nurse.nurseProfileId, isoDate(40))
    await page.goto(`/parent/bookings/${bookingId}`)
    await expect(page.getByText('Your payment for this booking had already gone through, so it is confirmed.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Waiting for payment' })).toHaveCount(0)
    await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible()
    await page.context().close()
  })

  test('without JavaScript, Check payment confirms it; a card form left unpaid says no payment went through', async ({
    browser,
  }) => {
    const nurse = await newApprovedNurse('Nadia Unconfirmed', [isoDate(41), isoDate(42)])
    const page = await parentPage(browser, false)
    const paidId = await paidButUnconfirmed(page.request, nurse.nurseProfileId, isoDate(41))

    await page.goto(`/parent/bookings/${paidId}`)
    await expect(page.getByRole('heading', { name: 'Waiting for payment' })).toBeVisible()
    await page.getByRole('button', { name: 'Already paid? Check payment' }).click()
    await expect(page.getByText('Your payment for this booking had already gone through, so it is confirmed.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Waiting for payment' })).toHaveCount(0)

    // Another booking whose card form was opened and left: asked, the answer is no; nothing changes.
    const created = await page.request.post('/_api/bookings/create', {
      data: {
        nurseId: nurse.nurseProfileId,
        pattern: 'one_time',
        nightsPerWeek: 1,
        startDate: isoDate(42),
        occurrences: [{ date: isoDate(42), startTimeLocal: '22:00', endTimeLocal: '06:00' }],
        addressText: '500 Main St, Denver, CO 80205',
      },
    })
    const { booking } = (await created.json()) as { booking: { id: number } }
    expect((await page.request.post('/_api/payments/create-intent', { data: { bookingId: booking.id } })).ok()).toBe(true)
    await page.goto(`/parent/bookings/${booking.id}`)
    await page.getByRole('button', { name: 'Already paid? Check payment' }).click()
    await expect(page.getByText('No payment has gone through for this booking yet.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Waiting for payment' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible()
    await page.context().close()
  })
})
