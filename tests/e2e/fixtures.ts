// Shared Playwright helpers: the suite's `test` (it fails a test whose pages log an unexpected
// console error), a login that goes through the real form, a parent of the test's own, and an axe
// check.
import AxeBuilder from '@axe-core/playwright'
import { PDFDocument } from 'pdf-lib'
import { test as base, expect, request as requests, type APIRequestContext, type Locator, type Page } from '@playwright/test'

export { expect }

/** Console errors a test expects, matched against `url: text`; set with allowConsoleErrors. */
const ALLOWED = Symbol('allowed console errors')
type Watched = Page & { [ALLOWED]?: RegExp[] }

/** This page may log errors matching these (a refused request the test makes on purpose). */
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]) {
  const watched = page as Watched
  watched[ALLOWED] = [...(watched[ALLOWED] ?? []), ...patterns]
}

/** The page's document, or its route's data request (single fetch: /path.data?search). */
function isOwnAnswer(pageUrl: string, source: string) {
  if (source === pageUrl) return true
  const page = new URL(pageUrl)
  const data = new URL(page)
  data.pathname = page.pathname === '/' ? '/_root.data' : `${page.pathname.replace(/\/$/, '')}.data`
  const sourceUrl = new URL(source || 'about:blank')
  return sourceUrl.origin === data.origin && sourceUrl.pathname === data.pathname
}

const WITHOUT_SCRIPTS = new WeakSet<Page>()

/**
 * The app's scripts are refused on this page, so it stays the server's HTML (axe needs scripts of
 * its own, so the browser's JavaScript stays on): its `goto` does not wait for hydration.
 */
export async function blockAppScripts(page: Page) {
  WITHOUT_SCRIPTS.add(page)
  await page.route('**/assets/*.js', (route) => route.abort())
  allowConsoleErrors(
    page,
    /net::ERR_FAILED \(http:\/\/[^)]*\/assets\/[^)]*\.js\)$/,
    /Failed to fetch dynamically imported module: http:\/\/[^ ]*\/assets\/[^ ]*\.js/,
  )
}

export const test = base.extend<{ failOnConsoleErrors: void }>({
  // A test's `goto` returns once React has hydrated the page (the `load` event can come first:
  // the entry is a dynamic import), as a visitor's first click usually comes after it. A test of
  // what works before JavaScript uses a context without it, or blockAppScripts. A page the server
  // sends without scripts (a public page for a signed-out visitor, docs/decisions/0059) has no
  // module script and never hydrates: its `goto` returns at `load`.
  page: async ({ page, javaScriptEnabled }, provide) => {
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      if (javaScriptEnabled !== false && !WITHOUT_SCRIPTS.has(page) && response?.ok()) await hydrated(page)
      return response
    }
    await provide(page)
  },
  failOnConsoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = []
      const watch = (page: Watched) => {
        const note = (text: string) => {
          const line = `${page.url()}: ${text}`
          if (!(page[ALLOWED] ?? []).some((pattern) => pattern.test(line))) errors.push(line)
        }
        page.on('console', (message) => {
          if (message.type() !== 'error') return
          const source = message.location().url
          // A page the test opens on purpose answers 4xx (Not Found, Access Denied, a refused
          // form, with or without JavaScript): the browser logs the status of the document or of
          // its route's data request; the test asserts it. Anything else failing to load (an
          // asset, another route's data) is a finding.
          const ownStatus = isOwnAnswer(page.url(), source) && /status of 4\d\d/.test(message.text())
          if (!ownStatus) note(`${message.text()} (${source || 'no source'})`)
        })
        page.on('pageerror', (error) => note(error.message))
      }
      context.pages().forEach(watch)
      context.on('page', watch)
      await use()
      expect(errors, 'the pages logged no unexpected console errors').toEqual([])
    },
    { auto: true },
  ],
})

export const DEMO_PASSWORD = 'nightnurse-demo'
export const DEMO = {
  admin: 'admin@example.com',
  parent: 'parent@example.com',
  nurse: 'nurse@example.com',
} as const

