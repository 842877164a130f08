import { describe, test } from 'vitest'
import { cancellationNoticeEmail, reminderEmail } from './parent-emails'
import { nightInstants } from '../time/night-instants'
import { expectEmail } from '../../../tests/support/emails'
import { translator } from '~/i18n/i18n.server'

const en = translator('emails', 'en')

const night = {
  date: '2026-11-28',
  startTimeLocal: '21:00',
  endTimeLocal: '07:00',
  timezone: 'America/Chicago',
  ...nightInstants('2026-11-28', '21:00', '07:00', 'America/Chicago'),
}

// The family and the nurse of every e-mail here.
const people = { parentName: 'Jordan Parent', nurseName: 'Nora Nightingale', night }

describe('the parent’s e-mails', () => {
  test('the reminder shows the night in the nurse’s time zone and links to the dashboard', () => {
    const email = reminderEmail({
      ...people,
      origin: 'https://nightlight.example/',
      addressText: '1408 Bouldin Ave, Austin, TX 78704',
    }, en)
    expectEmail(email, {
      subject: 'Reminder: Nora Nightingale is with you on Sat, Nov 28, 2026',
      text: ['9:00 PM – 7:00 AM CST', 'View your bookings: https://nightlight.example/parent/dashboard'],
      html: ['href="https://nightlight.example/parent/dashboard"', '1408 Bouldin Ave'],
    })
  })

  test('the cancellation notice names the refund and whether it was halved', () => {
    const email = cancellationNoticeEmail({
      ...people,
      origin: 'http://localhost:3000',
      refundCents: 19250,
      policy: 'half',
      bookingCancelled: true,
    }, en)
    expectEmail(email, {
      subject: 'Night cancelled: Sat, Nov 28, 2026 with Nora Nightingale',
      text: [
        '$192.50 will be refunded to your card (50% of the night',
        'the booking is now cancelled',
        'http://localhost:3000/parent/dashboard',
      ],
    })
  })
})
