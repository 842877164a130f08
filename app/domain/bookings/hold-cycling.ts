// Hold cycling (issue 33, docs/decisions/0045): an account that keeps leaving unpaid holds (the
// parent abandoned it, went back and replaced it, or let it run out) could hold all of a nurse's
// nights over and over without paying. After HOLD_CYCLE_LIMIT such holds in HOLD_CYCLE_HOURS, the
// account books only by paying in the same step: no unpaid hold is made for it. Pure.

export const HOLD_CYCLE_LIMIT = 2
export const HOLD_CYCLE_HOURS = 24

export const PAY_AT_ONCE_MESSAGE =
  'You have left 2 unpaid bookings in the last 24 hours, so a new booking must be paid as you make it. ' +
  'Book with your saved card (save one under Payment methods in your dashboard), and the nights are yours at once.'

/** The oldest left hold that still counts. */
export function holdCycleWindowStart(now: Date): Date {
  return new Date(now.getTime() - HOLD_CYCLE_HOURS * 60 * 60 * 1000)
}

/** Must this account pay as it books, having left this many unpaid holds in the window? */
export function mustPayAtOnce(leftHoldsInWindow: number): boolean {
  return leftHoldsInWindow >= HOLD_CYCLE_LIMIT
}
