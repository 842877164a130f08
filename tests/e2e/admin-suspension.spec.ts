// Reports and suspension in the browser (issue 38 item 1): a family of the test's own reports a
// conversation; the admin opens it from the reported list (with and without JavaScript), reads it,
// and suspends the family with a reason; the family is signed out, and signing in with her password
// says the account is suspended and how to reach support, while a wrong password says only
// 'Invalid email or password'. The admin reinstates her from her account page.
import { allowConsoleErrors, DEMO, DEMO_PASSWORD, expect, expectAccessible, login, newApprovedNurse, signUpParent, test } from './fixtures'

const SUSPENDED = 'This account is suspended, so it cannot sign in. To ask why or to appeal, write to support@nightlight.example.'

test('an admin reads a reported conversation, suspends the family with a reason, and reinstates her', async ({ page, browser }) => {
  // Three browsers (family, admin, admin without JavaScript) and two accessibility checks.
  test.setTimeout(150_000)
  // A retry runs against the same database: its people have names of their own.
  const again = ['', 'son', 'ton'][test.info().retry] ?? 'ley'
  const nurseName = `Rowan Reported${again}`
  const nurse = await newApprovedNurse(nurseName)
  const email = await signUpParent(page, `Riley Rude${again}`)
  // The family's open conversation learns that her session has ended from its polling (401).
  allowConsoleErrors(page, /status of 401 \(Unauthorized\) \(http:\/\/[^)]*\/_api\/messages\?conversationId=/)
  await page.goto(`/messages/new?nurse=${nurse.slug}`)
  await page.getByRole('textbox', { name: 'Your question' }).fill('Can I pay you in cash outside the app? Call 617-555-0199.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('heading', { name: nurseName })).toBeVisible()
  await page.getByText('Report this conversation').click()
  await page.getByRole('textbox', { name: 'What is wrong' }).fill('Asks to pay outside Nightlight.')
  await page.getByRole('button', { name: 'Report', exact: true }).click()
  await expect(page.getByText('This conversation was reported to the Nightlight team.')).toBeVisible()

  // The admin: the reported list, then the conversation itself at its own address.
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await login(admin, DEMO.admin)
  await admin.goto('/admin/conversations')
  const card = admin.getByRole('region', { name: `Riley Rude${again} and ${nurseName}` })
  // Without JavaScript too: the list's link opens the conversation, its messages and the Suspend forms.
  const plainContext = await browser.newContext({ javaScriptEnabled: false })
  const plain = await plainContext.newPage()
  await login(plain, DEMO.admin)
  await plain.goto('/admin/conversations')
  await plain.getByRole('region', { name: `Riley Rude${again} and ${nurseName}` }).getByRole('link', { name: 'Read the conversation' }).click()
  await expect(plain.getByRole('heading', { name: 'Reported Conversation', level: 1 })).toBeVisible()
  await expect(plain.getByRole('list', { name: 'Messages' })).toContainText('Call 617-555-0199.')
  await expect(plain.getByRole('button', { name: 'Suspend Riley' })).toBeVisible()
  await plainContext.close()

  await card.getByRole('link', { name: 'Read the conversation' }).click()
  await expect(admin.getByRole('heading', { name: 'Reported Conversation', level: 1 })).toBeVisible()
  await expect(admin.getByRole('heading', { name: 'Reported Conversations' })).toHaveCount(0)
  await expect(admin.getByRole('list', { name: 'Messages' })).toContainText('Call 617-555-0199.')
  await expectAccessible(admin)
  const family = admin.getByRole('region', { name: `Riley Rude${again} (family)` })
  await family.getByRole('textbox', { name: 'Why suspend this account' }).fill('Asked a nurse to be paid in cash off the platform.')
  await family.getByRole('button', { name: 'Suspend Riley' }).click()
  await expect(family.getByText('Suspended', { exact: true })).toBeVisible()

  // The family's session has ended: her open conversation notices by itself and sends her to sign
  // in; her password tells her the account is suspended, a wrong one does not.
  await expect(page).toHaveURL(/\/login/, { timeout: 25_000 })
  const signIn = async (password: string) => {
    await page.goto('/login')
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill(password)
    await page.getByRole('button', { name: 'Log In' }).click()
  }
  await signIn(DEMO_PASSWORD)
  await expect(page.getByRole('main').getByText(SUSPENDED)).toBeVisible()
  await signIn('not-her-password')
  await expect(page.getByRole('main').getByText('Invalid email or password')).toBeVisible()
  await expect(page.getByRole('main').getByText(SUSPENDED)).toHaveCount(0)

  // Her account page: the reason in the history; reinstating lets her sign in again.
  await family.getByRole('link', { name: /Reinstate or read the account/ }).click()
  await expect(admin.getByRole('heading', { name: `Riley Rude${again}`, level: 1 })).toBeVisible()
  await expect(admin.getByRole('region', { name: 'Suspensions and reinstatements' })).toContainText('Asked a nurse to be paid in cash off the platform.')
  await expectAccessible(admin)
  await admin.getByRole('textbox', { name: 'Why reinstate this account' }).fill('She apologised and understands the rules.')
  await admin.getByRole('button', { name: 'Reinstate Riley' }).click()
  await expect(admin.getByRole('region', { name: 'Account' }).getByText('Active', { exact: true })).toBeVisible()
  await login(page, email, DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/parent\/dashboard/)
  await adminContext.close()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("the admin's nurses list links each nurse to her account page, which suspends or reinstates her", async ({ page }) => {
    await login(page, DEMO.admin)
    await page.goto('/admin/dashboard?tab=nurses')
    await page.getByRole('link', { name: /'s account$/ }).first().click()
    await expect(page).toHaveURL(/\/admin\/members\/\d+$/)
    await expect(page.getByRole('heading', { name: 'Account', level: 2 })).toBeVisible()
    await expect(page.getByRole('button', { name: /^(Suspend|Reinstate) / })).toBeVisible()
  })
})
