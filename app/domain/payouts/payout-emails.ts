// The nurse's payout notices: a night's payout held after the family reported a problem, the
// admin's decision on that problem (to the nurse and to the family), and a payout the bank or the
// payment provider refused. Readable HTML with a plain-text twin (renderEmail); times are the
// night's own local times in the nurse's time zone. Pure: the origin is passed in, and `t` (the
// `emails` catalogue) writes them in the reader's language.
import type { Translate } from '~/i18n/translate'
import { formatCents } from '../bookings/pricing'
import { formatNightDate } from '../time/shift-times'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { nightTimeLabel, type EmailNight } from '../bookings/parent-emails'

const trimOrigin = (origin: string) => origin.replace(/\/$/, '')
const payoutsUrl = (origin: string) => `${trimOrigin(origin)}/nurse/dashboard?tab=bookings`
const parentDashboardUrl = (origin: string) => `${trimOrigin(origin)}/parent/dashboard`

/** To the nurse: the family reported a problem with a night, so its payout is held. */
export function nightHeldEmail(
  input: {
    origin: string
    nurseName: string
    /** The family's first name only: never their full name or address. */
    parentFirstName: string
    night: EmailNight
    payoutCents: number
  },
  t: Translate,
): EmailContent {
  const date = formatNightDate(input.night.date)
  const payout = formatCents(input.payoutCents)
  return renderEmail(
    {
      subject: t('payoutHeld.subject', { date }),
      heading: t('payoutHeld.heading'),
      paragraphs: [t('payoutHeld.hi', { name: input.nurseName, first: input.parentFirstName, date }), t('payoutHeld.onHold', { payout }), t('payoutHeld.others')],
      details: [
        [t('label.night'), date],
        [t('label.time'), nightTimeLabel(input.night)],
        [t('label.family'), input.parentFirstName],
        [t('label.payout'), payout],
      ],
      action: { label: t('action.viewPayouts'), url: payoutsUrl(input.origin) },
      footer: t('reportReminder.footer'),
    },
    t,
  )
}

/** To the nurse or to the family, once the Nightlight team has decided on a reported problem. */
export function problemResolvedEmail(
  input: {
    origin: string
    recipient: 'nurse' | 'parent'
    /** The recipient's name. */
    name: string
    /** The other side's name: the family's first name for the nurse, the nurse's name for the family. */
    otherName: string
    night: EmailNight
    decision: 'release' | 'refund'
    refundCents: number
    payoutCents: number
  },
  t: Translate,
): EmailContent {
  const date = formatNightDate(input.night.date)
  const time = nightTimeLabel(input.night)
  if (input.recipient === 'nurse') {
    const payout = formatCents(input.payoutCents)
    const released = input.decision === 'release'
    return renderEmail(
      {
        subject: released ? t('resolved.releasedSubject', { date }) : t('resolved.refundedSubject', { date }),
        heading: released ? t('resolved.releasedHeading') : t('resolved.refundedHeading'),
        paragraphs: released
          ? [t('resolved.releasedHi', { name: input.name, date }), t('resolved.releasedOnItsWay', { payout })]
          : [
              t('resolved.refundedHi', { name: input.name, date, family: input.otherName }),
              t('resolved.refundedNotPaid', { payout }),
              t('resolved.questions'),
            ],
        details: [
          [t('label.night'), date],
          [t('label.time'), time],
          [t('label.family'), input.otherName],
          [t('label.payout'), released ? payout : formatCents(0)],
        ],
        action: { label: t('action.viewPayouts'), url: payoutsUrl(input.origin) },
        footer: t('reportReminder.footer'),
      },
      t,
    )
  }
  const refunded = input.decision === 'refund'
  const refund = formatCents(input.refundCents)
  const refundRows: Array<[string, string]> = refunded ? [[t('label.refund'), refund]] : []
  return renderEmail(
    {
      subject: refunded ? t('resolved.parentRefundSubject', { date }) : t('resolved.parentAboutSubject', { date }),
      heading: refunded ? t('resolved.parentRefundHeading') : t('resolved.parentAboutHeading'),
      paragraphs: refunded
        ? [t('resolved.parentThanks', { name: input.name, nurse: input.otherName, date }), t('resolved.parentRefund', { refund })]
        : [t('resolved.parentThanksPaid', { name: input.name, nurse: input.otherName, date }), t('resolved.parentMore')],
      details: [[t('label.night'), date], [t('label.time'), time], [t('label.nurse'), input.otherName], ...refundRows],
      action: { label: t('action.viewBookings'), url: parentDashboardUrl(input.origin) },
    },
    t,
  )
}

/** To the nurse: a payout the bank or the payment provider could not accept. */
export function payoutFailedEmail(
  input: {
    origin: string
    nurseName: string
    amountCents: number
    /** The night the payout is for, when known. */
    night: EmailNight | null
    /** The reason given by the bank or the payment provider. */
    reason: string
  },
  t: Translate,
): EmailContent {
  const amount = formatCents(input.amountCents)
  const date = input.night ? formatNightDate(input.night.date) : null
  const nightRows: Array<[string, string]> =
    input.night && date
      ? [
          [t('label.night'), date],
          [t('label.time'), nightTimeLabel(input.night)],
        ]
      : []
  return renderEmail(
    {
      subject: t('payoutFailed.subject', { amount }),
      heading: t('payoutFailed.heading'),
      paragraphs: [
        date ? t('payoutFailed.hiNight', { name: input.nurseName, amount, date }) : t('payoutFailed.hi', { name: input.nurseName, amount }),
        t('payoutFailed.reason', { reason: input.reason.trim().replace(/[.!?]?$/, '.') }),
        t('payoutFailed.check'),
      ],
      details: [...nightRows, [t('label.payout'), amount], [t('label.reason'), input.reason]],
      action: { label: t('action.viewPayouts'), url: payoutsUrl(input.origin) },
      footer: t('payoutFailed.footer'),
    },
    t,
  )
}
