// What families see of a nurse's checks (issue 35 item 7, docs/decisions/0064), signed out and so
// without scripts (docs/decisions/0059): the dated lines on a card and a profile, the page that
// says what each check covers, and 'RN or LPN only' in search. The demo's Siobhan O'Brien (Boston)
// has a Massachusetts RN license, an infant CPR card and a Newborn Care Specialist certificate
// (app/demo/demo-checks.server.ts).
import type { Page } from '@playwright/test'
import { expect, expectAccessible, newApprovedNurse, test } from './fixtures'

const MONTH = '(January|February|March|April|May|June|July|August|September|October|November|December) \\d{4}'

/** Siobhan's profile, opened from her card on Boston's page. */
async function openSiobhan(page: Page) {
  await page.goto('/night-nurse/boston')
  await page.getByRole('article').getByRole('link', { name: "Siobhan O'Brien" }).click()
  await expect(page.getByRole('heading', { level: 1, name: "Siobhan O'Brien" })).toBeVisible()
}

test('a family sees the dated badges on a profile', async ({ page }) => {
  await page.goto('/night-nurse/boston')
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: "Siobhan O'Brien" }) })
  await expect(card.getByText(new RegExp(`^Background check clear · ${MONTH}$`))).toBeVisible()
  await expect(card.getByText('RN license active', { exact: true })).toBeVisible()

  await card.getByRole('link', { name: "Siobhan O'Brien" }).click()
  await expect(page.getByRole('heading', { level: 1, name: "Siobhan O'Brien" })).toBeVisible()
  const checked = page.getByRole('region', { name: 'What we checked' })
  await expect(checked.getByRole('listitem').filter({ hasText: new RegExp(`^Background check clear · ${MONTH}$`) })).toBeVisible()
  await expect(
    checked.getByText(new RegExp(`^RN license active in Massachusetts · checked \\d{1,2} ${MONTH} · expires ${MONTH}$`)),
  ).toBeVisible()
  await expect(checked.getByText(new RegExp(`^Infant CPR until ${MONTH}$`))).toBeVisible()
  await expect(checked.getByText(new RegExp(`^Newborn Care Specialist · confirmed ${MONTH}$`))).toBeVisible()
  // Her own list of credentials stays beside it; a number never shows.
  await expect(page.getByRole('region', { name: 'Credentials' }).getByText('Registered Nurse (RN)')).toBeVisible()
  await expect(page.getByText(/RN\d{6}/)).toHaveCount(0)
  // The structured data names her credentials.
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  const person = jsonLd.map((text) => JSON.parse(text) as { '@type'?: string; hasCredential?: { credentialCategory: string; name: string }[] }).find((item) => item['@type'] === 'Person')
  expect(person?.hasCredential?.map((credential) => credential.credentialCategory)).toEqual(['license', 'certificate', 'certificate'])
  expect(person?.hasCredential?.[0].name).toBe('Registered Nurse (RN) license, Massachusetts')
  await expectAccessible(page)
})

test('a family opens what each check covers from a profile, and from the footer', async ({ page }) => {
  await openSiobhan(page)
  await page.getByRole('region', { name: 'What we checked' }).getByRole('link', { name: 'What each check covers' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'How we verify night nurses' })).toBeVisible()
  await expect(page).toHaveTitle('How We Verify Night Nurses – Nightlight')
  await expect(page.getByText('No drug test.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Nursing licenses (RN and LPN)' })).toBeVisible()
  await expectAccessible(page)
  // The footer links to it from every page.
  await page.goto('/about')
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'How We Verify Nurses' })).toHaveAttribute('href', '/how-we-verify')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("'RN or LPN only' keeps the licensed nurses, and the page links keep the filter", async ({ page }) => {
    // A nurse of the test's own with a clear check and no license: the filter leaves her out.
    const unlicensed = await newApprovedNurse(`Gwen Holt-${Math.random().toString(36).slice(2, 6)}`)
    const search = async (query: string) => {
      const response = await page.request.get(`/_api/nurses/search?${query}&limit=100`)
      return ((await response.json()) as { nurses: { slug: string; backgroundCheckOn: string | null; license: string | null }[] }).nurses
    }
    const all = await search('location=80205')
    expect(all.find((nurse) => nurse.slug === unlicensed.slug)).toMatchObject({ license: null, backgroundCheckOn: expect.any(String) })
    expect((await search('location=80205&licensed=1')).map((nurse) => nurse.slug)).not.toContain(unlicensed.slug)

    await page.goto('/search')
    await page.getByLabel('City, state or ZIP').fill('Boston, MA')
    await page.getByRole('checkbox', { name: 'RN or LPN only' }).check()
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/licensed=1/)
    await expect(page.getByRole('checkbox', { name: 'RN or LPN only' })).toBeChecked()
    await expect(page.getByRole('link', { name: "Siobhan O'Brien" })).toBeVisible()
    const cards = page.getByRole('article')
    const count = await cards.count()
    expect(count).toBeGreaterThan(0)
    for (let i = 0; i < count; i++) await expect(cards.nth(i).getByText(/^(RN|LPN) license active$/)).toBeVisible()

    await page.goto('/search?location=80205&licensed=1')
    await expect(page.getByRole('checkbox', { name: 'RN or LPN only' })).toBeChecked()
    await expect(page.getByRole('link', { name: unlicensed.displayName })).toHaveCount(0)
  })
})
