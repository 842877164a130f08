// A nurse's phone with a poor signal (docs/decisions/0074): Lin Zhao opens the report of her night
// two days ago (seeded for this spec alone), loses the connection, writes and sends it: it is kept
// on the phone and said so; the page opens again without a connection; back online it is sent,
// once, and the family reads one report. The app is installable (the browser finds no fault).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { allowConsoleErrors, expect, login, test } from './fixtures'

const NURSE = 'lin.zhao@example.com'
const FAMILY = 'anna.schultz@example.com'

test.use({ viewport: { width: 390, height: 844 } })

test('a report sent offline is kept on the phone and sent once back online', async ({ page, context, browser }) => {
  test.slow()
  // Offline, the page's own requests fail on purpose (the retry of a kept report, the time zone).
  allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED/, /Failed to fetch/, /ERR_FAILED/)
  await login(page, NURSE)
  await page.goto('/nurse/dashboard?tab=bookings')
  await page.getByRole('region', { name: 'Night reports to write' }).getByRole('link', { name: 'Write the report' }).first().click()
  const heading = page.getByRole('heading', { name: /^Night report: / })
  await expect(heading).toBeVisible()
  const date = (await heading.textContent())!.replace('Night report: ', '')
  const reportUrl = page.url()

  // The service worker controls the nurse's pages and has kept this one.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.waitForFunction(async () => {
    const pages = await caches.open('nightlight-nurse-pages')
    return (await pages.keys()).some((request) => new URL(request.url).pathname === location.pathname)
  })

  await context.setOffline(true)
  const feed1 = page.getByRole('group', { name: 'Feed 1' })
  await feed1.getByLabel('Time').fill('02:10')
  await feed1.getByLabel('Ounces').fill('3')
  await page.getByRole('textbox', { name: 'Wet' }).fill('2')
  await page.getByRole('textbox', { name: 'How the night went' }).fill('Written at 5 a.m. without a signal.')
  await page.getByRole('button', { name: 'Send the report' }).click()
  const status = page.locator('#report-send-status')
  await expect(status).toHaveText('Saved on this phone. It will be sent when you are back online.')
  await expect(status).toHaveAttribute('role', 'status')

  // Without a connection the page opens again, from the phone, and still knows the report waits.
  await page.reload()
  await expect(heading).toBeVisible()
  await expect(status).toHaveText('Saved on this phone. It will be sent when you are back online.')

  await context.setOffline(false)
  await expect(status).toHaveText(/^Sent\./)
  expect(page.url()).toBe(reportUrl)

  // Sent once: it has left the nights waiting for a report, and the family reads one report of the night.
  await page.goto('/nurse/dashboard?tab=bookings')
  await expect(page.getByRole('heading', { name: 'Your Nurse Dashboard' })).toBeVisible()
  const toWrite = page.getByRole('region', { name: 'Night reports to write' })
  await expect(toWrite.getByText(date)).toHaveCount(0)

  const familyContext = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const family = await familyContext.newPage()
  await login(family, FAMILY)
  const latest = family.getByRole('region', { name: 'Latest night reports' })
  const reports = latest.getByRole('article').filter({ hasText: 'Written at 5 a.m. without a signal.' })
  await expect(reports).toHaveCount(1)
  await expect(reports).toContainText('1 feed (3 oz)')
  await familyContext.close()
})

// Lighthouse 12 has no PWA category any more: the browser's own check stands in for it. A test's
// context is incognito, where nothing installs, so this one is a profile on disk.
test('the nurse app is installable; it keeps only her pages, and signing out clears them', async ({ baseURL }) => {
  // The browser tests run in Chromium only (playwright.config.ts), whose CDP answers installability.
  const profile = mkdtempSync(path.join(tmpdir(), 'pwa-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    baseURL,
    viewport: { width: 1280, height: 900 },
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await login(page, NURSE)
    await page.goto('/nurse/dashboard')
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    const manifest = await page.request.get('/manifest.webmanifest')
    expect(manifest.headers()['content-type']).toContain('application/manifest+json')
    const cdp = await context.newCDPSession(page)
    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors)
      .toEqual([])
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] }
    expect(errors).toEqual([])

    // What the worker kept: the nurse's own pages and their data, never an /_api answer.
    const kept = async () =>
      page.evaluate(async () => {
        const urls: string[] = []
        for (const name of await caches.keys()) {
          if (name.includes('precache')) continue
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
        }
        return { names: await caches.keys(), urls, workers: (await navigator.serviceWorker.getRegistrations()).length }
      })
    await expect.poll(async () => (await kept()).urls).toContain('/nurse/dashboard')
    const before = await kept()
    expect(before.workers).toBe(1)
    expect(before.urls.filter((url) => !/^\/nurse\/(dashboard|reports\/\d+)(\.data)?$|^\/__manifest$/.test(url))).toEqual([])

    // Signing out takes every kept page and the worker off the device.
    await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible()
    await expect.poll(async () => (await kept()).names).toEqual([])
    expect((await kept()).workers).toBe(0)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})
