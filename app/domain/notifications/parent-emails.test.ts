import { describe, expect, test } from 'vitest'
import { cancellationNoticeEmail, reminderEmail } from './parent-emails'
import { nightInstants } from '../bookings/shift-times'

const night = {
  date: '2026-11-28',
  startTimeLocal: '21:00',
  endTimeLocal: '07:00',
  timezone: 'America/Chicago',
  ...nightInstants('2026-11-28', '21:00', '07:00', 'America/Chicago'),
}

describe('the parent’s e-mails', () => {
  test('the reminder shows the night in the nurse’s time zone and links to the dashboard', () => {
    const email = reminderEmail({
      origin: 'https://nightlight.example/',
      parentName: 'Jordan Parent',
      nurseName: 'Nora Nightingale',
      night,
      addressText: '1408 Bouldin Ave, Austin, TX 78704',
    })
    expect(email.subject).toBe('Reminder: Nora Nightingale is with you on Sat, Nov 28, 2026')
    expect(email.text).toContain('9:00 PM – 7:00 AM CST')
    expect(email.text).toContain('View your bookings: https://nightlight.example/parent/dashboard')
    expect(email.html).toContain('href="https://nightlight.example/parent/dashboard"')
    expect(email.html).toContain('1408 Bouldin Ave')
  })

  test('the cancellation notice names the refund and whether it was halved', () => {
    const email = cancellationNoticeEmail({
      origin: 'http://localhost:3000',
      parentName: 'Jordan Parent',
      nurseName: 'Nora Nightingale',
      night,
      refundCents: 19250,
      policy: 'half',
      bookingCancelled: true,
    })
    expect(email.subject).toBe('Night cancelled: Sat, Nov 28, 2026 with Nora Nightingale')
    expect(email.text).toContain('$192.50 will be refunded to your card (50% of the night')
    expect(email.text).toContain('the booking is now cancelled')
    expect(email.text).toContain('http://localhost:3000/parent/dashboard')
  })
})
