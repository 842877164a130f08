// A moved night (issue 17, docs/decisions/0034): the nurse is told which night moved where, and the
// family gets a confirmation with what was charged or refunded. Pure: the origin is passed in, and
// `t` (the `emails` catalogue) writes them in the reader's language.
import type { Translate } from '~/i18n/translate'
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

export function nightMovedEmail(input: MovedNight & { differenceCents: number; charged: boolean }, t: Translate): EmailContent {
  const from = formatNightDate(input.from.date)
  const to = formatNightDate(input.to.date)
  const money =
    input.differenceCents === 0
      ? t('moved.same')
      : !input.charged
        ? t(input.differenceCents > 0 ? 'moved.weekMore' : 'moved.weekLess', { amount: formatCents(Math.abs(input.differenceCents)) })
        : input.differenceCents > 0
          ? t('moved.chargedMore', { amount: formatCents(input.differenceCents) })
          : t('moved.refundedLess', { amount: formatCents(-input.differenceCents) })
  return renderEmail({
    subject: t('moved.subject', { from, to, nurse: input.nurseName }),
    heading: t('moved.heading'),
    paragraphs: [t('moved.hi', { name: input.parentName, nurse: input.nurseName, from, to }), money],
    details: [
      [t('label.was'), `${from}, ${nightTimeLabel(input.from)}`],
      [t('label.now'), `${to}, ${nightTimeLabel(input.to)}`],
      [t('label.nurse'), input.nurseName],
    ],
    action: { label: t('action.viewBooking'), url: `${base(input.origin)}/parent/bookings/${input.bookingId}` },
  }, t)
}

export function nurseNightMovedEmail(input: MovedNight, t: Translate): EmailContent {
  const from = formatNightDate(input.from.date)
  const to = formatNightDate(input.to.date)
  return renderEmail({
    subject: t('nurseMoved.subject', { from, to }),
    heading: t('nurseMoved.heading'),
    paragraphs: [t('nurseMoved.hi', { name: input.nurseName, family: input.parentName, from, to })],
    details: [
      [t('label.was'), `${from}, ${nightTimeLabel(input.from)}`],
      [t('label.now'), `${to}, ${nightTimeLabel(input.to)}`],
      [t('label.family'), input.parentName],
    ],
    action: { label: t('action.openDashboard'), url: `${base(input.origin)}/nurse/dashboard` },
  }, t)
}

/** A night the family tried to move stayed where it was, and what was charged for the move is refunded. */
export function moveChargeRefundedEmail(input: {
  origin: string
  parentName: string
  nurseName: string
  bookingId: number
  amountCents: number
}, t: Translate): EmailContent {
  const amount = formatCents(input.amountCents)
  return renderEmail({
    subject: t('moveRefunded.subject', { amount }),
    heading: t('moveRefunded.heading'),
    paragraphs: [t('moveRefunded.hi', { name: input.parentName, nurse: input.nurseName }), t('moveRefunded.refunded', { amount })],
    details: [
      [t('label.refunded'), amount],
      [t('label.nurse'), input.nurseName],
    ],
    action: { label: t('action.viewBooking'), url: `${base(input.origin)}/parent/bookings/${input.bookingId}` },
  }, t)
}
