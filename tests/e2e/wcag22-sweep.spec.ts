// Issue 37 item 1: every page a visitor can reach, signed out and as each role, at a phone's width
// and a desktop's, has no WCAG 2.2 A/AA violation that axe finds (every impact, not only the
// serious ones). The pages are found as a visitor finds them: from each role's start pages, every
// link on the site is followed (GET only, no downloads, no signing out), and each route is checked
// once per role and width. Each role must reach the pages listed for it, and every page of the
// build is listed for a role or named among those a walk cannot open, so a new page is checked
// here from the day it is added.
// The walk is made again in Spanish at a phone's width (issue 37): the visitor starts at the
// Spanish addresses and each role reads with the `lang=es` cookie; every page must also be in
// Spanish (`<html lang="es-US">`) and show no catalogue key in place of words.
import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { isLocalizedPath, pathInLanguage } from '../../app/i18n/localized-paths'
import { fullPath, readManifest } from '../support/route-manifest'
import { DEMO, expect, login, test } from './fixtures'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const ROLES = ['visitor', 'parent', 'nurse', 'admin'] as const
const WIDTHS = [390, 1280]
/** Where each role starts; the walk follows links from there. */
const STARTS: Record<(typeof ROLES)[number], string[]> = {
  visitor: ['/', '/login', '/register', '/forgot-password', '/night-nurse-onboard', '/newsletter', '/search?location=Austin%2C%20TX'],
  parent: ['/parent/dashboard', '/messages', '/search?location=Austin%2C%20TX'],
  nurse: ['/nurse/dashboard', '/messages', '/nurse/reviews', '/nurse/background-check/disclosure'],
  admin: ['/admin/dashboard', '/admin/checks', '/admin/credentials', '/admin/profile-changes', '/admin/conversations', '/admin/reviews', '/admin/emails'],
}
const PUBLIC = ['/', '/about', '/accessibility', '/disclaimer', '/how-we-verify', '/night-nurse', '/night-nurse/:citySlug', '/nurse/:slug', '/partner', '/privacy', '/search', '/support', '/terms']
/** The pages each role must reach (it may reach more). */
const EXPECTED: Record<(typeof ROLES)[number], string[]> = {
  visitor: [...PUBLIC, '/login', '/register', '/forgot-password', '/night-nurse-onboard', '/newsletter'],
  parent: [...PUBLIC, '/book', '/calendar', '/interviews', '/interviews/:interviewId', '/interviews/new', '/messages', '/messages/new', '/parent/bookings/:bookingId', '/parent/dashboard', '/parent/payment', '/parent/reservations/:reservationId', '/parent/settings', '/reserve'],
  nurse: [...PUBLIC, '/interviews', '/interviews/:interviewId', '/messages', '/nurse/background-check', '/nurse/background-check/disclosure', '/nurse/credentials', '/nurse/dashboard', '/nurse/pattern', '/nurse/reservations', '/nurse/reviews'],
  admin: [
    ...PUBLIC,
    '/admin/checks',
    '/admin/checks/:checkId',
    '/admin/conversations',
    '/admin/credentials',
    '/admin/credentials/:credentialId',
    '/admin/dashboard',
    '/admin/emails',
    '/admin/members/:userId',
    '/admin/profile-changes',
    '/admin/reviews',
  ],
}
/**
 * Pages a walk over the demo data does not open, each checked by the browser test of its journey
 * instead: a reset link from an e-mail, the not-found page,
 * a conversation and a reported one (the demo has none), a change waiting for an admin, a night's
 * report and moving a night (they need a night in a given state).
 */
const NOT_WALKED = new Set([
  // The language switcher's target: a form posts to it, and its GET sends the visitor home.
  '/language',
  '/reset-password',
  '/*',
  '/messages/:conversationId',
  '/admin/conversations/:conversationId',
  '/admin/profile-changes/:changeId',
  '/nurse/reports/:occurrenceId',
  '/parent/bookings/:bookingId/move/:occurrenceId',
])
/** Links a walk does not follow: signing out, downloads, calls and the sign-in redirect to Google. */
const SKIP = /^\/(_api|logout|auth|resources)\b|\.(pdf|ics|csv|xml|txt)(\?|$)|\/calendar\/feed/

const manifest = readManifest()
const byId = new Map(manifest.map((route) => [route.id, route]))
const ROUTES = manifest
  .filter((route) => route.isPage && route.id !== 'root')
  .map((route) => fullPath(route, byId))
  .filter((pattern) => pattern !== '/*')
  .map((pattern) => ({
    pattern,
    params: (pattern.match(/:\w+/g) ?? []).length,
    regex: new RegExp(`^${pattern.replace(/\/$/, '').replace(/:\w+/g, '[^/]+')}/?$`),
  }))
  // A route without parameters wins over one with them (/nurse/dashboard before /nurse/:slug).
  .sort((a, b) => a.params - b.params)

