// The nurse's dashboard as the demo nurse Nora (approved, Austin). Other spec files share the
// seeded server, may run at the same time and may book Nora's nights, so the nights added to her
// calendar are 8-10 months ahead and no test counts her nights exactly. The tests that clear a
// calendar or edit a profile do it to a nurse of their own (newApprovedNurse), so Nora's profile
// and open nights stay as seeded.
import { type APIRequestContext, type Page } from '@playwright/test'
import { blockAppScripts, bookAndPay, DEMO, expect, expectAccessible, fieldMessage, hydrated, login, newApprovedNurse, test } from './fixtures'
import { showMonthOf } from './page-text'

const ZONE = 'America/Chicago'

function nurseToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

/** 'Sat, Aug 21, 2027', as the calendar and the checklists name a night. */
function nightLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

function monthsFrom(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number)
  const [ty, tm] = to.split('-').map(Number)
  return (ty - fy) * 12 + (tm - fm)
}

/** 'November 2026', as the no-JavaScript list names a month. */
const monthOf = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

interface CalendarNight {
  date: string
  startTimeLocal: string
  endTimeLocal: string
  booked: boolean
}

async function ownCalendar(request: APIRequestContext): Promise<CalendarNight[]> {
  const response = await request.get('/_api/nurses/availability-dates')
  expect(response.status()).toBe(200)
  return (await response.json()).dates
}

async function publicOpenNights(request: APIRequestContext, slug: string): Promise<string[]> {
  const response = await request.get(`/_api/nurses/availability?slug=${slug}`)
  expect(response.status()).toBe(200)
  return (await response.json()).dates.map((night: { date: string }) => night.date)
}

async function noraSlug(page: Page): Promise<string> {
  const href = await page.getByRole('link', { name: 'View your public profile' }).getAttribute('href')
  expect(href).toMatch(/^\/nurse\/[\w-]+$/)
  return href!.replace('/nurse/', '')
}

/** A name no other nurse has. */
const ownName = (first: string, last: string) => `${first} ${last}-${Math.random().toString(36).slice(2, 6)}`

/** Leaves the demo nurse's session for this nurse's, on her dashboard. */
async function signInAs(page: Page, email: string) {
  await page.context().clearCookies()
  await login(page, email)
  await expect(page).toHaveURL('/nurse/dashboard')
}

