// Receipts are real (docs/money.md): one model, built from a booking and its payments, is shown
// in the dashboard's receipt dialog and written into the PDF, so the two always agree. Pure.
import { isCollectedCharge } from './payment-life-cycle'
import { formatBookingReference } from '../bookings/booking-rules'
import { babiesLabel } from '../bookings/babies'
import { formatCents, formatNightlyRate } from '../bookings/pricing'
import { formatNightDate, formatTime12 } from '../time/shift-times'
import { SHORT_MONTH_NAMES } from '~/i18n/calendar-words'
import { currentLanguage } from '~/i18n/current-language'
import type { Translate } from '~/i18n/translate'

/** Invoice numbers are the payment's id padded to 6 digits. */
export function formatInvoiceNumber(id: number): string {
  return String(id).padStart(6, '0')
}

export interface ReceiptSource {
  /** The payment (charge or refund) this receipt is for. */
  paymentId: number
  booking: {
    id: number
    createdAt: Date | string
    pattern: 'one_time' | 'recurring'
    timezone: string
    addressText: string
    nightlyRateCents: number
    /** Twins and triplets (issue 36); one baby when absent. */
    babies?: number
    extraBabyCents?: number
    subtotalCents: number
    platformFeeCents: number
    totalAmountCents: number
  }
  parent: { displayName: string; email: string }
  nurse: { displayName: string }
  occurrences: Array<{
    id: number
    date: string
    startTimeLocal: string
    endTimeLocal: string
    status: string
    priceCents: number
    refundCents: number | null
  }>
  payments: Array<{
    id: number
    kind: 'charge' | 'refund' | 'payout' | 'reversal'
    status: string
    amountCents: number
    occurrenceId: number | null
    createdAt: Date | string
    week?: number | null
  }>
}

export interface ReceiptNight {
  date: string
  dateLabel: string
  timeLabel: string
  status: string
  priceCents: number
  refundCents: number | null
}

export interface ReceiptRefund {
  invoiceNumber: string
  date: string
  amountCents: number
  /** The cancelled night's date label, when the refund was for one night. */
  nightLabel: string | null
}

export interface Receipt {
  paymentId: number
  invoiceNumber: string
  kind: 'charge' | 'refund'
  /** 'Receipt' or 'Refund Receipt' (in the reader's language when built with a `t`). */
  title: string
  /** When this payment was made, ISO. */
  issuedAt: string
  /** This payment's amount: what was charged, or what this refund returned. */
  amountCents: number
  paymentMethod: string
  /** Null for a reservation's deposit before its plan starts (decision 0073). */
  bookingId: number | null
  /** '#NN-000042', as on the booking confirmation; null for a deposit. */
  bookingReference: string | null
  bookedAt: string
  /** 'One-time' or 'Weekly' (in the reader's language when built with a `t`). */
  pattern: string
  parentName: string
  parentEmail: string
  nurseName: string
  address: string
  /** The nurse's time zone: nights are its local dates and times; payment dates are shown in it. */
  timezone: string
  nights: ReceiptNight[]
  nightlyRateCents: number
  /** How many babies the nights were for, and the nurse's extra per additional baby as priced. */
  babies: number
  extraBabyCents: number
  subtotalCents: number
  platformFeeCents: number
  totalAmountCents: number
  refunds: ReceiptRefund[]
  refundedCents: number
  /** Total charged minus refunds. */
  netPaidCents: number
  /**
   * What has been charged so far: the booking total, or for a series paid week by week the weeks
   * charged up to now (docs/decisions/0028), with the week this charge paid for.
   */
  chargedCents: number
  week: number | null
  /** A series paid week by week (docs/decisions/0028): its charges name their weeks. */
  paidWeekByWeek: boolean
  /** What it was paid for, under the nurse's name: 'Booking #NN-000042 (Weekly)', or a reservation's deposit. */
  forLine: string
  /** 'Booked Nov 28, 2026', or a deposit's 'Due date Sat, Dec 19, 2026'. */
  datedLine: string
  /** The lines above the subtotal (priceSummaryLines of the nights, or a deposit's first week). */
  priceLines: Array<[label: string, value: string]>
}

