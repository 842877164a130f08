// The parent's dashboard (issue 5): what the demo parent sees.
//
// Every expectation about Jordan's bookings is computed from GET /_api/bookings/list at the time
// of the assertion, never hard-coded, and nothing changes Jordan's data: the tests that cancel a
// night or save preferences do it as a parent of their own (signUpParent, paidWeeklySeries), so
// these tests pass in any order and beside the other spec files.
import { readFile } from 'node:fs/promises'
import { type BrowserContext, type Locator, type Page } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import { DEMO, expect, expectAccessible, login, paidWeeklySeries, signUpParent, test as base } from './fixtures'

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>
type Role = 'parent' | 'admin'

// Sign-in is rate limited (10 attempts per e-mail, 30 per address, in 15 minutes; docs/security.md)
// and every spec file shares one server, so each role signs in once through the real form and
// the tests reuse that session. The no-JavaScript test signs in through the plain form itself.
const test = base.extend<{ role: Role | null }, { sessions: { get(role: Role): Promise<StorageState> } }>({
  role: ['parent', { option: true }],
  sessions: [
    async ({ browser }, provide, workerInfo) => {
      const states = new Map<Role, Promise<StorageState>>()
      const signIn = async (role: Role) => {
        const context = await browser.newContext({
          baseURL: workerInfo.project.use.baseURL,
        })
        try {
          const page = await context.newPage()
          await login(page, DEMO[role])
          return await context.storageState()
        } finally {
          await context.close()
        }
      }
      await provide({
        get(role) {
          if (!states.has(role)) states.set(role, signIn(role))
          return states.get(role)!
        },
      })
    },
    { scope: 'worker' },
  ],
  storageState: async ({ role, sessions }, provide) => {
    await provide(role ? await sessions.get(role) : undefined)
  },
})

/** The dashboard, signed in as the test's role. */
async function openDashboard(page: Page) {
  await page.goto('/parent/dashboard')
  await expect(page).toHaveURL('/parent/dashboard')
}

type Filter = 'upcoming' | 'past' | 'cancelled'
const FILTERS: Filter[] = ['upcoming', 'past', 'cancelled']

interface Night {
  id: number
  date: string
  startTimeLocal: string
  endTimeLocal: string
  startsAt: string
  status: string
  priceCents: number
  refundCents: number | null
  refundableCents: number | null
  refundPolicy: 'full' | 'half' | null
}

interface Booking {
  id: number
  nurseName: string
  status: string
  createdAt: string
  pattern: 'one_time' | 'recurring'
  totalAmountCents: number
  occurrences: Night[]
}

const HOUR_MS = 60 * 60 * 1000

// --- Helpers -------------------------------------------------------------------------------------

/** The signed-in parent's bookings under one filter, as the server answers them now. */
async function listBookings(page: Page, status: Filter): Promise<Booking[]> {
  const response = await page.request.get(`/_api/bookings/list?status=${status}`)
  expect(response.status()).toBe(200)
  const body = (await response.json()) as { bookings: Booking[] }
  return body.bookings
}

async function listAll(page: Page): Promise<Record<Filter, Booking[]>> {
  const [upcoming, past, cancelled] = await Promise.all(FILTERS.map((status) => listBookings(page, status)))
  return { upcoming, past, cancelled }
}

/** Jordan's weekly series (one night a week for 4 weeks, ~10 days ahead). */
async function weeklySeries(page: Page): Promise<Booking> {
  const series = (await listBookings(page, 'upcoming')).find((booking) => booking.pattern === 'recurring')
  expect(series, 'the demo parent has an upcoming weekly series').toBeDefined()
  expect(series!.occurrences).toHaveLength(4)
  return series!
}

/** Jordan's upcoming one-time booking (2 nights with Nora, ~5 days ahead). */
async function upcomingOneTime(page: Page): Promise<Booking> {
  const booking = (await listBookings(page, 'upcoming')).find((candidate) => candidate.pattern === 'one_time')
  expect(booking, 'the demo parent has an upcoming one-time booking').toBeDefined()
  return booking!
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
})
const money = (cents: number) => usd.format(cents / 100)

