// Search by nights (issue 17), in the browser: a family asks for its nights on /search, finds a
// nurse open on all of them, and books exactly those nights; before JavaScript, the city page's
// form finds her and her profile's link books the same nights.
import type { Page } from '@playwright/test'
import { expect, expectAccessible, newApprovedNurse, signUpParent, test } from './fixtures'
import { money, nightLabel } from './page-text'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const later = (date: string, days: number) => isoDate(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS)

/** A Monday `weeks` weeks or more ahead, and the two weeks from it. */
function twoWeeksFrom(weeks: number): string[] {
  const start = Date.now() + weeks * 7 * DAY_MS
  const weekday = new Date(start).getUTCDay()
  const monday = isoDate(start + ((8 - weekday) % 7) * DAY_MS)
  return Array.from({ length: 14 }, (_, i) => later(monday, i))
}

async function searchForm(page: Page) {
  return page.getByRole('form', { name: 'Search night nurses' })
}

test('a family searches by dates and books the nights it searched for', async ({ page }) => {
  const days = twoWeeksFrom(9)
  const mondaysWednesdaysFridays = days.filter((_, i) => [0, 2, 4].includes(i % 7))
  // She is open on those nights and on the Tuesdays; another nurse only on the first week.
  const nurse = await newApprovedNurse('Dora Datesearch', [...mondaysWednesdaysFridays, days[1], days[8]])
  await newApprovedNurse('Fern Firstweek', mondaysWednesdaysFridays.slice(0, 3))
  await signUpParent(page, 'Dana Dates')

  await page.goto('/search')
  const form = await searchForm(page)
  await form.getByRole('textbox', { name: 'City, state or ZIP' }).fill('Denver, CO')
  await form.getByLabel('First night').fill(days[0])
  await form.getByLabel('Last night').fill(days[13])
  for (const day of ['Mon', 'Wed', 'Fri']) await form.getByRole('checkbox', { name: day, exact: true }).check()
  await form.getByRole('button', { name: 'Search' }).click()

  await expect(page).toHaveURL(/from=.*&to=.*weekdays=mon.*weekdays=wed.*weekdays=fri/)
  const main = page.getByRole('main')
  await expect(main.getByText(/^Open on your nights: .*Mondays, Wednesdays and Fridays$/)).toBeVisible()
  const dora = main.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Dora Datesearch' }) })
  await expect(dora.getByText('Open all 6 of your nights')).toBeVisible()
  // Three of six is half: she comes second, saying how many.
  const fern = main.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Fern Firstweek' }) })
  await expect(fern.getByText('Open 3 of your 6 nights')).toBeVisible()
  await expectAccessible(page)

  // Her profile: the six nights are picked, and Book takes them to /book.
  await dora.getByRole('link', { name: 'Dora Datesearch' }).click()
  await expect(page).toHaveURL(new RegExp(`/nurse/${nurse.slug}\\?from=${days[0]}&to=${days[13]}&weekdays=mon,wed,fri`))
  const aside = page.getByRole('complementary', { name: 'About Dora Datesearch and booking' })
  await expect(aside.getByText(/Dora is open on all 6 of your nights/)).toBeVisible()
  await expect(aside.getByRole('status')).toHaveText(
    `6 nights picked: ${mondaysWednesdaysFridays.map(nightLabel).join('; ')}`,
  )
  await aside.getByRole('button', { name: 'Book', exact: true }).click()
  await expect(page).toHaveURL(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${mondaysWednesdaysFridays.join(',')}`)

  // The booking flow with those six nights: times as she set them, details, the test card.
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Dana Dates')
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('(303) 555-0190')
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1620 Gaylord St, Denver, CO 80206')
  await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check()
  await page.getByRole('button', { name: 'Continue to Confirmation' }).click()
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: `Pay ${money(6 * 32000 + 6 * 3200)}` }).click()
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!', level: 1 })).toBeVisible()
  const nights = page.getByRole('main').getByRole('list', { name: 'Nights' }).getByRole('listitem')
  await expect(nights).toHaveCount(6)
  for (const [i, date] of mondaysWednesdaysFridays.entries()) await expect(nights.nth(i)).toContainText(nightLabel(date))

  // Booked now: the same search finds her on none of those nights.
  await page.goto(`/search?location=Denver%2C+CO&from=${days[0]}&to=${days[13]}&weekdays=mon,wed,fri`)
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dora Datesearch' })).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the city page finds the nurses open on the nights, and her profile links them to /book', async ({ page }) => {
    const days = twoWeeksFrom(11)
    const nurse = await newApprovedNurse('Nell Nojs', days.slice(0, 4))
    await page.goto('/night-nurse/denver')
    const form = page.getByRole('form', { name: 'Find nurses in Denver open on your nights' })
    await form.getByLabel('First night').fill(days[0])
    await form.getByLabel('Last night').fill(days[3])
    await form.getByRole('button', { name: 'Find nurses open on these nights' }).click()
    await expect(page).toHaveURL(new RegExp(`/night-nurse/denver\\?from=${days[0]}&to=${days[3]}`))
    const nell = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Nell Nojs' }) })
    await expect(nell.getByText('Open all 4 of your nights')).toBeVisible()

    await nell.getByRole('link', { name: 'Nell Nojs' }).click()
    await expect(page.getByText(/Nell is open on all 4 of your nights/)).toBeVisible()
    for (const date of days.slice(0, 4)) await expect(page.getByRole('checkbox', { name: nightLabel(date) })).toBeChecked()
    await page.getByRole('link', { name: 'Book these 4 nights' }).click()
    await expect(page).toHaveURL(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${days.slice(0, 4).join(',')}`)
  })

  test('a last night before the first is answered on the form, with what was typed kept', async ({ page }) => {
    const days = twoWeeksFrom(3)
    await page.goto(`/search?location=Denver&from=${days[5]}&to=${days[1]}`)
    await expect(page.getByRole('alert')).toContainText("The last night can't be before the first")
    const form = await searchForm(page)
    await expect(form.getByLabel('First night')).toHaveValue(days[5])
    await expect(form.getByRole('textbox', { name: 'City, state or ZIP' })).toHaveValue('Denver')
  })
})