/**
 * The receipt's 'Total charged' lines: what the card was charged for a booking paid at once (a
 * moved night's difference included), two lines for a series paid week by week while weeks remain.
 */
export function receiptTotalLines(
  receipt: Pick<Receipt, 'chargedCents' | 'totalAmountCents' | 'paidWeekByWeek'>,
  t?: Translate,
): Array<[label: string, cents: number]> {
  const totalCharged = t ? t('receipt.totalCharged') : 'Total charged'
  if (!receipt.paidWeekByWeek) return [[totalCharged, receipt.chargedCents]]
  if (receipt.chargedCents === receipt.totalAmountCents) return [[totalCharged, receipt.totalAmountCents]]
  return [
    [t ? t('receipt.bookingTotal') : 'Booking total', receipt.totalAmountCents],
    [t ? t('receipt.chargedSoFar') : 'Charged so far (paid week by week)', receipt.chargedCents],
  ]
}

/** Nights of a booking at one price: every night at the rate booked, or a moved night at another. */
export interface NightPriceLine {
  priceCents: number
  nights: number
}

/**
 * The nights by price, in the order the prices first appear: one line while every night is at the
 * booked rate; a night moved to another rate (decision 0034) gets its own, so the lines add up to
 * the subtotal (issue 38: 'Nightly rate $350' stood beside a $750 subtotal).
 */
export function nightPriceLines(nights: ReadonlyArray<{ priceCents: number }>): NightPriceLine[] {
  const lines = new Map<number, number>()
  for (const night of nights) lines.set(night.priceCents, (lines.get(night.priceCents) ?? 0) + 1)
  return [...lines].map(([priceCents, count]) => ({ priceCents, nights: count }))
}

/** '3 nights at $350.00'. */
export function priceLineLabel(line: NightPriceLine, t?: Translate): string {
  if (t) return t('price.nightsAt', { count: line.nights, price: formatCents(line.priceCents) })
  return `${line.nights} ${line.nights === 1 ? 'night' : 'nights'} at ${formatCents(line.priceCents)}`
}

/**
 * The lines above the subtotal on the booking page, the receipt and its PDF: 'Nightly rate' and
 * 'Nights' while every night is at one price, else one line per price with what its nights cost.
 * Twins or triplets come first ('Twins', '+$80 a night'): each night's price already includes
 * that extra (issue 36), so the lines still add up to the subtotal.
 */
export function priceSummaryLines(
  nights: ReadonlyArray<{ priceCents: number }>,
  babies: { babies?: number; extraBabyCents?: number } = {},
  t?: Translate,
): Array<[label: string, value: string]> {
  const count = babies.babies ?? 1
  const extra = formatNightlyRate((babies.extraBabyCents ?? 0) * (count - 1))
  const twins: Array<[string, string]> =
    count > 1 ? [[t ? babiesWord(count, t) : babiesLabel(count), t ? t('price.extraANight', { amount: extra }) : `+${extra} a night`]] : []
  const lines = nightPriceLines(nights)
  if (lines.length <= 1) {
    return [
      ...twins,
      [t ? t('price.nightlyRate') : 'Nightly rate', formatCents(lines[0]?.priceCents ?? 0)],
      [t ? t('price.nights') : 'Nights', String(nights.length)],
    ]
  }
  return [...twins, ...lines.map((line): [string, string] => [priceLineLabel(line, t), formatCents(line.priceCents * line.nights)])]
}

/** 'One baby', 'Twins', 'Triplets' (babies.ts's babiesLabel) in the reader's language. */
export function babiesWord(count: number, t: Translate): string {
  return count === 3 ? t('price.triplets') : count === 2 ? t('price.twins') : t('price.oneBaby')
}

const iso = (value: Date | string) => new Date(value).toISOString()

// Building an Intl formatter costs far more than using one: one per zone, kept.
const paymentDateFormatters = new Map<string, Intl.DateTimeFormat>()

/**
 * 'Nov 28, 2026' for an instant, in the given time zone; '28 nov 2026' in Spanish (the current
 * language, its month names written out as formatNightDate's).
 */
