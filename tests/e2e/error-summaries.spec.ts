// Issue 37: a form sent with errors comes back with an error summary at its top that has the
// focus, names each error as a link, and each link moves the focus to its field. The same with and
// without JavaScript, and the same on every form (app/components/error-summary.tsx).
import type { Locator, Page } from '@playwright/test'
import { expect, hydrated, login, newApprovedNurse, signUpParent, test } from './fixtures'
import { nightLabel } from './page-text'

function summaryOf(page: Page): Locator {
  return page.locator('[data-error-summary]')
}

async function isFocused(target: Locator) {
  return target.evaluate((element) => element === document.activeElement)
}

/** The summary has the focus and lists these errors, in the fields' order, each a link. */
async function expectSummary(page: Page, errors: readonly string[], title?: string) {
  const summary = summaryOf(page)
  await expect(summary).toHaveRole('alert')
  await expect.poll(() => isFocused(summary), { message: 'the error summary has the focus' }).toBe(true)
  if (title) await expect(summary).toContainText(title)
  await expect(summary.getByRole('link')).toHaveText([...errors])
}

/** Following the summary's link (Enter on it, as a keyboard does) focuses the field. */
async function expectLinkFocuses(page: Page, error: string, field: Locator) {
  await summaryOf(page).getByRole('link', { name: error }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => isFocused(field), { message: `'${error}' moves the focus to its field` }).toBe(true)
}

/** How many times the page's main text says this, wherever it is (summary, field, alert). */
async function timesSaid(page: Page, text: string): Promise<number> {
  return page.getByRole('main').evaluate((main, said) => (main as HTMLElement).innerText.split(said).length - 1, text)
}

/** The alerts of the page that say this: a screen reader reads each as it appears. */
function alertsSaying(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text })
}

const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

