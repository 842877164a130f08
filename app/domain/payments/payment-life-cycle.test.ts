import { describe, expect, test } from 'vitest'
import { paymentKindEnum, paymentStatusEnum } from '../../db/schema'
import {
  assertPaymentChange,
  assertPaymentStart,
  CLAIMING_PAYOUT_STATUSES,
  COLLECTED_CHARGE_STATUSES,
  isCollectedCharge,
  isLivePayment,
  isUnsuccessfulPayment,
  LIVE_PAYMENT_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  paymentMayChange,
  paymentStatusesBefore,
  PaymentTransitionRefused,
  STARTING_STATUSES,
} from './payment-life-cycle'

describe('the life cycle of a payments row', () => {
  test('a charge and a payout are written pending, before the provider is asked', () => {
    expect(STARTING_STATUSES.charge).toEqual(['pending'])
    expect(STARTING_STATUSES.payout).toEqual(['pending'])
    expect(() => assertPaymentStart('charge', 'succeeded')).toThrow(PaymentTransitionRefused)
    expect(() => assertPaymentStart('payout', 'failed')).toThrow(PaymentTransitionRefused)
  })

  test("a refund is written with the provider's answer, a reversal with how it went", () => {
    for (const status of ['pending', 'succeeded', 'failed', 'canceled'] as const) expect(() => assertPaymentStart('refund', status)).not.toThrow()
    expect(() => assertPaymentStart('refund', 'refunded')).toThrow(PaymentTransitionRefused)
    expect(STARTING_STATUSES.reversal).toEqual(['succeeded', 'failed'])
  })

  test('a charge goes through from waiting, declined or given up; it is refunded only once it went through', () => {
    expect(paymentStatusesBefore('charge', 'succeeded', 'provider-answer')).toEqual(['pending', 'failed', 'canceled'])
    for (const from of ['pending', 'failed', 'canceled'] as const) expect(paymentMayChange('charge', from, 'succeeded', 'provider-answer'), from).toBe(true)
    expect(paymentMayChange('charge', 'succeeded', 'refunded', 'fully-refunded')).toBe(true)
    for (const from of ['pending', 'failed', 'canceled'] as const) expect(paymentMayChange('charge', from, 'refunded', 'fully-refunded'), from).toBe(false)
  })

  test('money that moved never un-moves: nothing leaves succeeded but a full refund, and nothing leaves refunded', () => {
    const fromSucceeded = PAYMENT_TRANSITIONS.filter(([from]) => from === 'succeeded')
    expect(fromSucceeded).toEqual([['succeeded', 'refunded', ['charge'], ['fully-refunded']]])
    expect(PAYMENT_TRANSITIONS.filter(([from]) => from === 'refunded')).toEqual([])
    expect(() => assertPaymentChange('charge', 'succeeded', 'failed', 'provider-answer')).toThrow(PaymentTransitionRefused)
    expect(() => assertPaymentChange('payout', 'succeeded', 'canceled', 'retry')).toThrow(PaymentTransitionRefused)
  })

  test('a payout is sent or fails; only a failed one is superseded by a retry or stopped by a refund', () => {
    expect(paymentMayChange('payout', 'pending', 'succeeded', 'provider-answer')).toBe(true)
    expect(paymentMayChange('payout', 'pending', 'failed', 'provider-answer')).toBe(true)
    expect(paymentMayChange('payout', 'failed', 'canceled', 'retry')).toBe(true)
    expect(paymentMayChange('payout', 'failed', 'canceled', 'night-refunded')).toBe(true)
    expect(paymentMayChange('payout', 'pending', 'canceled', 'retry')).toBe(false)
    expect(paymentMayChange('payout', 'pending', 'failed', 'test-card')).toBe(false)
  })

  test("a refund's status is never changed after it is written, and a declined charge may be declined again", () => {
    expect(PAYMENT_TRANSITIONS.filter(([, , kinds]) => kinds.includes('refund'))).toEqual([])
    expect(paymentMayChange('charge', 'failed', 'failed', 'provider-answer')).toBe(true)
  })

  test('the named sets', () => {
    expect(PAYMENT_STATUSES.filter(isCollectedCharge)).toEqual([...COLLECTED_CHARGE_STATUSES])
    expect(PAYMENT_STATUSES.filter(isLivePayment)).toEqual(['pending', 'succeeded'])
    expect(PAYMENT_STATUSES.filter(isUnsuccessfulPayment)).toEqual(['failed', 'canceled'])
    expect([...CLAIMING_PAYOUT_STATUSES].sort()).toEqual([...LIVE_PAYMENT_STATUSES, 'failed'].sort())
  })

  test("every row of the table names known statuses and kinds, and the statuses are the database's enum", () => {
    expect([...PAYMENT_STATUSES].sort()).toEqual([...paymentStatusEnum.enumValues].sort())
    expect(Object.keys(STARTING_STATUSES).sort()).toEqual([...paymentKindEnum.enumValues].sort())
    for (const [from, to, kinds, causes] of PAYMENT_TRANSITIONS) {
      expect(PAYMENT_STATUSES).toContain(from)
      expect(PAYMENT_STATUSES).toContain(to)
      expect(from).not.toBe(to)
      expect(kinds.length).toBeGreaterThan(0)
      expect(causes.length).toBeGreaterThan(0)
    }
  })
})
