import { describe, test } from 'vitest'
import { bookingConfirmationEmail, latePaymentRefundEmail } from './booking-emails'
import { expectEmail } from '../../../tests/support/emails'
import { translator } from '~/i18n/i18n.server'

const en = translator('emails', 'en')

// Booking #42: Paula Parent books Nora Night (Central time) for a winter night and a summer night.
const booking = {
  bookingId: 42,
  parentName: 'Paula Parent',
  nurseName: 'Nora Night',
  timeZone: 'America/Chicago',
  nights: [
    { date: '2030-01-15', startTimeLocal: '22:00', endTimeLocal: '06:00' },
    { date: '2030-07-15', startTimeLocal: '20:00', endTimeLocal: '08:00' },
  ],
}

const confirmation = {
  ...booking,
  addressText: '1 Main St, Dallas, TX',
  subtotalCents: 60000,
  platformFeeCents: 6000,
  totalAmountCents: 66000,
  nursePayoutCents: 60000,
}

// The confirmation as the parent or the nurse receives it, with a link to their own dashboard.
const confirmationTo = (recipient: 'parent' | 'nurse') =>
  bookingConfirmationEmail({ ...confirmation, recipient, dashboardUrl: `https://x.test/${recipient}/dashboard` }, en)

describe('the booking-confirmation e-mail', () => {
  test('the parent sees the reference, each night in the nurse zone, the amounts and the dashboard link', () => {
    expectEmail(confirmationTo('parent'), {
      subject: 'Booking confirmed: Nora Night, 2 nights (#NN-000042)',
      text: [
        'Night 1: Tue, Jan 15, 2030, 10:00 PM – 6:00 AM CST',
        // Daylight saving time applies in July.
        'Night 2: Mon, Jul 15, 2030, 8:00 PM – 8:00 AM CDT',
        'Platform fee (10%): $60.00',
        'Total: $660.00',
        'Go to My Dashboard: https://x.test/parent/dashboard',
      ],
      html: ['href="https://x.test/parent/dashboard"'],
    })
  })

  test('the nurse sees the family, the nights and the payout, not the fee', () => {
    expectEmail(confirmationTo('nurse'), {
      subject: 'New booking: 2 nights with Paula Parent (#NN-000042)',
      text: ['Your payout: $600.00'],
      notInText: ['Platform fee'],
    })
  })
})

describe('the booking-confirmation e-mail of a series paid week by week', () => {
  const weekly = (recipient: 'parent' | 'nurse') =>
    bookingConfirmationEmail({
      ...confirmation,
      recipient,
      dashboardUrl: `https://x.test/${recipient}/dashboard`,
      weekly: { paidNowCents: 33000, weeks: 6 },
    }, en)

  test('tells the family what was charged now and when the other weeks are', () => {
    expectEmail(weekly('parent'), {
      subject: 'Booking confirmed: Nora Night, 2 nights (#NN-000042)',
      text: [
        '$330.00 was charged now for week 1, and each of the other 5 weeks is charged to your saved card 5 days before it starts',
        'Total: $660.00',
        'Charged now (week 1): $330.00',
      ],
    })
  })

  test('does not tell the nurse the whole series is paid', () => {
    expectEmail(weekly('nurse'), {
      subject: 'New booking: 2 nights with Paula Parent (#NN-000042)',
      text: ['The family pays week by week, five days before each week'],
      notInText: ['has booked and paid for'],
    })
  })
})

describe('the late-payment refund e-mail', () => {
  test('tells the family the whole amount is refunded and names the nights it was for', () => {
    const mail = latePaymentRefundEmail({ ...booking, refundCents: 66000, bookUrl: 'https://x.test/nurse/nora-night' }, en)
    expectEmail(mail, {
      subject: 'Your payment has been refunded in full (#NN-000042)',
      text: [
        'We have refunded the whole $660.00 to your card',
        'Night 1: Tue, Jan 15, 2030, 10:00 PM – 6:00 AM CST',
        'Choose other nights: https://x.test/nurse/nora-night',
      ],
    })
  })
})
