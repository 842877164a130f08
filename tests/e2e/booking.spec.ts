// Booking and paying (issue 4): a parent picks nights on a nurse's public profile, confirms the
// times, gives their details and pays with the built-in test card. Every test uses its own nurse
// and its own parent (never Jordan, parent@example.com: the dashboard tests own Jordan's data), and
// picks the nights that are open at that moment, so the tests do not depend on each other.
import { type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, expectAccessible, hydrated, test } from './fixtures'
import { clickOpenNight as pickNight, money, nightLabel, priceLines, showMonthOf } from './page-text'

const CARD_OK = '4242 4242 4242 4242'
const CARD_DECLINED = '4000 0000 0000 0002'

interface Nurse {
  id: number
  slug: string
  displayName: string
  nightlyRateCents: number
}

interface Parent {
  email: string
  name: string
  phone: string
  address: string
}

// Seeded parents other than Jordan, one per test.
const SAM: Parent = {
  email: 'sam.rivera@example.com',
  name: 'Sam Rivera',
  phone: '(713) 555-0134',
  address: '2315 Bissonnet St, Houston, TX 77005',
}
const MORGAN: Parent = {
  email: 'morgan.lee@example.com',
  name: 'Morgan Lee',
  phone: '(312) 555-0177',
  address: '2041 N Bissell St, Chicago, IL 60614',
}
const CASEY: Parent = {
  email: 'casey.nguyen@example.com',
  name: 'Casey Nguyen',
  phone: '(206) 555-0119',
  address: '4316 Fremont Ave N, Seattle, WA 98103',
}
const JAMIE: Parent = {
  email: 'jamie.okoro@example.com',
  name: 'Jamie Okoro',
  phone: '(202) 555-0163',
  address: '1733 Kalorama Rd NW, Washington, DC 20009',
}
const RILEY: Parent = {
  email: 'riley.thompson@example.com',
  name: 'Riley Thompson',
  phone: '(303) 555-0148',
  address: '742 N Clarkson St, Denver, CO 80218',
}

// --- Demo data through the public calls ---------------------------------------------------------

/** The index-th approved nurse of the featured list: each test books a different nurse. */
async function nurseNumber(request: APIRequestContext, index: number): Promise<Nurse> {
  const response = await request.get('/_api/nurses/list?limit=20')
  expect(response.ok()).toBe(true)
  const { nurses } = (await response.json()) as { nurses: Nurse[] }
  expect(nurses.length).toBeGreaterThan(index)
  return nurses[index]
}

/** Every open night of a nurse right now, read fresh (yyyy-MM-dd, in order). */
async function openDates(request: APIRequestContext, slug: string): Promise<string[]> {
  const response = await request.get(`/_api/nurses/availability?slug=${encodeURIComponent(slug)}`)
  expect(response.ok()).toBe(true)
  const { dates } = (await response.json()) as { dates: { date: string }[] }
  return dates.map((night) => night.date)
}

/** The nurse's published hours for an open night: /book offers them first (issue 38). */
async function publishedShift(request: APIRequestContext, slug: string, date: string) {
  const response = await request.get(`/_api/nurses/availability?slug=${encodeURIComponent(slug)}`)
  const { dates } = (await response.json()) as { dates: { date: string; startTimeLocal: string; endTimeLocal: string }[] }
  const night = dates.find((open) => open.date === date)!
  return { start: night.startTimeLocal, end: night.endTimeLocal }
}

/**
 * The first `count` open nights that start at least two days from now, so that no test books a
 * night that begins while it runs, whatever the nurse's time zone.
 */
async function pickOpenNights(request: APIRequestContext, nurse: Nurse, count: number): Promise<string[]> {
  const soonest = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10)
  const dates = (await openDates(request, nurse.slug)).filter((date) => date >= soonest).slice(0, count)
  expect(dates, `${nurse.displayName} should have ${count} open nights`).toHaveLength(count)
  return dates
}

// --- What the pages show ------------------------------------------------------------------------


function totalOf(nightlyRateCents: number, nights: number): string {
  const subtotal = nightlyRateCents * nights
  return money(subtotal + Math.round(subtotal / 10))
}

/** The /book link a profile makes for these nights. */
function bookLink(nurse: Nurse, dates: readonly string[]): string {
  return `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${dates.join(',')}`
}

function progress(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Booking progress' })
}

// --- Steps a parent takes -----------------------------------------------------------------------

async function logIn(page: Page, email: string) {
  await page.goto('/login')
  await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page).toHaveURL('/parent/dashboard')
}




