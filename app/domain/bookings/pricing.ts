// Money rules (docs/money.md). Pure: used by the profile's cost preview, the booking
// summary and the server that stores the amounts, so the three can never disagree.
import { currentLocale } from '~/i18n/current-language'

export const PLATFORM_FEE_RATE = 0.1
export const DEFAULT_NIGHTLY_RATE_CENTS = 10000

// Amounts live in PostgreSQL `integer` columns (at most 2,147,483,647 cents). A nurse's rate is
// capped where it is typed, and a booking's total where it is priced, so no sum can overflow
// (docs/decisions/0015).
/** The lowest nightly rate a nurse can set: $1 (the application's rate step asks for at least 1; issue 33: no $0 booking; docs/decisions/0045). */
export const MIN_NIGHTLY_RATE_CENTS = 100
/** The highest nightly rate a nurse can set: $10,000. */
export const MAX_NIGHTLY_RATE_CENTS = 1_000_000
export const MAX_NIGHTLY_RATE_MESSAGE = 'Nightly rate must be at most $10,000'
/** The most one booking can cost: $2,000,000, above any booking at a capped rate (120 nights × $10,000 + fee). */
export const MAX_BOOKING_TOTAL_CENTS = 200_000_000
export const BOOKING_TOTAL_TOO_HIGH = 'A booking can total at most $2,000,000. Please book fewer nights.'

export function isBookingTotalTooHigh(price: PriceBreakdown): boolean {
  return price.totalAmountCents > MAX_BOOKING_TOTAL_CENTS
}

export const NURSE_RATE_TOO_LOW =
  "This nurse's nightly rate is not set yet, so these nights cannot be booked. Please choose another nurse or try again later."

/**
 * No booking may cost $0 or a few cents (issue 33): a rate below the minimum (one set before the
 * rate field was strict, or written by hand) is refused when the nights are priced, whatever the form allowed.
 */
export function isBookingTotalTooLow(price: PriceBreakdown): boolean {
  return price.nightlyRateCents < MIN_NIGHTLY_RATE_CENTS || price.totalAmountCents <= 0
}

/** Twins and triplets (issue 36): a night is for one to three babies. */
export const MIN_BABIES = 1
export const MAX_BABIES = 3
/** The most a nurse can ask per night for each baby after the first: $10,000, as her rate. */
export const MAX_EXTRA_BABY_CENTS = MAX_NIGHTLY_RATE_CENTS

/** How many babies the nights are for, and the nurse's extra per night for each after the first. */
export interface Babies {
  babies?: number
  extraBabyCents?: number
}

export interface PriceBreakdown {
  nights: number
  /** The nurse's base rate for one baby. */
  nightlyRateCents: number
  babies: number
  /** Her extra per night for each baby after the first, as priced. */
  extraBabyCents: number
  /** What one night costs before the fee: the base rate plus the extra for each additional baby. */
  nightPriceCents: number
  subtotalCents: number
  platformFeeCents: number
  totalAmountCents: number
  nursePayoutCents: number
}

/** One night's price before the fee: twins change the price of a night, never its shape. */
export function nightPriceCents(nightlyRateCents: number, { babies = 1, extraBabyCents = 0 }: Babies = {}): number {
  if (!Number.isInteger(babies) || babies < MIN_BABIES || babies > MAX_BABIES) throw new RangeError('A night is for one to three babies')
  if (!Number.isInteger(extraBabyCents) || extraBabyCents < 0) throw new RangeError('The extra per baby must be whole cents')
  return nightlyRateCents + extraBabyCents * (babies - 1)
}

/**
 * Every amount of a booking, from the one rule: the night's price (base rate plus the extra for
 * each baby after the first) times the nights, and the platform's fee on that.
 */
export function priceNights(nightlyRateCents: number | null | undefined, nights: number, babies: Babies = {}): PriceBreakdown {
  const rate = nightlyRateCents ?? DEFAULT_NIGHTLY_RATE_CENTS
  if (!Number.isInteger(rate) || rate < 0) throw new RangeError('The nightly rate must be whole cents')
  if (!Number.isInteger(nights) || nights < 0) throw new RangeError('Nights must be a whole number')
  const perNight = nightPriceCents(rate, babies)
  const subtotalCents = perNight * nights
  // The fee rounds half up to a whole cent.
  const platformFeeCents = Math.round(subtotalCents * PLATFORM_FEE_RATE)
  return {
    nights,
    nightlyRateCents: rate,
    babies: babies.babies ?? 1,
    extraBabyCents: babies.extraBabyCents ?? 0,
    nightPriceCents: perNight,
    subtotalCents,
    platformFeeCents,
    totalAmountCents: subtotalCents + platformFeeCents,
    nursePayoutCents: subtotalCents,
  }
}

// Dollars as each language writes them ('$1,234.50' in both en-US and es-US today; the formatter
// is the language's all the same).
const dollarFormatters = {
  'en-US': {
    cents: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
    whole: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  },
  'es-US': {
    cents: new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }),
    whole: new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  },
}

export function formatCents(cents: number): string {
  return dollarFormatters[currentLocale()].cents.format(cents / 100)
}

/**
 * A nightly rate: whole dollars on cards and badges, but never rounded: a rate with
 * cents shows them, so the badge and the cost preview always agree.
 */
export function formatNightlyRate(cents: number): string {
  const { whole, cents: withCents } = dollarFormatters[currentLocale()]
  return cents % 100 === 0 ? whole.format(cents / 100) : withCents.format(cents / 100)
}

/** Dollars typed in a form to cents, rounding to the nearest cent. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100)
}
