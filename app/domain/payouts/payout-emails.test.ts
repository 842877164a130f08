// The payout notices: a held night, the decision on a reported problem (each side, each decision),
// and a failed payout. Each test builds its e-mail with the pure builder and checks it with expectEmail.
import { describe, expect, test } from 'vitest'
import { nightHeldEmail, payoutFailedEmail, problemResolvedEmail } from './payout-emails'
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

const payoutsUrl = 'https://nightlight.example/nurse/dashboard?tab=bookings'

describe('the nurse’s held-night e-mail', () => {
  test('names the night, the held payout and the family’s first name, and links to the payouts', () => {
    const email = nightHeldEmail({
      origin: 'https://nightlight.example/',
      nurseName: 'Nora Nightingale',
      parentFirstName: 'Morgan',
      night,
      payoutCents: 18000,
    }, en)
    expectEmail(email, {
      subject: 'Payout on hold: Sat, Nov 28, 2026',
      text: [
        'Hi Nora Nightingale',
        'reported a problem with the night of Sat, Nov 28, 2026',
        'Your payout of $180.00 for this night is on hold',
        'contact you if we need your side of the story',
        'other nights are not affected',
        'Time: 9:00 PM – 7:00 AM CST',
        'Family: Morgan',
        'Payout: $180.00',
        `View your payouts: ${payoutsUrl}`,
        'you were the nurse of this night',
      ],
      notInText: ['Parent', 'Address', 'nightlight.example//'],
      html: [`href="${payoutsUrl.replace('&', '&amp;')}"`],
    })
  })

  test('shows only the first name it is given, never a surname', () => {
    const email = nightHeldEmail({
      origin: 'http://localhost:3000',
      nurseName: 'Nora Nightingale',
      parentFirstName: 'Morgan',
      night,
      payoutCents: 18000,
    }, en)
    expect(email.text).not.toMatch(/Morgan [A-Z]/)
    expect(email.html).not.toMatch(/Morgan [A-Z]/)
    expectEmail(email, {
      subject: 'Payout on hold: Sat, Nov 28, 2026',
      text: ['http://localhost:3000/nurse/dashboard?tab=bookings'],
    })
  })
})

describe('the problem-resolved e-mail', () => {
  const base = {
    origin: 'https://nightlight.example/',
    night,
    refundCents: 19800,
    payoutCents: 18000,
  }
  const toNurse = {
    ...base,
    recipient: 'nurse' as const,
    name: 'Nora Nightingale',
    otherName: 'Morgan',
  }
  const toParent = {
    ...base,
    recipient: 'parent' as const,
    name: 'Morgan',
    otherName: 'Nora Nightingale',
  }

  test('tells the nurse her released payout is on its way', () => {
    expectEmail(problemResolvedEmail({ ...toNurse, decision: 'release' }, en), {
      subject: 'Payout released: Sat, Nov 28, 2026',
      text: [
        'Your payout of $180.00 is on its way',
        'sent within minutes once your payout account is ready',
        `View your payouts: ${payoutsUrl}`,
      ],
      notInText: ['refunded', '$198.00'],
      html: [`href="${payoutsUrl.replace('&', '&amp;')}"`],
    })
  })

  test('tells the nurse a refunded night is not paid, and taken back if already paid', () => {
    expectEmail(problemResolvedEmail({ ...toNurse, decision: 'refund' }, en), {
      subject: 'Night refunded to the family: Sat, Nov 28, 2026',
      text: [
        "the night was refunded to Morgan's family",
        'You are not paid for this night',
        'If its payout of $180.00 was already sent to you, it is taken back',
        `View your payouts: ${payoutsUrl}`,
      ],
      notInText: ['on its way'],
    })
  })

  test('tells the parent what is refunded to their card and when', () => {
    expectEmail(problemResolvedEmail({ ...toParent, decision: 'refund' }, en), {
      subject: 'Refund for your night of Sat, Nov 28, 2026',
      text: [
        'Hi Morgan',
        '$198.00 will be refunded to your card',
        '5–10 business days',
        'Refund: $198.00',
        'View your bookings: https://nightlight.example/parent/dashboard',
      ],
      notInText: ['$180.00', 'is paid for the night'],
      html: ['href="https://nightlight.example/parent/dashboard"'],
    })
  })

  test('tells the parent the nurse is paid, and that support can tell them more', () => {
    expectEmail(problemResolvedEmail({ ...toParent, decision: 'release' }, en), {
      subject: 'About the problem with your night of Sat, Nov 28, 2026',
      text: [
        'Nora Nightingale is paid for the night',
        'reply to this e-mail and our support team',
        'View your bookings: https://nightlight.example/parent/dashboard',
      ],
      notInText: ['refunded', 'Refund:', '$198.00', '$180.00'],
      html: ['href="https://nightlight.example/parent/dashboard"'],
    })
  })

  test('gives each side and each decision its own subject', () => {
    const subjects = new Set(
      (['nurse', 'parent'] as const).flatMap((recipient) =>
        (['release', 'refund'] as const).map(
          (decision) =>
            problemResolvedEmail({
              ...(recipient === 'nurse' ? toNurse : toParent),
              decision,
            }, en).subject,
        ),
      ),
    )
    expect(subjects.size).toBe(4)
  })
})

describe('the nurse’s payout-failed e-mail', () => {
  test('names the amount, the night, the reason and what to do', () => {
    expectEmail(
      payoutFailedEmail({
        origin: 'https://nightlight.example/',
        nurseName: 'Nora Nightingale',
        amountCents: 18000,
        night,
        reason: 'The bank account has been closed',
      }, en),
      {
        subject: 'Your payout of $180.00 could not be sent',
        text: [
          'Hi Nora Nightingale',
          'your payout of $180.00 for the night of Sat, Nov 28, 2026, but it could not be sent',
          'The reason given by the bank or payment provider: The bank account has been closed.',
          'check your bank details in your dashboard, or replace them',
          'retry the payout automatically',
          'Time: 9:00 PM – 7:00 AM CST',
          `View your payouts: ${payoutsUrl}`,
        ],
        html: [`href="${payoutsUrl.replace('&', '&amp;')}"`, 'The bank account has been closed'],
      },
    )
  })

  test('leaves the night out when it is not known', () => {
    expectEmail(
      payoutFailedEmail({
        origin: 'http://localhost:3000',
        nurseName: 'Nora Nightingale',
        amountCents: 54000,
        night: null,
        reason: 'Account number invalid.',
      }, en),
      {
        subject: 'Your payout of $540.00 could not be sent',
        text: [
          'we tried to send your payout of $540.00, but it could not be sent',
          'Account number invalid.',
          'View your payouts: http://localhost:3000/nurse/dashboard?tab=bookings',
        ],
        notInText: ['for the night of', 'Night:', 'Time:', 'invalid..'],
      },
    )
  })
})
