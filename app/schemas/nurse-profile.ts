// The nurse's own profile and availability (docs/product-texts.md). The /_api calls take cents and
// JSON lists; the dashboard's forms take dollars and form fields. Both give the same input to
// app/domain/nurse-profile.server.ts.
import { z } from 'zod'
import { MIN_ABOVE_MAX_HOURS, OWN_PHOTO_MESSAGE, splitList } from '../domain/nurses/nurse-profile'
import { dollarsToCents } from '../domain/bookings/pricing'
import { TIME_PATTERN } from '../domain/time/shift-times'
import { MAX_SERVICE_RADIUS_MILES } from '../domain/places/geo'
import {
  babyCount,
  calendarDate,
  extraBabyCents,
  extraBabyDollars,
  MAX_BABIES_MESSAGE,
  multilineText,
  nightlyRateCents,
  nightlyRateDollars,
  text,
} from './fields'
const RATE_MESSAGE = 'Nightly rate must be positive'
const PHOTO_URL_MESSAGE = 'Photo URL must be a valid URL'
const HOURS_MESSAGE = 'Hours must be between 1 and 24'

/** Form fields arrive as strings; a blank one is absent. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

const optionalText = (label: string, max: number, { multiline = false } = {}) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    (multiline ? multilineText(max, { label }) : text(max, { label })).nullable().optional(),
  )

function wholeNumber(message: string, min: number, max: number) {
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message),
  )
}

const listOf = (label: string) =>
  z.array(text(60, { tooLong: `Each ${label} must be at most 60 characters` }).min(1)).max(20, `At most 20 ${label}s`)

const profileFields = {
  // Her name on her account; once she is approved a new one waits for an admin (docs/decisions/0063).
  // Left out (a blank form field arrives absent), it keeps its value.
  displayName: text(100, { error: 'Name is required', label: 'Name' }).min(1, 'Name is required').optional(),
  headline: optionalText('Headline', 100),
  bio: optionalText('Bio', 2000, { multiline: true }),
  baseLocation: text(100, { error: 'Base location is required', label: 'Base location' }).min(1, 'Base location is required'),
  serviceRadiusMiles: wholeNumber('Service radius must be between 0 and 200 miles', 0, MAX_SERVICE_RADIUS_MILES),
  minHours: wholeNumber(HOURS_MESSAGE, 1, 24),
  maxHours: wholeNumber(HOURS_MESSAGE, 1, 24),
  yearsExperience: wholeNumber('Years of experience must be between 0 and 50', 0, 50),
}

function hoursInOrder(value: { minHours?: number; maxHours?: number }) {
  return value.minHours === undefined || value.maxHours === undefined || value.minHours <= value.maxHours
}

/**
 * POST /_api/nurses/profile: the editable fields. A field left out keeps its value
 * (baseLocation is always required); verificationStatus is accepted and ignored, because only an
 * admin changes it.
 */
export const NurseProfileSchema = z
  .object({
    ...profileFields,
    serviceRadiusMiles: profileFields.serviceRadiusMiles.optional(),
    minHours: profileFields.minHours.optional(),
    maxHours: profileFields.maxHours.optional(),
    yearsExperience: profileFields.yearsExperience.optional(),
    nightlyRateCents: nightlyRateCents(RATE_MESSAGE).optional(),
    // Twins and triplets (issue 36): the most babies a night she takes, and her extra per night
    // for each after the first (it counts only when she takes more than one).
    maxBabies: babyCount(MAX_BABIES_MESSAGE).optional(),
    extraBabyCents: extraBabyCents().optional(),
    credentials: listOf('credential').optional(),
    specialties: listOf('specialty').optional(),
    languages: listOf('language').optional(),
    // Only a path on this site; the domain then accepts one of her own uploaded photos (issue 10).
    photoUrl: text(2000, { error: PHOTO_URL_MESSAGE, tooLong: PHOTO_URL_MESSAGE })
      .refine((value) => /^(https?:\/\/|\/)/i.test(value), PHOTO_URL_MESSAGE)
      .refine((value) => value.startsWith('/') && !value.startsWith('//'), OWN_PHOTO_MESSAGE)
      .nullable()
      .optional(),
    instantBook: z.boolean({ error: 'Instant book must be true or false' }).optional(),
    verificationStatus: z.enum(['none', 'pending', 'approved', 'rejected']).optional(),
  })
  .refine(hoursInOrder, { path: ['maxHours'], error: MIN_ABOVE_MAX_HOURS })
  .transform(({ verificationStatus: _ignored, ...input }) => input)
export type NurseProfileInput = z.infer<typeof NurseProfileSchema>

/** A checkbox group: none ticked is absent, one ticked is a string, several an array. */
const checkedValues = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(text(60)),
)

