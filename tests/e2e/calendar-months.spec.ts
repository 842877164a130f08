// A nurse's nights are dates, not moments: the profile's calendar opens on the month of the nights
// picked, else of her first open night, and /book step 1 names the nights the link carries, in a
// browser west of the server (which lives in UTC) and in one east of it. A night on the 1st of a
// month is where a date read as UTC midnight and shown in local time (or the other way round)
// would land in the month before.
import { expect, newApprovedNurse, signUpParent, test } from './fixtures'
import { monthLabel, nightLabel } from './page-text'

const MONTH_NAME = /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/

/** The 1st of the month `ahead` months after this one (yyyy-MM-dd). */
function firstOfMonth(ahead: number): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1)).toISOString().slice(0, 10)
}

for (const [timezoneId, who] of [
  ['America/Los_Angeles', 'West'],
  ['Asia/Tokyo', 'East'],
] as const) {
  test.describe(`a browser in ${timezoneId}`, () => {
    test.use({ timezoneId })

    test('the profile calendar opens on the month of the first open night, or of the nights picked, and /book names them', async ({ page }) => {
      const first = firstOfMonth(2)
      const later = firstOfMonth(3)
      const nurse = await newApprovedNurse(`Mona ${who}`, [first, later])
      const aside = page.getByRole('complementary', { name: `About ${nurse.displayName} and booking` })
      // Signed in: the profile then comes with its scripts and draws the calendar (docs/decisions/0059).
      await signUpParent(page, `Pat ${who}`)

      await page.goto(`/nurse/${nurse.slug}`)
      await expect(aside.getByRole('button', { name: MONTH_NAME })).toHaveText(monthLabel(first))
      await expect(aside.getByRole('button', { name: `${nightLabel(first)}, available`, exact: true })).toBeVisible()

      // The nights a family searched for are picked, and the calendar shows their month.
      await page.goto(`/nurse/${nurse.slug}?from=${later}&to=${later}`)
      await expect(aside.getByRole('button', { name: MONTH_NAME })).toHaveText(monthLabel(later))
      await expect(aside.getByRole('button', { name: `${nightLabel(later)}, available`, exact: true })).toBeVisible()

      await page.goto(`/book?nurseId=${nurse.nurseProfileId}&slug=${nurse.slug}&dates=${first}`)
      const main = page.getByRole('main')
      await expect(main.getByRole('group', { name: nightLabel(first) })).toBeVisible()
      await expect(main.getByRole('combobox', { name: 'Add another night' }).locator('option')).toHaveText([new RegExp(`^${nightLabel(later)},`)])
    })
  })
}