test.describe('the nurse dashboard', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, DEMO.nurse)
    await expect(page).toHaveURL('/nurse/dashboard')
    // Signing in loads the dashboard as a new document: a tab clicked while React is still
    // hydrating it made React log its internal error #345 once in a while.
    await hydrated(page)
  })

  test('publishing two nights on the calendar opens them on her public profile', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Your Nurse Dashboard' })).toBeVisible()
    await expect(page.getByText('Verified', { exact: true })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Availability' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByText('Applies to nights you mark available. Clients see this on your profile.')).toBeVisible()
    await expect(page.getByText('Updates reflect on your public calendar immediately.')).toBeVisible()
    await expect(page.getByRole('spinbutton', { name: 'Nightly Rate ($)' })).toHaveAttribute('placeholder', '150')
    await expect(page.getByRole('combobox', { name: 'Start time' })).toHaveValue('21:00')
    await expect(page.getByRole('combobox', { name: 'Start time' }).locator('option[value="21:30"]')).toHaveText('9:30 PM')
    const slug = await noraSlug(page)

    const today = nurseToday()
    const nights = [addDays(today, 250), addDays(today, 251)]
    const before = await ownCalendar(page.request)
    expect(before.some((night) => nights.includes(night.date))).toBe(false)

    // Walk the calendar to the month of the first night (the week starts on Sunday).
    await expect(page.locator('.mantine-DatePicker-weekday').first()).toHaveText('Su')
    for (let i = 0; i < monthsFrom(today, nights[0]); i++) await page.getByRole('button', { name: 'Next month' }).click()
    for (const night of nights) {
      if (monthsFrom(today, night) > monthsFrom(today, nights[0])) await page.getByRole('button', { name: 'Next month' }).click()
      await page.getByRole('button', { name: new RegExp(`^${escape(nightLabel(night))}`) }).click()
      await expect(page.getByRole('button', { name: `${nightLabel(night)}, available` })).toBeVisible()
    }
    await page.getByRole('button', { name: 'Publish' }).click()
    await expect(page.getByText('Availability updated!')).toBeVisible()

    const after = await ownCalendar(page.request)
    for (const night of nights) {
      expect(after).toContainEqual({ date: night, startTimeLocal: '21:00', endTimeLocal: '07:00', booked: false })
    }
    // Every night she had before is still there (nothing else was unpicked).
    for (const night of before) expect(after.map((n) => n.date)).toContain(night.date)
    const open = await publicOpenNights(page.request, slug)
    for (const night of nights) expect(open).toContain(night)

    // The profile's calendar opens on the month of her first open night (next month's on the last
    // day of a month), so it is turned by the month it shows, not counted from today.
    await page.goto(`/nurse/${slug}`)
    await showMonthOf(page.locator('body'), nights[0])
    await expect(page.getByRole('button', { name: `${nightLabel(nights[0])}, available` })).toBeVisible()
  })

  test('Clear All asks first, clears every open night and keeps the booked ones', async ({ page }) => {
    const today = nurseToday()
    const nights = [addDays(today, 20), addDays(today, 21), addDays(today, 22)]
    const nurse = await newApprovedNurse(ownName('Clara', 'Voss'), nights)
    await bookAndPay(nurse.nurseProfileId, [nights[1]])
    await signInAs(page, nurse.email)
    const before = await ownCalendar(page.request)
    expect(before.map((n) => [n.date, n.booked])).toEqual([
      [nights[0], false],
      [nights[1], true],
      [nights[2], false],
    ])
    await page.getByRole('button', { name: 'Clear All' }).click()
    const dialog = page.getByRole('dialog', { name: 'Clear all availability?' })
    await expect(dialog).toContainText('Are you sure you want to clear all future availability? This action cannot be undone.')
    await expectAccessible(page)
    // Cancel keeps everything.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    expect(await ownCalendar(page.request)).toEqual(before)
    await page.getByRole('button', { name: 'Clear All' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, clear all' }).click()
    await expect(page.getByText(/^All availability cleared/)).toBeVisible()

    const after = await ownCalendar(page.request)
    expect(after.map((n) => n.date)).toEqual([nights[1]])
    expect(after.every((night) => night.booked)).toBe(true)
    expect(await publicOpenNights(page.request, nurse.slug)).toEqual([])
  })

  test('editing the profile changes the public profile', async ({ page }) => {
    const nurse = await newApprovedNurse(ownName('Priya', 'Lindqvist'))
    await signInAs(page, nurse.email)
    const original = (await (await page.request.get('/_api/nurses/profile')).json()).profile
    await page.getByRole('tab', { name: 'Profile' }).click()
    await expect(page).toHaveURL('/nurse/dashboard?tab=profile')
    await expect(page.getByRole('textbox', { name: 'Base location' })).toHaveValue(original.baseLocation)
    await expectAccessible(page)

    // The field's message, inline, and nothing saved.
    await page.getByRole('textbox', { name: 'Base location' }).fill('')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(fieldMessage(page, 'Base location is required')).toBeVisible()

    const headline = 'Night nurse for twins and preemies'
    await page.getByRole('textbox', { name: 'Base location' }).fill(original.baseLocation)
    await page.getByRole('textbox', { name: 'Headline' }).fill(headline)
    await page.getByRole('spinbutton', { name: 'Nightly Rate ($)' }).fill('345')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page.getByText('Profile updated successfully!')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Headline' })).toHaveValue(headline)

    await page.goto(`/nurse/${nurse.slug}`)
    await expect(page.getByRole('main')).toContainText(headline)
    await expect(page.getByRole('main')).toContainText('$345 / night')
  })

  test('Bookings & Payments lists her booked nights and earnings', async ({ page }) => {
    await page.getByRole('tab', { name: 'Bookings & Payments' }).click()
    await expect(page).toHaveURL('/nurse/dashboard?tab=bookings')
    const upcoming = page.getByRole('region', { name: 'Upcoming nights' })
    await expect(upcoming.getByRole('columnheader', { name: 'Family' })).toBeVisible()
    expect(await upcoming.getByRole('row').count()).toBeGreaterThan(1)
    await expect(upcoming.getByRole('row').nth(1)).toContainText(/\$\d/)
    const earnings = page.getByRole('region', { name: 'Earnings' })
    for (const label of ['Earned', 'Paid out', 'Due', 'Upcoming']) await expect(earnings.getByText(label, { exact: true })).toBeVisible()
    await expect(page.getByText('coming soon')).toHaveCount(0)
    await expectAccessible(page)
  })

  // A test per tab, each with its own time budget: five pages checked by axe in one test came
  // within seconds of the minute on a loaded CI machine.
  test('the availability tab and its Clear All confirmation pass the accessibility check', async ({ page }, testInfo) => {
    await expectAccessible(page)
    await page.screenshot({ path: testInfo.outputPath('availability-desktop.png'), fullPage: true })
    // The Clear All confirmation step, as a page.
    await page.goto('/nurse/dashboard?tab=availability&confirm=clear')
    await expect(page.getByRole('region', { name: 'Clear all availability?' })).toBeVisible()
    await expectAccessible(page)
  })

  for (const tab of ['availability', 'bookings', 'profile']) {
    test(`the ${tab} tab passes the accessibility check and fits a phone`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`/nurse/dashboard?tab=${tab}`)
      await expectAccessible(page)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await page.screenshot({ path: testInfo.outputPath(`${tab}-phone.png`), fullPage: true })
    })
  }

  test('the page as served before JavaScript runs (the checklist) passes the accessibility check', async ({ page }, testInfo) => {
    // axe needs page scripts, so the app's own are blocked instead of all JavaScript.
    await blockAppScripts(page)
    await page.goto('/nurse/dashboard?tab=availability')
    await expect(page.getByRole('main').locator('details').first()).toHaveAttribute('open', '')
    await expect(page.getByRole('link', { name: 'Clear All' })).toBeVisible()
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: testInfo.outputPath('checklist-phone.png'), fullPage: false })
  })
})