/** 'Sat, Nov 28, 2026' for a local date (yyyy-MM-dd), as the page writes a night's date. */
function nightLabel(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`))
}

/** 'Nov 28, 2026' for an instant (the stats' 'Last Booking' is shown in America/New_York). */
function dayLabel(iso: string, timeZone = 'America/New_York'): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso))
}

const pad6 = (id: number) => String(id).padStart(6, '0')
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

function bookingsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Your Bookings' })
}

/** One booking's card, found by its booking number. */
function bookingCard(page: Page, bookingId: number): Locator {
  return bookingsSection(page)
    .getByRole('article')
    .filter({ hasText: `Booking #NN-${pad6(bookingId)}` })
}

/** One night's row in a booking card. */
function nightRow(card: Locator, night: Night): Locator {
  return card.getByRole('listitem').filter({ hasText: nightLabel(night.date) })
}

function paymentHistory(page: Page): Locator {
  return page.getByRole('region', { name: 'Payment History' })
}

function notificationSettings(page: Page): Locator {
  return page.getByRole('region', { name: 'Notification Settings' })
}

/** A stat card's value (the card is a region named by its label). */
function stat(page: Page, label: string, value: string): Locator {
  return page.getByRole('region', { name: label, exact: true }).getByText(value, { exact: true })
}

/** The value printed beside a label in the receipt's totals ('Total charged' → '$770.00'). */
function receiptLine(scope: Locator, label: string): Locator {
  return scope.getByText(label, { exact: true }).locator('xpath=..')
}

/** The filter the bookings section shows is the one its links mark current. */
async function expectFilterShows(page: Page, filter: Filter, bookings: Booking[]) {
  const label = { upcoming: 'Upcoming', past: 'Past', cancelled: 'Cancelled' }[filter]
  const filters = page.getByRole('group', { name: 'Show bookings' })
  await expect(filters.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'true')
  for (const other of FILTERS.filter((candidate) => candidate !== filter)) {
    const otherLabel = {
      upcoming: 'Upcoming',
      past: 'Past',
      cancelled: 'Cancelled',
    }[other]
    await expect(filters.getByRole('link', { name: otherLabel, exact: true })).not.toHaveAttribute('aria-current', 'true')
  }
  const section = bookingsSection(page)
  if (bookings.length === 0) {
    await expect(section.getByText(`You have no ${filter} bookings.`)).toBeVisible()
    return
  }
  await expect(section.getByRole('article')).toHaveCount(bookings.length)
  const statusLabel = {
    confirmed: 'Confirmed',
    completed: 'Completed',
    cancelled: 'Cancelled',
    pending: 'Pending',
  }
  for (const booking of bookings) {
    const card = bookingCard(page, booking.id)
    await expect(card.getByRole('heading', { name: booking.nurseName })).toBeVisible()
    await expect(
      card.getByText(statusLabel[booking.status as keyof typeof statusLabel] ?? 'Unknown', { exact: true }).first()
    ).toBeVisible()
    await expect(card).toContainText(money(booking.totalAmountCents))
    await expect(card.getByRole('listitem').first()).toContainText(nightLabel(booking.occurrences[0].date))
  }
}

/** The invoice number (6 digits) of the charge for a booking, read from its Payment History card. */
async function chargeInvoice(page: Page, booking: Booking): Promise<string> {
  const card = paymentHistory(page)
    .getByRole('listitem')
    .filter({ hasText: `Night Care with ${booking.nurseName}` })
    .filter({ hasText: 'Paid with Card' })
    .filter({ hasText: money(booking.totalAmountCents) })
  await expect(card).toHaveCount(1)
  const label = await card.getAttribute('aria-label')
  const match = /^Invoice #(\d{6})$/.exec(label ?? '')
  expect(match, `an invoice number padded to 6 digits, got ${label}`).not.toBeNull()
  await expect(card).toContainText(`Invoice #${match![1]}`)
  return match![1]
}

// --- The tests, in the order they change Jordan's data --------------------------------------------