/** A public page's Spanish address ('/search' → '/es/search', '/' → '/es'); other pages keep theirs. */
function inSpanish(pattern: string): string {
  const [path, query] = pattern.split('?')
  if (!isLocalizedPath(path)) return pattern
  return pathInLanguage(path, 'es') + (query === undefined ? '' : `?${query}`)
}
const SPANISH_EXPECTED = Object.fromEntries(ROLES.map((role) => [role, EXPECTED[role].map(inSpanish)])) as Record<(typeof ROLES)[number], string[]>

/** Every catalogue key's first word ('header' of 'header.logIn'): a page showing 'header.x' shows a key, not words. */
const KEY_PREFIXES = [
  ...new Set(
    fs
      .readdirSync('app/locales/en')
      .filter((name) => !name.startsWith('messages'))
      .flatMap((name) => Object.keys(JSON.parse(fs.readFileSync(`app/locales/en/${name}`, 'utf8'))))
      .map((key) => key.split('.')[0]),
  ),
]
const RAW_KEY = new RegExp(`\\b(?:${KEY_PREFIXES.join('|')})\\.[a-z][A-Za-z0-9]*\\b`)
/** A message shown unformatted keeps its arguments' braces: 'Service radius: {miles} miles'. */
const UNFORMATTED = /\{[a-z][A-Za-z0-9]*(?:, (?:plural|select)[^}]*)?\}/

function routeOf(path: string): string | null {
  return ROUTES.find((route) => route.regex.test(path))?.pattern ?? null
}

test('every page of the build is walked by a role, or named as checked elsewhere', () => {
  const listed = new Set([...Object.values(EXPECTED).flat(), ...Object.values(SPANISH_EXPECTED).flat(), ...NOT_WALKED])
  expect(ROUTES.map((route) => route.pattern).filter((pattern) => !listed.has(pattern))).toEqual([])
})

async function violations(page: Page) {
  await page.evaluate(() => {
    const still = document.createElement('style')
    still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }'
    document.head.append(still)
  })
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`)
}

const RUNS = [...ROLES.flatMap((role) => WIDTHS.map((width) => ({ role, width, language: 'en' as const }))), ...ROLES.map((role) => ({ role, width: 390, language: 'es' as const }))]

for (const { role, width, language } of RUNS) {
  {
    const spanish = language === 'es'
    test(`every page a ${role} reaches has no WCAG 2.2 AA violation at ${width} px${spanish ? ', in Spanish' : ''}`, async ({ page, baseURL }) => {
      test.setTimeout(600_000)
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
      if (role !== 'visitor') await login(page, DEMO[role])
      // This device's choice (the demo accounts stay English for the other tests).
      if (spanish) await page.context().addCookies([{ name: 'lang', value: 'es', url: baseURL! }])
      const queue = spanish ? STARTS[role].map(inSpanish) : [...STARTS[role]]
      const expected = spanish ? SPANISH_EXPECTED[role] : EXPECTED[role]
      if (role === 'parent') {
        // Booking her: /book is reached from a profile's chosen nights, which a walk of links does not choose.
        const { nurses } = await (await page.request.get('/_api/nurses/search?location=Austin%2C%20TX')).json()
        const open = await Promise.all(
          nurses.map(async (nurse: { id: number; slug: string }) => ({ nurse, dates: (await (await page.request.get(`/_api/nurses/availability?slug=${nurse.slug}`)).json()).dates })),
        )
        const bookable = open.find(({ dates }) => dates.length > 0)!
        queue.push(`/book?nurseId=${bookable.nurse.id}&slug=${bookable.nurse.slug}&dates=${bookable.dates[0].date}`)
      }
      const checked = new Set<string>()
      const found: string[] = []
      while (queue.length) {
        const url = queue.shift()!
        const path = url.split('?')[0]
        const pattern = routeOf(path)
        if (!pattern || checked.has(pattern)) continue
        const response = await page.goto(url)
        if (!response || response.status() !== 200) continue
        const landed = routeOf(new URL(page.url()).pathname)
        if (!landed || checked.has(landed)) continue
        checked.add(landed)
        for (const line of await violations(page)) found.push(`${new URL(page.url()).pathname}: ${line}`)
        const unformatted = UNFORMATTED.exec(await page.locator('body').innerText())
        if (unformatted) found.push(`${new URL(page.url()).pathname}: shows an unformatted message, ${unformatted[0]}`)
        if (spanish) {
          const here = new URL(page.url()).pathname
          const lang = await page.locator('html').getAttribute('lang')
          if (lang !== 'es-US') found.push(`${here}: <html lang="${lang}">, not es-US`)
          const raw = RAW_KEY.exec(await page.locator('body').innerText())
          if (raw) found.push(`${here}: shows the key ${raw[0]}`)
        }
        const links = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))
        for (const href of links) {
          const next = new URL(href, page.url())
          if (next.origin !== new URL(page.url()).origin || SKIP.test(next.pathname + next.search)) continue
          const nextPattern = routeOf(next.pathname)
          if (nextPattern && !checked.has(nextPattern)) queue.push(next.pathname + next.search)
        }
      }
      expect(expected.filter((pattern) => !checked.has(pattern)), `pages a ${role} did not reach`).toEqual([])
      expect(found, `WCAG 2.2 AA violations on the pages a ${role} reaches at ${width} px`).toEqual([])
    })
  }
}
