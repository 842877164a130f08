import { describe, expect, test } from 'vitest'
import { minutesLeftOfHold, movableNightIds, unpaidPaymentOf, weeklyPaymentsOf, type PageNight } from './booking-page'

const now = new Date('2026-12-01T12:00:00Z')
const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const inMs = (ms: number) => new Date(now.getTime() + ms)

function night(id: number, status: string, startsIn: number, date = '2026-12-10'): PageNight {
  return { id, date, startTimeLocal: '22:00', endTimeLocal: '06:00', startsAt: inMs(startsIn).toISOString(), status }
}

const pending = { id: 7, status: 'pending', nurseSlug: 'nora-n', occurrences: [night(1, 'pending', 72 * HOUR)] }
const hold = (holdExpiresAt: Date | null, chargeStarted = false) => ({ nurseId: 3, holdExpiresAt, chargeStarted })

describe('the hold’s minutes left', () => {
  test('round up, so a hold with seconds left still says one minute', () => {
    expect(minutesLeftOfHold(inMs(14 * MINUTE + 1), now)).toBe(15)
    expect(minutesLeftOfHold(inMs(1_000), now)).toBe(1)
    expect(minutesLeftOfHold(inMs(15 * MINUTE), now)).toBe(15)
  })

  test('never go below zero, and a booking with no hold has none', () => {
    expect(minutesLeftOfHold(inMs(-5 * MINUTE), now)).toBe(0)
    expect(minutesLeftOfHold(null, now)).toBeNull()
  })
})

describe('the Waiting for payment card', () => {
  test('is shown only while the booking waits for payment', () => {
    for (const status of ['confirmed', 'completed', 'cancelled']) {
      expect(unpaidPaymentOf({ ...pending, status }, hold(inMs(10 * MINUTE)), now)).toBeNull()
    }
  })

  test('says how long the nights are held, and whether a charge was started', () => {
    expect(unpaidPaymentOf(pending, hold(inMs(10 * MINUTE), true), now)).toMatchObject({
      expired: false,
      chargeStarted: true,
      minutesLeft: 10,
    })
  })

  test('a hold that has ended (at its very moment) can no longer be paid', () => {
    expect(unpaidPaymentOf(pending, hold(now), now)).toMatchObject({ expired: true, minutesLeft: 0 })
    expect(unpaidPaymentOf(pending, hold(null), now)).toMatchObject({ expired: false, minutesLeft: null })
  })

  test('Pay now resumes /book with the booking’s nurse and its nights not cancelled, in order', () => {
    const booking = {
      ...pending,
      occurrences: [night(1, 'pending', 24 * HOUR, '2026-12-02'), night(2, 'cancelled', 48 * HOUR, '2026-12-03'), night(3, 'pending', 72 * HOUR, '2026-12-04')],
    }
    expect(unpaidPaymentOf(booking, hold(inMs(MINUTE)), now)?.resume).toEqual({
      bookingId: 7,
      nurseId: 3,
      slug: 'nora-n',
      babies: 1,
      nights: [
        { date: '2026-12-02', startTimeLocal: '22:00', endTimeLocal: '06:00' },
        { date: '2026-12-04', startTimeLocal: '22:00', endTimeLocal: '06:00' },
      ],
    })
  })
})

describe('the nights offered a Move', () => {
  test('live nights of a confirmed booking more than 48 hours ahead', () => {
    const occurrences = [night(1, 'scheduled', 49 * HOUR), night(2, 'scheduled', 47 * HOUR), night(3, 'cancelled', 100 * HOUR)]
    expect(movableNightIds({ status: 'confirmed', occurrences }, now)).toEqual([1])
    expect(movableNightIds({ status: 'pending', occurrences }, now)).toEqual([])
  })
})

describe('the weekly payments card', () => {
  test('only for a series paid week by week, with the saved card’s brand and last digits alone', () => {
    expect(weeklyPaymentsOf([], 'test', null)).toBeNull()
    const card = { brand: 'visa', last4: '4242', providerPaymentMethodId: 'pm_1' }
    expect(weeklyPaymentsOf([{ week: 1 }], 'stripe', card)).toEqual({
      weeks: [{ week: 1 }],
      provider: 'stripe',
      savedCard: { brand: 'visa', last4: '4242' },
    })
    expect(weeklyPaymentsOf([{ week: 1 }], 'test', null)?.savedCard).toBeNull()
  })
})
