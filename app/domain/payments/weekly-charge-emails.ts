// The e-mails of a series paid week by week (issue 15, docs/decisions/0028): the family hears
// when a week's charge was declined (with the link to pay and the deadline) and, if it stays
// unpaid, that the week's nights were released; the nurse hears that those nights are free again.
// Pure: the origin is passed in.
import { formatCents } from '../bookings/pricing'
import { formatNightDate } from '../time/shift-times'
import { renderEmail, type EmailContent } from '../notifications/email-layout'

const trimOrigin = (origin: string) => origin.replace(/\/$/, '')
export const bookingPayUrl = (origin: string, bookingId: number) => `${trimOrigin(origin)}/parent/bookings/${bookingId}#weekly-payments`

/** 'Mon, Jan 12 – Sun, Jan 18' style list of a week's nights: the first and last night. */
function nightsLabel(dates: readonly string[]): string {
  if (dates.length === 0) return ''
  const first = formatNightDate(dates[0])
  return dates.length === 1 ? first : `${first} to ${formatNightDate(dates[dates.length - 1])}`
}

/** 'Wed, Dec 2, 5:00 PM EST': when an unpaid week is released, in the nurse's zone (the e-mail and the booking page). */
export function deadlineLabel(deadline: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(deadline))
}

/** What every e-mail about one week of a series says: whose nights, which week, which nights, how much. */
interface WeekEmailInput {
  origin: string
  parentName: string
  nurseName: string
  bookingId: number
  week: number
  nightDates: readonly string[]
  amountCents: number
}

/** To the family: the weekly charge was declined; the week's nights are held until the deadline. */
export function weekChargeFailedEmail(input: WeekEmailInput & { reason: string; deadline: Date; timeZone: string }): EmailContent {
  const amount = formatCents(input.amountCents)
  const deadline = deadlineLabel(input.deadline, input.timeZone)
  return renderEmail({
    subject: `Payment needed: week ${input.week} with ${input.nurseName}`,
    heading: `Week ${input.week}'s payment did not go through`,
    paragraphs: [
      `Hi ${input.parentName}, we tried to charge your saved card ${amount} for week ${input.week} of your nights with ${input.nurseName}, and it was declined: ${input.reason}`,
      `We are holding the week's nights for you until ${deadline}. Pay from your booking page before then, with your saved card or another one; after that the nights are released and ${input.nurseName} is told they are free.`,
    ],
    details: [
      ['Nights', nightsLabel(input.nightDates)],
      ['Amount', amount],
      ['Pay by', deadline],
    ],
    action: { label: `Pay ${amount}`, url: bookingPayUrl(input.origin, input.bookingId) },
    footer: 'You receive this because you booked these nights on Nightlight.',
  })
}

/** To the family: a week of their series was charged to the saved card, as scheduled. */
export function weekChargedEmail(input: WeekEmailInput & { cardLabel: string }): EmailContent {
  const amount = formatCents(input.amountCents)
  return renderEmail({
    subject: `Week ${input.week} paid: ${amount} for your nights with ${input.nurseName}`,
    heading: `Week ${input.week} is paid`,
    paragraphs: [
      `Hi ${input.parentName}, we charged ${amount} to your saved card (${input.cardLabel}) for week ${input.week} of your nights with ${input.nurseName}, as scheduled.`,
      'Your receipt is on your booking’s page. Nights you cancel more than 48 hours ahead are refunded in full.',
    ],
    details: [
      ['Nights', nightsLabel(input.nightDates)],
      ['Charged', amount],
      ['Card', input.cardLabel],
    ],
    action: { label: 'View your booking', url: `${trimOrigin(input.origin)}/parent/bookings/${input.bookingId}` },
    footer: 'You receive this because you booked these nights on Nightlight.',
  })
}

/** To the family or the nurse: the week stayed unpaid, so its nights were released. */
export function weekReleasedEmail(input: {
  origin: string
  recipient: 'parent' | 'nurse'
  name: string
  /** The nurse's name for the family; the family's first name for the nurse. */
  otherName: string
  week: number
  nightDates: readonly string[]
  bookingCancelled: boolean
}): EmailContent {
  const nights = nightsLabel(input.nightDates)
  const count = `${input.nightDates.length} night${input.nightDates.length === 1 ? '' : 's'}`
  if (input.recipient === 'parent') {
    return renderEmail({
      subject: `Nights released: week ${input.week} with ${input.otherName}`,
      heading: `Week ${input.week}'s nights were released`,
      paragraphs: [
        `Hi ${input.name}, the payment for week ${input.week} of your nights with ${input.otherName} did not arrive within 48 hours, so its ${count} (${nights}) were released and you were not charged for them.`,
        input.bookingCancelled
          ? 'No nights are left in this booking, so it is now cancelled.'
          : 'Your other nights are not affected. To book these nights again, choose them on the nurse’s profile.',
      ],
      details: [['Nights released', nights]],
      action: { label: 'View your bookings', url: `${trimOrigin(input.origin)}/parent/dashboard` },
      footer: 'You receive this because you booked these nights on Nightlight.',
    })
  }
  return renderEmail({
    subject: `Nights free again: ${nights}`,
    heading: 'Some of your booked nights are free again',
    paragraphs: [
      `Hi ${input.name}, ${input.otherName}'s family did not pay for week ${input.week} of their series, so its ${count} (${nights}) were released. You will not be paid for them, and they are open to other families again if you publish them.`,
      'The family’s other nights are not affected.',
    ],
    details: [['Nights released', nights]],
    action: { label: 'View your calendar', url: `${trimOrigin(input.origin)}/nurse/dashboard?tab=availability` },
    footer: 'You receive this because you were the nurse of these nights on Nightlight.',
  })
}
