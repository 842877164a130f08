// Money rules (DESIGN.md §7, spec 000 §9). Pure: used by the profile's cost preview, the booking
// summary and the server that stores the amounts, so the three can never disagree.

export const PLATFORM_FEE_RATE = 0.1
export const DEFAULT_NIGHTLY_RATE_CENTS = 10000

export interface PriceBreakdown {
  nights: number
  nightlyRateCents: number
  subtotalCents: number
  platformFeeCents: number
  totalAmountCents: number
  nursePayoutCents: number
}

export function priceNights(nightlyRateCents: number | null | undefined, nights: number): PriceBreakdown {
  const rate = nightlyRateCents ?? DEFAULT_NIGHTLY_RATE_CENTS
  if (!Number.isInteger(rate) || rate < 0) throw new RangeError('The nightly rate must be whole cents')
  if (!Number.isInteger(nights) || nights < 0) throw new RangeError('Nights must be a whole number')
  const subtotalCents = rate * nights
  // The fee rounds half up to a whole cent (DESIGN.md §7).
  const platformFeeCents = Math.round(subtotalCents * PLATFORM_FEE_RATE)
  return {
    nights,
    nightlyRateCents: rate,
    subtotalCents,
    platformFeeCents,
    totalAmountCents: subtotalCents + platformFeeCents,
    nursePayoutCents: subtotalCents,
  }
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
})

export function formatCents(cents: number): string {
  return usd.format(cents / 100)
}

/** Search cards show the rate as whole dollars per night (spec 000 §2). */
export function formatWholeDollars(cents: number): string {
  return wholeUsd.format(Math.round(cents / 100))
}

/** Dollars typed in a form to cents, rounding to the nearest cent (spec 001 §5). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100)
}
