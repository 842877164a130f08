import { describe, expect, test } from 'vitest'
import { nightShareCents } from '../bookings/cancellation'
import { priceNights } from '../bookings/pricing'
import {
  canReportProblem,
  nightPayoutState,
  PAYABLE_AFTER_HOURS,
  PAYOUT_STATE_LABELS,
  payableAt,
  payoutAccountAdvice,
  payoutAccountState,
  PROBLEM_REPORT_WINDOW_HOURS,
  PAYOUT_REQUIREMENTS,
  requirementLabel,
  settleNight,
  type PayoutAccountFacts,
  type PayoutFacts,
  type SettleableNight,
} from './payout-rules'
import { TEST_BANK_FAILURE } from '../payments/test-cards'
import { translator } from '../../i18n/i18n.server'

const english = translator('nurse', 'en')
const spanish = translator('nurse', 'es')

const HOUR = 60 * 60 * 1000
const START = new Date('2026-12-10T03:00:00Z')
const END = new Date('2026-12-10T11:00:00Z')
const DUE = new Date(END.getTime() + 24 * HOUR)
const at = (base: Date, ms: number) => new Date(base.getTime() + ms)

// Three nights at $300: subtotal $900, fee $90, total $990; each night's share is $330.
const booking = priceNights(30000, 3)
const night: SettleableNight = { status: 'completed', priceCents: 30000, refundCents: null, endsAt: END }

describe('when a night is payable', () => {
  test('24 hours after it ends', () => {
    expect(PAYABLE_AFTER_HOURS).toBe(24)
    expect(payableAt({ endsAt: END })).toEqual(new Date('2026-12-11T11:00:00Z'))
  })

  test('the end may be an ISO string', () => {
    expect(payableAt({ endsAt: '2026-12-10T11:00:00.000Z' })).toEqual(DUE)
    expect(payableAt({ endsAt: '2026-12-10T06:00:00-05:00' })).toEqual(DUE)
  })

  test('returns a new Date and leaves the night alone', () => {
    const endsAt = new Date(END)
    const due = payableAt({ endsAt })
    expect(due).not.toBe(endsAt)
    expect(endsAt).toEqual(END)
  })

  test('across a daylight-saving change the 24 hours are elapsed hours, not wall-clock ones', () => {
    // New York springs forward on 2026-03-08 at 02:00: 07:00 EST the day before is followed 24 h
    // later by 08:00 EDT, not 07:00.
    expect(payableAt({ endsAt: '2026-03-07T07:00:00-05:00' })).toEqual(new Date('2026-03-08T08:00:00-04:00'))
    // And falls back on 2026-11-01 at 02:00: 07:00 EDT is followed 24 h later by 06:00 EST.
    expect(payableAt({ endsAt: '2026-10-31T07:00:00-04:00' })).toEqual(new Date('2026-11-01T06:00:00-05:00'))
    const end = new Date('2026-03-07T07:00:00-05:00')
    expect(payableAt({ endsAt: end }).getTime() - end.getTime()).toBe(24 * HOUR)
  })
})

