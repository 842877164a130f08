// Screenshots of the main pages of a production build, at 1280 and 390 px, signed out and as the demo
// accounts, with the menus and dialogs that only appear after a click; and a pixel comparison of
// two such sets. Decision 0023: a page whose stylesheet went missing shows an unstyled component.
//
//   BUILD_DIR=build-a npx tsx scripts/page-screenshots.ts shoot /tmp/shots-a
//   npx tsx scripts/page-screenshots.ts compare /tmp/shots-a /tmp/shots-b /tmp/shots-diff
// SHOTS=admin-bookings,parent-dashboard takes only those; SHOTS_PORT=4340 serves on that port.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright'
import sharp from 'sharp'
import { freePort, startServer, stopServer } from '../bench/server'

const ROOT = path.resolve(import.meta.dirname, '..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const WIDTHS = [1280, 390]

interface Shot {
  name: string
  path: string
  account?: 'parent' | 'nurse' | 'admin'
  /** What to do on the page before the picture (open a menu, a dialog). */
  act?: (page: Page, width: number) => Promise<void>
  /** The page as a browser without JavaScript draws it (the server's HTML alone). */
  withoutJavaScript?: boolean
}

async function signIn(base: string, account: string) {
  const response = await fetch(`${base}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: `${account}@example.com`, password: 'nightnurse-demo' }),
  })
  if (!response.ok) throw new Error(`${account} could not sign in: ${response.status}`)
  const cookie = response.headers.get('set-cookie')!.split(';')[0]
  const [name, ...value] = cookie.split('=')
  return { name, value: value.join('=') }
}

async function shots(base: string): Promise<Shot[]> {
  const { nurses } = await (await fetch(`${base}/_api/nurses/list?limit=20`)).json()
  const nurse = nurses[0]
  const availability = await fetch(`${base}/_api/nurses/availability?slug=${encodeURIComponent(nurse.slug)}`)
  const { dates } = (await availability.json()) as { dates: { date: string }[] }
  const soonest = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10)
  const nights = dates.map((night) => night.date).filter((date) => date >= soonest).slice(0, 2)
  const book = `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${nights.join(',')}`
  const openPhoneMenu = async (page: Page, width: number) => {
    if (width < 768) await page.locator('header details > summary:visible').first().click()
  }
  const clickFirst = (name: RegExp) => async (page: Page) => {
    const button = page.getByRole('button', { name }).first()
    if ((await button.count()) > 0) {
      await button.click()
      await page.waitForTimeout(500)
    }
  }
  return [
    { name: 'home', path: '/' },
    { name: 'home-menu', path: '/', act: openPhoneMenu },
    { name: 'night-nurse', path: '/night-nurse' },
    { name: 'city', path: '/night-nurse/austin' },
    { name: 'search', path: '/search?location=Austin' },
    { name: 'profile', path: `/nurse/${nurse.slug}` },
    { name: 'login', path: '/login' },
    { name: 'login-error', path: '/login', act: async (page) => {
      await page.getByLabel('Email').first().fill('nobody@example.com')
      await page.getByLabel('Password').first().fill('wrong-password-1')
      await page.getByRole('button', { name: /sign in|log in/i }).first().click()
      await page.waitForTimeout(1500)
    } },
    { name: 'register', path: '/register' },
    { name: 'forgot-password', path: '/forgot-password' },
    { name: 'terms', path: '/terms' },
    { name: 'about', path: '/about' },
    { name: 'not-found', path: '/no-such-page' },
    { name: 'onboard', path: '/night-nurse-onboard' },
    { name: 'book-1-anonymous', path: book },
    { name: 'book-1', path: book, account: 'parent' },
    { name: 'book-2', path: `${book}&step=2`, account: 'parent' },
    { name: 'parent-dashboard', path: '/parent/dashboard', account: 'parent' },
    { name: 'parent-dashboard-cancel', path: '/parent/dashboard', account: 'parent', act: clickFirst(/^cancel/i) },
    { name: 'parent-dashboard-no-js', path: '/parent/dashboard', account: 'parent', withoutJavaScript: true },
    { name: 'parent-dashboard-cancel-no-js', path: '/parent/dashboard', account: 'parent', withoutJavaScript: true, act: async (page) => {
      const cancel = page.getByRole('link', { name: /^cancel the night/i }).first()
      if ((await cancel.count()) > 0) {
        await cancel.click()
        await page.waitForLoadState('networkidle')
      }
    } },
    { name: 'parent-dashboard-past', path: '/parent/dashboard?status=past', account: 'parent' },
    { name: 'parent-settings', path: '/parent/settings', account: 'parent' },
    { name: 'parent-payment', path: '/parent/payment', account: 'parent' },
    { name: 'parent-profile', path: `/nurse/${nurse.slug}`, account: 'parent' },
    { name: 'parent-menu', path: '/', account: 'parent', act: openPhoneMenu },
    { name: 'nurse-dashboard', path: '/nurse/dashboard', account: 'nurse' },
    { name: 'nurse-dashboard-availability', path: '/nurse/dashboard', account: 'nurse', act: async (page) => {
      await page.getByRole('tab', { name: /availability/i }).first().click()
      await page.waitForTimeout(500)
    } },
    { name: 'nurse-dashboard-no-js', path: '/nurse/dashboard', account: 'nurse', withoutJavaScript: true },
    { name: 'nurse-dashboard-clear-no-js', path: '/nurse/dashboard?tab=availability&confirm=clear', account: 'nurse', withoutJavaScript: true },
    { name: 'nurse-dashboard-refused', path: '/nurse/dashboard', account: 'nurse', act: async (page) => {
      await page.getByLabel('Nightly Rate ($)').fill('-5')
      await page.getByRole('button', { name: 'Publish' }).click()
      await page.waitForTimeout(300)
    } },
    { name: 'nurse-dashboard-profile', path: '/nurse/dashboard', account: 'nurse', act: async (page) => {
      await page.getByRole('tab', { name: /profile/i }).first().click()
      await page.waitForTimeout(500)
    } },
    { name: 'admin-dashboard', path: '/admin/dashboard', account: 'admin' },
    { name: 'admin-bookings', path: '/admin/dashboard?tab=bookings', account: 'admin' },
    { name: 'admin-bookings-no-js', path: '/admin/dashboard?tab=bookings', account: 'admin', withoutJavaScript: true },
    { name: 'admin-dashboard-no-js', path: '/admin/dashboard', account: 'admin', withoutJavaScript: true },
    { name: 'admin-nurses', path: '/admin/dashboard?tab=nurses', account: 'admin' },
    { name: 'admin-emails', path: '/admin/emails', account: 'admin' },
    { name: 'nurse-payouts', path: '/nurse/dashboard?tab=bookings', account: 'nurse' },
    { name: 'nurse-payouts-no-js', path: '/nurse/dashboard?tab=bookings', account: 'nurse', withoutJavaScript: true },
    { name: 'nurse-profile-no-js', path: '/nurse/dashboard?tab=profile', account: 'nurse', withoutJavaScript: true },
    { name: 'admin-payments', path: '/admin/dashboard?tab=payments', account: 'admin' },
    { name: 'parent-booking-past', path: '/parent/dashboard?status=past', account: 'parent', act: async (page) => {
      await page.getByRole('link', { name: /view details/i }).first().click()
      // A client-side navigation: wait for the booking's page, not only for a quiet network.
      await page.waitForURL(/\/parent\/bookings\/\d+/)
      await page.waitForLoadState('networkidle')
    } },
  ]
}

async function shoot(outDir: string) {
  fs.mkdirSync(outDir, { recursive: true })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nightlight-shots-'))
  const port = Number(process.env.SHOTS_PORT) || (await freePort())
  const base = `http://127.0.0.1:${port}`
  const server = await startServer({
    root: ROOT,
    port,
    pgliteDir: path.join(dataDir, 'pglite'),
    env: { SEED_DEMO_DATA: 'true', APP_ORIGIN: base },
  })
  let browser: Browser | null = null
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    })
    const cookies = {
      parent: await signIn(base, 'parent'),
      nurse: await signIn(base, 'nurse'),
      admin: await signIn(base, 'admin'),
    }
    const only = process.env.SHOTS?.split(',')
    for (const shot of await shots(base)) {
      if (only && !only.includes(shot.name)) continue
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          reducedMotion: 'reduce',
          javaScriptEnabled: !shot.withoutJavaScript,
        })
        if (shot.account) await context.addCookies([{ ...cookies[shot.account], url: base }])
        const page = await context.newPage()
        try {
          await page.goto(`${base}${shot.path}`, { waitUntil: 'networkidle' })
          await shot.act?.(page, width)
          // Carets and the notification's timer are the only things that move (and without
          // JavaScript neither does: a style tag cannot be added then).
          if (!shot.withoutJavaScript) await page.addStyleTag({ content: '*{caret-color:transparent!important}' })
          await page.waitForTimeout(300)
          await page.screenshot({ path: path.join(outDir, `${shot.name}-${width}.png`), fullPage: true })
        } catch (error) {
          const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
          process.stdout.write(`${shot.name} at ${width}: ${message}\n`)
        } finally {
          await context.close()
        }
      }
    }
  } finally {
    await browser?.close()
    await stopServer(server)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Per picture: how many pixels differ (any channel by more than 24 of 255), and a diff image when some do. */
async function compare(before: string, after: string, diffDir: string) {
  fs.mkdirSync(diffDir, { recursive: true })
  let different = 0
  for (const name of fs.readdirSync(before).filter((file) => file.endsWith('.png')).sort()) {
    const other = path.join(after, name)
    if (!fs.existsSync(other)) {
      process.stdout.write(`${name}: missing after\n`)
      different++
      continue
    }
    const a = await sharp(path.join(before, name)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    const b = await sharp(other).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    if (a.info.width !== b.info.width || a.info.height !== b.info.height) {
      process.stdout.write(`${name}: size ${a.info.width}x${a.info.height} -> ${b.info.width}x${b.info.height}\n`)
      different++
      continue
    }
    const diff = Buffer.alloc(a.data.length)
    let count = 0
    for (let i = 0; i < a.data.length; i += 4) {
      const changed = [0, 1, 2].some((channel) => Math.abs(a.data[i + channel] - b.data[i + channel]) > 24)
      if (changed) count++
      diff[i] = changed ? 255 : a.data[i] / 3 + 170
      diff[i + 1] = changed ? 0 : a.data[i + 1] / 3 + 170
      diff[i + 2] = changed ? 0 : a.data[i + 2] / 3 + 170
      diff[i + 3] = 255
    }
    process.stdout.write(`${name}: ${count === 0 ? 'same' : `${count} pixels differ`}\n`)
    if (count > 0) {
      different++
      const raw = { width: a.info.width, height: a.info.height, channels: 4 as const }
      await sharp(diff, { raw }).png().toFile(path.join(diffDir, name))
    }
  }
  process.stdout.write(`${different} of ${fs.readdirSync(before).length} pictures differ\n`)
}

const [command, ...args] = process.argv.slice(2)
const run = command === 'shoot' ? shoot(args[0]) : command === 'compare' ? compare(args[0], args[1], args[2]) : null
if (!run) {
  process.stdout.write('usage: page-screenshots.ts shoot <dir> | compare <before> <after> <diff-dir>\n')
  process.exit(1)
}
run.catch((error) => {
  console.error(error)
  process.exit(1)
})