/** The dashboard's Profile tab: the rate in dollars, languages as a comma list. */
export const NurseProfileFormSchema = z
  .object({
    ...profileFields,
    nightlyRate: nightlyRateDollars(RATE_MESSAGE),
    maxBabies: babyCount(MAX_BABIES_MESSAGE).optional(),
    extraBaby: extraBabyDollars(),
    credentials: checkedValues,
    specialties: checkedValues,
    // Conform sends an empty field as absent, and zod 4 does not run preprocess on a missing key.
    languages: text(300, { label: 'Languages' }).optional(),
    instantBook: z.preprocess((value) => value === 'on' || value === 'true', z.boolean()),
  })
  .refine(hoursInOrder, { path: ['maxHours'], error: MIN_ABOVE_MAX_HOURS })
  .transform(({ nightlyRate, extraBaby, languages, ...input }): NurseProfileInput => ({
    ...input,
    nightlyRateCents: dollarsToCents(nightlyRate),
    extraBabyCents: extraBaby,
    languages: splitList(languages ?? ''),
  }))

const time = z.string({ error: 'Invalid time format' }).regex(TIME_PATTERN, 'Invalid time format')
const dateList = z
  .array(calendarDate('Invalid date'), { error: 'Dates must be a list of dates' })
  .max(400, 'Too many dates')

/** POST /_api/nurses/availability-dates {dates, defaultStartTime, defaultEndTime, nightlyRate (cents)} */
export const PublishAvailabilitySchema = z.object({
  dates: dateList,
  defaultStartTime: time,
  defaultEndTime: time,
  nightlyRate: nightlyRateCents(RATE_MESSAGE),
})
export type PublishAvailabilityInput = z.infer<typeof PublishAvailabilitySchema>

/** The Availability tab: ticked or picked dates named `dates`, the rate in dollars. */
export const PublishAvailabilityFormSchema = z
  .object({
    dates: z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), dateList),
    defaultStartTime: time,
    defaultEndTime: time,
    nightlyRate: nightlyRateDollars(RATE_MESSAGE),
  })
  .transform(({ nightlyRate, ...input }): PublishAvailabilityInput => ({ ...input, nightlyRate: dollarsToCents(nightlyRate) }))

/** POST /_api/nurses/availability-dates/clear: an empty object. */
export const ClearAvailabilitySchema = z.object({})

/** The dashboard's tabs and the Clear All confirmation step, as search params. */
export const NurseDashboardQuerySchema = z.object({
  tab: z.enum(['availability', 'bookings', 'profile']).catch('availability'),
  confirm: z.literal('clear').optional().catch(undefined),
})
export type NurseDashboardTab = z.infer<typeof NurseDashboardQuerySchema>['tab']

export const NurseDashboardIntentSchema = z.enum(
  ['publish', 'clear', 'profile', 'connect-test-payout', 'start-payout-onboarding'],
  { error: 'Unknown action' },
)
/** The dashboard's forms as parseForm reads them: each names its intent. */
export const NurseDashboardFormIntentSchema = z.object({ intent: NurseDashboardIntentSchema })

const DATE_MESSAGE = 'Choose a date'
const day = calendarDate(DATE_MESSAGE)
const LAST_BEFORE_FIRST = { message: 'The last date must be on or after the first', path: ['to'] }

/** The weekly pattern form (issue 17): weekdays between two dates, at one time; it has no rate (issue 38: one rate per nurse). */
export const WeeklyPatternFormSchema = z
  .object({
    intent: z.literal('pattern'),
    from: day,
    to: day,
    weekdays: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z
        .array(z.union([z.number(), z.string().regex(/^[0-6]$/).transform(Number)]), { error: 'Choose at least one weekday' })
        .min(1, 'Choose at least one weekday')
        .max(7),
    ),
    defaultStartTime: time,
    defaultEndTime: time,
  })
  .refine((value) => value.from <= value.to, LAST_BEFORE_FIRST)

/** The time off form (issue 17): the open nights between two dates are unpublished. */
export const TimeOffFormSchema = z
  .object({ intent: z.literal('time-off'), from: day, to: day })
  .refine((value) => value.from <= value.to, LAST_BEFORE_FIRST)

export const NOTICE_HOUR_OPTIONS = [0, 12, 24, 48, 72] as const

/** The nurse's booking limits (issue 17): minimum notice in hours, and nights a week (blank: no limit). */
export const BookingLimitsFormSchema = z.object({
  intent: z.literal('limits'),
  minNoticeHours: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: 'Choose the notice you need' })
    .pipe(z.number().refine((value) => (NOTICE_HOUR_OPTIONS as readonly number[]).includes(value), 'Choose the notice you need')),
  maxNightsPerWeek: z.preprocess(
    blankToUndefined,
    z
      .union([z.number(), z.string().regex(/^\d+$/, 'Nights a week must be 1 to 7').transform(Number)])
      .pipe(z.number().int().min(1, 'Nights a week must be 1 to 7').max(7, 'Nights a week must be 1 to 7'))
      .optional(),
  ),
})
