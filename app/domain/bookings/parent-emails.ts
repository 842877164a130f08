// The parent's cancellation notice and night reminder, plus the nurse's notice of
// a cancelled night. Readable HTML with a plain-text twin (renderEmail); times are the night's own
// local times in the nurse's time zone, labelled with that zone. Pure: the origin is passed in, and
// `t` (the `emails` catalogue) writes them in the reader's language.
import type { Translate } from '~/i18n/translate'
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
}, t: Translate): EmailContent {
  const date = formatNightDate(input.night.date)
  const refund =
    input.refundCents > 0
      ? t(input.policy === 'half' ? 'cancelNotice.refundHalf' : 'cancelNotice.refund', { amount: formatCents(input.refundCents) })
      : t('cancelNotice.noRefund')
  return renderEmail({
    subject: t('cancelNotice.subject', { date, nurse: input.nurseName }),
    heading: t('cancelNotice.heading'),
    paragraphs: [
      t('cancelNotice.hi', { name: input.parentName, nurse: input.nurseName, date }),
      refund,
      ...(input.bookingCancelled ? [t('cancelNotice.lastNight')] : []),
    ],
    details: [
      [t('label.night'), date],
      [t('label.time'), nightTimeLabel(input.night)],
      [t('label.nurse'), input.nurseName],
      [t('label.refund'), formatCents(input.refundCents)],
    ],
    action: { label: t('action.viewBookings'), url: dashboardUrl(input.origin) },
    footer: t('cancelNotice.footer'),
  }, t)
}

export function nurseCancellationNoticeEmail(input: {
  origin: string
  nurseName: string
  parentName: string
  night: EmailNight
}, t: Translate): EmailContent {
  const date = formatNightDate(input.night.date)
  return renderEmail({
    subject: t('nurseCancelNotice.subject', { date }),
    heading: t('nurseCancelNotice.heading'),
    paragraphs: [t('nurseCancelNotice.hi', { name: input.nurseName, family: input.parentName, date })],
    details: [
      [t('label.night'), date],
      [t('label.time'), nightTimeLabel(input.night)],
      [t('label.family'), input.parentName],
    ],
    action: { label: t('action.openDashboard'), url: `${input.origin.replace(/\/$/, '')}/nurse/dashboard` },
  }, t)
}

export function reminderEmail(input: {
  origin: string
  parentName: string
  nurseName: string
  night: EmailNight
  addressText: string
}, t: Translate): EmailContent {
  const date = formatNightDate(input.night.date)
  const time = nightTimeLabel(input.night)
  return renderEmail({
    subject: t('reminder.subject', { nurse: input.nurseName, date }),
    heading: t('reminder.heading'),
    paragraphs: [t('reminder.hi', { name: input.parentName, nurse: input.nurseName, date, time }), t('reminder.cancel')],
    details: [
      [t('label.night'), date],
      [t('label.time'), time],
      [t('label.nurse'), input.nurseName],
      [t('label.address'), input.addressText],
    ],
    action: { label: t('action.viewBookings'), url: dashboardUrl(input.origin) },
    footer: t('reminder.footer'),
  }, t)
}

/** The family's notice when Nightlight cancels their booking (docs/decisions/0008). */
export function platformCancellationEmail(input: {
  origin: string
  parentName: string
  nurseName: string
  reference: string
  nights: readonly EmailNight[]
  refundCents: number
}, t: Translate): EmailContent {
  const refund = input.refundCents > 0 ? t('platformCancel.refund', { amount: formatCents(input.refundCents) }) : t('platformCancel.noRefund')
  return renderEmail({
    subject: t('platformCancel.subject', { reference: input.reference, nurse: input.nurseName }),
    heading: t('platformCancel.heading'),
    paragraphs: [
      t('platformCancel.hi', { name: input.parentName, reference: input.reference, nurse: input.nurseName }),
      refund,
      t('platformCancel.questions'),
    ],
    details: [
      ...input.nights.map((night): [string, string] => [t('label.nightCancelled'), `${formatNightDate(night.date)}, ${nightTimeLabel(night)}`]),
      [t('label.refund'), formatCents(input.refundCents)],
    ],
    action: { label: t('action.viewBookings'), url: dashboardUrl(input.origin) },
  }, t)
}

/** The nurse's notice when Nightlight cancels one of their bookings. */
export function nursePlatformCancellationEmail(input: {
  origin: string
  nurseName: string
  parentName: string
  reference: string
  nights: readonly EmailNight[]
}, t: Translate): EmailContent {
  return renderEmail({
    subject: t('nursePlatformCancel.subject', { reference: input.reference }),
    heading: t('nursePlatformCancel.heading'),
    paragraphs: [t('nursePlatformCancel.hi', { name: input.nurseName, family: input.parentName, reference: input.reference })],
    details: input.nights.map((night): [string, string] => [t('label.night'), `${formatNightDate(night.date)}, ${nightTimeLabel(night)}`]),
    action: { label: t('action.openDashboard'), url: `${input.origin.replace(/\/$/, '')}/nurse/dashboard` },
  }, t)
}