describe('settling a night', () => {
  test('the booking used in these tests', () => {
    expect(booking).toMatchObject({ subtotalCents: 90000, platformFeeCents: 9000, totalAmountCents: 99000 })
    expect(nightShareCents(30000, booking)).toBe(33000)
  })

  test.each(['scheduled', 'completed'])('a %s night: its price to the nurse, its fee kept', (status) => {
    expect(settleNight({ ...night, status }, booking)).toEqual({ transferCents: 30000, feeCents: 3000 })
  })

  test('a worked night with a refund of 0 is paid in full', () => {
    expect(settleNight({ ...night, refundCents: 0 }, booking)).toEqual({ transferCents: 30000, feeCents: 3000 })
  })

  test.each(['pending', 'confirmed', 'no_show', 'unknown', ''])('a %j night owes nothing', (status) => {
    expect(settleNight({ ...night, status }, booking)).toBeNull()
    expect(settleNight({ ...night, status, refundCents: 16500 }, booking)).toBeNull()
  })

  test('a cancelled night refunded in full owes nothing', () => {
    expect(settleNight({ ...night, status: 'cancelled', refundCents: 33000 }, booking)).toBeNull()
  })

  test('a refund above the share owes nothing rather than a negative amount', () => {
    expect(settleNight({ ...night, status: 'cancelled', refundCents: 40000 }, booking)).toBeNull()
  })

  test('a cancelled night refunded by half pays the nurse her part of what was kept', () => {
    const share = nightShareCents(30000, booking)
    const refund = Math.round(share / 2)
    const kept = share - refund
    const settlement = settleNight({ ...night, status: 'cancelled', refundCents: refund }, booking)
    expect(settlement).toEqual({ transferCents: Math.round((kept * 30000) / share), feeCents: 1500 })
    expect(settlement).toEqual({ transferCents: 15000, feeCents: 1500 })
    expect(settlement!.transferCents + settlement!.feeCents).toBe(kept)
  })

  test('a refunded problem night on a worked night is settled like a cancelled one', () => {
    expect(settleNight({ ...night, status: 'completed', refundCents: 16500 }, booking)).toEqual({
      transferCents: 15000,
      feeCents: 1500,
    })
    expect(settleNight({ ...night, status: 'completed', refundCents: 33000 }, booking)).toBeNull()
  })

  test('an odd rate keeps transfer + fee equal to the share less the refund, to the cent', () => {
    // Three nights at $123.45: subtotal 37,035, fee 3,704 (3,703.5 rounded up), total 40,739.
    const odd = priceNights(12345, 3)
    expect(odd).toMatchObject({ subtotalCents: 37035, platformFeeCents: 3704, totalAmountCents: 40739 })
    const share = nightShareCents(12345, odd)
    expect(share).toBe(13580)
    const oddNight = { ...night, priceCents: 12345 }

    expect(settleNight(oddNight, odd)).toEqual({ transferCents: 12345, feeCents: 1235 })

    const refund = Math.round(share / 2)
    const settlement = settleNight({ ...oddNight, status: 'cancelled', refundCents: refund }, odd)
    // 6,790 × 12,345 / 13,580 = 6,172.51… → 6,173; the platform keeps the other 617.
    expect(settlement).toEqual({ transferCents: 6173, feeCents: 617 })
    expect(settlement!.transferCents + settlement!.feeCents).toBe(share - refund)
  })

  test('for any rate, nights and refund the settlement splits exactly what was kept', () => {
    for (const rate of [1, 5, 7, 15, 333, 995, 12345, 22515, 24995, 25005, 35000, 1_000_000]) {
      for (const nights of [1, 2, 3, 7, 12]) {
        const amounts = priceNights(rate, nights)
        const share = nightShareCents(rate, amounts)
        for (const refund of [null, 0, 1, Math.round(share / 2), share - 1, share]) {
          const label = `${nights} nights at ${rate}, refund ${refund}`
          for (const status of ['completed', 'cancelled']) {
            const settlement = settleNight({ ...night, status, priceCents: rate, refundCents: refund }, amounts)
            const kept = share - (refund ?? 0)
            if (kept <= 0) {
              expect(settlement, label).toBeNull()
              continue
            }
            expect(settlement, label).not.toBeNull()
            expect(settlement!.transferCents + settlement!.feeCents, label).toBe(kept)
            expect(settlement!.transferCents, label).toBeGreaterThanOrEqual(0)
            expect(settlement!.transferCents, label).toBeLessThanOrEqual(rate)
            expect(settlement!.feeCents, label).toBeGreaterThanOrEqual(0)
            expect(Number.isInteger(settlement!.transferCents), label).toBe(true)
            if (kept === share) expect(settlement!.transferCents, label).toBe(rate)
          }
        }
      }
    }
  })

  test('a booking with a subtotal of 0 owes nothing', () => {
    const free = priceNights(0, 3)
    expect(free).toMatchObject({ subtotalCents: 0, totalAmountCents: 0 })
    expect(settleNight({ ...night, priceCents: 0 }, free)).toBeNull()
    expect(settleNight({ ...night, status: 'cancelled', priceCents: 0, refundCents: 0 }, free)).toBeNull()
    expect(settleNight(night, { subtotalCents: 0, totalAmountCents: 0 })).toBeNull()
  })

  test('a free night in a paid booking owes nothing', () => {
    expect(settleNight({ ...night, priceCents: 0 }, booking)).toBeNull()
  })
})

