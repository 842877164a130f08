// The building blocks every schema takes its text and ids from (docs/decisions/0015): text that
// PostgreSQL can store, and whole numbers that fit its `integer` columns. A field built from
// these answers 400 with its own message instead of reaching the database and failing there.
import { z } from 'zod'
import { isValidDate } from '../domain/time/shift-times'
import {
  MAX_BABIES,
  MAX_EXTRA_BABY_CENTS,
  MAX_NIGHTLY_RATE_CENTS,
  MAX_NIGHTLY_RATE_MESSAGE,
  MIN_BABIES,
  MIN_NIGHTLY_RATE_CENTS,
} from '../domain/bookings/pricing'

export const UNUSUAL_CHARACTERS_MESSAGE = 'Remove the unusual characters from this field.'

/** The largest value of a PostgreSQL `integer` (serial ids, cents, counts). */
export const MAX_DB_INTEGER = 2_147_483_647

// Control characters (C0, DEL, C1): NUL is refused by PostgreSQL outright, the others are never
// typed by a person and only hide text. A multi-line field keeps tab, newline and carriage return.
const CONTROL_CHARACTER = /\p{Cc}/u
const CONTROL_CHARACTER_EXCEPT_LINES = /(?![\t\n\r])\p{Cc}/u
// Half of a surrogate pair cannot be written as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isPlainText(value: string, { multiline = false } = {}) {
  const control = multiline ? CONTROL_CHARACTER_EXCEPT_LINES : CONTROL_CHARACTER
  return !control.test(value) && !LONE_SURROGATE.test(value)
}

interface TextOptions {
  /** The message when the value is missing or not a string. */
  error?: string
  /** The message when the value is longer than `max`; '<label> must be at most <max> characters' by default. */
  tooLong?: string
  label?: string
}

function tooLongMessage(max: number, options: TextOptions) {
  return options.tooLong ?? `${options.label ?? 'This field'} must be at most ${max} characters`
}

// A page's form is read by parseForm (Conform), which takes a field left blank as missing, and
// does so again after a pipe: a value blank once trimmed reaches `.pipe(z.string()…)` as missing.
// So a piped string names its message for a missing value too (`z.string({ error })`), or a
// field of spaces would be told zod's own words instead of the form's.

/** One line of text, trimmed, at most `max` characters, without control characters. */
export function text(max: number, options: TextOptions = {}) {
  return z
    .string(options.error ? { error: options.error } : undefined)
    .trim()
    .max(max, tooLongMessage(max, options))
    .refine((value) => isPlainText(value), UNUSUAL_CHARACTERS_MESSAGE)
}

/** Text that may span lines (notes, a bio): tab and line breaks are kept. */
export function multilineText(max: number, options: TextOptions = {}) {
  return z
    .string(options.error ? { error: options.error } : undefined)
    .trim()
    .max(max, tooLongMessage(max, options))
    .refine((value) => isPlainText(value, { multiline: true }), UNUSUAL_CHARACTERS_MESSAGE)
}

/** An e-mail address: at most 254 characters (RFC 5321), lower-cased. */
export function email(message: string) {
  return text(254, { error: message, tooLong: message }).toLowerCase().pipe(z.email({ error: message }))
}

/**
 * A phone number as people type it: digits, with spaces, dashes, dots, parentheses and a leading +,
 * and ten digits at least (a US number with its area code). `required` is the message for one left
 * empty, when it differs from the message for one that is not a phone number.
 */
export function phoneNumber(message: string, { required = message }: { required?: string } = {}) {
  return text(30, { error: required, tooLong: message })
    .min(1, required)
    .refine((value) => value === '' || isPhoneNumber(value), message)
}

function isPhoneNumber(value: string): boolean {
  return /^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 10
}

/**
 * A phone number that may be left out: absent, null, empty or blank is null (a form's empty field
 * reaches the schema absent), anything else must be a phone number.
 */
export function optionalPhoneNumber(message: string) {
  return z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => (value?.trim() ? value : null))
    .pipe(phoneNumber(message).nullable())
}

/** A positive whole number that fits an `integer` column, from JSON (a number) or a form (its text). */
export function positiveId(message: string) {
  return z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: message })
    .pipe(z.number({ error: message }).int(message).positive(message).max(MAX_DB_INTEGER, message))
}

/**
 * The page a list page's own address asks for (`?page=3`), from a link or typed: what is not a page
 * number is the first page, never an error (a page past the end is the last: platform/paging.ts).
 */
export const PageAddressSchema = z.object({ page: positiveId('page must be a positive integer').catch(1).default(1) })

/** The page `request`'s address asks for, in `?page=` or in the parameter named. */
export function pageOfAddress(request: Request, parameter = 'page'): number {
  return PageAddressSchema.parse({ page: new URL(request.url).searchParams.get(parameter) ?? undefined }).page
}

/**
 * The years a date of ours may fall in (docs/decisions/0043): nights, searches, patterns and time
 * off are all near today, and every such date is a real one of the Gregorian calendar. Outside
 * these years a date is a typing error or an attack (year 0000 reached PostgreSQL and failed there).
 */
export const FIRST_DATE_YEAR = 2000
export const LAST_DATE_YEAR = 2100

/** A real calendar date, yyyy-MM-dd, in FIRST_DATE_YEAR..LAST_DATE_YEAR: no 30 February, no year 0000. */
export function isCalendarDate(value: string): boolean {
  if (value.length !== 10 || !isValidDate(value)) return false
  const year = Number(value.slice(0, 4))
  return year >= FIRST_DATE_YEAR && year <= LAST_DATE_YEAR
}

