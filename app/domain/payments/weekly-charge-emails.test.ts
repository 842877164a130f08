import { describe, expect, test } from 'vitest'
import { weekChargedEmail, weekChargeFailedEmail, weekReleasedEmail } from './weekly-charge-emails'
import { translator } from '~/i18n/i18n.server'

const en = translator('emails', 'en')

describe('weekly charge e-mails', () => {
  test('a declined week tells the family the amount, the reason, the deadline in their time and the link to pay', () => {
    const email = weekChargeFailedEmail({
      origin: 'https://nightlight.example/',
      parentName: 'Wendy',
      nurseName: 'Nora Nurse',
      bookingId: 42,
      week: 3,
      nightDates: ['2026-12-14', '2026-12-15'],
      amountCents: 66000,
      reason: 'Your card was declined.',
      deadline: new Date('2026-12-11T17:00:00Z'),
      timeZone: 'America/New_York',
    }, en)
    expect(email.subject).toBe('Payment needed: week 3 with Nora Nurse')
    expect(email.text).toContain('$660.00')
    expect(email.text).toContain('Your card was declined.')
    expect(email.text).toContain('12:00 PM EST')
    expect(email.text).toContain('https://nightlight.example/parent/bookings/42#weekly-payments')
  })

  test('a released week tells the nurse the nights are free, without the family’s full name', () => {
    const nurse = weekReleasedEmail({
      origin: 'https://nightlight.example',
      recipient: 'nurse',
      name: 'Nora',
      otherName: 'Wendy',
      week: 2,
      nightDates: ['2026-12-07'],
      bookingCancelled: false,
    }, en)
    expect(nurse.subject).toMatch(/^Nights free again: /)
    expect(nurse.text).toContain("Wendy's family did not pay for week 2")
    expect(nurse.text).toContain('1 night')
    const parent = weekReleasedEmail({
      origin: 'https://nightlight.example',
      recipient: 'parent',
      name: 'Wendy',
      otherName: 'Nora Nurse',
      week: 2,
      nightDates: ['2026-12-07', '2026-12-08'],
      bookingCancelled: true,
    }, en)
    expect(parent.subject).toBe('Nights released: week 2 with Nora Nurse')
    expect(parent.text).toContain('you were not charged for them')
    expect(parent.text).toContain('now cancelled')
  })

  test('a week charged as scheduled tells the family the amount, the card and where the receipt is', () => {
    const email = weekChargedEmail({
      origin: 'https://nightlight.example',
      parentName: 'Wendy',
      nurseName: 'Nora Nurse',
      bookingId: 42,
      week: 2,
      nightDates: ['2026-12-07'],
      amountCents: 33000,
      cardLabel: 'Visa ending 4242',
    }, en)
    expect(email.subject).toBe('Week 2 paid: $330.00 for your nights with Nora Nurse')
    expect(email.text).toContain('we charged $330.00 to your saved card (Visa ending 4242) for week 2')
    expect(email.text).toContain('https://nightlight.example/parent/bookings/42')
  })
})