describe('a night’s payout state', () => {
  const paid = { ...booking, paid: true }
  const facts: PayoutFacts = { night, booking: paid, payout: null, held: false }

  test('upcoming before it ends, and until 24 hours after', () => {
    expect(nightPayoutState(facts, at(START, -HOUR))).toBe('upcoming')
    expect(nightPayoutState(facts, END)).toBe('upcoming')
    expect(nightPayoutState(facts, at(DUE, -1))).toBe('upcoming')
  })

  test('payable from exactly 24 hours after it ends', () => {
    expect(nightPayoutState(facts, DUE)).toBe('payable')
    expect(nightPayoutState(facts, at(DUE, 30 * 24 * HOUR))).toBe('payable')
  })

  test('the end may be an ISO string', () => {
    const stringNight = { ...night, endsAt: END.toISOString() }
    expect(nightPayoutState({ ...facts, night: stringNight }, at(DUE, -1))).toBe('upcoming')
    expect(nightPayoutState({ ...facts, night: stringNight }, DUE)).toBe('payable')
  })

  test('a partly refunded cancelled night is still payable on the same schedule', () => {
    const cancelled = { ...night, status: 'cancelled', refundCents: 16500 }
    expect(nightPayoutState({ ...facts, night: cancelled }, at(DUE, -1))).toBe('upcoming')
    expect(nightPayoutState({ ...facts, night: cancelled }, DUE)).toBe('payable')
  })

  test('on hold while a problem report is open, whether due or not', () => {
    expect(nightPayoutState({ ...facts, held: true }, END)).toBe('on_hold')
    expect(nightPayoutState({ ...facts, held: true }, DUE)).toBe('on_hold')
  })

  test('sending while a transfer is pending', () => {
    expect(nightPayoutState({ ...facts, payout: { status: 'pending' } }, DUE)).toBe('sending')
  })

  test('paid once the transfer succeeded', () => {
    expect(nightPayoutState({ ...facts, payout: { status: 'succeeded' } }, DUE)).toBe('paid')
    expect(nightPayoutState({ ...facts, payout: { status: 'succeeded', reversedCents: 0 } }, DUE)).toBe('paid')
  })

  test('reversed when any of a succeeded transfer was reversed', () => {
    expect(nightPayoutState({ ...facts, payout: { status: 'succeeded', reversedCents: 1 } }, DUE)).toBe('reversed')
    expect(nightPayoutState({ ...facts, payout: { status: 'succeeded', reversedCents: 30000 } }, DUE)).toBe('reversed')
  })

  test('failed when the transfer failed', () => {
    expect(nightPayoutState({ ...facts, payout: { status: 'failed' } }, DUE)).toBe('failed')
  })

  test('a superseded (canceled) attempt leaves the night as if unpaid: payable, or not due yet', () => {
    expect(nightPayoutState({ ...facts, payout: { status: 'canceled' } }, DUE)).toBe('payable')
    expect(nightPayoutState({ ...facts, payout: { status: 'canceled' } }, END)).toBe('upcoming')
  })

  test('a failed transfer on a held night is on hold', () => {
    expect(nightPayoutState({ ...facts, payout: { status: 'failed' }, held: true }, DUE)).toBe('on_hold')
    expect(nightPayoutState({ ...facts, payout: { status: 'canceled' }, held: true }, DUE)).toBe('on_hold')
  })

  test('a transfer’s state wins over the schedule and the hold', () => {
    expect(nightPayoutState({ ...facts, payout: { status: 'succeeded' }, held: true }, END)).toBe('paid')
    expect(nightPayoutState({ ...facts, payout: { status: 'pending' }, held: true }, END)).toBe('sending')
  })

  test('nothing due for an unpaid booking, even when held', () => {
    const unpaid = { ...facts, booking: { ...booking, paid: false } }
    expect(nightPayoutState(unpaid, DUE)).toBe('none')
    expect(nightPayoutState({ ...unpaid, held: true }, DUE)).toBe('none')
  })

  test('nothing due for a cancelled night refunded in full, a pending night or a no-show', () => {
    const refunded = { ...night, status: 'cancelled', refundCents: 33000 }
    expect(nightPayoutState({ ...facts, night: refunded }, DUE)).toBe('none')
    expect(nightPayoutState({ ...facts, night: refunded }, END)).toBe('none')
    expect(nightPayoutState({ ...facts, night: { ...night, status: 'pending' } }, DUE)).toBe('none')
    expect(nightPayoutState({ ...facts, night: { ...night, status: 'no_show' } }, DUE)).toBe('none')
  })

  test('every state has a label', () => {
    expect(Object.keys(PAYOUT_STATE_LABELS).sort()).toEqual(
      ['failed', 'none', 'on_hold', 'paid', 'payable', 'reversed', 'sending', 'upcoming'].sort(),
    )
    expect(PAYOUT_STATE_LABELS.payable).toBe('Payable')
    expect(PAYOUT_STATE_LABELS.none).toBe('Nothing due')
  })
})

