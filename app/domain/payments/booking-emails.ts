// The booking-confirmation e-mail, to the parent and to the nurse once a payment
// has succeeded. Pure: the caller loads the booking and sends the result with sendEmail; `t` (the
// `emails` catalogue) writes it in the reader's language.
import type { Translate } from '~/i18n/translate'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { formatBookingReference, type NightRequest } from '../bookings/booking-rules'
import { formatCents, formatNightlyRate } from '../bookings/pricing'
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
function nightRows(nights: readonly NightRequest[], timeZone: string, t: Translate): Array<[string, string]> {
  return nights.map((night, i) => [t('label.nightNumber', { number: i + 1 }), describeNight(night, timeZone)])
}

export function bookingConfirmationEmail(input: BookingConfirmationEmailInput, t: Translate): EmailContent {
  const reference = formatBookingReference(input.bookingId)
  const nights = nightRows(input.nights, input.timeZone, t)
  const count = input.nights.length
  const babies = input.babies ?? 1
  // 'Twins · +$80 a night', as babiesPriceLine writes it, in the reader's language.
  const twinLine =
    babies > 1
      ? t('confirmation.babiesLine', {
          babies: t(babies === 3 ? 'confirmation.triplets' : babies === 2 ? 'confirmation.twins' : 'confirmation.oneBaby'),
          amount: formatNightlyRate((input.extraBabyCents ?? 0) * (babies - 1)),
        })
      : null
  const babiesRow: Array<[string, string]> = twinLine ? [[t('label.babies'), twinLine]] : []
  if (input.recipient === 'parent') {
    return renderEmail({
      subject: t('confirmation.parentSubject', { nurse: input.nurseName, count, reference }),
      heading: t('confirmation.parentHeading'),
      paragraphs: [
        t('confirmation.parentHi', { name: input.parentName, nurse: input.nurseName, count }),
        ...(input.weekly
          ? [t('confirmation.weekly', { amount: formatCents(input.weekly.paidNowCents), otherWeeks: input.weekly.weeks - 1 })]
          : []),
        t('confirmation.parentTimes', { timeZone: input.timeZone }),
      ],
      details: [
        [t('label.booking'), reference],
        [t('label.nurse'), input.nurseName],
        ...nights,
        [t('label.address'), input.addressText],
        ...babiesRow,
        [t('label.subtotal'), formatCents(input.subtotalCents)],
        [t('label.platformFee'), formatCents(input.platformFeeCents)],
        [t('label.total'), formatCents(input.totalAmountCents)],
        ...(input.weekly ? [[t('label.chargedNowWeek1'), formatCents(input.weekly.paidNowCents)] as [string, string]] : []),
      ],
      action: { label: t('confirmation.parentAction'), url: input.dashboardUrl },
    }, t)
  }
  return renderEmail({
    subject: t('confirmation.nurseSubject', { count, family: input.parentName, reference }),
    heading: t('confirmation.nurseHeading'),
    paragraphs: [
      input.weekly
        ? t('confirmation.nurseHiWeekly', { name: input.nurseName, family: input.parentName, count, weeks: input.weekly.weeks })
        : t('confirmation.nurseHi', { name: input.nurseName, family: input.parentName, count }),
      t('confirmation.nurseTimes', { timeZone: input.timeZone }),
    ],
    details: [
      [t('label.booking'), reference],
      [t('label.family'), input.parentName],
      ...nights,
      [t('label.address'), input.addressText],
      ...babiesRow,
      [t('label.yourPayout'), formatCents(input.nursePayoutCents)],
    ],
    action: { label: t('action.openDashboard'), url: input.dashboardUrl },
  }, t)
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
}, t: Translate): EmailContent {
  const reference = formatBookingReference(input.bookingId)
  return renderEmail({
    subject: t('lateRefund.subject', { reference }),
    heading: t('lateRefund.heading'),
    paragraphs: [
      t('lateRefund.hi', { name: input.parentName, count: input.nights.length, nurse: input.nurseName }),
      t('lateRefund.refunded', { amount: formatCents(input.refundCents), reference }),
    ],
    details: [
      [t('label.booking'), reference],
      [t('label.nurse'), input.nurseName],
      ...nightRows(input.nights, input.timeZone, t),
      [t('label.refunded'), formatCents(input.refundCents)],
    ],
    action: { label: t('lateRefund.action'), url: input.bookUrl },
  }, t)
}
