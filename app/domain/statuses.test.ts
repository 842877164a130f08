import { describe, expect, test } from 'vitest'
import {
  bookingStatus,
  nightStatus,
  nightStatusForNurse,
  paymentStatus,
  verificationForAdmin,
  verificationForNurse,
} from './statuses'

describe('one set of words and tones for every status', () => {
  test("bookings and nights use the product's statuses, and anything else is Unknown", () => {
    expect(['pending', 'confirmed', 'completed', 'cancelled'].map((s) => bookingStatus(s).label)).toEqual([
      'Pending',
      'Confirmed',
      'Completed',
      'Cancelled',
    ])
    expect(['scheduled', 'pending', 'completed', 'cancelled'].map((s) => nightStatus(s).label)).toEqual([
      'Scheduled',
      'Pending',
      'Completed',
      'Cancelled',
    ])
    // Retired: kept in the database's enum, never written (docs/decisions/0052).
    expect(nightStatus('confirmed').label).toBe('Unknown')
    expect(nightStatus('no_show').label).toBe('Unknown')
    expect(bookingStatus('archived')).toEqual({ label: 'Unknown', tone: 'neutral' })
    expect(nightStatus('toString').label).toBe('Unknown')
  })

  test('a completed booking, night or payment reads the same way everywhere', () => {
    expect(bookingStatus('completed').tone).toBe('good')
    expect(nightStatus('completed').tone).toBe('good')
    expect(paymentStatus('succeeded').tone).toBe('good')
  })

  test("a nurse's nights: awaiting payment, confirmed, and worked once ended", () => {
    expect(nightStatusForNurse('pending', { ended: false }).label).toBe('Awaiting payment')
    expect(nightStatusForNurse('scheduled', { ended: false }).label).toBe('Confirmed')
    expect(nightStatusForNurse('scheduled', { ended: true }).label).toBe('Completed')
    expect(nightStatusForNurse('cancelled', { ended: true }).label).toBe('Cancelled')
  })

  test('payments and verification, named for each reader', () => {
    expect(paymentStatus('canceled').label).toBe('Unknown')
    expect(verificationForAdmin('approved').label).toBe('Active')
    expect(verificationForAdmin('rejected').label).toBe('Suspended')
    expect(verificationForAdmin('none').label).toBe('Pending')
    expect(verificationForNurse('approved').label).toBe('Verified')
    expect(verificationForNurse('pending').label).toBe('Pending Review')
    expect(verificationForNurse('rejected').label).toBe('Not Verified')
  })
})
