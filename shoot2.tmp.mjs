import { chromium } from '@playwright/test'
const base = 'http://localhost:4700'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
async function as(role, width, paths) {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto(base + '/login')
  await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(`${role}@example.com`)
  await page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill('nightnurse-demo')
  await page.getByRole('button', { name: 'Log In' }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
  for (const p of paths) {
    await page.goto(base + p)
    await page.waitForTimeout(600)
    await page.screenshot({ path: `/tmp/shots/${role}${p.replace(/\W+/g, '_')}-${width}.png`, fullPage: true })
  }
  await context.close()
}
const [, , role, width, ...paths] = process.argv
await as(role, Number(width), paths)
await browser.close()