export function formatPaymentDate(value: Date | string, timeZone = 'America/New_York'): string {
  let formatter = paymentDateFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone })
    paymentDateFormatters.set(timeZone, formatter)
  }
  if (currentLanguage() !== 'es') return formatter.format(new Date(value))
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { month: 'numeric', day: 'numeric', year: 'numeric', timeZone })
      .formatToParts(new Date(value))
      .map((part) => [part.type, part.value]),
  )
  return `${parts.day} ${SHORT_MONTH_NAMES.es[Number(parts.month) - 1]} ${parts.year}`
}

export function patternLabel(pattern: string): 'One-time' | 'Weekly'
export function patternLabel(pattern: string, t: Translate | undefined): string
export function patternLabel(pattern: string, t?: Translate): string {
  if (t) return pattern === 'recurring' ? t('pattern.weekly') : t('pattern.oneTime')
  return pattern === 'recurring' ? 'Weekly' : 'One-time'
}

/**
 * The receipt for one payment of a booking; null when the payment is not part of it. With `t`
 * (the `parent` namespace) its words are in the reader's language; English without.
 */
export function toReceipt(source: ReceiptSource, t?: Translate): Receipt | null {
  const payment = source.payments.find((p) => p.id === source.paymentId)
  if (!payment || (payment.kind !== 'charge' && payment.kind !== 'refund')) return null
  const { booking } = source
  const nightById = new Map(source.occurrences.map((o) => [o.id, o]))
  const nights = [...source.occurrences]
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)
    .map((o) => ({
      date: o.date,
      dateLabel: formatNightDate(o.date),
      timeLabel: `${formatTime12(o.startTimeLocal)} – ${formatTime12(o.endTimeLocal)}`,
      status: o.status,
      priceCents: o.priceCents,
      refundCents: o.status === 'cancelled' ? o.refundCents : null,
    }))
  const refundRows = source.payments
    .filter((p) => p.kind === 'refund' && p.status === 'succeeded')
    .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id - b.id)
  const refunds = refundRows.map((p) => {
    const nightRow = p.occurrenceId ? nightById.get(p.occurrenceId) : undefined
    return {
      invoiceNumber: formatInvoiceNumber(p.id),
      date: iso(p.createdAt),
      amountCents: p.amountCents,
      nightLabel: nightRow ? formatNightDate(nightRow.date) : null,
    }
  })
  const refundedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0)
  const charged = source.payments
    .filter((p) => p.kind === 'charge' && isCollectedCharge(p.status))
    .reduce((sum, p) => sum + p.amountCents, 0)
  return {
    paymentId: payment.id,
    invoiceNumber: formatInvoiceNumber(payment.id),
    kind: payment.kind,
    title: receiptTitle(payment.kind, t),
    issuedAt: iso(payment.createdAt),
    amountCents: payment.amountCents,
    paymentMethod: 'Card',
    bookingId: booking.id,
    bookingReference: formatBookingReference(booking.id),
    bookedAt: iso(booking.createdAt),
    pattern: patternLabel(booking.pattern, t),
    parentName: source.parent.displayName,
    parentEmail: source.parent.email,
    nurseName: source.nurse.displayName,
    address: booking.addressText,
    timezone: booking.timezone,
    nights,
    nightlyRateCents: booking.nightlyRateCents,
    babies: booking.babies ?? 1,
    extraBabyCents: booking.extraBabyCents ?? 0,
    subtotalCents: booking.subtotalCents,
    platformFeeCents: booking.platformFeeCents,
    totalAmountCents: booking.totalAmountCents,
    refunds,
    refundedCents,
    netPaidCents: Math.max(0, charged - refundedCents),
    chargedCents: charged,
    week: payment.week ?? null,
    paidWeekByWeek: source.payments.some((row) => row.kind === 'charge' && row.week != null),
    forLine: t
      ? t('receipt.forBooking', { reference: formatBookingReference(booking.id), pattern: patternLabel(booking.pattern, t) })
      : `Booking ${formatBookingReference(booking.id)} (${patternLabel(booking.pattern)})`,
    datedLine: t
      ? t('receipt.booked', { date: formatPaymentDate(booking.createdAt, booking.timezone) })
      : `Booked ${formatPaymentDate(booking.createdAt, booking.timezone)}`,
    priceLines: priceSummaryLines(source.occurrences, booking, t),
  }
}

