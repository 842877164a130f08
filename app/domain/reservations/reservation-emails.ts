// The e-mails of a due-date reservation (issue 36): the nurse told of a request and of a new due
// date, the family told of her answer, of a lapse and of a cancellation, and asked twice whether the
// due date still stands; once the baby is here, the reserved nurse told of a backup and the family of
// her turning the start down (decision 0070). Pure: the origin is passed in. Each says what becomes
// of the deposit (decision 0073); a reservation made before deposits has none to speak of. `t` (the
// `emails` catalogue) writes them in the reader's language.
import { currentLocale } from '~/i18n/current-language'
import type { Translate } from '~/i18n/translate'
import { formatCents } from '../bookings/pricing'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { formatNightDate, formatTime12 } from '../time/shift-times'
import { DEPOSIT_REFUND_DAYS_BEFORE_DUE, depositCountedFrom, familyCancelRefundsDeposit, reservationWindow } from './reservation-window'

export interface EmailReservation {
  id: number
  dueDate: string
  windowBeforeDays: number
  windowAfterDays: number
  weeks: number
  nightsPerWeek: number
  weekdays: number[]
  startTimeLocal: string
  endTimeLocal: string
  babies: number
  respondBy: Date
  timezone: string
  /** The deposit paid as it was made; null for one made before deposits. */
  depositCents: number | null
  cancelledAt?: Date | null
}

const base = (origin: string) => origin.replace(/\/$/, '')

/** 'Mondays, Wednesdays and Fridays' or '3 nights a week', in the reader's language. */
function planWeekdays(r: EmailReservation, t: Translate): string {
  if (!r.weekdays.length) return t('reservation.nightsAWeek', { count: r.nightsPerWeek })
  const names = [...r.weekdays].sort((a, b) => a - b).map((day) => t(`reservation.weekdays${day}`))
  return names.length === 1 ? names[0] : t('reservation.listAnd', { list: names.slice(0, -1).join(', '), last: names[names.length - 1] })
}

function details(r: EmailReservation, t: Translate): Array<[string, string]> {
  const { firstStart, lastStart } = reservationWindow(r)
  return [
    [t('label.dueDate'), formatNightDate(r.dueDate)],
    [t('label.startWindow'), `${formatNightDate(firstStart)} – ${formatNightDate(lastStart)}`],
    [t('label.plan'), t('reservation.plan', { weekdays: planWeekdays(r, t), weeks: r.weeks })],
    [t('label.shift'), `${formatTime12(r.startTimeLocal)} – ${formatTime12(r.endTimeLocal)}`],
    [t('label.babies'), String(r.babies)],
  ]
}

/** The deposit going back in full, or nothing charged (a reservation made before deposits). */
function depositBack(r: EmailReservation, t: Translate): string {
  return r.depositCents ? t('reservation.depositBack', { amount: formatCents(r.depositCents) }) : t('reservation.notCharged')
}

function respondByLabel(r: EmailReservation): string {
  return new Intl.DateTimeFormat(currentLocale(), { timeZone: r.timezone, dateStyle: 'medium', timeStyle: 'short' }).format(r.respondBy)
}

export function reservationRequestedEmail(input: { origin: string; nurseName: string; parentName: string; reservation: EmailReservation }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('resRequested.subject', { family: input.parentName }),
    heading: t('resRequested.heading'),
    paragraphs: [
      t('resRequested.hi', { name: input.nurseName, family: input.parentName }),
      t('resRequested.respondBy', { respondBy: respondByLabel(input.reservation) }),
      ...(input.reservation.depositCents
        ? [t('resRequested.deposit', { amount: formatCents(input.reservation.depositCents), days: DEPOSIT_REFUND_DAYS_BEFORE_DUE })]
        : []),
    ],
    details: details(input.reservation, t),
    action: { label: t('resRequested.action'), url: `${base(input.origin)}/nurse/reservations` },
  }, t)
}

