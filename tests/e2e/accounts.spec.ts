import type { Page } from '@playwright/test'
import { DEMO, expect, expectAccessible, fieldMessage, login, test } from './fixtures'

/**
 * /login with its scripts: a signed-out visitor opening it gets it without them (docs/decisions/0059),
 * so the test comes from /register, which hydrates, by the client router.
 */
async function loginPageWithScripts(page: Page) {
  await page.goto('/register')
  await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click()
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
}

test.describe('the shared layout', () => {
  test('a visitor sees the header, the footer with twelve city links, and can join the list', async ({ page }) => {
    await page.goto('/register')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Hire a Night Nurse' })).toHaveAttribute('href', '/night-nurse')
    await expect(header.getByRole('link', { name: 'For Night Nurses' })).toHaveAttribute('href', '/night-nurse-onboard')
    await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible()
    const cities = page.getByRole('navigation', { name: 'Top Cities' }).getByRole('link')
    // The twelve city pages, each with nurses: the product's first list named New York City, where no
    // nurse works, in place of Austin (issue 38).
    await expect(cities).toHaveText([
      'Austin', 'Baltimore', 'Boston', 'Chicago', 'Dallas', 'Denver', 'Houston', 'Los Angeles',
      'San Diego', 'San Francisco', 'Seattle', 'Washington DC',
    ])
    await expect(cities.first()).toHaveAttribute('href', '/night-nurse/austin')
    for (const href of await cities.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(/^\/night-nurse\/[a-z-]+$/)
    }
    const footer = page.getByRole('contentinfo')
    await footer.getByLabel('Email address').fill('newsletter@example.com')
    await footer.getByRole('button', { name: 'Join' }).click()
    await expect(footer.getByText("Thanks! You're on our list.")).toBeVisible()
  })

  test('an unknown path shows Not Found with status 404 and a link home', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible()
    await page.getByRole('link', { name: 'Go to Home' }).click()
    await expect(page).toHaveURL('/')
  })
})

test.describe('signing in', () => {
  test('the demo parent logs in, sees the Dashboard link and avatar, and logs out', async ({ page }) => {
    await login(page, DEMO.parent)
    await expect(page).toHaveURL('/parent/dashboard')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/parent/dashboard')
    // The phone menu holds a second avatar, hidden at this width.
    await expect(header.getByText('J', { exact: true }).filter({ visible: true })).toBeVisible()
    await header.getByRole('button', { name: 'Log Out' }).click()
    await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible()
  })

  test('a dashboard asks nothing about notifications on this device until they are turned on', async ({ page }) => {
    // A device that never subscribed has nothing to ask the server; a request on every visit raced
    // with signing out, and its 401 reached the console.
    const asked: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/_api/push/subscriptions') asked.push(request.method())
    })
    await login(page, DEMO.parent)
    await expect(page).toHaveURL('/parent/dashboard')
    const push = page.getByRole('region', { name: 'Notifications on this device' })
    await expect(push.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(asked).toEqual([])
  })

  test('each demo role lands on its own page', async ({ page }) => {
    await login(page, DEMO.admin)
    await expect(page).toHaveURL('/admin/dashboard')
    await page.context().clearCookies()
    await login(page, DEMO.nurse)
    await expect(page).toHaveURL('/nurse/dashboard')
  })

  test('a wrong password is refused with a message and the e-mail is kept', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.parent)
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill('not the password')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page.getByRole('alert')).toContainText('Invalid email or password')
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(DEMO.parent)
  })

  test('the form shows each field message before anything is sent', async ({ page }) => {
    await loginPageWithScripts(page)
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email')
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).blur()
    await expect(page.getByText('Email is required')).toBeVisible()
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).focus()
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).blur()
    await expect(page.getByText('Password is required')).toBeVisible()
  })

  test('signing in works before JavaScript loads', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.parent)
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill('nightnurse-demo')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page).toHaveURL('/parent/dashboard')
    await context.close()
  })

  test('a signed-in parent who opens /login goes to their dashboard', async ({ page }) => {
    await login(page, DEMO.parent)
    await page.goto('/login')
    await expect(page).toHaveURL('/parent/dashboard')
  })

  test('Google sign-in in a popup creates the account and signs the parent in', async ({ page }) => {
    await loginPageWithScripts(page)
    const popupPromise = page.waitForEvent('popup')
    await page.getByRole('link', { name: 'Continue with Google' }).click()
    const popup = await popupPromise
    await expect(page.getByRole('link', { name: 'Connecting...' })).toBeVisible()
    await popup.getByLabel('Email').fill('gail.google@example.com')
    await popup.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL('/parent/dashboard')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible()
  })

  test('Google sign-in with the e-mail of a password account asks to link instead', async ({ page }) => {
    await loginPageWithScripts(page)
    const popupPromise = page.waitForEvent('popup')
    await page.getByRole('link', { name: 'Continue with Google' }).click()
    const popup = await popupPromise
    await popup.getByLabel('Email').fill(DEMO.parent)
    await popup.getByLabel('Subject').fill('google-sub-parent')
    await popup.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText('Account Already Exists')).toBeVisible()
    await page.getByRole('button', { name: 'Got it' }).click()
    await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible()
  })

  test('opened directly, /login has no scripts and Google sign-in runs as a full-page redirect', async ({ page }) => {
    await page.goto('/login')
    await expect(page.locator('script[type="module"]')).toHaveCount(0)
    const google = page.getByRole('link', { name: 'Continue with Google' })
    await expect(google).toHaveAttribute('href', /^\/_api\/auth\/oauth_authorize\?provider=google&mode=redirect$/)
    await google.click()
    await page.getByLabel('Email').fill('gwen.google@example.com')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL('/parent/dashboard')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible()
  })
})