for (const javaScript of [true, false]) {
  test.describe(javaScript ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript })

    test('registration sent empty focuses the summary, whose links reach each field', async ({ page }) => {
      await page.goto('/register?method=email')
      if (javaScript) await hydrated(page)
      await page.getByRole('button', { name: 'Create Account' }).click()
      const main = page.getByRole('main')
      await expectSummary(page, ['Name is required', 'Invalid email', 'Password must be at least 8 characters'])
      await expectLinkFocuses(page, 'Invalid email', main.getByRole('textbox', { name: 'Email' }))
      await expectLinkFocuses(page, 'Name is required', main.getByRole('textbox', { name: 'Full name' }))
    })

    test('a failed login focuses the summary that says why', async ({ page }) => {
      await page.goto('/login')
      const main = page.getByRole('main')
      await main.getByRole('textbox', { name: 'Email', exact: true }).fill('parent@example.com')
      await main.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password')
      await page.getByRole('button', { name: 'Log In' }).click()
      await expectSummary(page, [], 'Invalid email or password')

      await main.getByRole('textbox', { name: 'Email', exact: true }).fill('')
      await page.getByRole('button', { name: 'Log In' }).click()
      await expectSummary(page, ['Email is required', 'Password is required'], 'Login failed')
      await expectLinkFocuses(page, 'Password is required', main.locator('input[name="password"]'))
    })

    test("a nurse's profile saved without a base location focuses the summary", async ({ page }) => {
      const nurse = await newApprovedNurse('Erin Summary')
      // A window tall enough to show the Save button unscrolled: nothing then keeps it in place
      // when a message appears above it (the browser's scroll anchoring does, on a scrolled page).
      await page.setViewportSize({ width: 1280, height: 2400 })
      await login(page, nurse.email)
      await page.goto('/nurse/dashboard?tab=profile')
      if (javaScript) await hydrated(page)
      const main = page.getByRole('main')
      const base = main.getByRole('textbox', { name: 'Base location' })
      await base.fill('')
      await main.getByRole('spinbutton', { name: 'Years of experience' }).fill('99')
      if (javaScript) {
        // A field checked as it is left says so beside itself; only a submit brings the summary.
        await expect(main.getByText('Base location is required')).toBeVisible()
        await expect(summaryOf(page)).toHaveCount(0)
      }
      // Pressed straight from the field: were the field left and checked as the button goes down,
      // its message would push the button from under the pointer and the form would not be sent.
      await page.getByRole('button', { name: 'Save Profile' }).click()
      await expectSummary(page, ['Base location is required', 'Years of experience must be between 0 and 50'])
      await expectLinkFocuses(page, 'Base location is required', base)
    })

    test("/book's refused nights say each message once in the summary, linked to its field, and beside the field", async ({
      page,
    }) => {
      const [first, second, closed] = [daysAhead(5), daysAhead(6), daysAhead(7)]
      const nurse = await newApprovedNurse('Nell Nights', [first, second])
      const book = async (query: string) => {
        await page.goto(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&${query}`)
        if (javaScript) await hydrated(page)
      }
      const main = page.getByRole('main')
      const submit = () => page.getByRole('button', { name: 'Continue', exact: true }).click()

      // Both shifts outside her hours: each row says so beside its end time, and the summary once,
      // linking to the first.
      await book(`dates=${first},${second}&times=20:00-22:00,20:00-22:00`)
      await submit()
      const hours = (await summaryOf(page).getByRole('link').first().textContent()) ?? ''
      expect(hours).toMatch(/^This nurse works shifts of \d+ to \d+ hours$/)
      await expectSummary(page, [hours], 'Please check your nights')
      expect(await timesSaid(page, hours), 'the summary once, each of the two nights once').toBe(3)
      await expect(alertsSaying(page, hours)).toHaveCount(1)
      const firstNight = main.getByRole('group', { name: nightLabel(first), exact: true })
      await expectLinkFocuses(page, hours, firstNight.getByRole('combobox', { name: 'End time' }))

      // More babies than she takes: no field on the page asks how many, so the summary alone says it.
      await book(`dates=${first}&babies=2`)
      await submit()
      const babies = 'Nell Nights takes single babies only.'
      await expectSummary(page, [], babies)
      expect(await timesSaid(page, babies)).toBe(1)

      // A night she never opened: the summary alone says it (no field owns the refusal).
      await book(`dates=${closed}`)
      await submit()
      const notOpened = `The nurse has not opened these nights on her calendar: ${nightLabel(closed)}`
      await expectSummary(page, [], notOpened)
      expect(await timesSaid(page, notOpened)).toBe(1)

      // A post without any night (an old or altered page): the summary links to the nights, which say it.
      await book(`dates=${first}`)
      await main.locator('[name^="nights["]').evaluateAll((inputs) => inputs.forEach((input) => ((input as HTMLInputElement).disabled = true)))
      await submit()
      const noNight = 'At least one date is required'
      await expectSummary(page, [noNight], 'Please check your nights')
      expect(await timesSaid(page, noNight), 'the summary once, the nights once').toBe(2)
      await expect(alertsSaying(page, noNight)).toHaveCount(1)
      const nights = main.getByRole('group', { name: 'Your nights' })
      await expect(nights).toHaveAccessibleDescription(noNight)
      await expectLinkFocuses(page, noNight, nights)
    })
  })
}

test("/book's details sent without a phone or an address focus the summary", async ({ page }) => {
  const night = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
  const nurse = await newApprovedNurse('Dana Details', [night])
  await signUpParent(page, 'Sue Mary')
  await page.goto(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${night}&step=2`)
  await hydrated(page)
  const main = page.getByRole('main')
  await main.getByRole('button', { name: 'Continue to Confirmation' }).click()
  const summary = summaryOf(page)
  await expect.poll(() => isFocused(summary)).toBe(true)
  await expect(summary.getByRole('link')).toHaveCount(3)
  await expectLinkFocuses(page, 'A valid address is required', main.getByRole('textbox', { name: 'Address' }))
  await expectLinkFocuses(page, 'You must accept the terms and conditions to proceed.', main.getByRole('checkbox', { name: 'I accept the terms and conditions' }))
})