export function reservationAcceptedEmail(input: { origin: string; nurseName: string; parentName: string; reservation: EmailReservation }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('resAccepted.subject', { nurse: input.nurseName }),
    heading: t('resAccepted.heading'),
    paragraphs: [t('resAccepted.hi', { name: input.parentName, nurse: input.nurseName })],
    details: details(input.reservation, t),
    action: { label: t('resAccepted.action'), url: `${base(input.origin)}/parent/reservations/${input.reservation.id}` },
  }, t)
}

export function reservationDeclinedEmail(input: {
  origin: string
  nurseName: string
  parentName: string
  reason: string
  reservation: EmailReservation
}, t: Translate): EmailContent {
  return renderEmail({
    subject: t('resDeclined.subject', { nurse: input.nurseName }),
    heading: t('resDeclined.heading'),
    paragraphs: [
      t('resDeclined.hi', { name: input.parentName, nurse: input.nurseName }),
      t('reservation.herReason', { reason: input.reason }),
      depositBack(input.reservation, t),
    ],
    details: details(input.reservation, t),
    action: { label: t('resDeclined.action'), url: `${base(input.origin)}/nurses` },
  }, t)
}

export function reservationLapsedEmail(input: { origin: string; nurseName: string; parentName: string; reservation: EmailReservation }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('resLapsed.subject', { nurse: input.nurseName }),
    heading: t('resLapsed.heading'),
    paragraphs: [
      t('resLapsed.hi', { name: input.parentName, nurse: input.nurseName, deposit: depositBack(input.reservation, t) }),
      t('resLapsed.askAgain'),
    ],
    details: details(input.reservation, t),
    action: { label: t('resLapsed.action'), url: `${base(input.origin)}/nurses` },
  }, t)
}

export function reservationCancelledEmail(input: {
  origin: string
  toName: string
  byName: string
  /** Who is told: the family (the nurse withdrew) or the nurse (the family did). */
  to: 'parent' | 'nurse'
  reservation: EmailReservation
}, t: Translate): EmailContent {
  const r = input.reservation
  const money = !r.depositCents
    ? []
    : input.to === 'parent'
      ? [depositBack(r, t)]
      : familyCancelRefundsDeposit(depositCountedFrom(r), r.timezone, r.cancelledAt ?? new Date())
        ? [t('resCancelled.depositReturned', { days: DEPOSIT_REFUND_DAYS_BEFORE_DUE })]
        : [t('resCancelled.depositYours', { days: DEPOSIT_REFUND_DAYS_BEFORE_DUE, amount: formatCents(r.depositCents) })]
  return renderEmail({
    subject: t('resCancelled.subject', { by: input.byName }),
    heading: t('resCancelled.heading'),
    paragraphs: [t('resCancelled.hi', { name: input.toName, by: input.byName, dueDate: formatNightDate(r.dueDate) }), ...money],
    details: details(input.reservation, t),
  }, t)
}

export function dueDateChangedEmail(input: { origin: string; nurseName: string; parentName: string; previousDueDate: string; reservation: EmailReservation }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('dueDateChanged.subject', { family: input.parentName }),
    heading: t('dueDateChanged.heading'),
    paragraphs: [
      t('dueDateChanged.hi', {
        name: input.nurseName,
        family: input.parentName,
        from: formatNightDate(input.previousDueDate),
        to: formatNightDate(input.reservation.dueDate),
      }),
      t('dueDateChanged.window'),
    ],
    details: details(input.reservation, t),
    action: { label: t('action.seeReservations'), url: `${base(input.origin)}/nurse/reservations` },
  }, t)
}