test.describe('the parent dashboard', () => {
  test('the demo parent is welcomed by name and the four numbers match their bookings', async ({ page }) => {
    await openDashboard(page)
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Welcome back, Jordan Parent!',
      })
    ).toBeVisible()

    const lists = await listAll(page)
    const all = [...lists.upcoming, ...lists.past, ...lists.cancelled]
    // The seeded shape, so that the numbers below cannot agree by being empty.
    expect(lists.upcoming.length).toBeGreaterThan(0)
    expect(lists.past.length).toBeGreaterThan(0)
    expect(lists.cancelled.length).toBeGreaterThan(0)

    // The rule of getParentStats: every booking the parent made; those with a night still ahead;
    // what was charged minus what was refunded; when the latest booking was made.
    const charged = sum(all.map((booking) => booking.totalAmountCents))
    const refunded = sum(
      all.flatMap((booking) => booking.occurrences).map((night) => (night.status === 'cancelled' ? night.refundCents ?? 0 : 0))
    )
    expect(refunded).toBeGreaterThan(0) // the cancelled booking was refunded
    const lastBookingAt = all
      .map((booking) => booking.createdAt)
      .sort()
      .at(-1)!

    await expect(stat(page, 'Total Bookings', String(all.length))).toBeVisible()
    await expect(stat(page, 'Upcoming', String(lists.upcoming.length))).toBeVisible()
    await expect(stat(page, 'Total Spent', money(charged - refunded))).toBeVisible()
    await expect(stat(page, 'Last Booking', dayLabel(lastBookingAt))).toBeVisible()

    await expect(page.getByRole('link', { name: 'Find a Night Nurse' })).toHaveAttribute('href', '/search')
    await expect(page.getByRole('link', { name: 'Profile Settings' })).toHaveAttribute('href', '/parent/settings')
    await expect(page.getByRole('link', { name: 'Payment Methods' })).toHaveAttribute('href', '/parent/payment')
  })

  test('the filters show upcoming, past and cancelled bookings, and a series shows 3 nights until expanded', async ({ page }) => {
    await openDashboard(page)
    const lists = await listAll(page)
    await expectFilterShows(page, 'upcoming', lists.upcoming)

    const filters = page.getByRole('group', { name: 'Show bookings' })
    await filters.getByRole('link', { name: 'Past', exact: true }).click()
    await expect(page).toHaveURL('/parent/dashboard?status=past')
    await expectFilterShows(page, 'past', lists.past)

    await filters.getByRole('link', { name: 'Cancelled', exact: true }).click()
    await expect(page).toHaveURL('/parent/dashboard?status=cancelled')
    await expectFilterShows(page, 'cancelled', lists.cancelled)

    await filters.getByRole('link', { name: 'Upcoming', exact: true }).click()
    await expect(page).toHaveURL('/parent/dashboard')
    await expectFilterShows(page, 'upcoming', lists.upcoming)

    const series = await weeklySeries(page)
    const card = bookingCard(page, series.id)
    await expect(card).toContainText('Weekly')
    const nights = card.getByRole('listitem')
    await expect(nights).toHaveCount(3)
    await expect(nightRow(card, series.occurrences[3])).toHaveCount(0)

    await card.getByRole('button', { name: 'Show all 4 nights' }).click()
    await expect(nights).toHaveCount(4)
    for (const night of series.occurrences) await expect(nightRow(card, night)).toBeVisible()

    await card.getByRole('button', { name: 'Show fewer nights' }).click()
    await expect(nights).toHaveCount(3)
    await expect(card.getByRole('button', { name: 'Show all 4 nights' })).toBeVisible()
  })

  test('cancelling a night more than 48 hours away shows and refunds its full share', async ({ browser }) => {
    // A context without the shared session: registering would end Jordan's session for the others.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } })
    const page = await context.newPage()
    await signUpParent(page, 'Casey Canceller')
    await paidWeeklySeries(page)
    await openDashboard(page)
    const series = await weeklySeries(page)
    // The first week's night: a series of four weeks is paid week by week, and only week 1 is paid yet.
    const night = series.occurrences[0]
    expect(night.status).toBe('scheduled')
    expect(new Date(night.startsAt).getTime() - Date.now()).toBeGreaterThan(48 * HOUR_MS)
    // More than 48 hours ahead: the night's whole share of the total (its price and its part of the
    // fee). The nights of a series cost the same, so the share is the total split evenly.
    const share = Math.round(series.totalAmountCents / series.occurrences.length)
    expect(night.refundPolicy).toBe('full')
    expect(night.refundableCents).toBe(share)
    const label = nightLabel(night.date)
    const spentBefore = await page.getByRole('region', { name: 'Total Spent' }).getByText(/^\$/).textContent()

    const card = bookingCard(page, series.id)
    await card.getByRole('button', { name: `Cancel the night of ${label}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm Cancellation' })
    await expect(dialog).toContainText(`Cancel the night of ${label}`)
    await expect(dialog).toContainText(series.nurseName)
    await expect(dialog.getByTestId('refund-amount')).toHaveText(`You will be refunded ${money(share)}`)
    await dialog.getByRole('button', { name: 'Yes, Cancel' }).click()
    await expect(dialog).toBeHidden()

    await expect(page.getByText(`Night cancelled. ${money(share)} will be refunded to your card.`)).toBeVisible()
    const row = nightRow(card, night)
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible()
    await expect(row.getByRole('button', { name: /^Cancel the night/ })).toHaveCount(0)
    // The other nights are untouched.
    await expect(
      nightRow(card, series.occurrences[1]).getByText('Scheduled', {
        exact: true,
      })
    ).toBeVisible()

    // The refund is in Payment History, newest first, and Total Spent went down by it.
    const refund = paymentHistory(page).getByRole('listitem').first()
    await expect(refund).toContainText('Refunded to Card')
    await expect(refund).toContainText(`Night Care with ${series.nurseName}`)
    await expect(refund).toContainText(`-${money(share)}`)
    await expect(refund).toHaveAttribute('aria-label', /^Invoice #\d{6}$/)
    const spentBeforeCents = Math.round(Number(spentBefore!.replace(/[$,]/g, '')) * 100)
    await expect(page.getByRole('region', { name: 'Total Spent' })).toContainText(money(spentBeforeCents - share))

    // The server agrees: the night is cancelled with the refund the dialog showed.
    const after = (await weeklySeries(page)).occurrences.find((candidate) => candidate.id === night.id)!
    expect(after.status).toBe('cancelled')
    expect(after.refundCents).toBe(share)
    expect(after.refundableCents).toBeNull()
    await context.close()
  })

  test('Keep Booking closes the dialog and leaves the night scheduled', async ({ page }) => {
    await openDashboard(page)
    const booking = await upcomingOneTime(page)
    const night = booking.occurrences[0]
    const card = bookingCard(page, booking.id)
    await card
      .getByRole('button', {
        name: `Cancel the night of ${nightLabel(night.date)}`,
      })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Confirm Cancellation' })
    await expect(dialog.getByTestId('refund-amount')).toHaveText(`You will be refunded ${money(night.refundableCents!)}`)
    await dialog.getByRole('button', { name: 'Keep Booking' }).click()
    await expect(dialog).toBeHidden()
    await expect(nightRow(card, night).getByText('Scheduled', { exact: true })).toBeVisible()
    const still = (await upcomingOneTime(page)).occurrences[0]
    expect(still.status).toBe('scheduled')
  })

  test('View Receipt shows the real booking: invoice number, nurse, nights and the amount charged', async ({ page }) => {
    await openDashboard(page)
    const booking = await upcomingOneTime(page)
    const invoice = await chargeInvoice(page, booking)

    await paymentHistory(page)
      .getByRole('button', { name: `View Receipt #${invoice}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Receipt' })
    await expect(dialog.getByText(`Invoice #${invoice}`, { exact: true })).toBeVisible()
    await expect(dialog.getByText(booking.nurseName, { exact: true })).toBeVisible()
    await expect(dialog.getByText('Jordan Parent', { exact: true })).toBeVisible()
    await expect(dialog.getByText(DEMO.parent, { exact: true })).toBeVisible()
    // One row per night (and the header row), each with its date.
    await expect(dialog.getByRole('row')).toHaveCount(booking.occurrences.length + 1)
    for (const night of booking.occurrences) {
      await expect(dialog.getByRole('row').filter({ hasText: nightLabel(night.date) })).toHaveCount(1)
    }
    await expect(receiptLine(dialog, 'Nights')).toContainText(String(booking.occurrences.length))
    await expect(receiptLine(dialog, 'Total charged')).toContainText(money(booking.totalAmountCents))
    await expect(dialog).toContainText(`Paid with Card: ${money(booking.totalAmountCents)}`)

    // Print prints (the browser's print dialog is replaced here so the test can see the call).
    await page.evaluate(() => {
      ;(window as unknown as { printed: number }).printed = 0
      window.print = () => {
        ;(window as unknown as { printed: number }).printed++
      }
    })
    await dialog.getByRole('button', { name: 'Print' }).click()
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
    await expect(dialog.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /\/parent\/receipts\/\d+\.pdf$/)

    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(dialog).toBeHidden()
  })

  test('Download saves a PDF receipt that opens and carries the invoice number and the total', async ({ page }) => {
    await openDashboard(page)
    const booking = await upcomingOneTime(page)
    const invoice = await chargeInvoice(page, booking)

    const downloading = page.waitForEvent('download')
    await paymentHistory(page)
      .getByRole('link', { name: `Download receipt #${invoice} (PDF)` })
      .click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(`nightlight-receipt-${invoice}.pdf`)
    const bytes = await readFile(await download.path())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')

    const pdf = await getDocumentProxy(new Uint8Array(bytes))
    expect(pdf.numPages).toBeGreaterThan(0)
    const { text } = await extractText(pdf, { mergePages: true })
    expect(text).toContain(`Invoice #${invoice}`)
    expect(text).toContain(money(booking.totalAmountCents))
    expect(text).toContain(booking.nurseName)
    expect(text).toContain('Jordan Parent')
    for (const night of booking.occurrences) expect(text).toContain(nightLabel(night.date))
  })

  test('the reminder time changes to 48 hours and stays after a reload; Save waits for a change', async ({ browser }) => {
    // A context without the shared session: registering would end Jordan's session for the others.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } })
    const page = await context.newPage()
    await signUpParent(page, 'Riley Reminded')
    await openDashboard(page)
    const settings = notificationSettings(page)
    const save = settings.getByRole('button', { name: 'Save Preferences' })
    const reminderTime = settings.getByRole('combobox', {
      name: 'Reminder time',
    })
    await expect(save).toBeDisabled()
    await expect(reminderTime).toHaveValue('24')
    for (const name of ['Booking confirmations', 'Booking reminders', 'Cancellation notices']) {
      await expect(settings.getByRole('switch', { name })).toBeChecked()
    }

    // A change enables Save; undoing it disables Save again.
    const reminders = settings.getByRole('switch', {
      name: 'Booking reminders',
    })
    await reminders.click()
    await expect(reminders).not.toBeChecked()
    await expect(save).toBeEnabled()
    await reminders.click()
    await expect(reminders).toBeChecked()
    await expect(save).toBeDisabled()

    await reminderTime.selectOption('48')
    await expect(save).toBeEnabled()
    await save.click()
    await expect(page.getByText('Notification preferences saved!')).toBeVisible()
    await expect(save).toBeDisabled()

    await page.reload()
    await expect(reminderTime).toHaveValue('48')
    await expect(save).toBeDisabled()
    await expect(reminders).toBeChecked()
    const response = await page.request.get('/_api/user/notification-preferences')
    expect((await response.json()).preferences).toMatchObject({
      reminderHoursBefore: 48,
      bookingReminders: true,
    })
    await context.close()
  })

  test('View Details opens the booking with every night, and Book Again opens the nurse', async ({ page }) => {
    await openDashboard(page)
    const series = await weeklySeries(page)
    const card = bookingCard(page, series.id)
    await expect(card.getByRole('link', { name: 'Book Again' })).toHaveAttribute('href', /^\/nurse\/[\w-]+$/)
    await card.getByRole('link', { name: 'View Details' }).click()
    await expect(page).toHaveURL(`/parent/bookings/${series.id}`)
    const nights = page.getByRole('region', { name: 'Nights' })
    await expect(nights.getByRole('row')).toHaveCount(series.occurrences.length + 1)
    for (const night of series.occurrences) {
      await expect(nights.getByRole('row').filter({ hasText: nightLabel(night.date) })).toHaveCount(1)
    }
    await expect(page.getByRole('main')).toContainText(series.nurseName)
  })

  test("once the page runs, a link opens the next page in place (app/components/link.tsx) and Back returns", async ({ page }) => {
    await openDashboard(page)
    const series = await weeklySeries(page)
    const card = bookingCard(page, series.id)
    // The series' 'Show all' is a link before JavaScript runs and a button after.
    await expect(card.getByRole('button', { name: /^Show all \d+ nights$/ })).toBeVisible()
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true))
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await card.getByRole('link', { name: 'View Details' }).click()
    await expect(page).toHaveURL(`/parent/bookings/${series.id}`)
    await expect(page.getByRole('main')).toContainText(series.nurseName)
    await page.goBack()
    await expect(page).toHaveURL('/parent/dashboard')
    await expect(bookingCard(page, series.id)).toBeVisible()
    expect(documents).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
  })
})