/**
 * Returns once React has hydrated the page, when the page has scripts (one the server sent without
 * them, docs/decisions/0059, returns at once). After a click that loads a new document (a form of a
 * page without scripts, signing in), a test with JavaScript waits here before its next click, as
 * `goto` does; a test without JavaScript must not call it (nothing hydrates).
 */
export async function hydrated(page: Page) {
  if ((await page.locator('script[type="module"]').count()) > 0) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login')
  await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

let made = 0

/** An e-mail address no other test, worker or run has used. */
export function uniqueEmail(label: string) {
  made += 1
  return `${label}-${Date.now().toString(36)}-${process.pid}-${made}@example.com`
}

function baseUrl() {
  return test.info().project.use.baseURL!
}

/**
 * A new parent account of the test's own, signed in on `page`: tests that change what they find
 * leave the demo accounts to the others.
 */
export async function signUpParent(page: Page, name = 'Test Parent') {
  const email = uniqueEmail('parent')
  const answer = await page.request.post('/_api/auth/register_with_password', {
    headers: { Origin: new URL(baseUrl()).origin },
    data: { email, password: DEMO_PASSWORD, displayName: name, role: 'parent' },
  })
  expect(answer.ok(), await answer.text()).toBe(true)
  return email
}

interface ListedNurse {
  id: number
  slug: string
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const laterDate = (date: string, days: number) => isoDate(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000)

/**
 * A paid weekly series of the parent signed in on `page` (one night a week, 10 PM to 6 AM), with
 * a nurse who has those nights open, starting at least `daysAhead` days from now. The nurses of
 * the featured list are left to the booking tests, which pick from it, and the nights of the next
 * weeks to the tests that read a nurse's first open nights (discovery). Made through the same
 * calls as the booking page's; a night another test took at the same moment sends it on to the
 * next nurse. Answers the booking's id.
 */
export async function paidWeeklySeries(page: Page, { weeks = 4, daysAhead = 25 } = {}): Promise<number> {
  const headers = { Origin: new URL(baseUrl()).origin }
  const listed = async (path: string) => ((await (await page.request.get(path)).json()) as { nurses: ListedNurse[] }).nurses
  const featured = new Set((await listed('/_api/nurses/list?limit=20')).map((nurse) => nurse.id))
  const nurses = (await listed('/_api/nurses/search?limit=100')).filter((nurse) => !featured.has(nurse.id))
  const soonest = isoDate(Date.now() + daysAhead * 86_400_000)
  for (const nurse of nurses) {
    const availability = await page.request.get(`/_api/nurses/availability?slug=${encodeURIComponent(nurse.slug)}`)
    const open = new Set(((await availability.json()) as { dates: { date: string }[] }).dates.map((night) => night.date))
    const first = [...open]
      .sort()
      .find((date) => date >= soonest && Array.from({ length: weeks }, (_, week) => laterDate(date, 7 * week)).every((d) => open.has(d)))
    if (!first) continue
    const created = await page.request.post('/_api/bookings/create', {
      headers,
      data: {
        nurseId: nurse.id,
        pattern: 'recurring',
        weeksCount: weeks,
        nightsPerWeek: 1,
        startDate: first,
        occurrences: [{ date: first, startTimeLocal: '22:00', endTimeLocal: '06:00' }],
        addressText: '88 Harbor View Rd, Boston, MA 02127',
        contactName: 'Test Parent',
        contactPhone: '(617) 555-0190',
      },
    })
    if (created.status() === 409) continue
    expect(created.ok(), await created.text()).toBe(true)
    const { booking } = (await created.json()) as { booking: { id: number } }
    await payWithTestCard(page.request, booking.id, headers)
    return booking.id
  }
  throw new Error(`No nurse outside the featured list has ${weeks} weekly open nights`)
}

/** A one-page PDF, as an uploaded ID document or certification. */
export async function pdfBytes(text = 'Driver license') {
  const doc = await PDFDocument.create()
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 14 })
  return Buffer.from(await doc.save())
}

