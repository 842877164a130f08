// The parent's cancellation notice and night reminder, plus the nurse's notice of
// a cancelled night. Readable HTML with a plain-text twin (renderEmail); times are the night's own
// local times in the nurse's time zone, labelled with that zone. Pure: the origin is passed in.
import type { RefundPolicy } from './cancellation'
import { formatCents } from './pricing'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { formatNightDate, formatTime12, timeZoneLabel } from '../time/shift-times'

export interface EmailNight {
  date: string
  startTimeLocal: string
  endTimeLocal: string
  startsAt: Date | string
  timezone: string
}

/** '9:00 PM – 7:00 AM CST' */
export function nightTimeLabel(night: EmailNight): string {
  return `${formatTime12(night.startTimeLocal)} – ${formatTime12(night.endTimeLocal)} ${timeZoneLabel(night.timezone, night.startsAt)}`
}

const dashboardUrl = (origin: string) => `${origin.replace(/\/$/, '')}/parent/dashboard`

export function cancellationNoticeEmail(input: {
  origin: string
  parentName: string
  nurseName: string
  night: EmailNight
  refundCents: number
  policy: RefundPolicy
  bookingCancelled: boolean
}): EmailContent {
  const date = formatNightDate(input.night.date)
  const refund =
    input.refundCents > 0
      ? `${formatCents(input.refundCents)} will be refunded to your card${
          input.policy === 'half' ? ' (50% of the night, as it was cancelled within 48 hours of its start)' : ''
        }. Refunds usually reach your account within 5–10 business days.`
      : 'No refund is due for this night.'
  return renderEmail({
    subject: `Night cancelled: ${date} with ${input.nurseName}`,
    heading: 'Your night has been cancelled',
    paragraphs: [
      `Hi ${input.parentName}, your night with ${input.nurseName} on ${date} is cancelled.`,
      refund,
      ...(input.bookingCancelled ? ['That was the last night of this booking, so the booking is now cancelled.'] : []),
    ],
    details: [
      ['Night', date],
      ['Time', nightTimeLabel(input.night)],
      ['Nurse', input.nurseName],
      ['Refund', formatCents(input.refundCents)],
    ],
    action: { label: 'View your bookings', url: dashboardUrl(input.origin) },
    footer: 'You receive this because cancellation notices are on in your notification settings.',
  })
}

export function nurseCancellationNoticeEmail(input: {
  origin: string
  nurseName: string
  parentName: string
  night: EmailNight
}): EmailContent {
  const date = formatNightDate(input.night.date)
  return renderEmail({
    subject: `A night was cancelled: ${date}`,
    heading: 'A booked night was cancelled',
    paragraphs: [
      `Hi ${input.nurseName}, ${input.parentName} cancelled the night of ${date}. The night is free again on your calendar.`,
    ],
    details: [
      ['Night', date],
      ['Time', nightTimeLabel(input.night)],
      ['Family', input.parentName],
    ],
    action: { label: 'Open your dashboard', url: `${input.origin.replace(/\/$/, '')}/nurse/dashboard` },
  })
}

export function reminderEmail(input: {
  origin: string
  parentName: string
  nurseName: string
  night: EmailNight
  addressText: string
}): EmailContent {
  const date = formatNightDate(input.night.date)
  const time = nightTimeLabel(input.night)
  return renderEmail({
    subject: `Reminder: ${input.nurseName} is with you on ${date}`,
    heading: 'Your night nurse is coming soon',
    paragraphs: [
      `Hi ${input.parentName}, this is a reminder that ${input.nurseName} will care for your baby on ${date}, ${time}.`,
      'If you need to cancel, you can do it from your dashboard. Within 48 hours of the night’s start, 50% of the night is refunded.',
    ],
    details: [
      ['Night', date],
      ['Time', time],
      ['Nurse', input.nurseName],
      ['Address', input.addressText],
    ],
    action: { label: 'View your bookings', url: dashboardUrl(input.origin) },
    footer: 'You receive this because booking reminders are on in your notification settings.',
  })
}

/** The family's notice when Nightlight cancels their booking (docs/decisions/0008). */
export function platformCancellationEmail(input: {
  origin: string
  parentName: string
  nurseName: string
  reference: string
  nights: readonly EmailNight[]
  refundCents: number
}): EmailContent {
  const refund =
    input.refundCents > 0
      ? `${formatCents(input.refundCents)} will be refunded to your card in full for these nights. Refunds usually reach your account within 5–10 business days.`
      : 'No payment was taken for these nights, so nothing is refunded.'
  return renderEmail({
    subject: `Booking ${input.reference} with ${input.nurseName} was cancelled`,
    heading: 'Your booking has been cancelled',
    paragraphs: [
      `Hi ${input.parentName}, our team has cancelled your booking ${input.reference} with ${input.nurseName}. We are sorry for the trouble.`,
      refund,
      'Please reply to this e-mail if you have any questions, or book another nurse from your dashboard.',
    ],
    details: [
      ...input.nights.map((night): [string, string] => ['Night cancelled', `${formatNightDate(night.date)}, ${nightTimeLabel(night)}`]),
      ['Refund', formatCents(input.refundCents)],
    ],
    action: { label: 'View your bookings', url: dashboardUrl(input.origin) },
  })
}

/** The nurse's notice when Nightlight cancels one of their bookings. */
export function nursePlatformCancellationEmail(input: {
  origin: string
  nurseName: string
  parentName: string
  reference: string
  nights: readonly EmailNight[]
}): EmailContent {
  return renderEmail({
    subject: `Booking ${input.reference} was cancelled`,
    heading: 'A booking was cancelled',
    paragraphs: [
      `Hi ${input.nurseName}, our team has cancelled ${input.parentName}'s booking ${input.reference}. These nights are free again on your calendar.`,
    ],
    details: input.nights.map((night): [string, string] => ['Night', `${formatNightDate(night.date)}, ${nightTimeLabel(night)}`]),
    action: { label: 'Open your dashboard', url: `${input.origin.replace(/\/$/, '')}/nurse/dashboard` },
  })
}
