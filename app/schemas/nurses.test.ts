import { describe, expect, test } from 'vitest'
import { FeaturedListParamsSchema, NurseSlugParamsSchema, SearchPageQuerySchema, SearchParamsSchema } from './nurses'

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error!.issues[0].message
}

describe('search parameters', () => {
  test('defaults to the first 12, and empty fields mean no filter', () => {
    expect(SearchParamsSchema.parse({ location: '', minRate: '' })).toEqual({ limit: 12, offset: 0 })
  })

  test.each([
    [{ limit: '0' }, 'Limit must be between 1 and 100'],
    [{ limit: '101' }, 'Limit must be between 1 and 100'],
    [{ limit: '2.5' }, 'Limit must be a whole number'],
    [{ limit: 'ten' }, 'Limit must be a whole number'],
    [{ offset: '-1' }, 'Offset must be 0 or more'],
    // Past the last offset there is, and past what a whole number can hold: too large, not 'not a number'.
    [{ offset: '1000001' }, 'Offset is too large'],
    [{ offset: '99999999999999' }, 'Offset is too large'],
    [{ offset: '9999999999999999999999' }, 'Offset is too large'],
    [{ limit: '9999999999999999999999' }, 'Limit must be between 1 and 100'],
    [{ minRate: '-5' }, 'Minimum rate must be 0 or more'],
    [{ maxRate: '-1' }, 'Maximum rate must be 0 or more'],
    [{ minYearsExperience: '-2' }, 'Minimum years of experience must be 0 or more'],
  ])('%j is refused with "%s"', (input, message) => {
    expect(firstMessage(SearchParamsSchema.safeParse(input))).toBe(message)
  })

  test("'RN or LPN only' reads licensed=1 (or true, on); 0, false or nothing is every nurse; anything else is refused", () => {
    for (const value of ['1', 'true', 'on']) expect(SearchParamsSchema.parse({ licensed: value }).licensed).toBe(true)
    for (const value of ['0', 'false']) expect(SearchParamsSchema.parse({ licensed: value }).licensed).toBe(false)
    expect(SearchParamsSchema.parse({ licensed: '' }).licensed).toBeUndefined()
    expect(firstMessage(SearchParamsSchema.safeParse({ licensed: 'yes please' }))).toBe("'RN or LPN only' (licensed) must be 1 or 0")
    expect(firstMessage(SearchPageQuerySchema.safeParse({ licensed: '2' }))).toBe("'RN or LPN only' (licensed) must be 1 or 0")
  })

  test("the search page's own page number past the end is too large, whatever its size", () => {
    for (const page of ['10001', '9999999999999999999999']) expect(firstMessage(SearchPageQuerySchema.safeParse({ page }))).toBe('Page is too large')
    expect(firstMessage(SearchPageQuerySchema.safeParse({ page: '2.5' }))).toBe('Page must be a whole number')
    expect(firstMessage(SearchPageQuerySchema.safeParse({ babies: '4' }))).toBe('The number of babies must be 2 (twins) or 3 (triplets)')
  })

  test('the bounds themselves are accepted', () => {
    expect(SearchParamsSchema.parse({ limit: '100', offset: '0', minRate: '0', maxRate: '0', minYearsExperience: '0' })).toEqual({
      limit: 100,
      offset: 0,
      minRate: 0,
      maxRate: 0,
      minYearsExperience: 0,
    })
  })

  test('the featured list takes 1 to 20', () => {
    expect(firstMessage(FeaturedListParamsSchema.safeParse({ limit: '21' }))).toBe('Limit must be between 1 and 20')
    expect(firstMessage(FeaturedListParamsSchema.safeParse({ limit: '0' }))).toBe('Limit must be between 1 and 20')
    expect(FeaturedListParamsSchema.parse({ limit: '20' })).toEqual({ limit: 20 })
  })

  test('a slug is required', () => {
    expect(firstMessage(NurseSlugParamsSchema.safeParse({}))).toBe('Slug is required')
    expect(firstMessage(NurseSlugParamsSchema.safeParse({ slug: '  ' }))).toBe('Slug is required')
  })

  test('the search page takes whole or decimal dollars and a page from 1', () => {
    expect(SearchPageQuerySchema.parse({ minRate: '250', maxRate: '399.50', page: '2' })).toMatchObject({
      minRate: 250,
      maxRate: 399.5,
      page: 2,
    })
    expect(firstMessage(SearchPageQuerySchema.safeParse({ page: '0' }))).toBe('Page must be 1 or more')
  })
})