/** Step 1: a night's start and end time. */
async function setNightTimes(page: Page, date: string, start: string, end: string) {
  const night = page.getByRole('group', { name: nightLabel(date), exact: true })
  await night.getByRole('combobox', { name: 'Start time' }).selectOption(start)
  await night.getByRole('combobox', { name: 'End time' }).selectOption(end)
  await expect(night.getByRole('combobox', { name: 'Start time' })).toHaveValue(start)
  await expect(night.getByRole('combobox', { name: 'End time' })).toHaveValue(end)
}

/** Step 2: the parent's details and the terms. */
async function fillDetails(page: Page, parent: Parent) {
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Your Details' })).toBeVisible()
  await main.getByRole('textbox', { name: 'Full name', exact: true }).fill(parent.name)
  await main.getByRole('textbox', { name: 'Phone', exact: true }).fill(parent.phone)
  await main.getByRole('textbox', { name: 'Address', exact: true }).fill(parent.address)
  await main.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check()
}

/** Step 3: the test card form. */
async function payWith(page: Page, card: string, nurse: Nurse, nights: number) {
  await expect(page.getByRole('heading', { name: 'Confirm & Pay' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Card number' }).fill(card)
  await page.getByRole('button', { name: `Pay ${totalOf(nurse.nightlyRateCents, nights)}` }).click()
}

/** 'Booking Confirmed!' with the reference, the nights at 10 PM – 6 AM and the amounts. */
async function expectConfirmed(page: Page, nurse: Nurse, dates: readonly string[]) {
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Booking Confirmed!', level: 1 })).toBeVisible()
  await expect(main.getByText(/^#NN-\d{6}$/)).toBeVisible()
  await expect(main).toContainText(new RegExp(`Nights\\s*${dates.length}\\s*Dates`))
  await expect(main.getByRole('list', { name: 'Nights' }).getByRole('listitem')).toHaveText(
    dates.map((date) => `${nightLabel(date)} · 10:00 PM – 6:00 AM`),
  )
  await expect(main.getByRole('group', { name: 'Price breakdown' })).toHaveText(
    priceLines(nurse.nightlyRateCents, dates.length),
  )
  await expect(main.getByRole('link', { name: 'Go to My Dashboard' })).toHaveAttribute('href', '/parent/dashboard')
}

/** From a /book link to 'Booking Confirmed!': 10 PM – 6 AM each night, details, the good card. */
async function bookAndPay(page: Page, nurse: Nurse, dates: readonly string[], parent: Parent) {
  await page.goto(bookLink(nurse, dates))
  for (const date of dates) await setNightTimes(page, date, '22:00', '06:00')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await fillDetails(page, parent)
  await page.getByRole('button', { name: 'Continue to Confirmation' }).click()
  await payWith(page, CARD_OK, nurse, dates.length)
  await expectConfirmed(page, nurse, dates)
}

// --- The journeys -------------------------------------------------------------------------------

test.describe('booking a night nurse', () => {
  test('a parent picks two nights on a profile, books them 10 PM to 6 AM and pays with the test card', async ({
    page,
    request,
  }) => {
    const nurse = await nurseNumber(request, 0)
    const [first, second] = await pickOpenNights(request, nurse, 2)
    await logIn(page, SAM.email)

    // The profile: two open nights on the calendar, and what they cost.
    await page.goto(`/nurse/${nurse.slug}`)
    const aside = page.getByRole('complementary', { name: `About ${nurse.displayName} and booking` })
    await expect(aside.getByRole('button', { name: 'Book', exact: true })).toBeDisabled()
    await pickNight(aside, first)
    await pickNight(aside, second)
    await expect(aside.getByRole('status')).toHaveText(
      `2 nights picked: ${nightLabel(first)}; ${nightLabel(second)}`,
    )
    await expect(aside.getByRole('group', { name: 'Cost preview' })).toHaveText(
      priceLines(nurse.nightlyRateCents, 2),
    )
    await aside.getByRole('button', { name: 'Book', exact: true }).click()

    // Step 1: the profile's nights at her own published hours (issue 38), changed to an overnight 10 PM – 6 AM.
    await expect(page).toHaveURL(bookLink(nurse, [first, second]))
    await expect(page.getByRole('heading', { name: `Book ${nurse.displayName}`, level: 1 })).toBeVisible()
    await expect(progress(page).getByText('Step 1: Dates & Times (current step)')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Confirm Dates & Times' })).toBeVisible()
    // The nurse's zone as families name it, never an IANA id.
    await expect(page.getByText(/Times are the nurse's local time \((Eastern|Central|Mountain|Arizona|Pacific) time\)/)).toBeVisible()
    await expect(page.getByText(/America\//)).toHaveCount(0)
    const firstNight = page.getByRole('group', { name: nightLabel(first), exact: true })
    const published = await publishedShift(request, nurse.slug, first)
    await expect(firstNight.getByRole('combobox', { name: 'Start time' })).toHaveValue(published.start)
    await expect(firstNight.getByRole('combobox', { name: 'End time' })).toHaveValue(published.end)
    for (const date of [first, second]) {
      await setNightTimes(page, date, '22:00', '06:00')
      await expect(page.getByRole('group', { name: nightLabel(date), exact: true })).toContainText(
        '8 hours, ending the next morning',
      )
    }
    await expect(page.getByRole('group', { name: 'Cost preview' })).toHaveText(priceLines(nurse.nightlyRateCents, 2))
    await page.getByRole('button', { name: 'Continue', exact: true }).click()

    // Step 2: the parent's details.
    await expect(page).toHaveURL(/[?&]step=2/)
    await expect(progress(page).getByText('Step 1: Dates & Times (completed)')).toBeVisible()
    await expect(progress(page).getByText('Step 2: Your Details (current step)')).toBeVisible()
    await fillDetails(page, SAM)
    await page.getByRole('button', { name: 'Continue to Confirmation' }).click()

    // Step 3: the summary with the server's amounts, then the card.
    await expect(page).toHaveURL(/[?&]step=3/)
    await expect(progress(page).getByText('Step 3: Confirm & Pay (current step)')).toBeVisible()
    const summary = page.getByRole('main')
    await expect(summary.getByRole('heading', { name: 'Booking summary' })).toBeVisible()
    await expect(summary.getByText(`Night care with ${nurse.displayName} · 2 nights`)).toBeVisible()
    await expect(summary.getByRole('list', { name: 'Nights' }).getByRole('listitem')).toHaveText([
      `${nightLabel(first)} · 10:00 PM – 6:00 AM`,
      `${nightLabel(second)} · 10:00 PM – 6:00 AM`,
    ])
    await expect(summary.getByText(`Address: ${SAM.address}`)).toBeVisible()
    await expect(summary.getByRole('group', { name: 'Price breakdown' })).toHaveText(
      priceLines(nurse.nightlyRateCents, 2),
    )
    await expect(summary.getByText('Test payments: no card is charged')).toBeVisible()
    await payWith(page, CARD_OK, nurse, 2)

    await expectConfirmed(page, nurse, [first, second])
    await page.getByRole('link', { name: 'Go to My Dashboard' }).click()
    await expect(page).toHaveURL('/parent/dashboard')
  })

  test('a declined card shows its message and the parent pays with another card', async ({ page, request }) => {
    const nurse = await nurseNumber(request, 1)
    const dates = await pickOpenNights(request, nurse, 1)
    await logIn(page, MORGAN.email)

    await page.goto(bookLink(nurse, dates))
    await setNightTimes(page, dates[0], '22:00', '06:00')
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await fillDetails(page, MORGAN)
    await page.getByRole('button', { name: 'Continue to Confirmation' }).click()

    await payWith(page, CARD_DECLINED, nurse, 1)
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeHidden()

    await payWith(page, CARD_OK, nurse, 1)
    await expectConfirmed(page, nurse, dates)
  })

  test('a signed-out visitor picks a night, signs in at step 2 and comes back to finish paying', async ({
    page,
    request,
  }) => {
    const nurse = await nurseNumber(request, 2)
    const dates = await pickOpenNights(request, nurse, 1)

    // Signed out, the profile comes without scripts (docs/decisions/0059): its open nights are
    // checkboxes of a form that leads to the same /book link as the calendar's Book.
    await page.goto(`/nurse/${nurse.slug}`)
    const nights = page.getByRole('form', { name: 'Choose nights to book' })
    await nights.getByRole('checkbox', { name: nightLabel(dates[0]), exact: true }).check()
    await nights.getByRole('button', { name: 'Book selected nights' }).click()
    await expect(page).toHaveURL(bookLink(nurse, dates))
    await hydrated(page)

    await setNightTimes(page, dates[0], '22:00', '06:00')
    await page.getByRole('button', { name: 'Continue', exact: true }).click()

    // Step 2 asks the visitor to sign in; 'Log In' comes back to this step.
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible()
    await expect(progress(page).getByText('Step 2: Your Details (current step)')).toBeVisible()
    const logInLink = main.getByRole('link', { name: 'Log In' })
    await expect(logInLink).toHaveAttribute('href', /^\/login\?redirectTo=%2Fbook%3F.*step%3D2/)
    await logInLink.click()
    await expect(page).toHaveURL(/\/login\?redirectTo=/)
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill(CASEY.email)
    await main.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Log In' }).click()

    // Back at step 2 with the night kept.
    await expect(page).toHaveURL(/\/book\?.*step=2/)
    await expect(page).toHaveURL(new RegExp(`dates=${dates[0]}&times=22:00-06:00`))
    await hydrated(page)
    await fillDetails(page, CASEY)
    await page.getByRole('button', { name: 'Continue to Confirmation' }).click()
    await expect(page.getByRole('main').getByRole('list', { name: 'Nights' }).getByRole('listitem')).toHaveText([
      `${nightLabel(dates[0])} · 10:00 PM – 6:00 AM`,
    ])
    await payWith(page, CARD_OK, nurse, 1)
    await expectConfirmed(page, nurse, dates)
  })

  test('every step works before JavaScript loads', async ({ browser, request }) => {
    const nurse = await nurseNumber(request, 3)
    const dates = await pickOpenNights(request, nurse, 2)
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()

    await page.goto('/login')
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(JAMIE.email)
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page).toHaveURL('/parent/dashboard')

    await page.goto(bookLink(nurse, dates))
    await expect(page.getByRole('heading', { name: 'Confirm Dates & Times' })).toBeVisible()
    for (const date of dates) await setNightTimes(page, date, '22:00', '06:00')
    await page.getByRole('button', { name: 'Continue', exact: true }).click()

    await expect(page).toHaveURL(/[?&]step=2/)
    await fillDetails(page, JAMIE)
    await page.getByRole('button', { name: 'Continue to Confirmation' }).click()

    await expect(page).toHaveURL(/[?&]step=3/)
    await expect(page.getByRole('main').getByRole('group', { name: 'Price breakdown' })).toHaveText(
      priceLines(nurse.nightlyRateCents, 2),
    )
    await payWith(page, CARD_OK, nurse, 2)
    await expectConfirmed(page, nurse, dates)
    await context.close()
  })

  test('a night one parent has booked is no longer offered to anyone', async ({ page, request, browser }) => {
    const nurse = await nurseNumber(request, 4)
    const dates = await pickOpenNights(request, nurse, 1)
    const [night] = dates
    await logIn(page, RILEY.email)
    await bookAndPay(page, nurse, dates, RILEY)

    // The public call no longer lists it, and the calendar shows it as not available.
    expect(await openDates(request, nurse.slug)).not.toContain(night)
    await page.goto(`/nurse/${nurse.slug}`)
    const aside = page.getByRole('complementary', { name: `About ${nurse.displayName} and booking` })
    await showMonthOf(aside, night)
    await expect(aside.getByRole('button', { name: `${nightLabel(night)}, not available`, exact: true })).toBeDisabled()

    // Another visitor holding an old link is told the night is gone.
    const context = await browser.newContext()
    const visitor = await context.newPage()
    await visitor.goto(bookLink(nurse, dates))
    await setNightTimes(visitor, night, '22:00', '06:00')
    await visitor.getByRole('button', { name: 'Continue', exact: true }).click()
    const alert = visitor.getByRole('alert').filter({ hasText: 'Please check your nights' })
    await expect(alert).toContainText(`These nights are no longer available: ${nightLabel(night)}`)
    await expect(visitor).not.toHaveURL(/[?&]step=2/)
    await context.close()
  })

  test('an unpaid booking is paid from its page without JavaScript, and another is abandoned there', async ({
    browser,
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    const parent: Parent = {
      email: `unpaid.parent.${Date.now()}@example.com`,
      name: 'Uma Unpaid',
      phone: '(512) 555-0142',
      address: '1100 Congress Ave, Austin, TX 78701',
    }
    /** Steps 1 and 2 of /book: the booking exists, unpaid; its id. */
    async function holdNights(tab: Page, nurse: Nurse, dates: readonly string[]) {
      await tab.goto(bookLink(nurse, dates))
      for (const date of dates) await setNightTimes(tab, date, '22:00', '06:00')
      await tab.getByRole('button', { name: 'Continue', exact: true }).click()
      await fillDetails(tab, parent)
      await tab.getByRole('button', { name: 'Continue to Confirmation' }).click()
      await expect(tab).toHaveURL(/[?&]step=3/)
      return Number(/bookingId=(\d+)/.exec(tab.url())![1])
    }

    // Without JavaScript: the booking's page says it waits for payment; Pay now reaches the card form.
    const context = await browser.newContext({ javaScriptEnabled: false })
    const registered = await context.request.post('/_api/auth/register_with_password', {
      headers: { Origin: baseURL! },
      data: { email: parent.email, password: 'sleep-is-a-luxury', displayName: parent.name, role: 'parent' },
    })
    expect(registered.ok()).toBe(true)
    const tab = await context.newPage()
    const paidNurse = await nurseNumber(request, 6)
    const paidDates = await pickOpenNights(request, paidNurse, 1)
    const paidId = await holdNights(tab, paidNurse, paidDates)
    await tab.goto(`/parent/bookings/${paidId}`)
    await expect(tab.getByRole('heading', { name: 'Waiting for payment' })).toBeVisible()
    await tab.getByRole('button', { name: 'Pay now' }).click()
    await payWith(tab, CARD_OK, paidNurse, 1)
    await expectConfirmed(tab, paidNurse, paidDates)
    await tab.goto(`/parent/bookings/${paidId}`)
    await expect(tab.getByRole('heading', { name: 'Waiting for payment' })).toHaveCount(0)

    // With JavaScript, the same parent abandons another hold: its night is open again at once.
    const cookies = await context.cookies()
    await context.close()
    await page.context().addCookies(cookies)
    const droppedNurse = await nurseNumber(request, 7)
    const droppedDates = await pickOpenNights(request, droppedNurse, 1)
    const droppedId = await holdNights(page, droppedNurse, droppedDates)
    expect(await openDates(request, droppedNurse.slug)).not.toContain(droppedDates[0])
    await page.goto(`/parent/bookings/${droppedId}`)
    await expect(page.getByRole('heading', { name: 'Waiting for payment' })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Abandon booking' }).click()
    await expect(page.getByText('Booking abandoned. Its nights are free for others to book.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Waiting for payment' })).toHaveCount(0)
    expect(await openDates(request, droppedNurse.slug)).toContain(droppedDates[0])
  })

  test('/book without a nurse or dates says the booking information is missing', async ({ page }) => {
    const response = await page.goto('/book')
    expect(response?.status()).toBe(400)
    await expect(page.getByRole('heading', { name: 'Booking Information Missing' })).toBeVisible()
    await expect(page.getByText('We could not tell which nurse or nights you want to book.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Find a night nurse' })).toHaveAttribute(
      'href',
      '/search',
    )

    await page.goto('/book?nurseId=1&slug=someone&dates=not-a-date')
    await expect(page.getByRole('heading', { name: 'Booking Information Missing' })).toBeVisible()
  })

  test('the three booking steps and the confirmation have no serious accessibility violations', async ({
    page,
    request,
  }) => {
    const nurse = await nurseNumber(request, 5)
    const dates = await pickOpenNights(request, nurse, 1)
    const parent: Parent = {
      email: `axe.parent.${Date.now()}@example.com`,
      name: 'Avery Axe',
      phone: '(512) 555-0101',
      address: '1100 Congress Ave, Austin, TX 78701',
    }

    // Step 2 signed out: the sign-in that stands in for the details.
    await page.goto(`${bookLink(nurse, dates)}&step=2`)
    await expect(page.getByRole('main').getByRole('heading', { name: 'Sign in to continue' })).toBeVisible()
    await expectAccessible(page)

    await page.goto('/register?method=email')
    await page.getByRole('main').getByLabel('Full name').fill(parent.name)
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(parent.email)
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill('sleep-is-a-luxury')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page).toHaveURL('/parent/dashboard')

    await page.goto(bookLink(nurse, dates))
    await expect(page.getByRole('heading', { name: 'Confirm Dates & Times' })).toBeVisible()
    await expectAccessible(page)
    await setNightTimes(page, dates[0], '22:00', '06:00')
    await page.getByRole('button', { name: 'Continue', exact: true }).click()

    await expect(page.getByRole('heading', { name: 'Your Details' })).toBeVisible()
    await expectAccessible(page)
    await fillDetails(page, parent)
    await page.getByRole('button', { name: 'Continue to Confirmation' }).click()

    await expect(page.getByRole('heading', { name: 'Confirm & Pay' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Card number' })).toBeVisible()
    await expectAccessible(page)

    await payWith(page, CARD_OK, nurse, 1)
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible()
    await expectAccessible(page)
  })
})
