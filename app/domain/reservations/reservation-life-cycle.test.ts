import { describe, expect, test } from 'vitest'
import { canChangeDueDate, canChangeReservation, isLiveReservation, isShownReservation, RESERVATION_STATUSES, reservationStatusesBefore } from './reservation-life-cycle'

describe('the reservation life cycle', () => {
  test('a request is accepted, declined, lapses or is cancelled; an accepted one is cancelled or starts', () => {
    expect(canChangeReservation('requested', 'accepted', 'nurse-accept')).toBe(true)
    expect(canChangeReservation('requested', 'accepted', 'instant')).toBe(true)
    expect(canChangeReservation('requested', 'declined', 'nurse-decline')).toBe(true)
    expect(canChangeReservation('requested', 'lapsed', 'lapse')).toBe(true)
    expect(canChangeReservation('accepted', 'cancelled', 'parent-cancel')).toBe(true)
    expect(canChangeReservation('accepted', 'started', 'baby-home')).toBe(true)
  })

  test('nothing comes back from lapsed, declined or cancelled, and only a request lapses', () => {
    for (const from of ['lapsed', 'declined', 'cancelled'] as const) {
      for (const to of RESERVATION_STATUSES) {
        expect(canChangeReservation(from, to, 'nurse-accept') || canChangeReservation(from, to, 'parent-cancel')).toBe(false)
      }
    }
    expect(reservationStatusesBefore('lapsed', 'lapse')).toEqual(['requested'])
    expect(canChangeReservation('accepted', 'declined', 'nurse-decline')).toBe(false)
    expect(canChangeReservation('requested', 'accepted', 'parent-cancel')).toBe(false)
  })

  test('unpaid, requested and accepted reservations hold nights; the others do not', () => {
    expect(RESERVATION_STATUSES.filter(isLiveReservation)).toEqual(['unpaid', 'requested', 'accepted'])
  })

  test('an unpaid reservation only becomes a request once its deposit is paid, and is shown to nobody before', () => {
    expect(canChangeReservation('unpaid', 'requested', 'deposit-paid')).toBe(true)
    for (const to of RESERVATION_STATUSES) {
      if (to === 'requested') continue
      expect(canChangeReservation('unpaid', to, 'nurse-accept') || canChangeReservation('unpaid', to, 'parent-cancel') || canChangeReservation('unpaid', to, 'lapse')).toBe(false)
    }
    expect(isShownReservation('unpaid')).toBe(false)
    expect(isShownReservation('requested')).toBe(true)
    expect(canChangeDueDate('unpaid')).toBe(false)
    expect(canChangeDueDate('accepted')).toBe(true)
  })
})
