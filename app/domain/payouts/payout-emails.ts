// The nurse's payout notices: a night's payout held after the family reported a problem, the
// admin's decision on that problem (to the nurse and to the family), and a payout the bank or the
// payment provider refused. Readable HTML with a plain-text twin (renderEmail); times are the
// night's own local times in the nurse's time zone. Pure: the origin is passed in.
import { formatCents } from '../bookings/pricing'
import { formatNightDate } from '../time/shift-times'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { nightTimeLabel, type EmailNight } from '../bookings/parent-emails'

const trimOrigin = (origin: string) => origin.replace(/\/$/, '')
const payoutsUrl = (origin: string) => `${trimOrigin(origin)}/nurse/dashboard?tab=bookings`
const parentDashboardUrl = (origin: string) => `${trimOrigin(origin)}/parent/dashboard`

const NURSE_FOOTER = 'You receive this because you were the nurse of this night on Nightlight.'

/** To the nurse: the family reported a problem with a night, so its payout is held. */
export function nightHeldEmail(input: {
  origin: string
  nurseName: string
  /** The family's first name only: never their full name or address. */
  parentFirstName: string
  night: EmailNight
  payoutCents: number
}): EmailContent {
  const date = formatNightDate(input.night.date)
  const payout = formatCents(input.payoutCents)
  return renderEmail({
    subject: `Payout on hold: ${date}`,
    heading: 'A payout is on hold',
    paragraphs: [
      `Hi ${input.nurseName}, ${input.parentFirstName}'s family reported a problem with the night of ${date}.`,
      `Your payout of ${payout} for this night is on hold while the Nightlight team looks into it. We will contact you if we need your side of the story.`,
      'Your other nights are not affected and are paid as usual.',
    ],
    details: [
      ['Night', date],
      ['Time', nightTimeLabel(input.night)],
      ['Family', input.parentFirstName],
      ['Payout', payout],
    ],
    action: { label: 'View your payouts', url: payoutsUrl(input.origin) },
    footer: NURSE_FOOTER,
  })
}

/** To the nurse or to the family, once the Nightlight team has decided on a reported problem. */
export function problemResolvedEmail(input: {
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
}): EmailContent {
  const date = formatNightDate(input.night.date)
  const time = nightTimeLabel(input.night)
  if (input.recipient === 'nurse') {
    const payout = formatCents(input.payoutCents)
    const released = input.decision === 'release'
    return renderEmail({
      subject: released ? `Payout released: ${date}` : `Night refunded to the family: ${date}`,
      heading: released ? 'Your payout is on its way' : 'This night was refunded',
      paragraphs: released
        ? [
            `Hi ${input.name}, the Nightlight team has looked into the problem reported for the night of ${date}, and your payout is released.`,
            `Your payout of ${payout} is on its way. It is sent within minutes once your payout account is ready.`,
          ]
        : [
            `Hi ${input.name}, the Nightlight team has looked into the problem reported for the night of ${date}, and the night was refunded to ${input.otherName}'s family.`,
            `You are not paid for this night. If its payout of ${payout} was already sent to you, it is taken back.`,
            'Please reply to this e-mail if you have any questions.',
          ],
      details: [
        ['Night', date],
        ['Time', time],
        ['Family', input.otherName],
        ['Payout', released ? payout : formatCents(0)],
      ],
      action: { label: 'View your payouts', url: payoutsUrl(input.origin) },
      footer: NURSE_FOOTER,
    })
  }
  const refunded = input.decision === 'refund'
  const refund = formatCents(input.refundCents)
  const refundRows: Array<[string, string]> = refunded ? [['Refund', refund]] : []
  return renderEmail({
    subject: refunded ? `Refund for your night of ${date}` : `About the problem with your night of ${date}`,
    heading: refunded ? 'Your night has been refunded' : 'We looked into your report',
    paragraphs: refunded
      ? [
          `Hi ${input.name}, thank you for telling us about the problem with your night with ${input.otherName} on ${date}. The Nightlight team has looked into it.`,
          `${refund} will be refunded to your card. Refunds usually reach your account within 5–10 business days.`,
        ]
      : [
          `Hi ${input.name}, thank you for telling us about the problem with your night with ${input.otherName} on ${date}. The Nightlight team has looked into it, and ${input.otherName} is paid for the night.`,
          'If you would like to know more, just reply to this e-mail and our support team will get back to you.',
        ],
    details: [['Night', date], ['Time', time], ['Nurse', input.otherName], ...refundRows],
    action: { label: 'View your bookings', url: parentDashboardUrl(input.origin) },
  })
}

/** To the nurse: a payout the bank or the payment provider could not accept. */
export function payoutFailedEmail(input: {
  origin: string
  nurseName: string
  amountCents: number
  /** The night the payout is for, when known. */
  night: EmailNight | null
  /** The reason given by the bank or the payment provider. */
  reason: string
}): EmailContent {
  const amount = formatCents(input.amountCents)
  const date = input.night ? formatNightDate(input.night.date) : null
  const forNight = date ? ` for the night of ${date}` : ''
  const nightRows: Array<[string, string]> =
    input.night && date
      ? [
          ['Night', date],
          ['Time', nightTimeLabel(input.night)],
        ]
      : []
  return renderEmail({
    subject: `Your payout of ${amount} could not be sent`,
    heading: 'Your payout could not be sent',
    paragraphs: [
      `Hi ${input.nurseName}, we tried to send your payout of ${amount}${forNight}, but it could not be sent.`,
      `The reason given by the bank or payment provider: ${input.reason.trim().replace(/[.!?]?$/, '.')}`,
      'Please check your bank details in your dashboard, or replace them with another account. We retry the payout automatically as soon as your account can receive it.',
    ],
    details: [...nightRows, ['Payout', amount], ['Reason', input.reason]],
    action: { label: 'View your payouts', url: payoutsUrl(input.origin) },
    footer: 'You receive this because you are paid for your nights through Nightlight.',
  })
}
