// Times in one zone on the server and in the browser (issue 38 item 5, docs/decisions/0050): the
// browser of these tests lives in Los Angeles and the server in UTC (playwright.config.ts). A
// message's time is written the same by both (no hydration error, which the suite's fixture fails
// on), in the zone the page names until the browser has told its own, then in the browser's own.
import { BROWSER_TIME_ZONE } from '../../playwright.config'
import { expect, newApprovedNurse, signUpParent, test } from './fixtures'

const MINUTE_MS = 60_000

/** How a person in `timeZone` reads this moment, as the pages write it ('Mar 4, 2:20 AM'). */
function readAs(ms: number, timeZone: string, withZone: boolean) {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    ...(withZone ? { timeZoneName: 'short' as const } : {}),
  }).format(ms)
}

/** The message was written between these two moments: one of their minutes is its time. */
const eitherMinute = (from: number, to: number, timeZone: string, withZone: boolean) =>
  new RegExp([from, to + MINUTE_MS].flatMap((ms) => [readAs(ms, timeZone, withZone), readAs(ms - MINUTE_MS, timeZone, withZone)]).join('|').replace(/\u202f/g, '\\s'))

test('a message’s time is the same on the server and in a browser in another zone, and names its zone until the browser has told its own', async ({ page, browser }) => {
  const nurse = await newApprovedNurse('Zelda Zone')
  await signUpParent(page, 'Parker Zone')
  const from = Date.now()
  await page.goto(`/messages/new?nurse=${nurse.slug}`)
  await page.getByRole('textbox', { name: 'Your question' }).fill('Are you free on weekends?')
  await page.getByRole('button', { name: 'Send' }).click()
  const thread = page.getByRole('list', { name: 'Messages' })
  await expect(thread).toContainText('Are you free on weekends?')
  const to = Date.now()
  const conversationUrl = page.url().replace(/#.*$/, '')

  // The browser has told its zone by now: each page writes its times there, plainly.
  for (const path of [conversationUrl, '/messages']) {
    await page.goto(path)
    await expect(page.getByRole('main')).toContainText(eitherMinute(from, to, BROWSER_TIME_ZONE, false))
    await expect(page.getByRole('main')).not.toContainText(/\b(UTC|GMT|[ECMP][SD]T)\b/)
  }

  // A signed-in page opened before the browser told its zone is written in the nurse's zone, named,
  // by the server and the browser alike; then the browser tells its own and the times follow.
  await page.context().clearCookies({ name: 'tz' })
  await page.goto(conversationUrl)
  await expect(thread).toContainText(eitherMinute(from, to, BROWSER_TIME_ZONE, false))
  await expect(thread).not.toContainText(/\b(UTC|GMT|[ECMP][SD]T)\b/)

  // Without JavaScript the browser never tells its zone: the time names the zone it is written in
  // (the nurse's: the test's nurses live in Denver), never a bare UTC time.
  const cookies = await page.context().cookies()
  const noScripts = await browser.newContext({ javaScriptEnabled: false, timezoneId: BROWSER_TIME_ZONE })
  await noScripts.addCookies(cookies.filter((cookie) => cookie.name !== 'tz'))
  const plain = await noScripts.newPage()
  await plain.goto(conversationUrl)
  await expect(plain.getByRole('list', { name: 'Messages' })).toContainText(eitherMinute(from, to, 'America/Denver', true))
  await noScripts.close()
})
