// The admin's words written by pure functions, in the reader's language: given the `admin`
// catalogue's English translator each writes exactly what it writes without one, and given the
// Spanish one, Spanish.
import { describe, expect, test } from 'vitest'
import { translator } from '../../i18n/i18n.server'
import type { Translate } from '../../i18n/translate'
import { formatLastUpdate, paymentTypeLabel, VERIFICATION_DECISIONS } from './admin'
import { payoutRetriedToast, problemResolvedToast, verificationToast } from './dashboard-page'

const english: Translate = translator('admin', 'en')
const spanish: Translate = translator('admin', 'es')
const NOW = new Date('2026-03-10T12:00:00Z')

describe('with the English catalogue, the same words as without one', () => {
  test('the toasts of the dashboard', () => {
    for (const decision of VERIFICATION_DECISIONS) expect(verificationToast(decision, english)).toEqual(verificationToast(decision))
    for (const outcome of ['paid', 'failed', 'skipped'] as const) expect(payoutRetriedToast(outcome, english)).toEqual(payoutRetriedToast(outcome))
    for (const decision of ['release', 'refund'] as const) {
      for (const result of [{ refundCents: 32_000 }, { refundCents: 32_000, reversalFailure: 'insufficient funds' }]) {
        expect(problemResolvedToast(decision, result, english)).toEqual(problemResolvedToast(decision, result))
      }
    }
  })

  test('the last update and the payment type', () => {
    for (const at of [null, 'not a date', '2026-03-10T09:00:00Z', '2026-03-09T11:00:00Z', '2026-02-28T15:00:00Z']) {
      expect(formatLastUpdate(at, NOW, english)).toBe(formatLastUpdate(at, NOW))
    }
    for (const kind of ['charge', 'payout', 'reversal', 'refund']) expect(paymentTypeLabel(kind, english)).toBe(paymentTypeLabel(kind))
  })
})

describe('with the Spanish catalogue, Spanish', () => {
  test('the toasts of the dashboard', () => {
    expect(verificationToast('approved', spanish)).toEqual({ type: 'success', message: 'La verificación de la enfermera se aprobó' })
    expect(payoutRetriedToast('failed', spanish).type).toBe('error')
    expect(problemResolvedToast('refund', { refundCents: 32_000 }, spanish).message).toMatch(/^Noche reembolsada: .*32.* devueltos a la familia$/)
    expect(problemResolvedToast('refund', { refundCents: 100, reversalFailure: 'no funds' }, spanish)).toMatchObject({ type: 'error' })
  })

  test('the last update and the payment type', () => {
    expect(formatLastUpdate(null, NOW, spanish)).toBe('Nunca actualizado')
    expect(formatLastUpdate('2026-03-10T09:00:00Z', NOW, spanish)).toBe('Actualizado hoy')
    expect(formatLastUpdate('2026-02-28T11:00:00Z', NOW, spanish)).toBe('hace 10 d')
    expect(paymentTypeLabel('charge', spanish)).toBe('Cobro a la familia')
  })
})
