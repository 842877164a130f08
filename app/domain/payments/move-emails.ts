// A moved night (issue 17, docs/decisions/0034): the nurse is told which night moved where, and the
// family gets a confirmation with what was charged or refunded. Pure: the origin is passed in.
import { formatCents } from '../bookings/pricing'
import { formatNightDate } from '../time/shift-times'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { nightTimeLabel, type EmailNight } from '../bookings/parent-emails'

interface MovedNight {
  origin: string
  parentName: string
  nurseName: string
  bookingId: number
  from: EmailNight
  to: EmailNight
}

const base = (origin: string) => origin.replace(/\/$/, '')

export function nightMovedEmail(input: MovedNight & { differenceCents: number; charged: boolean }): EmailContent {
  const from = formatNightDate(input.from.date)
  const to = formatNightDate(input.to.date)
  const money =
    input.differenceCents === 0
      ? 'The new night costs the same, so nothing was charged or refunded.'
      : !input.charged
        ? `The week’s charge will be ${formatCents(Math.abs(input.differenceCents))} ${input.differenceCents > 0 ? 'more' : 'less'}.`
        : input.differenceCents > 0
          ? `The new night costs ${formatCents(input.differenceCents)} more, which was charged to your saved card.`
          : `The new night costs ${formatCents(-input.differenceCents)} less, which will be refunded to your card within 5–10 business days.`
  return renderEmail({
    subject: `Night moved: ${from} is now ${to} with ${input.nurseName}`,
    heading: 'Your night has moved',
    paragraphs: [`Hi ${input.parentName}, your night with ${input.nurseName} on ${from} is now on ${to}.`, money],
    details: [
      ['Was', `${from}, ${nightTimeLabel(input.from)}`],
      ['Now', `${to}, ${nightTimeLabel(input.to)}`],
      ['Nurse', input.nurseName],
    ],
    action: { label: 'View your booking', url: `${base(input.origin)}/parent/bookings/${input.bookingId}` },
  })
}

export function nurseNightMovedEmail(input: MovedNight): EmailContent {
  const from = formatNightDate(input.from.date)
  const to = formatNightDate(input.to.date)
  return renderEmail({
    subject: `A night moved: ${from} is now ${to}`,
    heading: 'A booked night has moved',
    paragraphs: [
      `Hi ${input.nurseName}, ${input.parentName} moved their night of ${from} to ${to}, one of your open nights. ${from} is open again on your calendar.`,
    ],
    details: [
      ['Was', `${from}, ${nightTimeLabel(input.from)}`],
      ['Now', `${to}, ${nightTimeLabel(input.to)}`],
      ['Family', input.parentName],
    ],
    action: { label: 'Open your dashboard', url: `${base(input.origin)}/nurse/dashboard` },
  })
}

/** A night the family tried to move stayed where it was, and what was charged for the move is refunded. */
export function moveChargeRefundedEmail(input: {
  origin: string
  parentName: string
  nurseName: string
  bookingId: number
  amountCents: number
}): EmailContent {
  const amount = formatCents(input.amountCents)
  return renderEmail({
    subject: `Your ${amount} for moving a night is refunded`,
    heading: 'Your night did not move',
    paragraphs: [
      `Hi ${input.parentName}, we could not finish moving your night with ${input.nurseName}, so it stays where it was.`,
      `The ${amount} charged to your saved card for the move is refunded. It reaches your card within 5–10 business days.`,
    ],
    details: [
      ['Refunded', amount],
      ['Nurse', input.nurseName],
    ],
    action: { label: 'View your booking', url: `${base(input.origin)}/parent/bookings/${input.bookingId}` },
  })
}
