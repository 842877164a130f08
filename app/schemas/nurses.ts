// The nurses calls' query strings and the /search page's filter form (limit 1-100,
// offset at least 0, minRate, maxRate, minYearsExperience at least 0, licensed, featured limit 1-20).
// One schema per input, shared by the /_api call, the page loader and the tests.
import { z } from 'zod'
import { MAX_SEARCH_NIGHTS, requestedDates, searchableFrom, WEEKDAYS, type WantedNights, type Weekday } from '../domain/nurses/night-search'
import { calendarDate, isCalendarDate, text } from './fields'

/** Query strings carry '' for an empty field: treat it as absent. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/**
 * A whole number in a range, from a query string. The range is checked before the whole number, so
 * a number past the end (9999999999999999999999, which is also past what a whole number can hold)
 * is told it is too large, not that it is not a whole number.
 */
function wholeNumber(label: string, range: { min: number; max: number; message: string; tooLarge?: string }) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a whole number` })
      .min(range.min, range.message)
      .max(range.max, range.tooLarge ?? range.message)
      .int(`${label} must be a whole number`),
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

/**
 * 'RN or LPN only' (docs/decisions/0064): the form's checkbox sends licensed=1; 'true' and 'on' are
 * read the same, 0, false or nothing mean every nurse.
 */
const LICENSED_MESSAGE = "'RN or LPN only' (licensed) must be 1 or 0"
const licensedFlag = z.preprocess(
  blankToUndefined,
  z
    .enum(['1', 'true', 'on', '0', 'false'], { error: LICENSED_MESSAGE })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === '1' || value === 'true' || value === 'on')),
)

/**
 * 'Twins' and 'Triplets' (issue 36): babies=2 finds nurses who take twins, babies=3 those who take
 * triplets; blank or 1 means every nurse. A GET field, kept by page links like licensed.
 */
const babiesFilter = z.preprocess(
  blankToUndefined,
  z
    .enum(['1', '2', '3'], { error: 'The number of babies must be 2 (twins) or 3 (triplets)' })
    .optional()
    .transform((value) => (value === '2' || value === '3' ? Number(value) : undefined)),
)

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    text(max, { label }).optional(),
  )

// Cents: a million dollars a night is past any real rate and far inside a Postgres integer.
const MAX_RATE_CENTS = 100_000_000

export const NIGHTS_MESSAGES = {
  from: 'First night must be a date (YYYY-MM-DD)',
  to: 'Last night must be a date (YYYY-MM-DD)',
  fromRequired: 'Choose the first night too',
  past: "The first night can't be in the past",
  order: "The last night can't be before the first",
  tooMany: `Search up to ${MAX_SEARCH_NIGHTS} nights at a time`,
  weekdays: 'Weekdays must be among mon, tue, wed, thu, fri, sat and sun',
  noneOnWeekdays: 'None of these nights falls on the weekdays you chose',
  nightsPerWeek: 'Nights per week must be between 1 and 7',
} as const

const optionalDate = (message: string) => z.preprocess(blankToUndefined, calendarDate(message).optional())

/** 'mon,fri' (the call) or the form's checkboxes joined the same way; '' is every night. */
const weekdaysField = z.preprocess(
  (value) => (Array.isArray(value) ? value.join(',') : value),
  z
    .string({ error: NIGHTS_MESSAGES.weekdays })
    .max(100, NIGHTS_MESSAGES.weekdays)
    .optional()
    .transform((value, context) => {
      const days = (value ?? '')
        .split(',')
        .map((day) => day.trim().toLowerCase())
        .filter(Boolean)
      if (days.some((day) => !(WEEKDAYS as readonly string[]).includes(day))) {
        context.addIssue({ code: 'custom', message: NIGHTS_MESSAGES.weekdays })
        return z.NEVER
      }
      return WEEKDAYS.filter((day) => days.includes(day)) as Weekday[]
    }),
)

/** The nights searched for (issue 17): from, to (the first night when absent), weekdays, nightsPerWeek. */
const nightsFields = {
  from: optionalDate(NIGHTS_MESSAGES.from),
  to: optionalDate(NIGHTS_MESSAGES.to),
  weekdays: weekdaysField,
  nightsPerWeek: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: NIGHTS_MESSAGES.nightsPerWeek })
      .int(NIGHTS_MESSAGES.nightsPerWeek)
      .min(1, NIGHTS_MESSAGES.nightsPerWeek)
      .max(7, NIGHTS_MESSAGES.nightsPerWeek)
      .optional(),
  ),
}

type NightsInput = { from?: string; to?: string; weekdays: Weekday[]; nightsPerWeek?: number }

/** The cross-field rules of the nights, judged at `now`. */
function checkNights(input: NightsInput, context: z.RefinementCtx, now = new Date()) {
  // A date already refused by its own field has nothing more to check.
  if ((input.from && !isCalendarDate(input.from)) || (input.to && !isCalendarDate(input.to))) return
  if (!input.from) {
    // Weekdays or nights a week alone say which nights of a range that is missing.
    if (input.to || input.weekdays.length > 0 || input.nightsPerWeek) {
      context.addIssue({ code: 'custom', path: ['from'], message: NIGHTS_MESSAGES.fromRequired })
    }
    return
  }
  const to = input.to ?? input.from
  if (input.from < searchableFrom(now)) context.addIssue({ code: 'custom', path: ['from'], message: NIGHTS_MESSAGES.past })
  else if (to < input.from) context.addIssue({ code: 'custom', path: ['to'], message: NIGHTS_MESSAGES.order })
  else if (requestedDates({ from: input.from, to, weekdays: [] }).length > MAX_SEARCH_NIGHTS) {
    context.addIssue({ code: 'custom', path: ['to'], message: NIGHTS_MESSAGES.tooMany })
  } else if (requestedDates({ from: input.from, to, weekdays: input.weekdays }).length === 0) {
    context.addIssue({ code: 'custom', path: ['weekdays'], message: NIGHTS_MESSAGES.noneOnWeekdays })
  }
}

/** The nights asked for, or undefined when no date was given (weekdays alone mean nothing). */
function wantedNights<T extends NightsInput>({ from, to, weekdays, nightsPerWeek, ...rest }: T) {
  const nights: WantedNights | undefined = from ? { from, to: to ?? from, weekdays, nightsPerWeek } : undefined
  return { ...rest, nights }
}

/** GET /_api/nurses/search and the city pages' nurse search. Rates are cents. */
export const SearchParamsSchema = z
  .object({
    ...nightsFields,
    location: optionalText('Location', 100),
    minRate: optionalWholeNumber('Minimum rate', 'Minimum rate must be 0 or more', MAX_RATE_CENTS),
    maxRate: optionalWholeNumber('Maximum rate', 'Maximum rate must be 0 or more', MAX_RATE_CENTS),
    minYearsExperience: optionalWholeNumber(
      'Minimum years of experience',
      'Minimum years of experience must be 0 or more',
      100,
    ),
    licensed: licensedFlag,
    babies: babiesFilter,
    limit: wholeNumber('Limit', { min: 1, max: 100, message: 'Limit must be between 1 and 100' }).default(12),
    offset: wholeNumber('Offset', { min: 0, max: 1_000_000, message: 'Offset must be 0 or more', tooLarge: 'Offset is too large' }).default(0),
  })
  .superRefine((input, context) => checkNights(input, context))
  .transform(wantedNights)
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
export const SearchPageQuerySchema = z
  .object({
    ...nightsFields,
    location: optionalText('Location', 100),
    city: optionalText('City', 100),
    minRate: optionalDollars('Minimum rate'),
    maxRate: optionalDollars('Maximum rate'),
    minYearsExperience: optionalWholeNumber(
      'Minimum years of experience',
      'Minimum years of experience must be 0 or more',
      100,
    ),
    licensed: licensedFlag,
    babies: babiesFilter,
    page: wholeNumber('Page', { min: 1, max: 10_000, message: 'Page must be 1 or more', tooLarge: 'Page is too large' }).default(1),
  })
  .superRefine((input, context) => checkNights(input, context))
  .transform(wantedNights)
export type SearchPageQuery = z.infer<typeof SearchPageQuerySchema>

/** The nights alone: the city pages' and the profile's query strings (a city page also takes 'Twins'). */
export const WantedNightsQuerySchema = z
  .object({ ...nightsFields, babies: babiesFilter })
  .superRefine((input, context) => checkNights(input, context))
  .transform(wantedNights)

/** A query string as the schemas read it: the form's weekday checkboxes (repeated) joined by commas. */
export function searchQueryInput(searchParams: URLSearchParams): Record<string, string> {
  const input = Object.fromEntries(searchParams)
  const weekdays = searchParams.getAll('weekdays')
  if (weekdays.length > 1) input.weekdays = weekdays.join(',')
  return input
}
