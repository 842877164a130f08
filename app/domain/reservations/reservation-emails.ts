// The e-mails of a due-date reservation (issue 36): the nurse told of a request and of a new due
// date, the family told of her answer, of a lapse and of a cancellation, and asked twice whether the
// due date still stands; once the baby is here, the reserved nurse told of a backup and the family of
// her turning the start down (decision 0070). Pure: the origin is passed in. Each says what becomes
// of the deposit (decision 0073); a reservation made before deposits has none to speak of.
import { formatCents } from '../bookings/pricing'
import { renderEmail, type EmailContent } from '../notifications/email-layout'
import { formatNightDate, formatTime12 } from '../time/shift-times'
import { describeWeekdays, DEPOSIT_REFUND_DAYS_BEFORE_DUE, familyCancelRefundsDeposit, reservationWindow } from './reservation-window'

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

function details(r: EmailReservation): Array<[string, string]> {
  const { firstStart, lastStart } = reservationWindow(r)
  return [
    ['Due date', formatNightDate(r.dueDate)],
    ['Start window', `${formatNightDate(firstStart)} – ${formatNightDate(lastStart)}`],
    ['Plan', `${describeWeekdays(r)} for ${r.weeks} week${r.weeks === 1 ? '' : 's'}`],
    ['Shift', `${formatTime12(r.startTimeLocal)} – ${formatTime12(r.endTimeLocal)}`],
    ['Babies', String(r.babies)],
  ]
}

/** The deposit going back in full, or nothing charged (a reservation made before deposits). */
function depositBack(r: EmailReservation): string {
  return r.depositCents ? `Your deposit of ${formatCents(r.depositCents)} is refunded in full to your card.` : 'Your card was not charged.'
}

function respondByLabel(r: EmailReservation): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: r.timezone, dateStyle: 'medium', timeStyle: 'short' }).format(r.respondBy)
}

export function reservationRequestedEmail(input: { origin: string; nurseName: string; parentName: string; reservation: EmailReservation }): EmailContent {
  return renderEmail({
    subject: `Reservation request from ${input.parentName}`,
    heading: 'A family would like to reserve you',
    paragraphs: [
      `Hi ${input.nurseName}, ${input.parentName} is expecting a baby and would like you to start when the baby comes home.`,
      `Please accept or decline by ${respondByLabel(input.reservation)}. A request not answered by then lapses.`,
      ...(input.reservation.depositCents
        ? [
            `They have paid a deposit of ${formatCents(input.reservation.depositCents)}, their first week. If they cancel within ${DEPOSIT_REFUND_DAYS_BEFORE_DUE} days of the due date, it is yours.`,
          ]
        : []),
    ],
    details: details(input.reservation),
    action: { label: 'Answer the request', url: `${base(input.origin)}/nurse/reservations` },
  })
}

export function reservationAcceptedEmail(input: { origin: string; nurseName: string; parentName: string; reservation: EmailReservation }): EmailContent {
  return renderEmail({
    subject: `${input.nurseName} accepted your reservation`,
    heading: 'Your reservation is accepted',
    paragraphs: [`Hi ${input.parentName}, ${input.nurseName} has reserved these nights for you around your due date.`],
    details: details(input.reservation),
    action: { label: 'See your reservation', url: `${base(input.origin)}/parent/reservations/${input.reservation.id}` },
  })
}

export function reservationDeclinedEmail(input: {
  origin: string
  nurseName: string
  parentName: string
  reason: string
  reservation: EmailReservation
}): EmailContent {
  return renderEmail({
    subject: `${input.nurseName} cannot take your reservation`,
    heading: 'Your reservation was declined',
    paragraphs: [`Hi ${input.parentName}, ${input.nurseName} cannot take your reservation.`, `Her reason: ${input.reason}`, depositBack(input.reservation)],
    details: details(input.reservation),
    action: { label: 'Find another nurse', url: `${base(input.origin)}/nurses` },
  })
}

export function reservationLapsedEmail(input: { origin: string; nurseName: string; parentName: string; reservation: EmailReservation }): EmailContent {
  return renderEmail({
    subject: `${input.nurseName} did not answer in time`,
    heading: 'Your reservation request lapsed',
    paragraphs: [
      `Hi ${input.parentName}, ${input.nurseName} did not answer in time. ${depositBack(input.reservation)}`,
      'You can ask another nurse, or ask her again.',
    ],
    details: details(input.reservation),
    action: { label: 'Find a nurse', url: `${base(input.origin)}/nurses` },
  })
}

export function reservationCancelledEmail(input: {
  origin: string
  toName: string
  byName: string
  /** Who is told: the family (the nurse withdrew) or the nurse (the family did). */
  to: 'parent' | 'nurse'
  reservation: EmailReservation
}): EmailContent {
  const r = input.reservation
  const money = !r.depositCents
    ? []
    : input.to === 'parent'
      ? [depositBack(r)]
      : familyCancelRefundsDeposit(r.dueDate, r.timezone, r.cancelledAt ?? new Date())
        ? [`They cancelled more than ${DEPOSIT_REFUND_DAYS_BEFORE_DUE} days before the due date, so their deposit goes back to them.`]
        : [`They cancelled within ${DEPOSIT_REFUND_DAYS_BEFORE_DUE} days of the due date, so their deposit of ${formatCents(r.depositCents)} is yours, less the platform fee: it is sent with your payouts.`]
  return renderEmail({
    subject: `Reservation cancelled by ${input.byName}`,
    heading: 'A reservation was cancelled',
    paragraphs: [`Hi ${input.toName}, ${input.byName} cancelled the reservation around ${formatNightDate(r.dueDate)}. Its nights are free again.`, ...money],
    details: details(input.reservation),
  })
}

