import { describe, expect, test } from 'vitest'
import { bookingConfirmationEmail, latePaymentRefundEmail } from './booking-emails'

const base = {
  bookingId: 42,
  parentName: 'Paula Parent',
  nurseName: 'Nora Night',
  timeZone: 'America/Chicago',
  nights: [
    { date: '2030-01-15', startTimeLocal: '22:00', endTimeLocal: '06:00' },
    { date: '2030-07-15', startTimeLocal: '20:00', endTimeLocal: '08:00' },
  ],
  addressText: '1 Main St, Dallas, TX',
  subtotalCents: 60000,
  platformFeeCents: 6000,
  totalAmountCents: 66000,
  nursePayoutCents: 60000,
}

describe('the booking-confirmation e-mail', () => {
  test('the parent sees the reference, each night in the nurse zone, the amounts and the dashboard link', () => {
    const mail = bookingConfirmationEmail({
      ...base,
      recipient: 'parent',
      dashboardUrl: 'https://x.test/parent/dashboard',
    })
    expect(mail.subject).toBe('Booking confirmed: Nora Night, 2 nights (#NN-000042)')
    expect(mail.text).toContain('Night 1: Tue, Jan 15, 2030, 10:00 PM – 6:00 AM CST')
    // Daylight saving time applies in July.
    expect(mail.text).toContain('Night 2: Mon, Jul 15, 2030, 8:00 PM – 8:00 AM CDT')
    expect(mail.text).toContain('Platform fee (10%): $60.00')
    expect(mail.text).toContain('Total: $660.00')
    expect(mail.text).toContain('Go to My Dashboard: https://x.test/parent/dashboard')
    expect(mail.html).toContain('href="https://x.test/parent/dashboard"')
  })

  test('the nurse sees the family, the nights and the payout, not the fee', () => {
    const mail = bookingConfirmationEmail({
      ...base,
      recipient: 'nurse',
      dashboardUrl: 'https://x.test/nurse/dashboard',
    })
    expect(mail.subject).toBe('New booking: 2 nights with Paula Parent (#NN-000042)')
    expect(mail.text).toContain('Your payout: $600.00')
    expect(mail.text).not.toContain('Platform fee')
  })
})

describe('the late-payment refund e-mail', () => {
  test('tells the family the whole amount is refunded and names the nights it was for', () => {
    const mail = latePaymentRefundEmail({
      bookingId: 42,
      parentName: 'Paula Parent',
      nurseName: 'Nora Night',
      timeZone: 'America/Chicago',
      nights: base.nights,
      refundCents: 66000,
      bookUrl: 'https://x.test/nurse/nora-night',
    })
    expect(mail.subject).toBe('Your payment has been refunded in full (#NN-000042)')
    expect(mail.text).toContain('We have refunded the whole $660.00 to your card')
    expect(mail.text).toContain('Night 1: Tue, Jan 15, 2030, 10:00 PM – 6:00 AM CST')
    expect(mail.text).toContain('Choose other nights: https://x.test/nurse/nora-night')
  })
})