test.describe('the admin on the parent dashboard', () => {
  test.use({ role: 'admin' })

  test('sees Admin Actions and Send 24h Reminders Now answers with the server message', async ({ page }) => {
    await openDashboard(page)
    const settings = notificationSettings(page)
    await expect(settings.getByRole('heading', { name: 'Admin Actions' })).toBeVisible()
    // Save turns disabled once the page is interactive; the reminders button then posts with a fetcher.
    await expect(settings.getByRole('button', { name: 'Save Preferences' })).toBeDisabled()
    await settings.getByRole('button', { name: 'Send 24h Reminders Now' }).click()
    await expect(page.getByText(/^Sent \d+ booking reminders?\.$/)).toBeVisible()
    await expect(page).toHaveURL('/parent/dashboard')
  })
})

test.describe('a parent on their dashboard', () => {
  // The parent's own session (the file's default role): no admin session is signed in for it.
  test('does not see Admin Actions', async ({ page }) => {
    await openDashboard(page)
    const settings = notificationSettings(page)
    await expect(settings.getByRole('button', { name: 'Save Preferences' })).toBeVisible()
    await expect(settings.getByRole('heading', { name: 'Admin Actions' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Send 24h Reminders Now' })).toHaveCount(0)
  })
})

test.describe('without JavaScript', () => {
  test('the filters work and a night is cancelled through the confirmation form', async ({ browser }) => {
    // A context of its own, without the shared session: it signs in through the plain form.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: { cookies: [], origins: [] },
    })
    const page = await context.newPage()
    try {
      await login(page, DEMO.parent)
      await expect(page).toHaveURL('/parent/dashboard')
      const lists = await listAll(page)
      const filters = page.getByRole('group', { name: 'Show bookings' })
      await filters.getByRole('link', { name: 'Past', exact: true }).click()
      await expect(page).toHaveURL('/parent/dashboard?status=past')
      await expectFilterShows(page, 'past', lists.past)
      await filters.getByRole('link', { name: 'Cancelled', exact: true }).click()
      await expect(page).toHaveURL('/parent/dashboard?status=cancelled')
      await expectFilterShows(page, 'cancelled', lists.cancelled)
      await filters.getByRole('link', { name: 'Upcoming', exact: true }).click()
      await expect(page).toHaveURL('/parent/dashboard')
      await expectFilterShows(page, 'upcoming', lists.upcoming)

      // A night is cancelled by a parent of the test's own, Jordan's bookings stay as seeded.
      await context.clearCookies()
      await signUpParent(page, 'Noa Nojs')
      await paidWeeklySeries(page)
      await page.goto('/parent/dashboard')

      // The 4th night of the series is behind 'Show all 4 nights' (a link here).
      const series = await weeklySeries(page)
      const night = series.occurrences[3]
      expect(night.status).toBe('scheduled')
      expect(new Date(night.startsAt).getTime() - Date.now()).toBeGreaterThan(48 * HOUR_MS)
      expect(night.refundPolicy).toBe('full')
      // Its week (the 4th of a series paid week by week) is not charged yet: cancelling refunds
      // nothing, and the night is never charged.
      expect(night.refundableCents).toBe(0)
      const share = Math.round(series.totalAmountCents / series.occurrences.length)
      const label = nightLabel(night.date)

      const card = bookingCard(page, series.id)
      await expect(card.getByRole('listitem')).toHaveCount(3)
      await card.getByRole('link', { name: 'Show all 4 nights' }).click()
      await expect(page).toHaveURL(`/parent/dashboard?expand=${series.id}`)
      await expect(card.getByRole('listitem')).toHaveCount(4)
      await card.getByRole('link', { name: `Cancel the night of ${label}` }).click()
      await expect(page).toHaveURL(new RegExp(`cancel=${night.id}`))

      const confirmation = page.getByRole('region', {
        name: 'Confirm Cancellation',
      })
      await expect(confirmation).toContainText(`Cancel the night of ${label}`)
      await expect(confirmation.getByTestId('refund-amount')).toHaveText('This night is not charged yet, so it will simply not be charged')
      await confirmation.getByRole('button', { name: 'Yes, Cancel' }).click()

      await expect(page.getByRole('status').filter({ hasText: 'Night cancelled.' })).toHaveText('Night cancelled. It will not be charged.')
      await expect(confirmation).toHaveCount(0)
      await card.getByRole('link', { name: 'Show all 4 nights' }).click()
      const row = nightRow(card, night)
      await expect(row.getByText('Cancelled', { exact: true })).toBeVisible()
      await expect(row.getByRole('link', { name: /^Cancel the night/ })).toHaveCount(0)

      const after = (await weeklySeries(page)).occurrences.find((candidate) => candidate.id === night.id)!
      expect(after.status).toBe('cancelled')
      expect(after.refundCents).toBe(share)
    } finally {
      await context.close()
    }
  })

  test('Keep Booking on the confirmation leaves the night as it was', async ({ browser, sessions }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await sessions.get('parent'),
    })
    const page = await context.newPage()
    try {
      await openDashboard(page)
      const booking = await upcomingOneTime(page)
      const night = booking.occurrences[1]
      const card = bookingCard(page, booking.id)
      await card
        .getByRole('link', {
          name: `Cancel the night of ${nightLabel(night.date)}`,
        })
        .click()
      const confirmation = page.getByRole('region', {
        name: 'Confirm Cancellation',
      })
      await expect(confirmation.getByTestId('refund-amount')).toHaveText(`You will be refunded ${money(night.refundableCents!)}`)
      await confirmation.getByRole('link', { name: 'Keep Booking' }).click()
      await expect(confirmation).toHaveCount(0)
      await expect(nightRow(card, night).getByText('Scheduled', { exact: true })).toBeVisible()
      expect((await upcomingOneTime(page)).occurrences[1].status).toBe('scheduled')
    } finally {
      await context.close()
    }
  })
})