export function dueDateChangedEmail(input: { origin: string; nurseName: string; parentName: string; previousDueDate: string; reservation: EmailReservation }): EmailContent {
  return renderEmail({
    subject: `${input.parentName} changed their due date`,
    heading: 'A new due date',
    paragraphs: [
      `Hi ${input.nurseName}, ${input.parentName} changed their due date from ${formatNightDate(input.previousDueDate)} to ${formatNightDate(input.reservation.dueDate)}.`,
      'The start window moved with it, and the nights it holds for them with it.',
    ],
    details: details(input.reservation),
    action: { label: 'See your reservations', url: `${base(input.origin)}/nurse/reservations` },
  })
}

export function dueDateReminderEmail(input: { origin: string; parentName: string; nurseName: string; weeksBefore: number; reservation: EmailReservation }): EmailContent {
  const when = input.weeksBefore === 1 ? 'one week' : `${input.weeksBefore} weeks`
  return renderEmail({
    subject: `Is ${formatNightDate(input.reservation.dueDate)} still your due date?`,
    heading: `Your due date is ${when} away`,
    paragraphs: [
      `Hi ${input.parentName}, ${input.nurseName} is reserved around your due date of ${formatNightDate(input.reservation.dueDate)}.`,
      'Is it still right? If your doctor or midwife changed it, update it so she keeps the right nights.',
      "If your baby comes early, press 'Our baby is here' on the same page and choose the first night.",
    ],
    details: details(input.reservation),
    action: { label: 'Check your due date', url: `${base(input.origin)}/parent/reservations/${input.reservation.id}` },
  })
}

/**
 * On the due date, to a family whose reservation stands (decision 0069): the button that starts the
 * nights, whether the baby has come or not yet.
 */
export function dueDayEmail(input: { origin: string; parentName: string; nurseName: string; lastStart: string; reservation: EmailReservation }): EmailContent {
  return renderEmail({
    subject: 'Is your baby here?',
    heading: 'Your due date is today',
    paragraphs: [
      `Hi ${input.parentName}, we are thinking of you. ${input.nurseName} is reserved for your first nights at home.`,
      `When your baby is home, press 'Our baby is here' and choose the first night. She can start until ${formatNightDate(input.lastStart)}.`,
      'Not yet? Nothing to do: we will be here.',
    ],
    details: details(input.reservation),
    action: { label: 'Our baby is here', url: `${base(input.origin)}/parent/reservations/${input.reservation.id}` },
  })
}

/** The family pressed 'Our baby is here' (decision 0069): she is told at once, before it is paid. */
export function babyIsHereEmail(input: { origin: string; nurseName: string; parentName: string; firstNight: string; reservation: EmailReservation }): EmailContent {
  const first = input.parentName.split(' ')[0]
  return renderEmail({
    subject: `${first}'s baby is here`,
    heading: `${first}'s baby is here`,
    paragraphs: [
      `Hi ${input.nurseName}, ${first}'s baby is here: nights from ${formatNightDate(input.firstNight)} are being booked.`,
      'The nights become a confirmed booking once the family pays the first week; you will have the usual confirmation then.',
    ],
    details: details(input.reservation),
    action: { label: 'See your reservations', url: `${base(input.origin)}/nurse/reservations` },
  })
}

/** To the reserved nurse: the baby came outside her window and the family booked another nurse. */
export function startedWithBackupEmail(input: { origin: string; nurseName: string; parentName: string; firstNight: string; reservation: EmailReservation }): EmailContent {
  const first = input.parentName.split(' ')[0]
  return renderEmail({
    subject: `${first}'s baby is here: nights booked with another nurse`,
    heading: `${first}'s baby is here`,
    paragraphs: [
      `Hi ${input.nurseName}, ${first}'s baby is here and the family needed nights from ${formatNightDate(input.firstNight)}, outside the window you offered, so they booked another nurse for them.`,
      'The nights this reservation held for them are free again on your calendar.',
    ],
    details: details(input.reservation),
    action: { label: 'See your reservations', url: `${base(input.origin)}/nurse/reservations` },
  })
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
}): EmailContent {
  const nurse = input.nurseName.split(' ')[0]
  return renderEmail({
    subject: `${nurse} cannot start your nights`,
    heading: `${nurse} cannot start your nights`,
    paragraphs: [
      `Hi ${input.parentName.split(' ')[0]}, we are sorry: ${nurse} cannot start your nights from ${formatNightDate(input.firstNight)}. Her reason: ${input.reason}`,
      input.refundCents > 0
        ? `What you paid, ${formatCents(input.refundCents)}, is refunded in full to your card.`
        : 'Nothing was charged for these nights.',
      'Nurses near you who are open on every night of your plan are listed on your reservation page: book one in one step.',
    ],
    details: details(input.reservation),
    action: { label: 'See nurses open for your plan', url: `${base(input.origin)}/parent/reservations/${input.reservation.id}?from=${input.firstNight}#backup-nurses` },
  })
}
