// Saved cards and weekly charging (issue 15), in the browser: a parent of the test's own saves a
// test card on Payment Methods, then books a six-week series with a nurse of the test's own and
// pays only its first week, in one click with the saved card; the booking page shows the weeks
// still to be charged.
import { expect, expectAccessible, newApprovedNurse, signUpParent, test } from './fixtures'
import { money, nightLabel } from './page-text'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
// The nurse publishes $320 nights; a night's share of the total is $352 (the fee is 10%).
const WEEK_CENTS = 35200

test('a parent saves a card and books a six-week series, paying only the first week', async ({ page }) => {
  // Sign-up, a saved card, a six-week booking and an axe pass over its page: a long journey.
  test.slow()
  await signUpParent(page, 'Sasha Saver')
  const start = Date.now() + 4 * DAY_MS
  const dates = Array.from({ length: 6 }, (_, week) => isoDate(start + week * 7 * DAY_MS))
  const nurse = await newApprovedNurse('Wanda Weekly', dates)

  // Payment Methods: no card yet; a declined card is refused with what was typed kept; then a card is saved.
  await page.goto('/parent/payment')
  await expect(page.getByRole('heading', { name: 'No saved cards' })).toBeVisible()
  const add = page.getByRole('region', { name: 'Add a card' })
  await add.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002')
  await add.getByRole('button', { name: 'Save card' }).click()
  await expect(add.getByRole('alert')).toContainText('Your card was declined.')
  await expect(add.getByRole('textbox', { name: 'Card number' })).toHaveValue('4000 0000 0000 0002')
  await add.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await add.getByRole('button', { name: 'Save card' }).click()
  await expect(page.getByText('Your card is saved.')).toBeVisible()
  await expect(page.getByTestId('saved-card')).toHaveText(/^Visa ending 4242, expires 12\/\d{4}$/)
  // The number typed is not left in the form.
  await expect(page.getByRole('region', { name: 'Replace your card' }).getByRole('textbox', { name: 'Card number' })).toHaveValue('')
  await expectAccessible(page)

  // Book the first night, repeated every week for six weeks.
  await page.goto(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${dates[0]}`)
  const night = page.getByRole('group', { name: nightLabel(dates[0]), exact: true })
  await night.getByRole('combobox', { name: 'Start time' }).selectOption('22:00')
  await night.getByRole('combobox', { name: 'End time' }).selectOption('06:00')
  await page.getByRole('checkbox', { name: 'Repeat these nights every week' }).check()
  await page.getByRole('spinbutton', { name: 'Number of weeks' }).fill('6')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: 'Full name', exact: true }).fill('Sasha Saver')
  await main.getByRole('textbox', { name: 'Phone', exact: true }).fill('(617) 555-0177')
  await main.getByRole('textbox', { name: 'Address', exact: true }).fill('21 Elm Street, Boston, MA 02116')
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check()
  await page.getByRole('button', { name: 'Continue to Confirmation' }).click()

  // Step 3: six weekly payments, the first due now; one click pays it with the saved card.
  await expect(page.getByRole('heading', { name: 'Confirm & Pay' })).toBeVisible()
  await expect(main.getByRole('group', { name: 'Price breakdown' })).toContainText(money(6 * WEEK_CENTS))
  await expect(page.getByTestId(/^charge-week-/)).toHaveCount(6)
  await expect(page.getByTestId('charge-week-1')).toContainText('Due now')
  await expect(page.getByTestId('charge-week-2')).toContainText(/Charged \w{3}, \w{3} \d{1,2}/)
  await expect(page.getByTestId('charge-week-6')).toContainText(money(WEEK_CENTS))
  await expectAccessible(page)
  await page.getByRole('button', { name: `Pay ${money(WEEK_CENTS)} for week 1 with Visa ending 4242` }).click()

  await expect(main.getByRole('heading', { name: 'Booking Confirmed!', level: 1 })).toBeVisible()
  // It says what was charged now and what later, week by week (issue 38), not the total as paid.
  await expect(main.getByText(`Your first week’s payment, ${money(WEEK_CENTS)}, went through`)).toBeVisible()
  const confirmedWeeks = main.getByRole('region', { name: 'Weekly payments' })
  await expect(confirmedWeeks).toContainText(`Charged now${money(WEEK_CENTS)}`)
  await expect(confirmedWeeks).toContainText(`Still to be charged, week by week${money(5 * WEEK_CENTS)}`)
  await expect(confirmedWeeks.getByTestId('charge-week-1')).toContainText('Paid')
  await expect(confirmedWeeks.getByTestId('charge-week-2')).toContainText(/Charged \w{3}, \w{3} \d{1,2}/)
  await expectAccessible(page)
  const reference = (await main.getByText(/^#NN-\d{6}$/).textContent())!
  const bookingId = Number(reference.replace('#NN-', ''))

  // The booking page: week 1 paid, the other five still to be charged; one payment of one week.
  await page.goto(`/parent/bookings/${bookingId}`)
  const weekly = page.getByRole('region', { name: 'Weekly payments' })
  await expect(weekly).toContainText('your saved card, Visa ending 4242')
  await expect(weekly.getByRole('link', { name: 'Payment Methods page' })).toHaveAttribute('href', '/parent/payment')
  await expect(weekly.getByTestId('charge-week-1')).toContainText('Paid')
  for (const week of [2, 3, 4, 5, 6]) await expect(weekly.getByTestId(`charge-week-${week}`)).toContainText('Charged')
  const paid = page.getByRole('region', { name: 'Payments and refunds' })
  await expect(paid.getByRole('listitem')).toHaveCount(1)
  await expect(paid).toContainText(money(WEEK_CENTS))
  await expectAccessible(page)
})
