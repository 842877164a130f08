// The booking-confirmation e-mail (DESIGN.md §10), to the parent and to the nurse once a payment
// has succeeded. Pure: the caller loads the booking and sends the result with sendEmail.
import { renderEmail, type EmailContent } from './email-layout'
import { formatBookingReference, type NightRequest } from './booking-rules'
import { formatCents } from './pricing'
import { formatNightDate, formatTime12, nightInstants } from './shift-times'

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
  dashboardUrl: string
}

/** 'EST', 'PDT', … for an instant in a zone; DST may differ between the nights of a series. */
function zoneAbbreviation(instant: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')
  return part?.value ?? timeZone
}

export function describeNight(night: NightRequest, timeZone: string): string {
  const { startsAt } = nightInstants(night.date, night.startTimeLocal, night.endTimeLocal, timeZone)
  return `${formatNightDate(night.date)}, ${formatTime12(night.startTimeLocal)} – ${formatTime12(
    night.endTimeLocal,
  )} ${zoneAbbreviation(startsAt, timeZone)}`
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function bookingConfirmationEmail(input: BookingConfirmationEmailInput): EmailContent {
  const reference = formatBookingReference(input.bookingId)
  const nights = input.nights.map((night, i): [string, string] => [
    `Night ${i + 1}`,
    describeNight(night, input.timeZone),
  ])
  if (input.recipient === 'parent') {
    return renderEmail({
      subject: `Booking confirmed: ${input.nurseName}, ${plural(input.nights.length, 'night')} (${reference})`,
      heading: 'Booking Confirmed!',
      paragraphs: [
        `Hi ${input.parentName}, your payment went through and ${input.nurseName} is booked for ${plural(
          input.nights.length,
          'night',
        )}.`,
        `Times are the nurse's local time (${input.timeZone}). You can see and manage your nights from your dashboard.`,
      ],
      details: [
        ['Booking', reference],
        ['Nurse', input.nurseName],
        ...nights,
        ['Address', input.addressText],
        ['Subtotal', formatCents(input.subtotalCents)],
        ['Platform fee (10%)', formatCents(input.platformFeeCents)],
        ['Total', formatCents(input.totalAmountCents)],
      ],
      action: { label: 'Go to My Dashboard', url: input.dashboardUrl },
    })
  }
  return renderEmail({
    subject: `New booking: ${plural(input.nights.length, 'night')} with ${input.parentName} (${reference})`,
    heading: 'You have a new booking',
    paragraphs: [
      `Hi ${input.nurseName}, ${input.parentName} has booked and paid for ${plural(
        input.nights.length,
        'night',
      )} with you.`,
      `Times are your local time (${input.timeZone}).`,
    ],
    details: [
      ['Booking', reference],
      ['Family', input.parentName],
      ...nights,
      ['Address', input.addressText],
      ['Your payout', formatCents(input.nursePayoutCents)],
    ],
    action: { label: 'Open your dashboard', url: input.dashboardUrl },
  })
}
