// The admin dashboard: what the demo admin does.
//
// The server is seeded fresh each run but shared with the other spec files, which may run at the
// same time, so nothing here depends on counts that others change: the applicants a test approves
// or rejects are its own (newApplicant), bookings are picked by name, and each test changes
// different rows (Kwame Mensah's, Latoya Harris's and Hoa Pham's bookings).
import { readFile } from 'node:fs/promises'
import { type Locator, type Page } from '@playwright/test'
import { DEMO, expect, expectAccessible, login, newApplicant, test } from './fixtures'

function row(page: Page, text: string) {
  return page.getByRole('main').getByRole('row').filter({ hasText: text })
}

/** The Status column of a bookings row (the sixth). */
function statusCell(bookingRow: Locator) {
  return bookingRow.getByRole('cell').nth(5)
}

async function openDashboard(page: Page, search = '') {
  await page.goto(`/admin/dashboard${search}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Avery Admin.' })).toBeVisible()
}

/** A name no other applicant has: rows are found by it. */
const applicantName = (first: string, last: string) => `${first} ${last}-${Math.random().toString(36).slice(2, 6)}`

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, DEMO.admin)
  })

  test('an admin lands on the dashboard with the stats and the pending nurses', async ({ page }) => {
    await expect(page).toHaveURL('/admin/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Avery Admin.' })).toBeVisible()
    for (const label of ['Active Bookings', 'Pending Verifications', 'Payouts Due']) {
      await expect(page.getByRole('group', { name: label })).toBeVisible()
    }
    await expect(page.getByRole('group', { name: 'Payouts Due' })).toContainText('$')
    await expect(page.getByRole('link', { name: 'Pending Verifications' })).toHaveAttribute('aria-current', 'page')
    await expect(row(page, 'Brittany Cole')).toContainText('Pending')
    await expect(page.getByText(/Page 1 of \d+/)).toBeVisible()
    await expectAccessible(page)
  })

  test('approves one applicant and rejects another with a reason', async ({ page }) => {
    const approved = await newApplicant(applicantName('Rowan', 'Ashby'))
    const rejected = await newApplicant(applicantName('Tamsin', 'Okafor'))
    await openDashboard(page)

    await row(page, approved.displayName).getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByText('Nurse verification approved successfully')).toBeVisible()
    await expect(row(page, approved.displayName)).toHaveCount(0)

    await row(page, rejected.displayName).getByRole('link', { name: 'Reject' }).click()
    const reason = page.getByRole('textbox', { name: `Reason for rejecting ${rejected.displayName}` })
    await expect(reason).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Confirm Rejection' }).click()
    await expect(page.getByText('Please provide a reason for rejection')).toBeVisible()
    await reason.fill('Please upload your current LPN licence.')
    await page.getByRole('button', { name: 'Confirm Rejection' }).click()
    await expect(page.getByText('Nurse verification rejected successfully')).toBeVisible()
    await expect(row(page, rejected.displayName)).toHaveCount(0)

    // The Nurses tab shows both decisions; the rejected nurse's reason is kept.
    await page.getByRole('link', { name: 'Nurses', exact: true }).click()
    await expect(page).toHaveURL('/admin/dashboard?tab=nurses')
    await expect(row(page, rejected.displayName)).toContainText('Suspended')
    await expect(row(page, rejected.displayName)).toContainText('Please upload your current LPN licence.')
    await expect(row(page, rejected.displayName)).toContainText('Updated today')
    await expect(row(page, approved.displayName)).toContainText('Active')
    // A seeded rejected applicant: the reason stays visible, and no documents were uploaded.
    await expect(row(page, 'Megan Sullivan')).toContainText('Suspended')
    await expect(row(page, 'Megan Sullivan')).toContainText('ID document: No document uploaded')
    await expectAccessible(page)

    // The decisions were e-mailed to the nurses.
    await page.goto('/admin/emails')
    await expect(row(page, rejected.email).first()).toContainText('Your Nightlight application needs changes')
    await expect(row(page, approved.email).first()).toContainText('Your Nightlight profile is approved')
    await expectAccessible(page)
  })

  test('changes a booking status from the bookings tab', async ({ page }) => {
    await openDashboard(page)
    await page.getByRole('textbox', { name: 'Search bookings' }).fill('Kwame')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/tab=bookings&search=Kwame/)
    const upcoming = row(page, 'Kwame Mensah')
    await expect(upcoming).toHaveCount(1)
    const update = upcoming.getByRole('button', { name: 'Update' })
    await expect(update).toBeDisabled()
    // Its night is still ahead: it cannot be completed yet, and stays as it was.
    await upcoming.getByRole('combobox').selectOption('completed')
    await expect(update).toBeEnabled()
    const upcomingNotes = upcoming.getByRole('textbox', { name: /Notes for booking/ })
    await upcomingNotes.fill('Asked by the family.')
    await update.click()
    await expect(upcoming).toContainText('A booking can be marked completed only once its last night has ended.')
    // The reason describes the notes field, and the note typed before the refusal is kept.
    await expect(upcomingNotes).toHaveAccessibleDescription('A booking can be marked completed only once its last night has ended.')
    await expect(upcomingNotes).toHaveAttribute('aria-invalid', 'true')
    await expect(upcomingNotes).toHaveValue('Asked by the family.')
    await expect(statusCell(upcoming)).toHaveText('Confirmed')

    // A past booking goes back to confirmed (a dispute) and is completed again.
    await page.getByRole('textbox', { name: 'Search bookings' }).fill('Latoya')
    await page.getByRole('button', { name: 'Search' }).click()
    const past = row(page, 'Latoya Harris')
    await expect(past).toHaveCount(1)
    await expect(statusCell(past)).toHaveText('Completed')
    await past.getByRole('combobox').selectOption('confirmed')
    await past.getByRole('textbox', { name: /Notes for booking/ }).fill('Family disputes the last night.')
    await past.getByRole('button', { name: 'Update' }).click()
    await expect(page.getByText('Booking status updated successfully')).toBeVisible()
    await expect(statusCell(past)).toHaveText('Confirmed')
    await expect(past.getByRole('button', { name: 'Update' })).toBeDisabled()
    await past.getByRole('combobox').selectOption('completed')
    await past.getByRole('button', { name: 'Update' }).click()
    await expect(statusCell(past)).toHaveText('Completed')
    await expectAccessible(page)
  })

  test('opens the payments tab', async ({ page }) => {
    await openDashboard(page)
    await page.getByRole('link', { name: 'Payments', exact: true }).click()
    await expect(page).toHaveURL('/admin/dashboard?tab=payments')
    await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible()
    // The built-in test provider has no Stripe dashboard to open (issue 38).
    await expect(page.getByRole('link', { name: 'Open Stripe' })).toHaveCount(0)
    await expect(row(page, 'Client Charge').first()).toContainText('Test payment')
    await expect(row(page, 'Refund').first()).toBeVisible()
    // The built-in test provider's payments never link to Stripe.
    await expect(page.getByRole('link', { name: 'View in Stripe' })).toHaveCount(0)
    await expectAccessible(page)
    // On a phone the table scrolls sideways; the scrolling box must be reachable by keyboard.
    await page.setViewportSize({ width: 390, height: 844 })
    await expectAccessible(page)
  })

  test('downloads the bookings as CSV with the current filter', async ({ page }) => {
    await openDashboard(page, '?tab=bookings&status=cancelled')
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export Bookings' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('bookings.csv')
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n')
    expect(lines[0]).toBe('Booking ID,Reference,Nurse,Parent,Parent Email,Start Date,Status,Total (USD),Created At')
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.slice(1).every((line) => line.includes(',cancelled,'))).toBe(true)
  })

  test('sends the 24-hour reminders now', async ({ page }) => {
    await openDashboard(page)
    await page.getByRole('button', { name: 'Send 24h Reminders Now' }).click()
    await expect(page.getByText(/^Sent \d+ booking reminders?\.$/)).toBeVisible()
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('every action works as a plain form', async ({ page }) => {
    const approved = await newApplicant(applicantName('Ines', 'Carvalho'))
    const rejected = await newApplicant(applicantName('Marcus', 'Bell'))
    await login(page, DEMO.admin)
    await openDashboard(page)

    await row(page, approved.displayName).getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Nurse verification approved successfully' })).toBeVisible()
    await expect(row(page, approved.displayName)).toHaveCount(0)

    await row(page, rejected.displayName).getByRole('link', { name: 'Reject' }).click()
    await expect(page).toHaveURL(/reject=\d+/)
    await page.getByRole('button', { name: 'Confirm Rejection' }).click()
    await expect(page.getByText('Please provide a reason for rejection').first()).toBeVisible()
    await page.getByRole('textbox', { name: `Reason for rejecting ${rejected.displayName}` }).fill('The ID scan is unreadable.')
    await page.getByRole('button', { name: 'Confirm Rejection' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Nurse verification rejected successfully' })).toBeVisible()
    await expect(row(page, rejected.displayName)).toHaveCount(0)

    await openDashboard(page, '?tab=bookings&search=Hoa+Pham')
    const booking = row(page, 'Hoa Pham')
    await booking.getByRole('combobox').selectOption('cancelled')
    await booking.getByRole('textbox', { name: /Notes for booking/ }).fill('Cancelled by phone.')
    await booking.getByRole('button', { name: 'Update' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Booking status updated successfully' })).toBeVisible()
    await expect(statusCell(row(page, 'Hoa Pham'))).toHaveText('Cancelled')
    // Reopening it is refused: the reason shows in its row, beneath the notes field it describes.
    await row(page, 'Hoa Pham').getByRole('combobox').selectOption('confirmed')
    await row(page, 'Hoa Pham').getByRole('button', { name: 'Update' }).click()
    const refusal = /^A cancelled booking cannot be reopened/
    await expect(row(page, 'Hoa Pham').getByText(refusal)).toBeVisible()
    const notes = row(page, 'Hoa Pham').getByRole('textbox', { name: /Notes for booking/ })
    await expect(notes).toHaveAccessibleDescription(refusal)
    await expect(notes).toHaveAttribute('aria-invalid', 'true')
    await expect(statusCell(row(page, 'Hoa Pham'))).toHaveText('Cancelled')

    await page.getByRole('link', { name: 'Payments', exact: true }).click()
    await expect(page).toHaveURL('/admin/dashboard?tab=payments')
    await expect(row(page, 'Client Charge').first()).toBeVisible()

    await page.getByRole('button', { name: 'Send 24h Reminders Now' }).click()
    await expect(page.getByRole('status').filter({ hasText: /Sent \d+ booking reminders?\./ })).toBeVisible()
  })
})

test('a parent opening the admin dashboard sees Access Denied', async ({ page }) => {
  await login(page, DEMO.parent)
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText('Access denied. Your role (parent) lacks required permissions.')).toBeVisible()
})
