// The weekly charge schedule says what each week's payment is: a week not charged yet whose nights
// were all cancelled is not 'Charged {date}' for $0.00, it has nothing to charge.
import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, test } from 'vitest'
import type { ChargeWeekView } from '~/domain/payments/charge-weeks.server'
import { i18nFor } from '~/i18n/i18n.server'
import type { Language } from '~/i18n/languages'
import { theme } from '~/theme'
import { WeeklyChargeSchedule } from './weekly-charges'

const week = (n: number, extra: Partial<ChargeWeekView> = {}): ChargeWeekView => ({
  week: n,
  status: 'scheduled',
  dueAt: '2026-12-11T15:00:00.000Z',
  firstNightDate: '2026-12-16',
  lastNightDate: '2026-12-16',
  nights: 1,
  amountCents: 38500,
  releaseAt: null,
  lastError: null,
  ...extra,
})

function rowsOf(weeks: ChargeWeekView[], language: Language = 'en') {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(language)}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <StaticRouter location="/parent/bookings/1">
          <WeeklyChargeSchedule weeks={weeks} timeZone="America/Chicago" bookingPaid savedCardLabel="Visa ending 4242" />
        </StaticRouter>
      </MantineProvider>
    </I18nextProvider>,
  )
  // Each week's row, from its test id to the row's end, as text.
  return html
    .split('data-testid="charge-week-')
    .slice(1)
    .map((row) => row.slice(0, row.indexOf('</tr>')).replace(/<[^<>]*>/g, ' ').replace(/\s+/g, ' ').trim())
}

describe('the weekly charge schedule', () => {
  test('a week still to be charged says when; one whose nights were all cancelled has nothing to charge', () => {
    const [second, third] = rowsOf([week(2), week(3, { firstNightDate: null, lastNightDate: null, nights: 0, amountCents: 0 })])
    expect(second).toContain('Charged Fri, Dec 11')
    expect(third).toContain('No nights left')
    expect(third).toContain('Nothing to charge')
    expect(third).not.toContain('Charged')
    const [spanish] = rowsOf([week(3, { firstNightDate: null, lastNightDate: null, nights: 0, amountCents: 0 })], 'es')
    expect(spanish).toContain('No quedan noches')
    expect(spanish).not.toMatch(/Cobrad|Se cobra/)
  })
})