test.describe('registration', () => {
  test('a new parent signs up with e-mail and lands on the parent dashboard', async ({ page }) => {
    await page.goto('/register')
    await page.getByRole('link', { name: 'Sign up with Email' }).click()
    await page.getByRole('main').getByLabel('Full name').fill('Riley Newparent')
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(`riley.${Date.now()}@example.com`)
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill('sleep-is-a-luxury')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page).toHaveURL('/parent/dashboard')
  })

  test('an e-mail already registered gets the friendlier message and a link to log in', async ({ page }) => {
    await page.goto('/register?method=email')
    await page.getByRole('main').getByLabel('Full name').fill('Jordan Again')
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.parent)
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill('long enough password')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('This email is already registered. Please try logging in instead.')).toBeVisible()
    await page.getByRole('link', { name: 'Go to Login Page' }).click()
    await expect(page).toHaveURL('/login')
  })

  test('a short password is refused with the field message', async ({ page }) => {
    await page.goto('/register?method=email')
    await page.getByRole('main').getByLabel('Full name').fill('Short Password')
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill('short@example.com')
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill('short')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(fieldMessage(page, 'Password must be at least 8 characters')).toBeVisible()
  })
})

test.describe('access and security', () => {
  test('a signed-out visitor is sent to /login and back after signing in', async ({ page }) => {
    await page.goto('/parent/dashboard')
    await expect(page).toHaveURL('/login?redirectTo=%2Fparent%2Fdashboard')
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.parent)
    await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill('nightnurse-demo')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page).toHaveURL('/parent/dashboard')
  })

  test('a nurse on the parent dashboard sees Access Denied with their role', async ({ page }) => {
    await login(page, DEMO.nurse)
    const response = await page.goto('/parent/dashboard')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    await expect(page.getByText('Access denied. Your role (nurse) lacks required permissions.')).toBeVisible()
  })

  test('a post from another site is refused', async ({ request }) => {
    const response = await request.post('/_api/auth/login_with_password', {
      headers: { Origin: 'https://evil.example' },
      data: { email: DEMO.parent, password: 'nightnurse-demo' },
    })
    expect(response.status()).toBe(403)
  })

  test('the session call answers 401 when signed out', async ({ request }) => {
    const response = await request.get('/_api/auth/session')
    expect(response.status()).toBe(401)
    expect(await response.json()).toEqual({ error: 'Not authenticated' })
  })

  test('health answers 200 with the database up', async ({ request }) => {
    const response = await request.get('/healthz')
    expect(response.status()).toBe(200)
  })
})

test.describe('accessibility', () => {
  for (const path of ['/login', '/register', '/register?method=email', '/no-such-page']) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(path)
      await expectAccessible(page)
    })
  }
})