/** The one field for a date in every schema (issue 33): anything but a real calendar date is `message`. */
export function calendarDate(message: string) {
  return z.string({ error: message }).trim().max(10, message).refine(isCalendarDate, message)
}

/** A path parameter that names a row: its id, or null (the route answers 404). */
export function parseIdParam(value: string | undefined): number | null {
  const parsed = positiveId('Not found').safeParse(value)
  return parsed.success ? parsed.data : null
}

// A nightly rate is a plain decimal amount of whole cents (issue 33, docs/decisions/0045): `0.001`,
// `1e-7` and `0x10` were read as numbers, so a nurse could set a rate that priced a night at $0.
// Digits, then at most two decimals: no sign, exponent, hex, spaces or thousands separators.
const PLAIN_DOLLARS = /^\d{1,7}(?:\.\d{1,2})?$/

/**
 * A nightly rate typed in dollars (the forms; a JSON number is read through its shortest text, so
 * 1e-7 stays refused), from $1 to $10,000. Answers dollars, always a whole number of cents;
 * `message` for anything else, the maximum's own message above it.
 */
export function nightlyRateDollars(message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    .pipe(z.string({ error: message }).regex(PLAIN_DOLLARS, message))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(MIN_NIGHTLY_RATE_CENTS / 100, message)
        .max(MAX_NIGHTLY_RATE_CENTS / 100, MAX_NIGHTLY_RATE_MESSAGE),
    )
}

/** The same rate in whole cents (the /_api calls take cents), from 100 to 1,000,000. */
export function nightlyRateCents(message: string) {
  return z
    .number({ error: message })
    .int(message)
    .min(MIN_NIGHTLY_RATE_CENTS, message)
    .max(MAX_NIGHTLY_RATE_CENTS, MAX_NIGHTLY_RATE_MESSAGE)
}

// Twins and triplets (issue 36, docs/money.md): how many babies, and the nurse's extra per night
// for each baby after the first, read like her rate (plain dollars in a form, whole cents by /_api).
export const BABIES_MESSAGE = 'Choose one baby, twins or triplets.'
export const MAX_BABIES_MESSAGE = 'Choose single babies only, twins, or twins and triplets.'
export const EXTRA_BABY_MESSAGE = 'The extra per additional baby must be an amount from $0 to $10,000, such as 40 or 42.50.'

/** How many babies: 1, 2 or 3, as a number (JSON) or a form's text. */
export function babyCount(message: string) {
  return z
    .union([z.number(), z.string().trim().regex(/^\d{1,2}$/, message).transform(Number)], { error: message })
    .pipe(z.number().int(message).min(MIN_BABIES, message).max(MAX_BABIES, message))
}

/** Her extra per additional baby typed in dollars, $0 to $10,000 (blank is $0); answers whole cents. */
export function extraBabyDollars() {
  return z
    .union([z.string(), z.number()], { error: EXTRA_BABY_MESSAGE })
    .optional()
    .transform((value) => (value === undefined ? '0' : typeof value === 'number' ? String(value) : value.trim() || '0'))
    .pipe(z.string().regex(PLAIN_DOLLARS, EXTRA_BABY_MESSAGE))
    .transform((value) => Math.round(Number(value) * 100))
    .pipe(z.number().int().min(0, EXTRA_BABY_MESSAGE).max(MAX_EXTRA_BABY_CENTS, EXTRA_BABY_MESSAGE))
}

/** The same extra in whole cents (the /_api calls), 0 to 1,000,000. */
export function extraBabyCents() {
  return z
    .number({ error: EXTRA_BABY_MESSAGE })
    .int(EXTRA_BABY_MESSAGE)
    .min(0, EXTRA_BABY_MESSAGE)
    .max(MAX_EXTRA_BABY_CENTS, EXTRA_BABY_MESSAGE)
}

export const PASSWORD_LENGTH_MESSAGE = 'Password must be at least 8 characters'

/** A new password (registration, the application's account, a reset, a change): 8 to 200 characters. */
const PASSWORD_BLANK_MESSAGE = 'Password cannot be only spaces'

export function newPassword() {
  return z
    .string({ error: PASSWORD_LENGTH_MESSAGE })
    .min(8, PASSWORD_LENGTH_MESSAGE)
    .max(200, 'Password must be at most 200 characters')
    // Spaces are allowed in a password, but a password of nothing else is no password.
    .refine((value) => value.trim() !== '', PASSWORD_BLANK_MESSAGE)
}

/**
 * A form that sets a new password typed twice (a reset, a change): its own `fields`, then the new
 * password and its confirmation, which must match.
 */
export function withNewPasswordTwice<Fields extends z.ZodRawShape>(fields: Fields) {
  return z
    .object({
      ...fields,
      newPassword: newPassword(),
      confirmPassword: z.string({ error: 'Please confirm the new password' }).min(1, 'Please confirm the new password'),
    })
    .refine((value) => passwordsMatch(value as NewPasswordTwice), {
      path: ['confirmPassword'],
      error: 'Passwords do not match',
    })
}

// The cast above: TypeScript cannot see the fields of an object over a generic shape; these two are strings.
interface NewPasswordTwice {
  newPassword: string
  confirmPassword: string
}

const passwordsMatch = (value: NewPasswordTwice) => value.newPassword === value.confirmPassword