test.describe('accessibility of the parent pages', () => {
  test('the dashboard has no serious accessibility violations', async ({ page }) => {
    await openDashboard(page)
    await expect(
      notificationSettings(page).getByRole('button', {
        name: 'Save Preferences',
      })
    ).toBeDisabled()
    await expectAccessible(page)
  })

  test('the open cancellation dialog has no serious accessibility violations', async ({ page }) => {
    await openDashboard(page)
    const booking = await upcomingOneTime(page)
    const night = booking.occurrences[0]
    await bookingCard(page, booking.id)
      .getByRole('button', {
        name: `Cancel the night of ${nightLabel(night.date)}`,
      })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Confirm Cancellation' })
    await expect(dialog.getByTestId('refund-amount')).toBeVisible()
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Keep Booking' }).click()
    await expect(dialog).toBeHidden()
  })

  test('the receipt dialog has no serious accessibility violations', async ({ page }) => {
    await openDashboard(page)
    const booking = await upcomingOneTime(page)
    const invoice = await chargeInvoice(page, booking)
    await paymentHistory(page)
      .getByRole('button', { name: `View Receipt #${invoice}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Receipt' })
    await expect(dialog.getByText(`Invoice #${invoice}`, { exact: true })).toBeVisible()
    await expectAccessible(page)
  })

  test('Profile Settings has no serious accessibility violations', async ({ page }) => {
    await page.goto('/parent/settings')
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible()
    await expectAccessible(page)
  })

  test('Payment Methods has no serious accessibility violations', async ({ page }) => {
    await page.goto('/parent/payment')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible()
    await expectAccessible(page)
  })

  test('a booking detail page has no serious accessibility violations', async ({ page }) => {
    const series = await weeklySeries(page)
    await page.goto(`/parent/bookings/${series.id}`)
    await expect(page.getByRole('heading', { level: 1, name: /^Booking #/ })).toBeVisible()
    await expectAccessible(page)
  })
})
