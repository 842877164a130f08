import { expect, type Locator } from '@playwright/test'

// How the pages write dates and money, for assertions in the browser tests.

function utcDate(date: string): Date {
  return new Date(`${date}T12:00:00Z`)
}

/** 'Sat, Nov 28, 2026', the way the calendar and the booking pages name a night. */
export function nightLabel(date: string): string {
  return utcDate(date).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** 'November 2026' */
export function monthLabel(date: string): string {
  return utcDate(date).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

export function money(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Subtotal (n nights × rate), 'Platform fee (10%)' and Total, each with its amount, in order. */
export function priceLines(nightlyRateCents: number, nights: number, options: { whole?: boolean } = {}): RegExp {
  const subtotal = nightlyRateCents * nights
  const fee = Math.round(subtotal / 10)
  const parts = [
    `Subtotal\\s*\\(${nights} ${nights === 1 ? 'night' : 'nights'} × ${escapeRegExp(money(nightlyRateCents))}\\)`,
    escapeRegExp(money(subtotal)),
    'Platform fee \\(10%\\)',
    escapeRegExp(money(fee)),
    'Total',
    escapeRegExp(money(subtotal + fee)),
  ]
  const body = parts.join('\\s*')
  return new RegExp(options.whole ? `^${body}$` : body)
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
]

/** Turns the profile calendar to the month of `date` with 'Next month' / 'Previous month'. */
export async function showMonthOf(calendar: Locator, date: string) {
  const shown = calendar.getByRole('button', { name: new RegExp(`^(${MONTHS.join('|')}) \\d{4}$`) })
  await expect(shown).toBeVisible()
  const target = utcDate(date)
  for (let turns = 0; turns < 24; turns++) {
    const [name, year] = ((await shown.textContent()) ?? '').split(' ')
    const diff = (target.getUTCFullYear() - Number(year)) * 12 + (target.getUTCMonth() - MONTHS.indexOf(name))
    if (diff === 0) break
    const next = new Date(Date.UTC(Number(year), MONTHS.indexOf(name) + Math.sign(diff), 15))
    await calendar.getByRole('button', { name: diff > 0 ? 'Next month' : 'Previous month' }).click()
    await expect(shown).toHaveText(monthLabel(next.toISOString().slice(0, 10)))
  }
  await expect(shown).toHaveText(monthLabel(date))
}

/** Clicks an open night on the profile calendar (a second click on a picked night unpicks it). */
export async function clickOpenNight(calendar: Locator, date: string) {
  await showMonthOf(calendar, date)
  await calendar.getByRole('button', { name: `${nightLabel(date)}, available`, exact: true }).click()
}
