// One field for every date a schema takes (issue 33 point 8, docs/decisions/0043): a real calendar
// date, yyyy-MM-dd, in the years 2000 to 2100. Anything else is the field's own message, never a 500.
import { describe, expect, test } from 'vitest'
import { BookingNightSchema } from './booking'
import { calendarDate, FIRST_DATE_YEAR, LAST_DATE_YEAR } from './fields'
import { PublishAvailabilityFormSchema, TimeOffFormSchema } from './nurse-profile'
import { WantedNightsQuerySchema } from './nurses'
import { MoveNightSchema } from './parent-bookings'

const field = calendarDate('Choose a real date')

describe('calendarDate', () => {
  test.each(['2027-02-28', '2028-02-29', '2000-01-01', '2100-12-31', ' 2027-03-01 '])('%s is a date', (value) => {
    expect(field.safeParse(value)).toMatchObject({ success: true, data: value.trim() })
  })

  test.each([
    '2027-02-30', '2027-02-29', '2027-04-31', '2027-13-01', '2027-00-10', '2027-01-00', '0000-01-01', '1999-12-31',
    '2101-01-01', '9999-12-31', '27-02-01', '2027-2-1', '2027-02-01T00:00', '2027/02/01', '', '2027-02-01\u0000',
  ])('%j is refused with the field’s message', (value) => {
    const parsed = field.safeParse(value)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe('Choose a real date')
  })

  test('a number, null or a list is refused with the message too', () => {
    for (const value of [20270201, null, ['2027-02-01'], {}]) {
      expect(field.safeParse(value).error?.issues[0]?.message).toBe('Choose a real date')
    }
  })

  test('the range is 2000 to 2100', () => {
    expect([FIRST_DATE_YEAR, LAST_DATE_YEAR]).toEqual([2000, 2100])
  })
})

describe('every schema that takes a date refuses one that does not exist', () => {
  test.each([
    ['moving a night', () => MoveNightSchema.safeParse({ bookingId: 1, occurrenceId: 1, date: '2027-02-30' })],
    ['a booked night', () => BookingNightSchema.safeParse({ date: '0000-01-01', startTimeLocal: '22:00', endTimeLocal: '06:00' })],
    ['publishing nights', () => PublishAvailabilityFormSchema.safeParse({ dates: ['9999-12-31'], defaultStartTime: '22:00', defaultEndTime: '06:00', nightlyRate: '30' })],
    ['time off', () => TimeOffFormSchema.safeParse({ intent: 'time-off', from: '0000-01-01', to: '2027-01-01' })],
    ['a search by nights', () => WantedNightsQuerySchema.safeParse({ from: '9999-01-01' })],
  ])('%s', (_, parse) => {
    expect(parse().success).toBe(false)
  })
})