test('without JavaScript the nurse ticks a night in the list and publishes it', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await login(page, DEMO.nurse)
  await expect(page).toHaveURL('/nurse/dashboard')
  const slug = await noraSlug(page)

  // Her booked nights are ticked and locked in the list, named as booked, and still sent.
  const booked = (await ownCalendar(page.request)).filter((calendarNight) => calendarNight.booked).map(({ date }) => date)
  expect(booked.length).toBeGreaterThan(0)
  const bookedMonth = page.locator('details').filter({ has: page.locator('summary', { hasText: monthOf(booked[0]) }) })
  if ((await bookedMonth.getAttribute('open')) === null) await bookedMonth.locator('summary').click()
  const bookedBox = bookedMonth.getByRole('checkbox', { name: `${nightLabel(booked[0])} (booked)`, exact: true })
  await expect(bookedBox).toBeChecked()
  await expect(bookedBox).toBeDisabled()

  const night = addDays(nurseToday(), 262)
  const group = page.locator('details').filter({ has: page.locator('summary', { hasText: monthOf(night) }) })
  await group.locator('summary').click()
  const box = group.getByRole('checkbox', { name: nightLabel(night), exact: true })
  await expect(box).not.toBeChecked()
  await box.check()
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Availability updated!' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('no-js.png'), fullPage: false })
  expect(await publicOpenNights(page.request, slug)).toContain(night)
  expect((await ownCalendar(page.request)).filter((calendarNight) => calendarNight.booked).map(({ date }) => date)).toEqual(booked)

  // The public profile's own no-JavaScript list offers the night to families.
  await page.goto(`/nurse/${slug}`)
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${escape(nightLabel(night))}`) })).toBeVisible()

  // Clear All without JavaScript is a confirmation step; Cancel leaves everything as it was.
  await page.goto('/nurse/dashboard')
  await page.getByRole('link', { name: 'Clear All' }).click()
  await expect(page).toHaveURL('/nurse/dashboard?tab=availability&confirm=clear')
  await expect(page.getByText('Are you sure you want to clear all future availability? This action cannot be undone.')).toBeVisible()
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByText('Are you sure you want to clear')).toHaveCount(0)
  expect(await publicOpenNights(page.request, slug)).toContain(night)
  await context.close()
})
