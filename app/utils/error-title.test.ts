// A page that answers an error is titled as the error, in the visitor's language, whatever English
// title its meta falls back to when its loader gave none.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { i18nFor } from '~/i18n/i18n.server'
import { errorTitles, withErrorTitle } from './error-title'

const routeError = (status: number) => ({ status, statusText: '', internal: false, data: null })
const meta = withErrorTitle(({ data }: { data?: { title: string }; error?: unknown; matches: Array<{ id: string; data?: unknown }> }) => [
  { title: data?.title ?? 'Booking – Nightlight' },
  { name: 'robots', content: 'noindex' },
])
const rootIn = (language: 'en' | 'es') => ({ id: 'root', data: { errorTitles: errorTitles(i18nFor(language).getFixedT(language, 'common')) } })

describe("an error page's title", () => {
  test('is the page’s own without an error', () => {
    expect(meta({ data: { title: 'Reserva – Nightlight' }, matches: [rootIn('es')] })).toEqual([
      { title: 'Reserva – Nightlight' },
      { name: 'robots', content: 'noindex' },
    ])
  })
  test('says not found, access denied or something went wrong, in the page’s language', () => {
    const titleOf = (error: unknown, language: 'en' | 'es') => meta({ error, matches: [rootIn(language)] })[0] as { title: string }
    expect(titleOf(routeError(404), 'en')).toEqual({ title: 'Page Not Found – Nightlight' })
    expect(titleOf(routeError(404), 'es').title).not.toMatch(/Booking|Page Not Found/)
    expect(titleOf(routeError(403), 'es').title).not.toBe(titleOf(routeError(403), 'en').title)
    expect(titleOf(new Error('boom'), 'en')).toEqual({ title: 'Something went wrong – Nightlight' })
    // Other descriptors stay.
    expect(meta({ error: routeError(404), matches: [rootIn('en')] })[1]).toEqual({ name: 'robots', content: 'noindex' })
  })
})

test("every page's meta takes the error's title when the page has one", () => {
  const routes = path.resolve(import.meta.dirname, '../routes')
  const files = readdirSync(routes, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx'))
  const unwrapped = files.filter((file) => {
    const line = readFileSync(path.join(routes, file), 'utf8').match(/^export const meta\b.*$/m)?.[0]
    return line !== undefined && !line.includes('withErrorTitle(')
  })
  expect(files.length).toBeGreaterThan(40)
  expect(unwrapped).toEqual([])
})
