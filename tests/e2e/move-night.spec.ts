// Moving a night (issue 17, docs/decisions/0034), in the browser: a parent of the test's own books
// a night of a nurse of the test's own, then moves it from the booking page to another night she
// has open, at the same price; the booking page shows the night at its new date.
import type { Page } from '@playwright/test'
import { bookAndPayAs, expect, expectAccessible, newApprovedNurse, signUpParent, test } from './fixtures'
import { nightLabel } from './page-text'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * A parent of the test's own (signed in on `page`) with one paid night of a nurse of the test's own,
 * `bookedIn` days ahead; the nurse also has the night `targetIn` days ahead open.
 */
async function paidNightToMove(page: Page, names: { parent: string; nurse: string }, bookedIn: number, targetIn: number) {
  await signUpParent(page, names.parent)
  const [booked, target] = [isoDate(Date.now() + bookedIn * DAY_MS), isoDate(Date.now() + targetIn * DAY_MS)]
  const nurse = await newApprovedNurse(names.nurse, [booked, target])
  const id = await bookAndPayAs(page.request, nurse.nurseProfileId, [booked], { startTimeLocal: '21:00', endTimeLocal: '07:00' })
  return { booking: { id }, booked, target }
}

test('a parent moves a night to another night the nurse has open', async ({ page }) => {
  const { booking, booked, target } = await paidNightToMove(page, { parent: 'Morgan Mover', nurse: 'Marta Move' }, 9, 11)

  await page.goto(`/parent/bookings/${booking.id}`)
  await page.getByRole('link', { name: `Move the night of ${nightLabel(booked)}` }).click()
  await expect(page.getByRole('heading', { name: 'Move a night', level: 1 })).toBeVisible()
  const choice = page.getByRole('radio', { name: new RegExp(`^${nightLabel(target)}, 9:00 PM – 7:00 AM`) })
  await expect(choice).toBeVisible()
  await expect(page.getByText('Same price')).toBeVisible()
  // The night booked is not offered: it is the one moving.
  await expect(page.getByRole('radio')).toHaveCount(1)
  await expectAccessible(page)

  // Submitting without a choice says what is missing; then the move.
  await page.getByRole('button', { name: 'Move night' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please choose the night to move to.')
  await choice.check()
  await page.getByRole('button', { name: 'Move night' }).click()
  await expect(page).toHaveURL(new RegExp(`/parent/bookings/${booking.id}#booking-nights$`))
  await expect(page.getByText(`Your night of ${nightLabel(booked)} is now ${nightLabel(target)}.`)).toBeVisible()
  const nights = page.getByRole('region', { name: 'Nights' })
  await expect(nights.getByRole('cell', { name: nightLabel(target), exact: true })).toBeVisible()
  await expect(nights.getByRole('cell', { name: nightLabel(booked), exact: true })).toHaveCount(0)
  await expectAccessible(page)
})

test.describe('before JavaScript loads', () => {
  test.use({ javaScriptEnabled: false })

  test('the move page is a plain form', async ({ page }) => {
    const { booking, booked, target } = await paidNightToMove(page, { parent: 'Noah Nojs', nurse: 'Nina Nojs' }, 9, 12)
    await page.goto(`/parent/bookings/${booking.id}`)
    await page.getByRole('link', { name: `Move the night of ${nightLabel(booked)}` }).click()
    await page.getByRole('radio', { name: new RegExp(`^${nightLabel(target)}`) }).check()
    await page.getByRole('button', { name: 'Move night' }).click()
    await expect(page).toHaveURL(new RegExp(`/parent/bookings/${booking.id}#booking-nights$`))
    await expect(page.getByRole('region', { name: 'Nights' }).getByRole('cell', { name: nightLabel(target), exact: true })).toBeVisible()
  })
})