/** An API context signed in as this account (the Origin header every mutation needs, server.js). */
export async function signedInApi(email: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const api = await requests.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Origin: new URL(baseUrl()).origin } })
  const answer = await api.post('/_api/auth/login_with_password', { data: { email, password } })
  expect(answer.ok(), await answer.text()).toBe(true)
  return api
}

export interface OwnNurse {
  email: string
  displayName: string
  nurseProfileId: number
  slug: string
}

/**
 * A nurse of the test's own who has applied and waits for review (with an ID document and, unless
 * told otherwise, a clear background check), made
 * through the API as the application page would: the test decides her, nobody else. She lives in
 * Denver, a city page whose nurses no test counts (Boston's, Washington's and Texas's are).
 */
export async function newApplicant(
  displayName: string,
  options: { backgroundCheck?: 'authorized' | 'none'; emailTag?: string } = {},
): Promise<OwnNurse> {
  const email = uniqueEmail('applicant').replace('@', `${options.emailTag ?? ''}@`)
  const api = await requests.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Origin: new URL(baseUrl()).origin } })
  try {
    const registered = await api.post('/_api/auth/register_with_password', {
      data: { email, password: DEMO_PASSWORD, displayName, role: 'nurse' },
    })
    expect(registered.ok(), await registered.text()).toBe(true)
    const idDocumentUrl = `data:application/pdf;base64,${(await pdfBytes()).toString('base64')}`
    const applied = await api.post('/_api/nurses/onboarding', {
      data: {
        type: 'flexible',
        step: 'step4',
        userData: { phoneNumber: '617-555-0148' },
        profileData: { headline: displayName, baseLocation: 'Denver, CO 80205', nightlyRateCents: 32000, idDocumentUrl },
        submitForReview: true,
      },
    })
    expect(applied.ok(), await applied.text()).toBe(true)
    const { profile } = (await applied.json()) as { profile: { id: number; slug: string } }
    // Her background check, authorized as on its page: the built-in provider answers at once,
    // clear unless her address carries a test tag ('+consider'), and approving her needs a clear
    // one (docs/decisions/0061).
    if ((options.backgroundCheck ?? 'authorized') === 'authorized') {
      const authorized = await api.post('/nurse/background-check', { form: { intent: 'authorize', fullName: displayName, authorize: 'on' } })
      expect(authorized.ok(), await authorized.text()).toBe(true)
    }
    return { email, displayName, nurseProfileId: profile.id, slug: profile.slug }
  } finally {
    await api.dispose()
  }
}

/**
 * A verified nurse of the test's own (approved by the demo admin through the API), with these
 * nights open (yyyy-MM-dd, 9 PM to 7 AM): a test may change her profile and clear her calendar.
 */
export async function newApprovedNurse(displayName: string, openNights: string[] = []): Promise<OwnNurse> {
  const nurse = await newApplicant(displayName)
  const admin = await signedInApi(DEMO.admin)
  const approved = await admin.post('/_api/admin/nurse/update-verification', {
    data: { nurseProfileId: nurse.nurseProfileId, verificationStatus: 'approved' },
  })
  expect(approved.ok(), await approved.text()).toBe(true)
  await admin.dispose()
  if (openNights.length) {
    const api = await signedInApi(nurse.email)
    const published = await api.post('/_api/nurses/availability-dates', {
      data: { dates: openNights, defaultStartTime: '21:00', defaultEndTime: '07:00', nightlyRate: 32000 },
    })
    expect(published.ok(), await published.text()).toBe(true)
    await api.dispose()
  }
  return nurse
}

