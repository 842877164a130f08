import { describe, expect, test } from 'vitest'
import { canChangeReservation, isLiveReservation, RESERVATION_STATUSES, reservationStatusesBefore } from './reservation-life-cycle'

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

  test('requested and accepted reservations hold nights; the others do not', () => {
    expect(RESERVATION_STATUSES.filter(isLiveReservation)).toEqual(['requested', 'accepted'])
  })
})
