// Lighthouse's accessibility audit on a nurse's pages, signed in, in English and in Spanish
// (issue 37): her dashboard's tabs, her credentials, her reservations and a night report's form,
// at a phone's size (Lighthouse's default). Then Lighthouse's PWA audits on the page the app opens
// on (her dashboard) in both languages: Lighthouse 12 has no PWA category any more, so they come
// from Lighthouse 11 (the `lighthouse-pwa` devDependency). The browser test checks installability
// as Chromium itself sees it (tests/e2e/offline-night-report.spec.ts).
// Usage: a server running the build with the demo data, then
//   BENCH_URL=http://localhost:3000 npx tsx bench/lighthouse-nurse.ts
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import lighthousePwa from 'lighthouse-pwa'
import { signIn } from './server'

const BASE = process.env.BENCH_URL ?? 'http://localhost:3000'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const NURSE = process.env.BENCH_NURSE ?? 'nurse@example.com'

async function main() {
  const session = await signIn(BASE, NURSE)
  // A night report's form: the first 'Write the report' link of her bookings tab, if she has one.
  const bookings = await (await fetch(`${BASE}/nurse/dashboard?tab=bookings`, { headers: { Cookie: session } })).text()
  const report = /href="(\/nurse\/reports\/\d+)"/.exec(bookings)?.[1]
  const paths = ['/nurse/dashboard', '/nurse/dashboard?tab=bookings', '/nurse/dashboard?tab=profile', '/nurse/credentials', '/nurse/reservations', ...(report ? [report] : [])]
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
  const failures: string[] = []
  try {
    console.log(`Lighthouse accessibility, ${NURSE}, mobile`)
    for (const language of ['en', 'es'] as const) {
      for (const path of paths) {
        const result = await lighthouse(`${BASE}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility'],
          extraHeaders: { Cookie: `${session}; lang=${language}` },
        })
        const category = result?.lhr.categories.accessibility
        const score = Math.round((category?.score ?? 0) * 100)
        const failed = Object.values(result?.lhr.audits ?? {})
          .filter((audit) => audit.score === 0 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id)
        console.log(`  ${language} ${path.padEnd(34)} ${String(score).padStart(3)}${failed.length ? `  failed: ${failed.join(', ')}` : ''}`)
        if (score < 100) failures.push(`${language} ${path}: ${score}`)
      }
    }
    console.log(`Lighthouse 11 PWA audits, ${NURSE}, mobile`)
    for (const language of ['en', 'es'] as const) {
      const path = '/nurse/dashboard'
      const result = await lighthousePwa(`${BASE}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['pwa'],
        extraHeaders: { Cookie: `${session}; lang=${language}` },
      })
      const audits = result?.lhr.audits ?? {}
      const automatic = (result?.lhr.categories.pwa?.auditRefs ?? []).map((ref) => audits[ref.id]).filter((audit) => audit && audit.scoreDisplayMode !== 'manual')
      const failed = automatic.filter((audit) => (audit.score ?? 0) < 1).map((audit) => audit.id)
      console.log(`  ${language} ${path.padEnd(34)} ${automatic.length - failed.length}/${automatic.length} passed${failed.length ? `  failed: ${failed.join(', ')}` : ''}`)
      if (failed.length || automatic.length === 0) failures.push(`${language} ${path} PWA: ${failed.join(', ') || 'no audit ran'}`)
    }
  } finally {
    chrome.kill()
  }
  console.log(failures.length ? `Missed: ${failures.join('; ')}` : 'Every page scores 100 for accessibility; the PWA audits pass.')
  process.exitCode = failures.length ? 1 : 0
}

await main()