/** A new parent books these nights (10 PM to 6 AM) of a nurse and pays with the test card. */
export async function bookAndPay(nurseProfileId: number, dates: string[]): Promise<number> {
  const api = await requests.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Origin: new URL(baseUrl()).origin } })
  try {
    const registered = await api.post('/_api/auth/register_with_password', {
      data: { email: uniqueEmail('parent'), password: DEMO_PASSWORD, displayName: 'Paying Parent', role: 'parent' },
    })
    expect(registered.ok(), await registered.text()).toBe(true)
    return await bookAndPayAs(api, nurseProfileId, dates)
  } finally {
    await api.dispose()
  }
}

/**
 * The parent signed in on `api` (a page's `page.request`, or a context of its own) books these
 * nights of a nurse, one time, and pays with the test card. Answers the booking's id.
 */
export async function bookAndPayAs(
  api: APIRequestContext,
  nurseProfileId: number,
  dates: string[],
  { startTimeLocal = '22:00', endTimeLocal = '06:00', addressText = '88 Harbor View Rd, Boston, MA 02127' } = {},
): Promise<number> {
  const headers = { Origin: new URL(baseUrl()).origin }
  const created = await api.post('/_api/bookings/create', {
    headers,
    data: {
      nurseId: nurseProfileId,
      pattern: 'one_time',
      nightsPerWeek: dates.length,
      startDate: dates[0],
      occurrences: dates.map((date) => ({ date, startTimeLocal, endTimeLocal })),
      addressText,
    },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const { booking } = (await created.json()) as { booking: { id: number } }
  await payWithTestCard(api, booking.id, headers)
  return booking.id
}

/** Pays a booking of the signed-in parent with the test card, as the card form does. */
export async function payWithTestCard(api: APIRequestContext, bookingId: number, headers: Record<string, string> = {}) {
  const intent = await api.post('/_api/payments/create-intent', { headers, data: { bookingId } })
  expect(intent.ok(), await intent.text()).toBe(true)
  const { paymentIntentId, clientSecret } = (await intent.json()) as { paymentIntentId: string; clientSecret: string }
  const paid = await api.post('/_api/payments/test-card', {
    headers,
    data: { paymentIntentId, clientSecret, cardNumber: '4242 4242 4242 4242' },
  })
  expect(paid.ok(), await paid.text()).toBe(true)
  const confirmed = await api.post('/_api/payments/confirm', { headers, data: { paymentIntentId } })
  expect(confirmed.ok(), await confirmed.text()).toBe(true)
}

/**
 * A field's own message beside it. A refused submit also names it as a link in the error summary
 * at the form's top (app/components/error-summary.tsx): this is the message, not the link.
 */
export function fieldMessage(scope: Page | Locator, text: string): Locator {
  return scope.getByText(text).and(scope.locator(':not(a)'))
}

/** No serious or critical WCAG 2.1 AA violations. */
export async function expectAccessible(page: Page) {
  // A toast fading in or out is half transparent: its contrast is only judged at rest. Transitions
  // are turned off, so a toast that starts to leave while axe reads the page (its four seconds are
  // up) is gone at once instead of half drawn; then what runs is let finish.
  await page.evaluate(() => {
    const still = document.createElement('style')
    still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }'
    document.head.append(still)
  })
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  // WCAG 2.2 A and AA (issue 37), every impact.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** The parent holds the night through the API and abandons the hold on its page, twice. */
export async function leaveTwoHolds(page: Page, nurseProfileId: number, date: string) {
  for (let i = 0; i < 2; i++) {
    const created = await page.request.post('/_api/bookings/create', {
      data: {
        nurseId: nurseProfileId,
        pattern: 'one_time',
        nightsPerWeek: 1,
        occurrences: [{ date, startTimeLocal: '22:00', endTimeLocal: '06:00' }],
        addressText: '500 Main St, Denver, CO 80205',
      },
    })
    expect(created.ok(), await created.text()).toBe(true)
    const { booking } = (await created.json()) as { booking: { id: number } }
    const abandoned = await page.request.post(`/parent/bookings/${booking.id}`, { form: { intent: 'abandon' }, maxRedirects: 0 })
    expect(abandoned.status(), await abandoned.text()).toBeLessThan(400)
  }
}