export function dueDateReminderEmail(input: { origin: string; parentName: string; nurseName: string; weeksBefore: number; reservation: EmailReservation }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('dueDateReminder.subject', { dueDate: formatNightDate(input.reservation.dueDate) }),
    heading: t('dueDateReminder.heading', { weeks: input.weeksBefore }),
    paragraphs: [
      t('dueDateReminder.hi', { name: input.parentName, nurse: input.nurseName, dueDate: formatNightDate(input.reservation.dueDate) }),
      t('dueDateReminder.stillRight'),
      t('dueDateReminder.early'),
    ],
    details: details(input.reservation, t),
    action: { label: t('dueDateReminder.action'), url: `${base(input.origin)}/parent/reservations/${input.reservation.id}` },
  }, t)
}

/**
 * On the due date, to a family whose reservation stands (decision 0069): the button that starts the
 * nights, whether the baby has come or not yet.
 */
export function dueDayEmail(input: { origin: string; parentName: string; nurseName: string; lastStart: string; reservation: EmailReservation }, t: Translate): EmailContent {
  return renderEmail({
    subject: t('dueDay.subject'),
    heading: t('dueDay.heading'),
    paragraphs: [
      t('dueDay.hi', { name: input.parentName, nurse: input.nurseName }),
      t('dueDay.press', { lastStart: formatNightDate(input.lastStart) }),
      t('dueDay.notYet'),
    ],
    details: details(input.reservation, t),
    action: { label: t('dueDay.action'), url: `${base(input.origin)}/parent/reservations/${input.reservation.id}` },
  }, t)
}

/** The family pressed 'Our baby is here' (decision 0069): she is told at once, before it is paid. */
export function babyIsHereEmail(input: { origin: string; nurseName: string; parentName: string; firstNight: string; reservation: EmailReservation }, t: Translate): EmailContent {
  const first = input.parentName.split(' ')[0]
  return renderEmail({
    subject: t('babyHere.subject', { first }),
    heading: t('babyHere.subject', { first }),
    paragraphs: [t('babyHere.hi', { name: input.nurseName, first, firstNight: formatNightDate(input.firstNight) }), t('babyHere.confirmation')],
    details: details(input.reservation, t),
    action: { label: t('action.seeReservations'), url: `${base(input.origin)}/nurse/reservations` },
  }, t)
}

/** To the reserved nurse: the baby came outside her window and the family booked another nurse. */
export function startedWithBackupEmail(input: { origin: string; nurseName: string; parentName: string; firstNight: string; reservation: EmailReservation }, t: Translate): EmailContent {
  const first = input.parentName.split(' ')[0]
  return renderEmail({
    subject: t('backup.subject', { first }),
    heading: t('babyHere.subject', { first }),
    paragraphs: [t('backup.hi', { name: input.nurseName, first, firstNight: formatNightDate(input.firstNight) }), t('backup.free')],
    details: details(input.reservation, t),
    action: { label: t('action.seeReservations'), url: `${base(input.origin)}/nurse/reservations` },
  }, t)
}

/** To the family: the nurse turned the start down within 12 hours; refunded, and the backups' link. */
export function startTurnedDownEmail(input: {
  origin: string
  parentName: string
  nurseName: string
  firstNight: string
  refundCents: number
  reason: string
  reservation: EmailReservation
}, t: Translate): EmailContent {
  const nurse = input.nurseName.split(' ')[0]
  return renderEmail({
    subject: t('turnedDown.subject', { nurse }),
    heading: t('turnedDown.subject', { nurse }),
    paragraphs: [
      t('turnedDown.hi', { name: input.parentName.split(' ')[0], nurse, firstNight: formatNightDate(input.firstNight), reason: input.reason }),
      input.refundCents > 0 ? t('turnedDown.refunded', { amount: formatCents(input.refundCents) }) : t('turnedDown.nothingCharged'),
      t('turnedDown.backups'),
    ],
    details: details(input.reservation, t),
    action: { label: t('turnedDown.action'), url: `${base(input.origin)}/parent/reservations/${input.reservation.id}?from=${input.firstNight}#backup-nurses` },
  }, t)
}
