// The admin dashboard (spec 001 §2, §8; DESIGN.md §6.6, §10, §11): what the demo admin does.
//
// The server is seeded fresh each run but shared with the other spec files, so nothing here
// depends on counts that others change: nurses and bookings are picked by name, and each test
// changes different rows (Brittany Cole and Olivia Park with JavaScript, Lucía Herrera and
// Deshawn Carter without; Kwame Mensah's and Hoa Pham's bookings).
import { readFile } from 'node:fs/promises'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { DEMO, expectAccessible, login } from './fixtures'

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

// The applicants these tests approve or reject: put back as the seed left them once the file is
// done, so the spec files that run after this one on the same server see the demo data.
const DECIDED_HERE = ['Brittany Cole', 'Olivia Park', 'Lucía Herrera', 'Deshawn Carter']

test.afterAll(async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await login(page, DEMO.admin)
  for (const status of ['approved', 'rejected'] as const) {
    for (let pageNumber = 1; ; pageNumber++) {
      const response = await page.request.get(`/_api/admin/nurses?verificationStatus=${status}&page=${pageNumber}`)
      const { nurses, totalPages } = (await response.json()) as {
        nurses: { nurseProfileId: number; displayName: string }[]
        totalPages: number
      }
      for (const nurse of nurses.filter((n) => DECIDED_HERE.includes(n.displayName))) {
        const reset = await page.request.post('/_api/admin/nurse/update-verification', {
          headers: { Origin: new URL(baseURL).origin },
          data: { nurseProfileId: nurse.nurseProfileId, verificationStatus: 'pending' },
        })
        expect(reset.ok()).toBe(true)
      }
      if (pageNumber >= totalPages) break
    }
  }
  await context.close()
})

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
    await openDashboard(page)
    const pendingStat = page.getByRole('group', { name: 'Pending Verifications' })
    const before = Number(await pendingStat.locator('p').nth(1).textContent())

    await row(page, 'Brittany Cole').getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByText('Nurse verification approved successfully')).toBeVisible()
    await expect(row(page, 'Brittany Cole')).toHaveCount(0)
    await expect(pendingStat).toContainText(String(before - 1))

    await row(page, 'Olivia Park').getByRole('link', { name: 'Reject' }).click()
    const reason = page.getByRole('textbox', { name: 'Reason for rejecting Olivia Park' })
    await expect(reason).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Confirm Rejection' }).click()
    await expect(page.getByText('Please provide a reason for rejection')).toBeVisible()
    await reason.fill('Please upload your current LPN licence.')
    await page.getByRole('button', { name: 'Confirm Rejection' }).click()
    await expect(page.getByText('Nurse verification rejected successfully')).toBeVisible()
    await expect(row(page, 'Olivia Park')).toHaveCount(0)

    // The Nurses tab shows both decisions; the rejected nurse's reason is kept.
    await page.getByRole('link', { name: 'Nurses', exact: true }).click()
    await expect(page).toHaveURL('/admin/dashboard?tab=nurses')
    await expect(row(page, 'Olivia Park')).toContainText('Suspended')
    await expect(row(page, 'Olivia Park')).toContainText('Please upload your current LPN licence.')
    await expect(row(page, 'Olivia Park')).toContainText('Updated today')
    await expect(row(page, 'Brittany Cole')).toContainText('Active')
    // A seeded rejected applicant: the reason stays visible, and no documents were uploaded.
    await expect(row(page, 'Megan Sullivan')).toContainText('Suspended')
    await expect(row(page, 'Megan Sullivan')).toContainText('ID document: No document uploaded')
    await expectAccessible(page)

    // The decisions were e-mailed to the nurses (DESIGN.md §10).
    await page.goto('/admin/emails')
    await expect(row(page, 'olivia.park@example.com').first()).toContainText('Your Nightlight application needs changes')
    await expect(row(page, 'brittany.cole@example.com').first()).toContainText('Your Nightlight profile is approved')
    await expectAccessible(page)
  })

  test('changes a booking status from the bookings tab', async ({ page }) => {
    await openDashboard(page)
    await page.getByRole('textbox', { name: 'Search bookings' }).fill('Kwame')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/tab=bookings&search=Kwame/)
    const booking = row(page, 'Kwame Mensah')
    await expect(booking).toHaveCount(1)
    const update = booking.getByRole('button', { name: 'Update' })
    await expect(update).toBeDisabled()
    await booking.getByRole('combobox').selectOption('completed')
    await expect(update).toBeEnabled()
    await booking.getByRole('textbox', { name: /Notes for booking/ }).fill('Family ended early.')
    await update.click()
    await expect(page.getByText('Booking status updated successfully')).toBeVisible()
    await expect(statusCell(booking)).toHaveText('Completed')
    await expect(booking.getByRole('button', { name: 'Update' })).toBeDisabled()
    await expectAccessible(page)
  })

  test('opens the payments tab', async ({ page }) => {
    await openDashboard(page)
    await page.getByRole('link', { name: 'Payments', exact: true }).click()
    await expect(page).toHaveURL('/admin/dashboard?tab=payments')
    await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Open Stripe' })).toHaveAttribute('href', 'https://dashboard.stripe.com/payments')
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
    await login(page, DEMO.admin)
    await openDashboard(page)

    await row(page, 'Lucía Herrera').getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Nurse verification approved successfully' })).toBeVisible()
    await expect(row(page, 'Lucía Herrera')).toHaveCount(0)

    await row(page, 'Deshawn Carter').getByRole('link', { name: 'Reject' }).click()
    await expect(page).toHaveURL(/reject=\d+/)
    await page.getByRole('button', { name: 'Confirm Rejection' }).click()
    await expect(page.getByText('Please provide a reason for rejection').first()).toBeVisible()
    await page.getByRole('textbox', { name: 'Reason for rejecting Deshawn Carter' }).fill('The ID scan is unreadable.')
    await page.getByRole('button', { name: 'Confirm Rejection' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Nurse verification rejected successfully' })).toBeVisible()
    await expect(row(page, 'Deshawn Carter')).toHaveCount(0)

    await openDashboard(page, '?tab=bookings&search=Hoa+Pham')
    const booking = row(page, 'Hoa Pham')
    await booking.getByRole('combobox').selectOption('cancelled')
    await booking.getByRole('textbox', { name: /Notes for booking/ }).fill('Cancelled by phone.')
    await booking.getByRole('button', { name: 'Update' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Booking status updated successfully' })).toBeVisible()
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
