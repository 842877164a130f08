// The /book flow keeps its state in the URL, so every step is a plain link or form post that works
// before JavaScript loads: ?nurseId&slug&dates (spec 000 §2) plus times (per night, aligned with
// dates), weeks (a weekly series), step and bookingId (once the booking exists).
import {
  FORM_DEFAULT_WEEKS,
  LINK_DEFAULT_TIMES,
  MAX_NIGHTS,
  MAX_WEEKS,
  type NightRequest,
} from '~/domain/booking-rules'
import { isValidDate, TIME_PATTERN } from '~/domain/shift-times'

export interface BookLink {
  nurseId: number
  slug: string
  nights: NightRequest[]
  /** A weekly series of this many weeks; null for one-time nights. */
  weeks: number | null
}

export type BookStep = 1 | 2 | 3

const SLUG = /^[a-z0-9][a-z0-9-]{0,120}$/i

/** The link's booking, or null when nurseId, slug or dates are missing or unparseable. */
export function parseBookLink(params: URLSearchParams): BookLink | null {
  const nurseIdText = params.get('nurseId') ?? ''
  const slug = (params.get('slug') ?? '').trim()
  const dates = (params.get('dates') ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
  if (!/^[1-9]\d{0,9}$/.test(nurseIdText) || !SLUG.test(slug)) return null
  if (dates.length === 0 || dates.length > MAX_NIGHTS || !dates.every(isValidDate)) return null
  if (new Set(dates).size !== dates.length) return null

  // Times are ours (written after step 1); a link from a profile has none and gets 20:00–08:00.
  const times = (params.get('times') ?? '').split(',')
  const nights = dates.map((date, i) => {
    const [start, end] = (times[i] ?? '').split('-')
    return start && end && TIME_PATTERN.test(start) && TIME_PATTERN.test(end)
      ? { date, startTimeLocal: start, endTimeLocal: end }
      : { date, ...LINK_DEFAULT_TIMES }
  })
  const weeksText = params.get('weeks')
  const weeks = weeksText && /^\d{1,2}$/.test(weeksText) ? Number(weeksText) : null
  return {
    nurseId: Number(nurseIdText),
    slug,
    nights,
    weeks: weeks && weeks >= 1 && weeks <= MAX_WEEKS ? weeks : null,
  }
}

export function parseStep(params: URLSearchParams): BookStep {
  const step = params.get('step')
  return step === '2' ? 2 : step === '3' ? 3 : 1
}

export function parseBookingId(params: URLSearchParams): number | null {
  const text = params.get('bookingId') ?? ''
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null
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
  if (options.step && options.step > 1) params.set('step', String(options.step))
  if (options.bookingId) params.set('bookingId', String(options.bookingId))
  return `/book?${readable(params)}`
}

/** The card form's return (spec 000 §4): the same URL with the intent and its client secret. */
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

/** Weeks shown in the form: the link's series, else 1 (dates from the link, spec 000 §9). */
export function initialWeeks(link: BookLink): number {
  return link.weeks ?? 1
}

export { FORM_DEFAULT_WEEKS }
