import { describe, expect, test } from 'vitest'
import { BookingDatesSchema, BookingDetailsSchema, BookingNightSchema, BookingRequestSchema } from './booking'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0].message

describe('a booking night (a shift may run past midnight: docs/time.md)', () => {
  test('22:00 to 06:00 is valid: an earlier end ends the next morning', () => {
    expect(
      BookingNightSchema.safeParse({ date: '2030-03-04', startTimeLocal: '22:00', endTimeLocal: '06:00' }).success,
    ).toBe(true)
  })
  test.each([
    [{ startTimeLocal: '', endTimeLocal: '06:00' }, 'Start time is required'],
    [{ startTimeLocal: '22:00', endTimeLocal: '' }, 'End time is required'],
    [{ startTimeLocal: '22:00' }, 'End time is required'],
    [{ startTimeLocal: '22:00', endTimeLocal: '22:00' }, 'End time must be after start time'],
  ])('%j → "%s"', (times, message) => {
    expect(firstMessage(BookingNightSchema.safeParse({ date: '2030-03-04', ...times }))).toBe(message)
  })
})

describe('step 1', () => {
  const nights = [{ date: '2030-03-04', startTimeLocal: '22:00', endTimeLocal: '06:00' }]
  test('weekly repeat needs a positive whole number of weeks', () => {
    expect(firstMessage(BookingDatesSchema.safeParse({ nights, repeatWeekly: true }))).toBe(
      'Please specify the number of weeks.',
    )
    expect(firstMessage(BookingDatesSchema.safeParse({ nights, repeatWeekly: true, weeksCount: 0 }))).toBe(
      'Please specify the number of weeks.',
    )
    expect(firstMessage(BookingDatesSchema.safeParse({ nights, repeatWeekly: true, weeksCount: 1.5 }))).toBe(
      'Please specify the number of weeks.',
    )
    expect(BookingDatesSchema.safeParse({ nights, repeatWeekly: true, weeksCount: 4 }).success).toBe(true)
    expect(BookingDatesSchema.safeParse({ nights }).success).toBe(true)
  })
})

describe('step 2 details', () => {
  const valid = {
    fullName: 'Paula Parent',
    phone: '(617) 555-0101',
    address: '12 Beacon Street, Boston',
    acceptTerms: true,
  }
  test.each([
    [{ fullName: 'P' }, 'Full name is required'],
    [{ phone: '555-0101' }, 'A valid phone number is required'],
    [{ phone: 'call me maybe!' }, 'A valid phone number is required'],
    [{ address: 'Boston' }, 'A valid address is required'],
    [{ acceptTerms: false }, 'You must accept the terms and conditions to proceed.'],
    [{ acceptTerms: undefined }, 'You must accept the terms and conditions to proceed.'],
  ])('%j → "%s"', (override, message) => {
    expect(firstMessage(BookingDetailsSchema.safeParse({ ...valid, ...override }))).toBe(message)
  })
  test('notes are optional', () => {
    expect(BookingDetailsSchema.safeParse(valid).success).toBe(true)
  })
})

describe('the booking payload', () => {
  const payload = {
    nurseId: 3,
    occurrences: [{ date: '2030-03-04', startTimeLocal: '22:00', endTimeLocal: '06:00' }],
    addressText: '12 Beacon Street',
  }
  test('messages of docs/product-texts.md', () => {
    expect(firstMessage(BookingRequestSchema.safeParse({ ...payload, occurrences: [] }))).toBe(
      'At least one occurrence is required',
    )
    expect(firstMessage(BookingRequestSchema.safeParse({ ...payload, addressText: ' ' }))).toBe('Address is required')
  })
  test('amounts sent by a client are not part of the parsed booking', () => {
    const parsed = BookingRequestSchema.parse({ ...payload, totalAmountCents: 1, subtotalCents: 1 })
    expect(parsed).not.toHaveProperty('totalAmountCents')
    expect(parsed.pattern).toBe('one_time')
  })
})
