import { expect, paidWeeklySeries, signUpParent, test } from './fixtures'

test('screenshots', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  await signUpParent(page, 'Guadalupe Hernández')
  const bookingId = await paidWeeklySeries(page, { weeks: 4, daysAhead: 35 })
  await page.request.post('/language', { headers: { Origin: new URL(baseURL!).origin }, form: { language: 'es', redirectTo: '/parent/dashboard' } })
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/parent/dashboard')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.screenshot({ path: `/tmp/i18n-parent-shots/dashboard-${width}.png`, fullPage: true })
    await page.goto(`/parent/bookings/${bookingId}`)
    await page.screenshot({ path: `/tmp/i18n-parent-shots/booking-${width}.png`, fullPage: true })
    await page.goto('/parent/settings')
    await page.screenshot({ path: `/tmp/i18n-parent-shots/settings-${width}.png`, fullPage: true })
    await page.goto('/parent/dashboard')
    await page.getByRole('button', { name: /^Ver el recibo/ }).first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.waitForTimeout(500)
    await page.screenshot({ path: `/tmp/i18n-parent-shots/receipt-${width}.png`, fullPage: false })
  }
})
