// The nurses calls' query strings and the /search page's filter form (spec 000 §5: limit 1-100,
// offset at least 0, minRate, maxRate, minYearsExperience at least 0, featured limit 1-20).
// One schema per input, shared by the /_api call, the page loader and the tests (STYLE.md).
import { z } from 'zod'
import { text } from './fields'

/** Query strings carry '' for an empty field: treat it as absent. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

function wholeNumber(label: string, range: { min: number; max: number; message: string }) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(range.min, range.message)
      .max(range.max, range.message),
  )
}

function optionalWholeNumber(label: string, message: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(0, message)
      .max(max, `${label} is too large`)
      .optional(),
  )
}

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    text(max, { label }).optional(),
  )

// Cents: a million dollars a night is past any real rate and far inside a Postgres integer.
const MAX_RATE_CENTS = 100_000_000

/** GET /_api/nurses/search and the city pages' nurse search. Rates are cents. */
export const SearchParamsSchema = z.object({
  location: optionalText('Location', 100),
  minRate: optionalWholeNumber('Minimum rate', 'Minimum rate must be 0 or more', MAX_RATE_CENTS),
  maxRate: optionalWholeNumber('Maximum rate', 'Maximum rate must be 0 or more', MAX_RATE_CENTS),
  minYearsExperience: optionalWholeNumber(
    'Minimum years of experience',
    'Minimum years of experience must be 0 or more',
    100,
  ),
  limit: wholeNumber('Limit', { min: 1, max: 100, message: 'Limit must be between 1 and 100' }).default(12),
  offset: wholeNumber('Offset', { min: 0, max: 1_000_000, message: 'Offset must be 0 or more' }).default(0),
})
export type SearchParams = z.infer<typeof SearchParamsSchema>

/** GET /_api/nurses/list: the featured nurses. */
export const FeaturedListParamsSchema = z.object({
  limit: wholeNumber('Limit', { min: 1, max: 20, message: 'Limit must be between 1 and 20' }).default(12),
})
export type FeaturedListParams = z.infer<typeof FeaturedListParamsSchema>

/** GET /_api/nurses/public-profile and /_api/nurses/availability. */
export const NurseSlugParamsSchema = z.object({
  slug: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    text(200, { error: 'Slug is required', tooLong: 'Slug is too long' }).min(1, 'Slug is required'),
  ),
})
export type NurseSlugParams = z.infer<typeof NurseSlugParamsSchema>

function optionalDollars(label: string) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(0, `${label} must be 0 or more`)
      .max(MAX_RATE_CENTS / 100, `${label} is too large`)
      .optional(),
  )
}

/**
 * The /search page's GET form: whole dollars a night (converted to cents by the loader), a city
 * from the city filter, and the page number of the plain 'Next page' link.
 */
export const SearchPageQuerySchema = z.object({
  location: optionalText('Location', 100),
  city: optionalText('City', 100),
  minRate: optionalDollars('Minimum rate'),
  maxRate: optionalDollars('Maximum rate'),
  minYearsExperience: optionalWholeNumber(
    'Minimum years of experience',
    'Minimum years of experience must be 0 or more',
    100,
  ),
  page: wholeNumber('Page', { min: 1, max: 10_000, message: 'Page must be 1 or more' }).default(1),
})
export type SearchPageQuery = z.infer<typeof SearchPageQuerySchema>