export interface DepositReceiptSource {
  /** The deposit's charge, or one of its refunds. */
  paymentId: number
  reservation: {
    id: number
    dueDate: string
    timezone: string
    addressText: string
    nightsPerWeek: number
    nightlyRateCents: number
    babies: number
    extraBabyCents: number
  }
  parent: { displayName: string; email: string }
  nurse: { displayName: string }
  /** The deposit's charge and its refunds. */
  payments: Array<{ id: number; kind: 'charge' | 'refund' | 'payout' | 'reversal'; status: string; amountCents: number; createdAt: Date | string }>
}

/**
 * The receipt of a due-date reservation's deposit before its plan starts (decision 0073): the
 * plan's first week at her quoted rates, what was charged for it and any refund. No nights yet: the
 * booking's receipts list them once the plan starts.
 */
export function toDepositReceipt(source: DepositReceiptSource, t?: Translate): Receipt | null {
  const payment = source.payments.find((p) => p.id === source.paymentId)
  const charge = source.payments.find((p) => p.kind === 'charge')
  if (!payment || !charge || (payment.kind !== 'charge' && payment.kind !== 'refund')) return null
  const { reservation } = source
  const nightPriceCents = reservation.nightlyRateCents + (reservation.babies > 1 ? reservation.extraBabyCents * (reservation.babies - 1) : 0)
  const firstWeek = Array.from({ length: reservation.nightsPerWeek }, () => ({ priceCents: nightPriceCents }))
  const subtotalCents = Math.min(charge.amountCents, nightPriceCents * reservation.nightsPerWeek)
  const refunds = source.payments
    .filter((p) => p.kind === 'refund' && p.status === 'succeeded')
    .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id - b.id)
    .map((p) => ({ invoiceNumber: formatInvoiceNumber(p.id), date: iso(p.createdAt), amountCents: p.amountCents, nightLabel: null }))
  const refundedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0)
  return {
    paymentId: payment.id,
    invoiceNumber: formatInvoiceNumber(payment.id),
    kind: payment.kind,
    title: receiptTitle(payment.kind, t),
    issuedAt: iso(payment.createdAt),
    amountCents: payment.amountCents,
    paymentMethod: 'Card',
    bookingId: null,
    bookingReference: null,
    bookedAt: iso(charge.createdAt),
    pattern: patternLabel('recurring', t),
    parentName: source.parent.displayName,
    parentEmail: source.parent.email,
    nurseName: source.nurse.displayName,
    address: reservation.addressText,
    timezone: reservation.timezone,
    nights: [],
    nightlyRateCents: reservation.nightlyRateCents,
    babies: reservation.babies,
    extraBabyCents: reservation.extraBabyCents,
    subtotalCents,
    platformFeeCents: charge.amountCents - subtotalCents,
    totalAmountCents: charge.amountCents,
    refunds,
    refundedCents,
    netPaidCents: Math.max(0, charge.amountCents - refundedCents),
    chargedCents: charge.amountCents,
    week: null,
    paidWeekByWeek: false,
    forLine: t
      ? t('receipt.forDeposit', { reference: formatReservationReference(reservation.id) })
      : `Deposit for reservation ${formatReservationReference(reservation.id)}`,
    datedLine: t ? t('receipt.dueDate', { date: formatNightDate(reservation.dueDate) }) : `Due date ${formatNightDate(reservation.dueDate)}`,
    priceLines: [[t ? t('receipt.depositFirstWeek') : 'Deposit: her first week', ''], ...priceSummaryLines(firstWeek, reservation, t)],
  }
}

function receiptTitle(kind: 'charge' | 'refund', t?: Translate): string {
  if (t) return kind === 'refund' ? t('receipt.refundTitle') : t('receipt.title')
  return kind === 'refund' ? 'Refund Receipt' : 'Receipt'
}

/** '#R-000007': a reservation as receipts name it. */
export function formatReservationReference(id: number): string {
  return `#R-${String(id).padStart(6, '0')}`
}
