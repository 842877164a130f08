// Issue 37: what a screen reader's landmarks and headings lists show on the main pages of a
// family's journey, kept as ARIA snapshots (Playwright's toMatchAriaSnapshot) so a change to the
// outline is seen in review. Each page has one h1 in its main region and every navigation, form,
// aside and region landmark has a name; /book says each step in a live region.
import type { Page } from '@playwright/test'
import { DEMO, expect, login, newApprovedNurse, test } from './fixtures'

/** The header and footer every page shares, as a screen reader's landmarks list reads them. */
const CHROME_TOP = `
- banner:
  - link "Skip to content"
  - link "Nightlight home"
  - navigation "Main"
`
const CHROME_BOTTOM = `
- contentinfo:
  - form "Join Our List"
  - navigation "For Families"
  - navigation "Night Nurses"
  - navigation "Top Cities"
  - navigation "Legal"
`

/** One h1, inside main; every landmark that needs a name has one. */
async function expectOutline(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('main')).toHaveCount(1)
  for (const role of ['navigation', 'complementary', 'region', 'form', 'search'] as const) {
    for (const landmark of await page.getByRole(role).all()) await expect(landmark).toHaveAccessibleName(/\S/)
  }
}

test('the home page reads as header, one h1, its sections and the footer', async ({ page }) => {
  await page.goto('/')
  await expectOutline(page)
  await expect(page.locator('body')).toMatchAriaSnapshot(`
${CHROME_TOP}
- main:
  - heading "Sleep tonight. Your newborn is in caring hands." [level=1]
  - search "Find night nurses by city"
  - region "Featured night nurses":
    - heading "Featured night nurses" [level=2]
  - region "How it works":
    - heading "How it works" [level=2]
  - region "Ready for a better night?"
${CHROME_BOTTOM}
`)
})

test("a nurse's profile reads as her name, the booking aside and her sections", async ({ page }) => {
  const night = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10)
  const nurse = await newApprovedNurse('Olive Outline', [night])
  await page.goto(`/nurse/${nurse.slug}`)
  await expectOutline(page)
  await expect(page.locator('body')).toMatchAriaSnapshot(`
${CHROME_TOP}
- main:
  - complementary "About Olive Outline and booking":
    - heading "Olive Outline" [level=1]
    - heading "Availability" [level=2]
  - region "About Me"
  - region "What we checked"
  - region "Reviews"
${CHROME_BOTTOM}
`)
})

test('/book reads as the nurse, the booking progress and the step, and says each step', async ({ page }) => {
  const night = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10)
  const nurse = await newApprovedNurse('Bo Outline', [night])
  await page.goto(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${night}`)
  await expectOutline(page)
  await expect(page.locator('body')).toMatchAriaSnapshot(`
${CHROME_TOP}
- main:
  - heading "Book Bo Outline" [level=1]
  - navigation "Booking progress":
    - list
    - status: "Step 1 of 3: Dates & Times"
  - heading "Confirm Dates & Times" [level=2]
${CHROME_BOTTOM}
`)
})

test("the family's dashboard reads as a welcome, its sections and the footer", async ({ page }) => {
  await login(page, DEMO.parent)
  await expectOutline(page)
  await expect(page.locator('body')).toMatchAriaSnapshot(`
${CHROME_TOP}
- main:
  - heading /^Welcome back, / [level=1]
  - region "Latest night reports"
  - region "Your Bookings"
  - region "Payment History"
  - region "Your reservations"
  - region "Manage Your Account"
  - region "Notification Settings"
${CHROME_BOTTOM}
`)
})
