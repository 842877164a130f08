import { describe, expect, test } from 'vitest'
import { bookingStatusEnum, occurrenceStatusEnum } from '../../db/schema'
import {
  assertBookingChange,
  BOOKED_NIGHT_STATUSES,
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  bookingMayChange,
  bookingStatusesBefore,
  isBookedNight,
  isLiveNight,
  isNightStatus,
  isPaidBooking,
  isWorkedNight,
  isWorkedOrCancelledNight,
  LIVE_NIGHT_STATUSES,
  NIGHT_STATUSES,
  NIGHT_TRANSITIONS,
  nightMayChange,
  nightStatusesBefore,
  PAID_BOOKING_STATUSES,
  RETIRED_NIGHT_STATUSES,
  TransitionRefused,
  WORKED_NIGHT_STATUSES,
  WORKED_OR_CANCELLED_NIGHT_STATUSES,
} from './life-cycle'

describe('the booking life cycle', () => {
  test('a payment confirms only a pending booking; a late payment revives only a cancelled one', () => {
    expect(bookingStatusesBefore('confirmed', 'payment')).toEqual(['pending'])
    expect(bookingStatusesBefore('confirmed', 'late-payment')).toEqual(['cancelled'])
    expect(nightStatusesBefore('scheduled', 'payment')).toEqual(['pending'])
    expect(nightStatusesBefore('scheduled', 'late-payment')).toEqual(['cancelled'])
  })

  test('a hold release cancels only what is still unpaid', () => {
    expect(bookingStatusesBefore('cancelled', 'hold-release')).toEqual(['pending'])
    expect(nightStatusesBefore('cancelled', 'hold-release')).toEqual(['pending'])
  })

  test('nobody reopens a cancelled booking except a payment or an undone cancellation', () => {
    for (const to of BOOKING_STATUSES) {
      for (const cause of ['admin', 'admin-cancel', 'parent-cancel', 'hold-release', 'payment'] as const) {
        expect(bookingMayChange('cancelled', to, cause), `cancelled → ${to} by ${cause}`).toBe(false)
      }
    }
    expect(bookingMayChange('cancelled', 'confirmed', 'late-payment')).toBe(true)
    expect(bookingMayChange('cancelled', 'confirmed', 'refund-failed')).toBe(true)
  })

  test('no cause ever takes a booking back to pending, except undoing a cancellation of a pending one', () => {
    const toPending = BOOKING_TRANSITIONS.filter(([, to]) => to === 'pending')
    expect(toPending).toEqual([['cancelled', 'pending', ['refund-failed']]])
  })

  test('an admin completes or confirms; the nights follow', () => {
    expect(bookingMayChange('confirmed', 'completed', 'admin')).toBe(true)
    expect(bookingMayChange('completed', 'confirmed', 'admin')).toBe(true)
    expect(bookingMayChange('confirmed', 'pending', 'admin')).toBe(false)
    for (const from of ['pending', 'scheduled'] as const) expect(nightMayChange(from, 'completed', 'admin')).toBe(true)
    for (const from of ['pending', 'completed'] as const) expect(nightMayChange(from, 'scheduled', 'admin')).toBe(true)
    expect(nightMayChange('cancelled', 'scheduled', 'admin')).toBe(false)
  })

  test('a parent cancels a night that is booked, never one already cancelled or worked', () => {
    expect(nightStatusesBefore('cancelled', 'parent-cancel').sort()).toEqual(['pending', 'scheduled'])
  })

  test('every row of the tables names known statuses, with no row twice', () => {
    for (const [from, to, causes] of BOOKING_TRANSITIONS) {
      expect(BOOKING_STATUSES).toContain(from)
      expect(BOOKING_STATUSES).toContain(to)
      expect(from).not.toBe(to)
      expect(causes.length).toBeGreaterThan(0)
    }
    for (const [from, to] of NIGHT_TRANSITIONS) {
      expect(NIGHT_STATUSES).toContain(from)
      expect(NIGHT_STATUSES).toContain(to)
      expect(from).not.toBe(to)
    }
    const keys = [...BOOKING_TRANSITIONS, ...NIGHT_TRANSITIONS].map(([from, to]) => `${from}>${to}`)
    expect(new Set(BOOKING_TRANSITIONS.map(([f, t]) => `${f}>${t}`)).size).toBe(BOOKING_TRANSITIONS.length)
    expect(keys.length).toBeGreaterThan(0)
  })

  test('a change outside the tables is a bug and throws', () => {
    expect(() => assertBookingChange('completed', 'pending', 'admin')).toThrow(TransitionRefused)
    expect(() => assertBookingChange('pending', 'confirmed', 'payment')).not.toThrow()
  })
})

describe('the named sets every other rule asks', () => {
  test('a paid booking is confirmed or completed: never one waiting for payment or cancelled', () => {
    expect(BOOKING_STATUSES.filter(isPaidBooking)).toEqual(['confirmed', 'completed'])
    expect(PAID_BOOKING_STATUSES).toEqual(['confirmed', 'completed'])
  })

  test('a worked night is a booked one or a completed one; an unpaid, cancelled or no-show night is not', () => {
    expect(NIGHT_STATUSES.filter(isBookedNight)).toEqual([...BOOKED_NIGHT_STATUSES])
    expect(NIGHT_STATUSES.filter(isWorkedNight)).toEqual([...WORKED_NIGHT_STATUSES])
    for (const status of ['pending', 'cancelled', 'no_show']) expect(isWorkedNight(status), status).toBe(false)
    expect(isWorkedNight('completed')).toBe(true)
    expect(isWorkedNight('anything else')).toBe(false)
  })

  test('worked or cancelled adds the cancelled night to the worked ones; a live night is any night not cancelled', () => {
    expect(NIGHT_STATUSES.filter(isWorkedOrCancelledNight).sort()).toEqual([...WORKED_NIGHT_STATUSES, 'cancelled'].sort())
    expect(WORKED_OR_CANCELLED_NIGHT_STATUSES).not.toContain('pending')
    expect(NIGHT_STATUSES.filter(isLiveNight)).toEqual(NIGHT_STATUSES.filter((status) => status !== 'cancelled'))
    expect(LIVE_NIGHT_STATUSES).toContain('pending')
  })

  test("an admin's completing or confirming moves exactly the nights the table lets it", () => {
    expect(nightStatusesBefore('completed', 'admin').sort()).toEqual(['pending', ...BOOKED_NIGHT_STATUSES].sort())
    expect(nightStatusesBefore('scheduled', 'admin').sort()).toEqual(['completed', 'pending'])
  })

  test("the statuses are the database's enums", () => {
    expect([...BOOKING_STATUSES].sort()).toEqual([...bookingStatusEnum.enumValues].sort())
    expect([...NIGHT_STATUSES, ...RETIRED_NIGHT_STATUSES].sort()).toEqual([...occurrenceStatusEnum.enumValues].sort())
  })

  test("no change leads a night to a retired status ('confirmed', 'no_show'), nor away from one", () => {
    for (const [from, to] of NIGHT_TRANSITIONS) {
      expect(RETIRED_NIGHT_STATUSES).not.toContain(from)
      expect(RETIRED_NIGHT_STATUSES).not.toContain(to)
    }
    for (const status of RETIRED_NIGHT_STATUSES) {
      expect(isNightStatus(status)).toBe(false)
      expect(isWorkedNight(status) || isLiveNight(status) || isWorkedOrCancelledNight(status)).toBe(false)
    }
  })
})
