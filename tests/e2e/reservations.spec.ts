// Due-date reservations (issue 36, docs/decisions/0066), in the browser: a family of the test's own
// reserves a nurse of the test's own around its due date from her profile and pays the deposit
// (decision 0073), the nurse accepts from her list of reservations, and the family sees it reserved.
import { expect, expectAccessible, login, newApprovedNurse, signedInApi, signUpParent, test } from './fixtures'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

test('a family reserves a nurse around its due date and she accepts', async ({ page, browser }) => {
  const nurse = await newApprovedNurse('Sarah Reserve')
  await signUpParent(page, 'Dana Expecting')
  const dueDate = isoDate(Date.now() + 40 * DAY_MS)

  await page.goto(`/nurse/${nurse.slug}`)
  await page.getByRole('link', { name: 'Starting when our baby comes home' }).click()
  await expect(page.getByRole('heading', { name: 'Starting when our baby comes home', level: 1 })).toBeVisible()
  await expect(page.getByText('She can start from 14 days before to 21 days after your due date.')).toBeVisible()
  await expectAccessible(page)

  await page.getByLabel('Due date').fill(dueDate)
  await page.getByRole('spinbutton', { name: 'Weeks' }).fill('4')
  await page.getByRole('spinbutton', { name: 'Nights a week' }).fill('3')
  for (const day of ['Monday', 'Wednesday', 'Friday']) await page.getByRole('checkbox', { name: day }).check()
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Beacon Street, Boston, MA 02108')
  // Three nights at $320, plus the 10% fee: $1,056.00 a week.
  await expect(page.getByRole('status').filter({ hasText: 'Your quote' })).toContainText('$1,056.00 a week')
  await page.getByRole('button', { name: 'Continue to the deposit' }).click()

  // The deposit: her first week, paid with a card now; the plan is kept if the family goes back.
  await expect(page.getByRole('heading', { name: 'Pay the deposit to reserve Sarah Reserve', level: 1 })).toBeVisible()
  await expect(page.getByText(/It comes back in full if she declines, does not answer within 48 hours or cancels, and if you cancel by /)).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Change the plan' }).click()
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('12 Beacon Street, Boston, MA 02108')
  await expect(page.getByRole('checkbox', { name: 'Wednesday' })).toBeChecked()
  await page.getByRole('button', { name: 'Continue to the deposit' }).click()
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002')
  await page.getByRole('button', { name: 'Reserve and pay $1,056.00' }).click()
  await expect(page.getByText(/declined/i).first()).toBeVisible()
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Reserve and pay $1,056.00' }).click()

  await expect(page).toHaveURL(/\/parent\/reservations\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Your reservation with Sarah Reserve', level: 1 })).toBeVisible()
  await expect(page.getByText('Waiting for her answer')).toBeVisible()
  await expect(page.getByText('Mondays, Wednesdays and Fridays for 4 weeks')).toBeVisible()
  await expect(page.getByText(/^\$1,056\.00 paid\. It counts toward your first week\. Cancel by .+ and it comes back in full; after that it is hers\.$/)).toBeVisible()
  await expectAccessible(page)
  const reservationUrl = page.url()

  const nurseContext = await browser.newContext()
  const nursePage = await nurseContext.newPage()
  await login(nursePage, nurse.email)
  await nursePage.goto('/nurse/reservations')
  await expect(nursePage.getByRole('heading', { name: /^Dana Expecting: due / })).toBeVisible()
  await expect(nursePage.getByText(/^Deposit: \$1,056\.00 paid by the family\./)).toBeVisible()
  await expectAccessible(nursePage)
  await nursePage.getByRole('button', { name: 'Accept Dana Expecting’s reservation' }).click()
  await expect(nursePage.getByText('Accepted. The family has been told.')).toBeVisible()
  await expect(nursePage.getByText('Reserved', { exact: true })).toBeVisible()
  await nurseContext.close()

  await page.goto(reservationUrl)
  await expect(page.getByText('Reserved', { exact: true })).toBeVisible()
})

// 'Our baby is here' (decision 0069): the accepted reservation becomes a booking from the night
// chosen; its deposit pays the first week and the family pays the rest on /book's payment step
// with the test card (decision 0073); the reservation then reads as started.
test("a family whose baby is here starts the nights, pays what the deposit leaves and sees the reservation started", async ({ page }) => {
  const due = Date.now() + 40 * DAY_MS
  let first = due + 2 * DAY_MS
  while (new Date(first).getUTCDay() !== 1) first += DAY_MS
  const nights = [0, 2, 4, 7, 9, 11].map((days) => isoDate(first + days * DAY_MS))
  const nurse = await newApprovedNurse('Nora Babyhere', nights)
  await signUpParent(page, 'Jordan Babyhere')
  const made = await page.request.post('/_api/reservations/create', {
    data: {
      nurseId: nurse.nurseProfileId,
      dueDate: isoDate(due),
      weeks: 2,
      nightsPerWeek: 3,
      weekdays: [1, 3, 5],
      startTimeLocal: '21:00',
      endTimeLocal: '07:00',
      babies: 1,
      addressText: '12 Beacon Street, Boston, MA 02108',
      payWith: 'card',
      cardNumber: '4242 4242 4242 4242',
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  const { reservation } = (await made.json()) as { reservation: { id: number; weekCents: number; totalCents: number } }
  const nurseApi = await signedInApi(nurse.email)
  const accepted = await nurseApi.post('/_api/reservations/respond', { data: { reservationId: reservation.id, answer: 'accept' } })
  expect(accepted.ok(), await accepted.text()).toBe(true)
  await nurseApi.dispose()

  await page.goto(`/parent/reservations/${reservation.id}`)
  await expect(page.getByRole('heading', { name: 'Our baby is here' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('First night').fill(nights[0])
  await page.getByRole('button', { name: 'Start the nights' }).click()

  await expect(page.getByRole('heading', { name: 'Confirm & Pay' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Nights' }).getByRole('listitem')).toHaveCount(6)
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  // The second week: the deposit paid the first.
  const rest = ((reservation.totalCents - reservation.weekCents) / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })
  // The card that paid the deposit was kept: the family pays with it.
  await page.getByRole('button', { name: `Pay ${rest}`, exact: true }).click()
  await expect(page.getByRole('main').getByRole('heading', { name: 'Booking Confirmed!', level: 1 })).toBeVisible()

  await page.goto(`/parent/reservations/${reservation.id}`)
  await expect(page.getByText('Started', { exact: true })).toBeVisible()
  await expect(page.getByText(/^Started: your nights with Nora begin on Mon, /)).toBeVisible()
  await page.getByRole('link', { name: 'See your booking' }).click()
  await expect(page).toHaveURL(/\/parent\/bookings\/\d+$/)
})
