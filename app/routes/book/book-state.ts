// The /book flow keeps its state in the URL, so every step is a plain link or form post that works
// before JavaScript loads: ?nurseId&slug&dates (a profile's Book link) plus times (per night,
// aligned with dates), weeks (a weekly series), step and bookingId (once the booking exists).
import {
  FORM_DEFAULT_WEEKS,
  LINK_DEFAULT_TIMES,
  MAX_NIGHTS,
  MAX_WEEKS,
  type NightRequest,
  type Shift,
} from '~/domain/bookings/booking-rules'
import { TIME_PATTERN } from '~/domain/time/shift-times'
import { isCalendarDate } from '~/schemas/fields'
import { z } from 'zod'
import { positiveId } from '~/schemas/fields'

export interface BookLink {
  nurseId: number
  slug: string
  nights: NightRequest[]
  /** A weekly series of this many weeks; null for one-time nights. */
  weeks: number | null
  /** How many babies (issue 36): 1, twins 2, triplets 3; 1 when the link does not say. */
  babies?: number
}

export type BookStep = 1 | 2 | 3

const SLUG = /^[a-z0-9][a-z0-9-]{0,120}$/i

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/**
 * The link's query: nurseId, slug and dates are required; times and weeks are ours
 * (written after step 1) and fall back to the defaults when unreadable; step and bookingId are
 * read leniently (step 1, no booking).
 */
const BookSearchSchema = z.object({
  nurseId: positiveId('Not found'),
  slug: z.string().trim().regex(SLUG),
  dates: z
    .string()
    .transform(listOf)
    .pipe(
      z
        .array(z.string().refine(isCalendarDate))
        .min(1)
        .max(MAX_NIGHTS)
        .refine((dates) => new Set(dates).size === dates.length),
    ),
  times: z.string().optional().transform(listOf),
  weeks: z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_WEEKS))
    .nullable()
    .catch(null),
  babies: z
    .enum(['1', '2', '3'])
    .transform(Number)
    .catch(1),
  step: z
    .enum(['1', '2', '3'])
    .transform((step) => Number(step) as BookStep)
    .catch(1),
  bookingId: positiveId('Not found').nullable().catch(null),
})

function searchOf(params: URLSearchParams) {
  return Object.fromEntries(
    ['nurseId', 'slug', 'dates', 'times', 'weeks', 'babies', 'step', 'bookingId'].map((key) => [
      key,
      params.get(key) ?? undefined,
    ]),
  )
}

/**
 * The link's booking, or null when nurseId, slug or dates are missing or unparseable. A night
 * without times (a link from a profile) gets `shiftFor(date)`: the page passes the nurse's own
 * shift for that night (defaultShift, issue 38); 20:00–08:00 when nothing is known of her.
 */
export function parseBookLink(params: URLSearchParams, shiftFor: (date: string) => Shift = () => LINK_DEFAULT_TIMES): BookLink | null {
  const parsed = BookSearchSchema.safeParse(searchOf(params))
  if (!parsed.success) return null
  const { nurseId, slug, dates, times, weeks, babies } = parsed.data
  const nights = dates.map((date, i) => {
    const [start, end] = (times[i] ?? '').split('-')
    return start && end && TIME_PATTERN.test(start) && TIME_PATTERN.test(end)
      ? { date, startTimeLocal: start, endTimeLocal: end }
      : { date, ...shiftFor(date) }
  })
  return { nurseId, slug, nights, weeks, babies }
}

export function parseStep(params: URLSearchParams): BookStep {
  return BookSearchSchema.shape.step.parse(params.get('step') ?? undefined)
}

export function parseBookingId(params: URLSearchParams): number | null {
  return BookSearchSchema.shape.bookingId.parse(params.get('bookingId') ?? undefined)
}

/** The /book URL for a step of this booking. */
export function bookUrl(link: BookLink, options: { step?: BookStep; bookingId?: number | null } = {}): string {
  const params = new URLSearchParams({
    nurseId: String(link.nurseId),
    slug: link.slug,
    dates: link.nights.map((n) => n.date).join(','),
    times: link.nights.map((n) => `${n.startTimeLocal}-${n.endTimeLocal}`).join(','),
  })
  if (link.weeks) params.set('weeks', String(link.weeks))
  if (link.babies && link.babies > 1) params.set('babies', String(link.babies))
  if (options.step && options.step > 1) params.set('step', String(options.step))
  if (options.bookingId) params.set('bookingId', String(options.bookingId))
  return `/book?${readable(params)}`
}

/** The card form's return: the same URL with the intent and its client secret. */
export function paymentReturnUrl(current: URL, paymentIntentId: string, clientSecret: string): string {
  const params = new URLSearchParams(current.search)
  params.set('payment_intent', paymentIntentId)
  params.set('payment_intent_client_secret', clientSecret)
  return `${current.pathname}?${readable(params)}`
}

// Commas and colons stay readable, like the profile's link: '…&dates=2026-12-01,2026-12-02'.
function readable(params: URLSearchParams) {
  return params.toString().replace(/%2C/g, ',').replace(/%3A/g, ':')
}

/** Weeks shown in the form: the link's series, else 1 (dates from the link). */
export function initialWeeks(link: BookLink): number {
  return link.weeks ?? 1
}

export { FORM_DEFAULT_WEEKS }

/**
 * The form's field errors for a refusal that names its nights (issue 38): each night is flagged on
 * its own row, a weekly repeat's later night on the row it repeats; the first message per row wins.
 */
export function nightRowErrors(rows: readonly NightRequest[], nightErrors: ReadonlyArray<{ date: string; message: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const { date, message } of nightErrors) {
    const row = rows.findIndex((night) => night.date === date || isWeeklyRepeat(night.date, date))
    const key = `nights[${row}].endTimeLocal`
    if (row >= 0 && !errors[key]) errors[key] = [message]
  }
  return errors
}

function isWeeklyRepeat(first: string, later: string): boolean {
  const days = (Date.parse(`${later}T12:00:00Z`) - Date.parse(`${first}T12:00:00Z`)) / 86_400_000
  return days > 0 && days % 7 === 0
}
