// The booking-confirmation e-mail, to the parent and to the nurse once a payment
// has succeeded. Pure: the caller loads the booking and sends the result with sendEmail.
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { formatBookingReference, type NightRequest } from '../bookings/booking-rules'
import { babiesPriceLine } from '../bookings/babies'
import { formatCents } from '../bookings/pricing'
import { nightInstants } from '../time/night-instants'
import { formatNightDate, formatTime12, timeZoneLabel } from '../time/shift-times'

export interface BookingConfirmationEmailInput {
  recipient: 'parent' | 'nurse'
  bookingId: number
  parentName: string
  nurseName: string
  /** The nurse's IANA time zone: every time in the e-mail is the nurse's local time. */
  timeZone: string
  nights: readonly NightRequest[]
  addressText: string
  subtotalCents: number
  platformFeeCents: number
  totalAmountCents: number
  nursePayoutCents: number
  /** Twins or triplets (issue 36): both sides are told, the nurse before she arrives. */
  babies?: number
  extraBabyCents?: number
  dashboardUrl: string
  /** A series paid week by week (docs/decisions/0028): what week 1 took now, and how many weeks. */
  weekly?: { paidNowCents: number; weeks: number } | null
}

export function describeNight(night: NightRequest, timeZone: string): string {
  const { startsAt } = nightInstants(night.date, night.startTimeLocal, night.endTimeLocal, timeZone)
  return `${formatNightDate(night.date)}, ${formatTime12(night.startTimeLocal)} – ${formatTime12(
    night.endTimeLocal,
  )} ${timeZoneLabel(timeZone, startsAt)}`
}

/** The e-mail's detail rows for the nights: 'Night 1', 'Night 2', … each with its date and times. */
function nightRows(nights: readonly NightRequest[], timeZone: string): Array<[string, string]> {
  return nights.map((night, i) => [`Night ${i + 1}`, describeNight(night, timeZone)])
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function bookingConfirmationEmail(input: BookingConfirmationEmailInput): EmailContent {
  const reference = formatBookingReference(input.bookingId)
  const nights = nightRows(input.nights, input.timeZone)
  const twinLine = babiesPriceLine(input.babies ?? 1, input.extraBabyCents ?? 0)
  const babiesRow: Array<[string, string]> = twinLine ? [['Babies', twinLine]] : []
  if (input.recipient === 'parent') {
    return renderEmail({
      subject: `Booking confirmed: ${input.nurseName}, ${plural(input.nights.length, 'night')} (${reference})`,
      heading: 'Booking Confirmed!',
      paragraphs: [
        `Hi ${input.parentName}, your payment went through and ${input.nurseName} is booked for ${plural(
          input.nights.length,
          'night',
        )}.`,
        ...(input.weekly
          ? [
              `Your series is paid week by week: ${formatCents(input.weekly.paidNowCents)} was charged now for week 1, and each of the other ${input.weekly.weeks - 1} weeks is charged to your saved card 5 days before it starts. Nights you cancel before their week is charged are never charged.`,
            ]
          : []),
        `Times are the nurse's local time (${input.timeZone}). You can see and manage your nights from your dashboard.`,
      ],
      details: [
        ['Booking', reference],
        ['Nurse', input.nurseName],
        ...nights,
        ['Address', input.addressText],
        ...babiesRow,
        ['Subtotal', formatCents(input.subtotalCents)],
        ['Platform fee (10%)', formatCents(input.platformFeeCents)],
        ['Total', formatCents(input.totalAmountCents)],
        ...(input.weekly ? [['Charged now (week 1)', formatCents(input.weekly.paidNowCents)] as [string, string]] : []),
      ],
      action: { label: 'Go to My Dashboard', url: input.dashboardUrl },
    })
  }
  return renderEmail({
    subject: `New booking: ${plural(input.nights.length, 'night')} with ${input.parentName} (${reference})`,
    heading: 'You have a new booking',
    paragraphs: [
      input.weekly
        ? `Hi ${input.nurseName}, ${input.parentName} has booked ${plural(input.nights.length, 'night')} with you over ${input.weekly.weeks} weeks. The family pays week by week, five days before each week; if a week goes unpaid we tell you, and its nights are released.`
        : `Hi ${input.nurseName}, ${input.parentName} has booked and paid for ${plural(input.nights.length, 'night')} with you.`,
      `Times are your local time (${input.timeZone}).`,
    ],
    details: [
      ['Booking', reference],
      ['Family', input.parentName],
      ...nights,
      ['Address', input.addressText],
      ...babiesRow,
      ['Your payout', formatCents(input.nursePayoutCents)],
    ],
    action: { label: 'Open your dashboard', url: input.dashboardUrl },
  })
}

/**
 * A payment that arrived after the hold had released the nights, when someone else booked a night
 * meanwhile (docs/decisions/0013): the family is refunded in full and told so.
 */
export function latePaymentRefundEmail(input: {
  bookingId: number
  parentName: string
  nurseName: string
  timeZone: string
  nights: readonly NightRequest[]
  refundCents: number
  bookUrl: string
}): EmailContent {
  const reference = formatBookingReference(input.bookingId)
  return renderEmail({
    subject: `Your payment has been refunded in full (${reference})`,
    heading: 'Your payment has been refunded',
    paragraphs: [
      `Hi ${input.parentName}, your payment for ${plural(input.nights.length, 'night')} with ${input.nurseName} arrived after the 15-minute hold on them had ended, and some of these nights have since been booked by another family.`,
      `We have refunded the whole ${formatCents(input.refundCents)} to your card; it can take 5 to 10 business days to appear. Nothing is booked under ${reference}.`,
    ],
    details: [
      ['Booking', reference],
      ['Nurse', input.nurseName],
      ...nightRows(input.nights, input.timeZone),
      ['Refunded', formatCents(input.refundCents)],
    ],
    action: { label: 'Choose other nights', url: input.bookUrl },
  })
}