describe('reporting a problem with a night', () => {
  const reportable = { status: 'completed', startsAt: START, endsAt: END }

  test('the window is as long as the wait for the payout', () => {
    expect(PROBLEM_REPORT_WINDOW_HOURS).toBe(PAYABLE_AFTER_HOURS)
  })

  test('not before the night starts', () => {
    expect(canReportProblem(reportable, at(START, -1))).toBe(false)
    expect(canReportProblem(reportable, at(START, -48 * HOUR))).toBe(false)
  })

  test('from its start, during it and after it', () => {
    expect(canReportProblem(reportable, START)).toBe(true)
    expect(canReportProblem(reportable, at(START, 4 * HOUR))).toBe(true)
    expect(canReportProblem(reportable, END)).toBe(true)
    expect(canReportProblem(reportable, at(DUE, -1))).toBe(true)
  })

  test('no longer from exactly 24 hours after it ends, when it becomes payable', () => {
    expect(canReportProblem(reportable, DUE)).toBe(false)
    expect(canReportProblem(reportable, at(DUE, HOUR))).toBe(false)
  })

  test.each(['scheduled', 'completed'])('a %s night can be reported', (status) => {
    expect(canReportProblem({ ...reportable, status }, END)).toBe(true)
  })

  test.each(['cancelled', 'pending', 'confirmed', 'no_show'])('a %s night never can', (status) => {
    for (const now of [at(START, -1), START, END, at(DUE, -1), DUE]) {
      expect(canReportProblem({ ...reportable, status }, now), now.toISOString()).toBe(false)
    }
  })

  test('the times may be ISO strings', () => {
    const strings = { status: 'scheduled', startsAt: START.toISOString(), endsAt: END.toISOString() }
    expect(canReportProblem(strings, at(START, -1))).toBe(false)
    expect(canReportProblem(strings, START)).toBe(true)
    expect(canReportProblem(strings, DUE)).toBe(false)
  })
})

