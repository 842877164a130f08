// No single form post can take the server down (issue 33 point 1, docs/decisions/0043): every
// route module that exports an action gets hostile forms (sparse indexes, 5,000 names no schema
// knows, a 100 KB name) as every role, with each intent its module names. None may answer 5xx,
// none may answer more than 200 KB, and none may echo a name its schema does not know. The
// modules are found, not listed, so a new action is covered without touching this file.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { API_CALLS } from '../../app/api/calls.server'
import * as apiRoute from '../../app/routes/[_api].$'
import { createBooking, createNurse, createUser, futureDates } from '../support/factories'
import { call, cookieFor, ORIGIN } from '../support/fixtures'

type Handler = Parameters<typeof call>[0]
const modules = import.meta.glob<{ action?: Handler }>(['../../app/routes/*.{ts,tsx}', '../../app/routes/*/route.tsx'], { eager: true })

const MAX_ANSWER_BYTES = 200 * 1024
const UNKNOWN = 'unknownField'
const LONG_NAME = 'z'.repeat(100 * 1024)
// 1,000,000 and not 99,999,999: before the fix a sparse index came back densely (3 MB at this size;
// a hundred million took the process past 4 GB).
const SPARSE = 1_000_000

// Every intent a page posts; a module is sent those its own source names.
const INTENTS = [
  'abandon', 'cancel', 'clear', 'complete-setup', 'confirm-payment', 'connect-test-payout', 'dates', 'details', 'limits',
  'password', 'pattern', 'pay-week', 'payout', 'preferences', 'prepare-payment', 'profile', 'publish', 'read',
  'register', 'reply', 'report', 'report-problem', 'resolve-problem', 'retry-payout', 'review', 'save-test-card',
  'saved-card', 'send', 'send-reminders', 'start-payout-onboarding', 'start-setup', 'step1', 'step2', 'step3',
  'stop', 'submit', 'suspend', 'time-off', 'update-status', 'update-verification',
]

/** A plausible start, so that a form gets as far as its own fields. */
const PLAUSIBLE: [string, string][] = [
  ['email', 'a@b.c'],
  ['password', 'x'],
  ['date', '2030-01-01'],
]

const SPARSE_FIELDS: [string, string][] = [
  [`x[${SPARSE}]`, '1'],
  [`feeds[${SPARSE}].time`, '01:00'],
  [`nights[${SPARSE}].date`, '2030-01-01'],
  [`dates[${SPARSE}]`, '2030-01-01'],
  [`sleeps[${SPARSE}].from`, '01:00'],
]
const UNKNOWN_FIELDS: [string, string][] = Array.from({ length: 5_000 }, (_, i) => [`${UNKNOWN}${i}`, 'v'])

const BODIES = {
  'a sparse index': SPARSE_FIELDS,
  '5,000 unknown fields': UNKNOWN_FIELDS,
  'a 100 KB field name': [[LONG_NAME, '1']] as [string, string][],
}

/** The module's source, with its folder's other files for a route folder (its forms live there). */
function sourceOf(file: string) {
  const full = path.resolve(__dirname, file)
  if (path.basename(full) !== 'route.tsx') return readFileSync(full, 'utf8')
  const folder = path.dirname(full)
  return readdirSync(folder)
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => readFileSync(path.join(folder, name), 'utf8'))
    .join('\n')
}

/** The route's file name without its extension: 'parent.bookings.$bookingId_.move.$occurrenceId'. */
function routeName(file: string) {
  return path.basename(path.basename(file) === 'route.tsx' ? path.dirname(file) : file).replace(/\.tsx?$/, '')
}

/** Its address with these parameters: '/parent/bookings/7/move/12'. */
function routeUrl(file: string, params: Record<string, string>) {
  const segments = routeName(file)
    .replaceAll('[.]', '\u0000')
    .split('.')
    .filter((segment) => segment !== '_index')
    .map((segment) => segment.replace(/_$/, '').replace(/^\$(\w+)$/, (_, name: string) => params[name] ?? '1'))
  return `/${segments.join('/').replaceAll('\u0000', '.')}`
}

/** '/parent/bookings/:bookingId' from 'parent.bookings.$bookingId_.move.$occurrenceId.tsx'. */
function paramNames(file: string): string[] {
  return [...routeName(file).matchAll(/\$([A-Za-z]+)/g)].map((match) => match[1])
}

function hostileRequest(url: string, fields: [string, string][], intent: string | null, cookie?: string) {
  const body = new URLSearchParams([...(intent ? [['intent', intent] as [string, string]] : []), ...PLAUSIBLE, ...fields])
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN })
  if (cookie) headers.set('Cookie', cookie)
  return new Request(new URL(url, ORIGIN), { method: 'POST', headers, body })
}

