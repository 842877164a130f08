// Messages (issue 16), in the browser: a family of the test's own asks a nurse of the test's own a
// question from her profile, the nurse answers, contact details stay hidden until the family books
// and pays, and then they appear.
import { bookAndPayAs, DEMO_PASSWORD, expect, expectAccessible, login, newApprovedNurse, signUpParent, test } from './fixtures'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const MASK = '[contact details hidden until booking is confirmed]'

test('a family asks a question, the nurse answers, and contact details appear once the family has booked', async ({ page, browser }) => {
  const night = isoDate(Date.now() + 6 * DAY_MS)
  const nurse = await newApprovedNurse('Quinn Question', [night])
  await signUpParent(page, 'Parker Asks')

  await page.goto(`/nurse/${nurse.slug}`)
  await page.getByRole('link', { name: 'Ask a question' }).click()
  await expect(page.getByRole('heading', { name: 'Ask Quinn a question' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Your question' }).fill('Do you have experience with reflux? Text me at 617-555-0142.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('heading', { name: 'Quinn Question' })).toBeVisible()
  // Her own words are shown as written.
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('617-555-0142')
  const conversationUrl = page.url().replace(/#.*$/, '')

  // The nurse sees one unread message, the number masked, and answers with her e-mail.
  const nurseContext = await browser.newContext()
  const nursePage = await nurseContext.newPage()
  await login(nursePage, nurse.email, DEMO_PASSWORD)
  await expect(nursePage.getByRole('link', { name: 'Messages, 1 unread' }).first()).toBeVisible()
  await nursePage.goto('/messages')
  await nursePage.getByRole('link', { name: 'Open the conversation with Parker' }).click()
  const thread = nursePage.getByRole('list', { name: 'Messages' })
  await expect(thread).toContainText(`Text me at ${MASK}`)
  await expect(thread).not.toContainText('0142')
  // Opening it marks it read: the header no longer counts it (issue 38).
  await expect(nursePage.getByRole('banner').getByRole('link', { name: 'Messages', exact: true }).first()).toBeAttached()
  await expect(nursePage.getByRole('banner').getByRole('link', { name: /^Messages, \d+ unread$/ })).toHaveCount(0)
  await expectAccessible(nursePage)
  await nursePage.getByRole('textbox', { name: 'Your message' }).fill('Yes, many babies with reflux. Write to quinn.nights@gmail.com.')
  await nursePage.getByRole('button', { name: 'Send' }).click()
  await expect(nursePage.getByText('Message sent.')).toBeVisible()

  // The family sees the answer (live, without reloading), the e-mail masked.
  const familyThread = page.getByRole('list', { name: 'Messages' })
  await expect(familyThread).toContainText(`Write to ${MASK}`, { timeout: 20_000 })
  await expect(familyThread).not.toContainText('gmail')

  // The family books the night and pays: the details appear.
  await bookAndPayAs(page.request, nurse.nurseProfileId, [night], { addressText: '9 Elm Street, Boston, MA 02116' })
  await page.goto(conversationUrl)
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Write to quinn.nights@gmail.com.')
  await nursePage.reload()
  await expect(nursePage.getByRole('list', { name: 'Messages' })).toContainText('617-555-0142')
  await nurseContext.close()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('opening a conversation marks it read: the header no longer counts it', async ({ page, browser }) => {
    const nurse = await newApprovedNurse('Nell Nojs')
    await signUpParent(page, 'Pia Nojs')
    await page.goto(`/nurse/${nurse.slug}`)
    await page.getByRole('link', { name: 'Ask a question' }).click()
    await page.getByRole('textbox', { name: 'Your question' }).fill('Are you free on weekends?')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('heading', { name: 'Nell Nojs' })).toBeVisible()

    const nurseContext = await browser.newContext({ javaScriptEnabled: false })
    const nursePage = await nurseContext.newPage()
    await login(nursePage, nurse.email, DEMO_PASSWORD)
    const banner = nursePage.getByRole('banner')
    await expect(banner.getByRole('link', { name: 'Messages, 1 unread' }).first()).toBeAttached()
    await nursePage.goto('/messages')
    await nursePage.getByRole('link', { name: 'Open the conversation with Pia' }).click()
    await expect(nursePage.getByRole('list', { name: 'Messages' })).toContainText('Are you free on weekends?')
    await expect(banner.getByRole('link', { name: 'Messages', exact: true }).first()).toBeAttached()
    await expect(banner.getByRole('link', { name: /^Messages, \d+ unread$/ })).toHaveCount(0)
    await nursePage.goto('/messages')
    await expect(banner.getByRole('link', { name: /^Messages, \d+ unread$/ })).toHaveCount(0)
    await nurseContext.close()
  })
})
