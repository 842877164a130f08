// Twins and triplets (issue 36): the nurse's settings and the booking's babies, read by one schema
// each, with messages a person can act on.
import { describe, expect, test } from 'vitest'
import { BookingDatesSchema, BookingRequestSchema } from './booking'
import { BABIES_MESSAGE, EXTRA_BABY_MESSAGE, MAX_BABIES_MESSAGE } from './fields'
import { NurseProfileFormSchema, NurseProfileSchema } from './nurse-profile'
import { SearchPageQuerySchema, SearchParamsSchema } from './nurses'

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message)

const form = {
  baseLocation: 'Boston, MA',
  nightlyRate: '300',
  serviceRadiusMiles: '20',
  minHours: '8',
  maxHours: '12',
  yearsExperience: '5',
  credentials: [],
  specialties: [],
  instantBook: '',
}

describe("the nurse's twins settings", () => {
  test('the form takes whether she takes twins or triplets, and her extra in dollars as cents', () => {
    expect(NurseProfileFormSchema.parse({ ...form, maxBabies: '3', extraBaby: '75.50' })).toMatchObject({ maxBabies: 3, extraBabyCents: 7550 })
    // Left blank, the extra is $0.
    expect(NurseProfileFormSchema.parse({ ...form, maxBabies: '2' })).toMatchObject({ maxBabies: 2, extraBabyCents: 0 })
  })

  test.each([['10000.01'], ['-5'], ['1e2'], ['0.001'], ['$80']])('the extra %s is refused with its message', (extraBaby) => {
    expect(messages(NurseProfileFormSchema.safeParse({ ...form, maxBabies: '2', extraBaby }))).toContain(EXTRA_BABY_MESSAGE)
  })

  test('the API takes whole cents up to $10,000 and one to three babies', () => {
    expect(NurseProfileSchema.parse({ baseLocation: 'Boston', maxBabies: 2, extraBabyCents: 1_000_000 })).toMatchObject({ maxBabies: 2 })
    expect(messages(NurseProfileSchema.safeParse({ baseLocation: 'Boston', extraBabyCents: 1_000_001 }))).toContain(EXTRA_BABY_MESSAGE)
    expect(messages(NurseProfileSchema.safeParse({ baseLocation: 'Boston', maxBabies: 4 }))).toContain(MAX_BABIES_MESSAGE)
  })
})

describe('how many babies a booking is for', () => {
  const payload = {
    nurseId: 3,
    occurrences: [{ date: '2030-03-04', startTimeLocal: '22:00', endTimeLocal: '06:00' }],
    addressText: '12 Beacon Street',
  }
  test('1 when absent, 2 or 3 as asked, nothing else', () => {
    expect(BookingRequestSchema.parse(payload).babies).toBe(1)
    expect(BookingRequestSchema.parse({ ...payload, babies: 2 }).babies).toBe(2)
    expect(messages(BookingRequestSchema.safeParse({ ...payload, babies: 0 }))).toEqual([BABIES_MESSAGE])
    expect(messages(BookingRequestSchema.safeParse({ ...payload, babies: 1.5 }))).toEqual([BABIES_MESSAGE])
    expect(BookingDatesSchema.parse({ nights: payload.occurrences, babies: '3' }).babies).toBe(3)
  })
})

describe("the 'Twins' filter of search", () => {
  test('babies=2 is twins, 3 triplets, blank or 1 every nurse', () => {
    expect(SearchParamsSchema.parse({ babies: '2' }).babies).toBe(2)
    expect(SearchPageQuerySchema.parse({ babies: '3' }).babies).toBe(3)
    expect(SearchPageQuerySchema.parse({ babies: '' }).babies).toBeUndefined()
    expect(SearchPageQuerySchema.parse({ babies: '1' }).babies).toBeUndefined()
    expect(SearchPageQuerySchema.safeParse({ babies: 'lots' }).success).toBe(false)
  })
})
