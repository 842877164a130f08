// The pages of issue 16 (messages, reviews, night reports) have no serious accessibility
// violations, and their forms work before JavaScript loads.
import { DEMO, expect, expectAccessible, login, newApprovedNurse, signUpParent, test } from './fixtures'

// One test per account, each with its own time budget: six pages checked by axe in one test ran
// past a minute on a loaded CI machine.
test('the family\'s new pages have no serious accessibility violations', async ({ page }) => {
  const nurse = await newApprovedNurse('Axel Access')
  await signUpParent(page, 'Ava Access')
  for (const path of ['/messages', `/messages/new?nurse=${nurse.slug}`]) {
    await page.goto(path)
    await expectAccessible(page)
  }
})

test('the nurse\'s new pages have no serious accessibility violations', async ({ page }) => {
  await login(page, DEMO.nurse)
  for (const path of ['/nurse/reviews', '/messages']) {
    await page.goto(path)
    await expectAccessible(page)
  }
})

test('the admin\'s new pages have no serious accessibility violations', async ({ page }) => {
  // Three whole pages through axe, two of them twenty reviews with their hiding forms: a long test on a busy machine.
  test.slow()
  await login(page, DEMO.admin)
  for (const path of ['/admin/reviews', '/admin/reviews?page=2', '/admin/conversations']) {
    await page.goto(path)
    await expectAccessible(page)
  }
})

test('the admins page through every review before JavaScript loads, twenty at a time', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await login(page, DEMO.admin)
  await page.goto('/admin/reviews')
  const total = Number((await page.getByText(/^\d+ reviews?, newest first$/).textContent())!.split(' ')[0])
  // The demo data alone has more than a page of reviews.
  expect(total).toBeGreaterThan(20)
  const pages = Math.ceil(total / 20)
  const hideButtons = page.getByRole('button', { name: 'Hide this review' }).or(page.getByRole('button', { name: 'Show it again' }))
  await expect(hideButtons).toHaveCount(20)
  const pageLinks = page.getByRole('navigation', { name: 'Reviews pages' })
  await expect(pageLinks.getByText(`Page 1 of ${pages}`)).toBeVisible()
  await pageLinks.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL('/admin/reviews?page=2')
  await expect(pageLinks.getByText(`Page 2 of ${pages}`)).toBeVisible()
  // Each review's form posts back to the page it is on.
  await expect(page.getByRole('main').locator('form[method="post"]').first()).toHaveAttribute('action', '/admin/reviews?page=2')
  await page.goto(`/admin/reviews?page=${pages}`)
  await expect(hideButtons).toHaveCount(total - (pages - 1) * 20)
  await expect(pageLinks.getByRole('link', { name: 'Next' })).toHaveCount(0)
  await pageLinks.getByRole('link', { name: 'Previous' }).click()
  await expect(pageLinks.getByText(`Page ${pages - 1} of ${pages}`)).toBeVisible()
  await context.close()
})

test('asking a question and answering it work before JavaScript loads', async ({ browser }) => {
  const nurse = await newApprovedNurse('Nico Nojs')
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await signUpParent(page, 'Noor Nojs')
  await page.goto(`/nurse/${nurse.slug}`)
  await page.getByRole('link', { name: 'Ask a question' }).click()
  await page.getByRole('button', { name: 'Send' }).click()
  // The browser's own check stops an empty message; the server's answers the same way.
  await page.getByRole('textbox', { name: 'Your question' }).fill('Hello, are you free on Fridays?')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Hello, are you free on Fridays?')
  await page.getByRole('textbox', { name: 'Your message' }).fill('And on Saturdays?')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Message sent.' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('And on Saturdays?')
  await context.close()
})

test('a night report and a review are written before JavaScript loads', async ({ browser }) => {
  // Nora's earlier night waiting for its report (night-reports.spec writes the later one).
  const nurseContext = await browser.newContext({ javaScriptEnabled: false })
  const nursePage = await nurseContext.newPage()
  await login(nursePage, DEMO.nurse)
  await nursePage.goto('/nurse/dashboard?tab=bookings')
  await nursePage.getByRole('region', { name: 'Night reports to write' }).getByRole('link', { name: 'Write the report' }).last().click()
  await nursePage.getByRole('group', { name: 'Feed 1' }).getByLabel('Time').fill('01:30')
  await nursePage.getByRole('group', { name: 'Feed 1' }).getByLabel('Ounces').fill('4')
  await nursePage.getByRole('textbox', { name: 'How the night went' }).fill('Written without JavaScript.')
  await nursePage.getByRole('button', { name: 'Send the report' }).click()
  await expect(nursePage.getByRole('status').filter({ hasText: 'Your report is on its way to the family.' })).toBeVisible()
  await nurseContext.close()

  // Jordan reviews his past booking with Keisha Johnson.
  const familyContext = await browser.newContext({ javaScriptEnabled: false })
  const page = await familyContext.newPage()
  await login(page, DEMO.parent)
  await page.goto('/parent/dashboard?status=past')
  await page.getByRole('article').filter({ hasText: 'Keisha Johnson' }).first().getByRole('link', { name: 'View Details' }).click()
  const review = page.getByRole('region', { name: 'Review Keisha' })
  await review.getByRole('radio', { name: '4 stars' }).check()
  await review.getByRole('textbox', { name: 'Your review' }).fill('Keisha was gentle and kept a careful log of every feed.')
  await review.getByRole('button', { name: 'Publish your review' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your review.' })).toBeVisible()
  await familyContext.close()
})
