// Reviews (issue 16), in the browser: a demo family reviews its past nurse from the booking's page
// (too short first: refused, what was typed kept), and the review appears on her profile with the
// average. Only this spec reviews Riley Thompson's booking with Sarah Whitfield.
import { DEMO_PASSWORD, expect, expectAccessible, login, test } from './fixtures'

const WORDS = 'Sarah was calm and kind, and our son slept in longer stretches by her third night.'

test('a family reviews its nurse and the review appears on her profile', async ({ page }) => {
  await login(page, 'riley.thompson@example.com', DEMO_PASSWORD)
  await page.goto('/parent/dashboard?status=past')
  const card = page.getByRole('article').filter({ hasText: 'Sarah Whitfield' }).first()
  await card.getByRole('link', { name: 'View Details' }).click()
  const review = page.getByRole('region', { name: 'Review Sarah' })
  await expect(review).toBeVisible()
  await expectAccessible(page)

  await review.getByRole('radio', { name: '5 stars' }).check()
  await review.getByRole('textbox', { name: 'Your review' }).fill('Lovely!')
  await review.getByRole('button', { name: 'Publish your review' }).click()
  await expect(review.getByRole('alert')).toContainText('Please write at least 20 characters about your nurse.')
  await expect(review.getByRole('textbox', { name: 'Your review' })).toHaveValue('Lovely!')
  await expect(review.getByRole('radio', { name: '5 stars' })).toBeChecked()

  await review.getByRole('textbox', { name: 'Your review' }).fill(WORDS)
  await review.getByRole('button', { name: 'Publish your review' }).click()
  await expect(page.getByText('Thank you for your review. It is on the nurse’s profile.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your review' }).getByRole('button', { name: 'Update your review' })).toBeVisible()

  await page.getByRole('link', { name: 'Book Again' }).click()
  const reviews = page.getByRole('region', { name: 'Reviews' })
  await expect(reviews).toContainText('5.0 out of 5 from 1 review')
  const written = reviews.getByRole('article', { name: 'Review by Riley T.' })
  await expect(written).toContainText(WORDS)
  await expect(written.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible()
  await expectAccessible(page)
})
