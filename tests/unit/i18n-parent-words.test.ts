// The family's sentences written by pure functions, with the `parent` catalogue's translator:
// Spanish with Spanish dates and amounts, and English exactly as the functions write it without one.
import { createInstance } from 'i18next'
import ICU from 'i18next-icu'
import { describe, expect, test } from 'vitest'
import { cancellationMessage } from '~/domain/bookings/cancellation'
import { reportSummary } from '~/domain/night-reports/night-report-rules'
import { depositSentence } from '~/domain/payments/deposit-rules'
import { describeMoveCost, movedMessage } from '~/domain/payments/move-night'
import { formatPaymentDate, patternLabel, priceSummaryLines, receiptTotalLines } from '~/domain/payments/receipts'
import { describeWeekdays, windowSentence } from '~/domain/reservations/reservation-window'
import type { Translate } from '~/i18n/translate'
import { withLanguage } from '~/utils/request-scope.server'
import en from '~/locales/en/parent.json'
import es from '~/locales/es/parent.json'

function translatorIn(language: 'en' | 'es'): Translate {
  const instance = createInstance()
  void instance.use(ICU).init({
    lng: language,
    resources: { en: { parent: en }, es: { parent: es } },
    ns: ['parent'],
    defaultNS: 'parent',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initImmediate: false,
  })
  return instance.getFixedT(language, 'parent') as Translate
}

const held = { amountCents: 105600, state: 'held' as const, refundUntil: '2027-02-12' }

describe('with the English catalogue the words are the same as without a translator', () => {
  const t = translatorIn('en')
  test.each([
    [depositSentence(held, 'parent', '2027-02-01', t), depositSentence(held, 'parent', '2027-02-01')],
    [depositSentence(held, 'parent', '2027-03-01', t), depositSentence(held, 'parent', '2027-03-01')],
    [depositSentence({ ...held, state: 'kept' }, 'parent', '2027-03-01', t), depositSentence({ ...held, state: 'kept' }, 'parent', '2027-03-01')],
    [windowSentence(14, 1, t), windowSentence(14, 1)],
    [describeWeekdays({ nightsPerWeek: 3, weekdays: [5, 1, 3] }, t), describeWeekdays({ nightsPerWeek: 3, weekdays: [5, 1, 3] })],
    [describeWeekdays({ nightsPerWeek: 1, weekdays: [] }, t), describeWeekdays({ nightsPerWeek: 1, weekdays: [] })],
    [cancellationMessage(17500, t), cancellationMessage(17500)],
    [cancellationMessage(0, t), cancellationMessage(0)],
    [describeMoveCost(-5000, { charged: true, cardLabel: null }, t), describeMoveCost(-5000, { charged: true, cardLabel: null })],
    [describeMoveCost(5000, { charged: true, cardLabel: 'Visa ending 4242' }, t), describeMoveCost(5000, { charged: true, cardLabel: 'Visa ending 4242' })],
    [movedMessage('2027-01-02', '2027-01-05', 5000, true, t), movedMessage('2027-01-02', '2027-01-05', 5000, true)],
    [patternLabel('recurring', t), patternLabel('recurring')],
    [
      reportSummary({ feeds: [{ time: '23:00', kind: 'formula', ounces: 3 }], wetDiapers: 1, dirtyDiapers: 0, sleeps: [{ from: '00:00', to: '03:10' }], notes: '' }, t),
      reportSummary({ feeds: [{ time: '23:00', kind: 'formula', ounces: 3 }], wetDiapers: 1, dirtyDiapers: 0, sleeps: [{ from: '00:00', to: '03:10' }], notes: '' }),
    ],
  ])('%s', (translated, english) => {
    expect(translated).toBe(english)
  })

  test('the price lines and the totals', () => {
    const nights = [{ priceCents: 35000 }, { priceCents: 35000 }, { priceCents: 40000 }]
    expect(priceSummaryLines(nights, { babies: 2, extraBabyCents: 8000 }, t)).toEqual(priceSummaryLines(nights, { babies: 2, extraBabyCents: 8000 }))
    const receipt = { chargedCents: 100, totalAmountCents: 300, paidWeekByWeek: true }
    expect(receiptTotalLines(receipt, t)).toEqual(receiptTotalLines(receipt))
  })
})

describe('in Spanish', () => {
  const t = translatorIn('es')
  test('the deposit, the window and the plan', () =>
    withLanguage('es', () => {
      expect(depositSentence(held, 'parent', '2027-02-01', t)).toBe(
        '$1,056.00 pagados. Cuentan para tu primera semana. Si cancelas a más tardar el vie, 12 feb 2027, te lo devolvemos completo; después, es de ella.',
      )
      expect(windowSentence(14, 1, t)).toBe('Puede empezar desde 14 días antes hasta 1 día después de tu fecha de parto.')
      expect(describeWeekdays({ nightsPerWeek: 3, weekdays: [5, 1, 3] }, t)).toBe('lunes, miércoles y viernes')
    }))

  test('a cancelled night, a moved night and a night report', () =>
    withLanguage('es', () => {
      expect(cancellationMessage(17500, t)).toBe('Noche cancelada. Se reembolsarán $175.00 a tu tarjeta.')
      expect(movedMessage('2027-01-02', '2027-01-05', -5000, true, t)).toBe('Tu noche del sáb, 2 ene 2027 ahora es el mar, 5 ene 2027. Se reembolsarán $50.00 a tu tarjeta.')
      expect(
        reportSummary({ feeds: [{ time: '23:00', kind: 'formula', ounces: 3 }, { time: '02:00', kind: 'nursing', ounces: null }], wetDiapers: 1, dirtyDiapers: 0, sleeps: [], notes: '' }, t),
      ).toBe('2 tomas (3 oz) · 1 pañal')
    }))

  test('a payment day and the receipt’s lines', () =>
    withLanguage('es', () => {
      expect(formatPaymentDate('2026-11-28T15:00:00Z', 'America/Chicago')).toBe('28 nov 2026')
      expect(priceSummaryLines([{ priceCents: 35000 }, { priceCents: 40000 }], {}, t)).toEqual([
        ['1 noche a $350.00', '$350.00'],
        ['1 noche a $400.00', '$400.00'],
      ])
      expect(patternLabel('one_time', t)).toBe('Una sola vez')
    }))

  test('English dates stay as they were', () => {
    expect(formatPaymentDate('2026-11-28T15:00:00Z', 'America/Chicago')).toBe('Nov 28, 2026')
  })
})