describe('the payout account', () => {
  const ready: PayoutAccountFacts = {
    provider: 'stripe',
    detailsSubmitted: true,
    payoutsEnabled: true,
    requirementsDue: [],
    disabledReason: null,
    lastFailure: null,
  }
  const incomplete = { ...ready, detailsSubmitted: false, payoutsEnabled: false }
  const restricted = { ...ready, payoutsEnabled: false, disabledReason: 'requirements.past_due' }

  test('missing: asks the nurse to connect a bank account', () => {
    expect(payoutAccountState(null)).toBe('missing')
    expect(payoutAccountAdvice(null, english)).toBe(
      'Connect a bank account to get paid. Your payable nights are kept for you until you do.',
    )
  })

  test('incomplete while the details are not submitted', () => {
    expect(payoutAccountState(incomplete)).toBe('incomplete')
    expect(payoutAccountAdvice(incomplete, english)).toBe(
      'Finish setting up your payout account: a few details are still missing.',
    )
    expect(payoutAccountState({ ...incomplete, requirementsDue: ['external_account'] })).toBe('incomplete')
  })

  test('restricted with requirements: lists them in words', () => {
    const account = { ...restricted, requirementsDue: ['external_account', 'individual.ssn_last_4'] }
    expect(payoutAccountState(account)).toBe('restricted')
    expect(payoutAccountAdvice(account, english)).toBe(
      'Payouts are paused until you provide: a bank account, the last 4 digits of your SSN.',
    )
  })

  test('restricted with an unknown requirement: spells out its key', () => {
    const account = { ...restricted, requirementsDue: ['individual.first_name'] }
    expect(payoutAccountAdvice(account, english)).toBe('Payouts are paused until you provide: individual first name.')
  })

  test('restricted with no requirement listed: the provider is reviewing the account', () => {
    expect(payoutAccountState(restricted)).toBe('restricted')
    expect(payoutAccountAdvice(restricted, english)).toBe(
      'Payouts are paused by the payment provider while it reviews your account.',
    )
  })

  test('ready: nothing to advise', () => {
    expect(payoutAccountState(ready)).toBe('ready')
    expect(payoutAccountAdvice(ready, english)).toBeNull()
  })

  test('payouts enabled makes an account ready even with details or requirements outstanding', () => {
    expect(payoutAccountState({ ...ready, detailsSubmitted: false })).toBe('ready')
    expect(payoutAccountState({ ...ready, requirementsDue: ['individual.id_number'] })).toBe('ready')
    expect(payoutAccountAdvice({ ...ready, requirementsDue: ['individual.id_number'] }, english)).toBeNull()
  })

  test('the last failure is shown, even when the account is ready', () => {
    const failed = { ...ready, lastFailure: TEST_BANK_FAILURE }
    expect(payoutAccountState(failed)).toBe('ready')
    expect(payoutAccountAdvice(failed, english)).toBe(
      `Your last payout failed: ${TEST_BANK_FAILURE} Please check your bank details.`,
    )
    // What is missing comes first, then the failure; a provider's code gets its full stop.
    expect(payoutAccountAdvice({ ...incomplete, lastFailure: 'account_closed' }, english)).toBe(
      'Finish setting up your payout account: a few details are still missing. ' +
        'Your last payout failed: account_closed. Please check your bank details.',
    )
  })

  test('a requirement Stripe lists as several keys is asked for once', () => {
    const keys = ['individual.dob.day', 'individual.dob.month', 'individual.dob.year', 'tos_acceptance.date', 'tos_acceptance.ip']
    expect(payoutAccountAdvice({ ...incomplete, detailsSubmitted: true, requirementsDue: keys }, english)).toBe(
      'Payouts are paused until you provide: your date of birth, acceptance of the terms of service.',
    )
  })
})

describe('a requirement in words', () => {
  test('a known key', () => {
    expect(requirementLabel('external_account', english)).toBe('a bank account')
    expect(requirementLabel('individual.ssn_last_4', english)).toBe('the last 4 digits of your SSN')
    expect(requirementLabel('individual.dob.year', english)).toBe('your date of birth')
    expect(requirementLabel('tos_acceptance.ip', english)).toBe('acceptance of the terms of service')
  })

  test('an unknown key: dots and underscores become spaces', () => {
    expect(requirementLabel('individual.first_name', english)).toBe('individual first name')
    expect(requirementLabel('company.tax_id', english)).toBe('company tax id')
    expect(requirementLabel('plain', english)).toBe('plain')
  })
})

describe('payout advice in Spanish', () => {
  const account = {
    provider: 'stripe',
    detailsSubmitted: true,
    payoutsEnabled: false,
    requirementsDue: ['external_account', 'individual.dob.day', 'individual.dob.month', 'individual.first_name'],
    disabledReason: 'requirements.past_due',
    lastFailure: 'account_closed',
  }

  test('every part is in Spanish but the provider’s own words and a requirement we do not know', () => {
    expect(payoutAccountAdvice(account, spanish)).toBe(
      'Tus cobros están en pausa hasta que nos des: una cuenta bancaria, tu fecha de nacimiento, individual first name. ' +
        'Tu último pago falló: account_closed. Revisa los datos de tu banco.',
    )
    expect(payoutAccountAdvice(null, spanish)).toMatch(/^Conecta una cuenta bancaria/)
  })

  test('every requirement we know has Spanish words', () => {
    for (const key of Object.keys(PAYOUT_REQUIREMENTS)) {
      expect(requirementLabel(key, spanish)).not.toBe(requirementLabel(key, english))
    }
  })
})
