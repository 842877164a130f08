// The e-mails of a series paid week by week (issue 15, docs/decisions/0028): the family hears
// when a week's charge was declined (with the link to pay and the deadline) and, if it stays
// unpaid, that the week's nights were released; the nurse hears that those nights are free again.
// Pure: the origin is passed in, and `t` (the `emails` catalogue) writes them in the reader's language.
import { currentLocale } from '~/i18n/current-language'
import type { Translate } from '~/i18n/translate'
import { formatCents } from '../bookings/pricing'
import { formatNightDate } from '../time/shift-times'
import { renderEmail, type EmailContent } from '../notifications/email-layout'

const trimOrigin = (origin: string) => origin.replace(/\/$/, '')
export const bookingPayUrl = (origin: string, bookingId: number) => `${trimOrigin(origin)}/parent/bookings/${bookingId}#weekly-payments`

/** 'Mon, Jan 12 – Sun, Jan 18' style list of a week's nights: the first and last night. */
function nightsLabel(dates: readonly string[], t: Translate): string {
  if (dates.length === 0) return ''
  const first = formatNightDate(dates[0])
  return dates.length === 1 ? first : t('week.nightsRange', { first, last: formatNightDate(dates[dates.length - 1]) })
}

/** 'Wed, Dec 2, 5:00 PM EST': when an unpaid week is released, in the nurse's zone (the e-mail and the booking page). */
export function deadlineLabel(deadline: Date | string, timeZone: string, locale: 'en-US' | 'es-US' = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, {
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
export function weekChargeFailedEmail(input: WeekEmailInput & { reason: string; deadline: Date; timeZone: string }, t: Translate): EmailContent {
  const amount = formatCents(input.amountCents)
  const deadline = deadlineLabel(input.deadline, input.timeZone, currentLocale())
  return renderEmail({
    subject: t('weekFailed.subject', { week: input.week, nurse: input.nurseName }),
    heading: t('weekFailed.heading', { week: input.week }),
    paragraphs: [
      t('weekFailed.hi', { name: input.parentName, amount, week: input.week, nurse: input.nurseName, reason: input.reason }),
      t('weekFailed.holding', { deadline, nurse: input.nurseName }),
    ],
    details: [
      [t('label.nights'), nightsLabel(input.nightDates, t)],
      [t('label.amount'), amount],
      [t('label.payBy'), deadline],
    ],
    action: { label: t('weekFailed.action', { amount }), url: bookingPayUrl(input.origin, input.bookingId) },
    footer: t('week.parentFooter'),
  }, t)
}

/** To the family: a week of their series was charged to the saved card, as scheduled. */
export function weekChargedEmail(input: WeekEmailInput & { cardLabel: string }, t: Translate): EmailContent {
  const amount = formatCents(input.amountCents)
  return renderEmail({
    subject: t('weekCharged.subject', { week: input.week, amount, nurse: input.nurseName }),
    heading: t('weekCharged.heading', { week: input.week }),
    paragraphs: [
      t('weekCharged.hi', { name: input.parentName, amount, card: input.cardLabel, week: input.week, nurse: input.nurseName }),
      t('weekCharged.receipt'),
    ],
    details: [
      [t('label.nights'), nightsLabel(input.nightDates, t)],
      [t('label.charged'), amount],
      [t('label.card'), input.cardLabel],
    ],
    action: { label: t('action.viewBooking'), url: `${trimOrigin(input.origin)}/parent/bookings/${input.bookingId}` },
    footer: t('week.parentFooter'),
  }, t)
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
}, t: Translate): EmailContent {
  const nights = nightsLabel(input.nightDates, t)
  const count = input.nightDates.length
  if (input.recipient === 'parent') {
    return renderEmail({
      subject: t('weekReleased.parentSubject', { week: input.week, nurse: input.otherName }),
      heading: t('weekReleased.parentHeading', { week: input.week }),
      paragraphs: [
        t('weekReleased.parentHi', { name: input.name, week: input.week, nurse: input.otherName, count, nights }),
        input.bookingCancelled ? t('weekReleased.parentCancelled') : t('weekReleased.parentOthers'),
      ],
      details: [[t('label.nightsReleased'), nights]],
      action: { label: t('action.viewBookings'), url: `${trimOrigin(input.origin)}/parent/dashboard` },
      footer: t('week.parentFooter'),
    }, t)
  }
  return renderEmail({
    subject: t('weekReleased.nurseSubject', { nights }),
    heading: t('weekReleased.nurseHeading'),
    paragraphs: [t('weekReleased.nurseHi', { name: input.name, family: input.otherName, week: input.week, count, nights }), t('weekReleased.nurseOthers')],
    details: [[t('label.nightsReleased'), nights]],
    action: { label: t('weekReleased.nurseAction'), url: `${trimOrigin(input.origin)}/nurse/dashboard?tab=availability` },
    footer: t('footer.nurseOfNights'),
  }, t)
}
