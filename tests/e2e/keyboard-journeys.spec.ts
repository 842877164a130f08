// Issue 37 item 1: journeys done with the keyboard alone. Each step is Tab (or Shift+Tab) until
// the control wanted has focus, then typing, Enter or Space: focus is never lost to the page
// itself, never sits on something invisible, and the control is reached (no trap before it).
// Where a page changes in place (/book's steps), the focus goes to what replaced the pressed button.
import type { Locator, Page } from '@playwright/test'
import { DEMO, expect, login, newApplicant, newApprovedNurse, signUpParent, test } from './fixtures'
import { nightLabel } from './page-text'

/** What has focus, for the messages of a failed step. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body || element === document.documentElement) return null
    const box = element.getBoundingClientRect()
    const style = getComputedStyle(element)
    return {
      name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      visible: box.width > 0 && box.height > 0 && style.visibility !== 'hidden',
    }
  })
}

/** Presses Tab until `target` has focus; every stop on the way is a visible control of the page. */
async function tabTo(page: Page, target: Locator, { max = 150, backwards = false } = {}) {
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    const now = await focused(page)
    expect(now, `focus was lost to the page after ${presses + 1} presses`).not.toBeNull()
    expect(now!.visible, `focus sat on ${now!.name}, which cannot be seen`).toBe(true)
  }
  throw new Error(`${max} presses of Tab never reached ${target}`)
}

test('a family asks a nurse a question with the keyboard alone', async ({ page }) => {
  const nurse = await newApprovedNurse('Kiri Keyboard')
  await signUpParent(page, 'Kit Keys')
  await page.goto(`/nurse/${nurse.slug}`)
  await tabTo(page, page.getByRole('link', { name: 'Ask a question' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Ask Kiri a question' })).toBeVisible()
  const question = page.getByRole('textbox', { name: 'Your question' })
  await tabTo(page, question)
  await page.keyboard.type('Do you work nights in Denver in March?')
  await tabTo(page, page.getByRole('button', { name: 'Send' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Kiri Keyboard' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Do you work nights in Denver in March?')
})

test('an admin approves an applicant with the keyboard alone', async ({ page }) => {
  // A name of her own: the row is found by it (newest applicants come first).
  const applicant = await newApplicant(`Aldous Keyboard-${Math.random().toString(36).slice(2, 6)}`)
  await login(page, DEMO.admin)
  await page.goto('/admin/dashboard')
  const row = page.getByRole('main').getByRole('row').filter({ hasText: applicant.displayName })
  await expect(row).toHaveCount(1)
  await tabTo(page, row.getByRole('button', { name: 'Approve' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Nurse verification approved successfully')).toBeVisible()
  await expect(row).toHaveCount(0)
})

/** Expects the focus on this element (a step's heading after the step changed in place). */
async function expectFocusOn(target: Locator) {
  await expect(target).toBeVisible()
  await expect.poll(() => target.evaluate((element) => element === document.activeElement), { message: `focus on ${target}` }).toBe(true)
}

const isoDay = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10)

test('a family books and pays for a night with the keyboard alone', async ({ page }) => {
  // Three pages and a profile walked one Tab at a time: more than the usual minute on a busy machine.
  test.slow()
  const night = isoDay(4)
  const nurse = await newApprovedNurse('Bea Keyboard', [night])
  await signUpParent(page, 'Kay Board')
  await page.goto(`/nurse/${nurse.slug}`)

  // The calendar: Tab reaches its open night, Enter picks it; then Book.
  const aside = page.getByRole('complementary', { name: 'About Bea Keyboard and booking' })
  await tabTo(page, aside.getByRole('button', { name: `${nightLabel(night)}, available`, exact: true }))
  await page.keyboard.press('Enter')
  await expect(aside.getByRole('status')).toHaveText(`1 night picked: ${nightLabel(night)}`)
  await tabTo(page, aside.getByRole('button', { name: 'Book', exact: true }))
  await page.keyboard.press('Enter')

  // Step 1: her hours are offered; Continue.
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Confirm Dates & Times' })).toBeVisible()
  await tabTo(page, main.getByRole('button', { name: 'Continue', exact: true }))
  await page.keyboard.press('Enter')

  // Step 2 takes the focus to its heading, and the live region says which step this is.
  await expectFocusOn(main.getByRole('heading', { name: 'Your Details' }))
  await expect(page.getByRole('navigation', { name: 'Booking progress' }).getByRole('status')).toHaveText('Step 2 of 3: Your Details')
  await tabTo(page, main.getByRole('textbox', { name: 'Full name' }))
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Kay Board')
  await page.keyboard.press('Tab')
  await page.keyboard.type('(720) 555-0142')
  await page.keyboard.press('Tab')
  await page.keyboard.type('1600 Larimer St, Denver, CO 80202')
  await tabTo(page, main.getByRole('checkbox', { name: 'I accept the terms and conditions' }))
  await page.keyboard.press('Space')
  await tabTo(page, main.getByRole('button', { name: 'Continue to Confirmation' }))
  await page.keyboard.press('Enter')

  // Step 3: the test provider's card form.
  await expectFocusOn(main.getByRole('heading', { name: 'Confirm & Pay' }))
  await expect(page.getByRole('navigation', { name: 'Booking progress' }).getByRole('status')).toHaveText('Step 3 of 3: Confirm & Pay')
  await tabTo(page, main.getByRole('textbox', { name: 'Card number' }))
  await page.keyboard.type('4242 4242 4242 4242')
  await tabTo(page, main.getByRole('button', { name: /^Pay \$/ }))
  await page.keyboard.press('Enter')

  await expectFocusOn(main.getByRole('heading', { name: 'Booking Confirmed!', level: 1 }))
})

test('a nurse writes and sends a night report with the keyboard alone', async ({ page }) => {
  // Every segment of every time field is a Tab stop.
  test.slow()
  // Grace's night two days ago waits for its report; no other test writes it.
  await login(page, 'grace.okafor@example.com')
  await page.goto('/nurse/dashboard?tab=bookings')
  await tabTo(page, page.getByRole('region', { name: 'Night reports to write' }).getByRole('link', { name: 'Write the report' }).first())
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: /^Night report: / })).toBeVisible()

  // A time field is typed segment by segment: hours, minutes, AM or PM.
  const feed1 = page.getByRole('group', { name: 'Feed 1' })
  await tabTo(page, feed1.getByLabel('Time'))
  await page.keyboard.type('0245A')
  await expect(feed1.getByLabel('Time')).toHaveValue('02:45')
  await tabTo(page, feed1.getByRole('combobox', { name: 'Feed' }))
  await page.keyboard.press('ArrowUp')
  await expect(feed1.getByRole('combobox', { name: 'Feed' })).toHaveValue('breast_milk')
  await tabTo(page, feed1.getByRole('textbox', { name: 'Ounces' }))
  await page.keyboard.type('3')
  await tabTo(page, page.getByRole('textbox', { name: 'Wet' }))
  await page.keyboard.press('Control+A')
  await page.keyboard.type('2')
  await tabTo(page, page.getByRole('textbox', { name: 'How the night went' }))
  await page.keyboard.type('Settled well after the 2:45 feed.')
  await tabTo(page, page.getByRole('button', { name: 'Send the report' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Your report is on its way to the family.')).toBeVisible()
  await expect(page).toHaveURL(/\/nurse\/dashboard\?tab=bookings/)
})
