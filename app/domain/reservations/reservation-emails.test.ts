import { describe, expect, test } from 'vitest'
import { reservationCancelledEmail, reservationDeclinedEmail, reservationLapsedEmail, reservationRequestedEmail, type EmailReservation } from './reservation-emails'
import { translator } from '~/i18n/i18n.server'

const en = translator('emails', 'en')

const RESERVATION: EmailReservation = {
  id: 7,
  dueDate: '2027-03-15',
  windowBeforeDays: 14,
  windowAfterDays: 21,
  weeks: 4,
  nightsPerWeek: 3,
  weekdays: [1, 3, 5],
  startTimeLocal: '21:00',
  endTimeLocal: '07:00',
  babies: 1,
  respondBy: new Date('2027-01-03T12:00:00Z'),
  timezone: 'America/New_York',
  depositCents: 105_600,
}
const ORIGIN = 'https://nightlight.example'
const text = (mail: { text: string }) => mail.text

describe('what the reservation e-mails say of the deposit', () => {
  test('declined or lapsed: the deposit goes back in full; a reservation made before deposits charged nothing', () => {
    const declined = reservationDeclinedEmail({ origin: ORIGIN, nurseName: 'Nora', parentName: 'Jordan', reason: 'Away', reservation: RESERVATION }, en)
    expect(text(declined)).toContain('Your deposit of $1,056.00 is refunded in full to your card.')
    expect(text(reservationLapsedEmail({ origin: ORIGIN, nurseName: 'Nora', parentName: 'Jordan', reservation: RESERVATION }, en))).toContain('Your deposit of $1,056.00 is refunded in full')
    const before = reservationDeclinedEmail({ origin: ORIGIN, nurseName: 'Nora', parentName: 'Jordan', reason: 'Away', reservation: { ...RESERVATION, depositCents: null } }, en)
    expect(text(before)).toContain('Your card was not charged.')
    expect(text(before)).not.toContain('deposit')
  })

  test('the nurse asked is told of the deposit and when it becomes hers', () => {
    expect(text(reservationRequestedEmail({ origin: ORIGIN, nurseName: 'Nora', parentName: 'Jordan', reservation: RESERVATION }, en))).toContain(
      'They have paid a deposit of $1,056.00, their first week. If they cancel within 30 days of the due date, it is yours.',
    )
  })

  test('cancelled: the family is told its deposit goes back; the nurse, whether it is hers by the day they cancelled', () => {
    const toFamily = reservationCancelledEmail({ origin: ORIGIN, toName: 'Jordan', byName: 'Nora', to: 'parent', reservation: { ...RESERVATION, cancelledAt: new Date('2027-03-10T12:00:00Z') } }, en)
    expect(text(toFamily)).toContain('Your deposit of $1,056.00 is refunded in full to your card.')
    const early = reservationCancelledEmail({ origin: ORIGIN, toName: 'Nora', byName: 'Jordan', to: 'nurse', reservation: { ...RESERVATION, cancelledAt: new Date('2027-02-01T12:00:00Z') } }, en)
    expect(text(early)).toContain('their deposit goes back to them')
    const late = reservationCancelledEmail({ origin: ORIGIN, toName: 'Nora', byName: 'Jordan', to: 'nurse', reservation: { ...RESERVATION, cancelledAt: new Date('2027-03-01T12:00:00Z') } }, en)
    expect(text(late)).toContain('their deposit of $1,056.00 is yours, less the platform fee')
  })
})
