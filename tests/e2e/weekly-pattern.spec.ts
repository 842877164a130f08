// A nurse's weekly pattern (issue 17), in the browser: a nurse of the test's own publishes her
// Tuesdays and Thursdays for a month at once, and families see exactly those nights open.
import { DEMO_PASSWORD, expect, expectAccessible, login, newApprovedNurse, test } from './fixtures'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

test('a nurse sets a weekly pattern and families see those nights open', async ({ page, request }) => {
  const nurse = await newApprovedNurse('Wren Weekly')
  await login(page, nurse.email, DEMO_PASSWORD)
  await page.goto('/nurse/dashboard?tab=availability')
  await page.getByRole('link', { name: 'Weekly pattern and time off' }).click()
  await expect(page.getByRole('heading', { name: 'Weekly pattern and time off' })).toBeVisible()
  await expectAccessible(page)

  const pattern = page.getByRole('region', { name: 'Publish a weekly pattern' })
  for (const day of ['Monday', 'Wednesday', 'Friday']) await pattern.getByRole('checkbox', { name: day }).uncheck()
  await expect(pattern.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked()
  await expect(pattern.getByRole('checkbox', { name: 'Thursday' })).toBeChecked()
  const from = isoDate(Date.now() + 3 * DAY_MS)
  const to = isoDate(Date.now() + 31 * DAY_MS)
  await pattern.getByLabel('From').fill(from)
  await pattern.getByLabel('Until').fill(to)
  await pattern.getByRole('button', { name: 'Publish the pattern' }).click()
  await expect(page.getByText(/^\d+ nights published from /)).toBeVisible()

  const availability = await request.get(`/_api/nurses/availability?slug=${encodeURIComponent(nurse.slug)}`)
  const { dates } = (await availability.json()) as { dates: { date: string }[] }
  expect(dates.length).toBeGreaterThanOrEqual(8)
  for (const { date } of dates) {
    expect(date >= from && date <= to, date).toBe(true)
    expect([2, 4]).toContain(new Date(`${date}T12:00:00Z`).getUTCDay())
  }
})