describe('every page action', () => {
  // The /_api route hands each call to app/api/ (below), not a page's form.
  const actions = Object.entries(modules).filter(([file, module]) => typeof module.action === 'function' && !file.includes('[_api]'))

  test('the walk finds the forms of the issue', () => {
    const files = actions.map(([file]) => routeName(file))
    for (const expected of ['login', 'register', 'forgot-password', 'reset-password', 'book', 'nurse.reports.$occurrenceId', 'nurse.dashboard']) {
      expect(files).toContain(expected)
    }
    expect(actions.length).toBeGreaterThan(20)
  })

  test('hostile forms get no 5xx, no answer over 200 KB, and no unknown name echoed', async () => {
    const [night] = futureDates(-2)
    const nurse = await createNurse({ openDates: futureDates(20, 21) })
    const parent = await createUser()
    const admin = await createUser({ role: 'admin' })
    const booking = await createBooking({ nurse, parent, dates: [night], status: 'completed' })
    const accounts: [string, number | null][] = [['anonymous', null], ['parent', parent.id], ['nurse', nurse.userId], ['admin', admin.id]]
    const params: Record<string, string> = {
      bookingId: String(booking.id),
      occurrenceId: String(booking.occurrenceIds[0]),
      conversationId: '1',
    }
    const bookUrl = `/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${futureDates(20)[0]}`

    const problems: string[] = []
    for (const [file, module] of actions) {
      const names = paramNames(file)
      const source = sourceOf(file)
      const intents = [null, ...INTENTS.filter((intent) => source.includes(`'${intent}'`))]
      const routeParams = Object.fromEntries(names.map((name) => [name, params[name] ?? '1']))
      const url = file.endsWith('book/route.tsx') ? bookUrl : routeUrl(file, routeParams)
      for (const [role, userId] of accounts) {
        // A fresh session for each module: a logout or a password change ends the one before.
        const cookie = userId === null ? undefined : await cookieFor(userId)
        for (const intent of intents) {
          for (const [label, fields] of Object.entries(BODIES)) {
            const request = hostileRequest(url, fields, intent, cookie)
            const response = await call(module.action, request, routeParams)
            const text = await response.text()
            const where = `${file} as ${role}, intent ${intent ?? 'none'}, ${label}`
            if (response.status >= 500) problems.push(`${where}: answered ${response.status}`)
            if (text.length > MAX_ANSWER_BYTES) problems.push(`${where}: answered ${text.length} bytes`)
            if (text.includes(UNKNOWN) || text.includes('zzzzzzzzzz') || /null,null,null/.test(text)) {
              problems.push(`${where}: echoed a name its schema does not know`)
            }
          }
        }
      }
    }
    expect(problems).toEqual([])
  }, 600_000)
})

describe('every /_api call', () => {
  // Each call with an action, reached through the one /_api route as a request is.
  const calls = [...API_CALLS].filter(([, module]) => typeof module.action === 'function')
  // Lists a schema reads, each far longer than any schema takes, and names none knows.
  const LISTS = ['dates', 'occurrences', 'nights', 'credentials', 'specialties', 'languages', 'availability']
  const HUGE_LISTS = Object.fromEntries(LISTS.map((name) => [name, Array.from({ length: 60_000 }, () => 0)]))
  const JSON_BODIES = {
    'huge lists': { nurseId: 1, bookingId: 1, ...HUGE_LISTS },
    '5,000 unknown keys': Object.fromEntries(UNKNOWN_FIELDS),
    'a 100 KB key': { [LONG_NAME]: 1, nurseId: 1 },
  }

  test('hostile JSON gets no 5xx, no answer over 200 KB, and no unknown name echoed', async () => {
    const nurse = await createNurse()
    const parent = await createUser()
    const admin = await createUser({ role: 'admin' })
    const accounts: [string, number | null][] = [['anonymous', null], ['parent', parent.id], ['nurse', nurse.userId], ['admin', admin.id]]
    const problems: string[] = []
    for (const [path] of calls) {
      const url = `/_api/${path}`
      for (const [role, userId] of accounts) {
        const cookie = userId === null ? undefined : await cookieFor(userId)
        for (const [label, body] of Object.entries(JSON_BODIES)) {
          const headers = new Headers({ 'Content-Type': 'application/json', Origin: ORIGIN })
          if (cookie) headers.set('Cookie', cookie)
          const response = await call(apiRoute.action, new Request(new URL(url, ORIGIN), { method: 'POST', headers, body: JSON.stringify(body) }), { '*': path })
          const text = await response.text()
          const where = `${url} as ${role}, ${label}`
          if (response.status >= 500) problems.push(`${where}: answered ${response.status}`)
          if (text.length > MAX_ANSWER_BYTES) problems.push(`${where}: answered ${text.length} bytes`)
          if (text.includes(UNKNOWN) || text.includes('zzzzzzzzzz')) problems.push(`${where}: echoed a name its schema does not know`)
        }
      }
    }
    expect(calls.length).toBeGreaterThan(20)
    expect(problems).toEqual([])
  }, 600_000)
})
