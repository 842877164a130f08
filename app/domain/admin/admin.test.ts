import { describe, expect, test } from 'vitest'
import { translator } from '~/i18n/i18n.server'
import {
  statsRecountDue,
  BACK_TO_PENDING_REFUSED,
  bookingIdFromSearch,
  bookingStatusChangeProblem,
  NOT_OVER_REFUSED,
  REOPEN_REFUSED,
  UNPAID_REFUSED,
  formatLastUpdate,
  likePattern,
  reversedLocalPartPattern,
  paymentTypeLabel,
  stripePaymentUrl,
  verificationDecisionEmail,
} from './admin'
import { expectEmail } from '../../../tests/support/emails'

const NOW = new Date('2026-03-10T15:00:00Z')

describe('the stats recount', () => {
  test('counted stats are served for 30 seconds, and longer when counting them is slow', () => {
    const at = Date.parse('2026-11-26T12:00:00Z')
    expect(statsRecountDue({ at, tookMs: 40 }, at + 30_000)).toBe(false)
    expect(statsRecountDue({ at, tookMs: 40 }, at + 30_001)).toBe(true)
    // 1.1 s of sums (a million bookings): at most 2% of the database's time, so 55 s apart.
    expect(statsRecountDue({ at, tookMs: 1_100 }, at + 54_000)).toBe(false)
    expect(statsRecountDue({ at, tookMs: 1_100 }, at + 55_001)).toBe(true)
  })
})

describe("a nurse's last update", () => {
  test('a profile never saved says so', () => {
    expect(formatLastUpdate(null, NOW)).toBe('Never updated')
  })

  test('an update within the last day reads today', () => {
    expect(formatLastUpdate(new Date('2026-03-10T09:00:00Z'), NOW)).toBe('Updated today')
    expect(formatLastUpdate('2026-03-09T16:00:00Z', NOW)).toBe('Updated today')
  })

  test('older updates count whole days', () => {
    expect(formatLastUpdate('2026-03-09T14:00:00Z', NOW)).toBe('1d ago')
    expect(formatLastUpdate('2026-02-28T15:00:00Z', NOW)).toBe('10d ago')
  })
})

describe('payments', () => {
  test('the type follows the kind of payment', () => {
    expect(paymentTypeLabel('charge')).toBe('Client Charge')
    expect(paymentTypeLabel('payout')).toBe('Nurse Payout')
    expect(paymentTypeLabel('refund')).toBe('Refund')
  })

  test('only Stripe payment intents link to the Stripe dashboard', () => {
    expect(stripePaymentUrl('stripe', 'pi_3Abc')).toBe('https://dashboard.stripe.com/payments/pi_3Abc')
    expect(stripePaymentUrl('test', 'pi_test_seed_4')).toBeNull()
    expect(stripePaymentUrl('stripe', 're_3Abc')).toBeNull()
  })
})

describe('booking search', () => {
  test('the forms of a booking reference find its id', () => {
    expect(bookingIdFromSearch('12')).toBe(12)
    expect(bookingIdFromSearch('#12')).toBe(12)
    expect(bookingIdFromSearch('#NN-000012')).toBe(12)
    expect(bookingIdFromSearch('nn-000012')).toBe(12)
  })

  test('names are not references', () => {
    expect(bookingIdFromSearch('Nora')).toBeNull()
    expect(bookingIdFromSearch('#0')).toBeNull()
    expect(bookingIdFromSearch('')).toBeNull()
  })

  test('LIKE wildcards typed by the admin match themselves', () => {
    expect(likePattern('50%_off')).toBe('%50\\%\\_off%')
  })

  test("a search with one '@' after three characters is also the start of the local parts read backwards", () => {
    expect(reversedLocalPartPattern('jane.doe@gmail.com')).toBe('eod.enaj%')
    expect(reversedLocalPartPattern('e.doe@gm')).toBe('eod.e%')
    expect(reversedLocalPartPattern('doe@')).toBe('eod%')
    // A LIKE wildcard in an address matches itself, escaped after the reversal.
    expect(reversedLocalPartPattern('ja_e%\\x@example.com')).toBe('x\\\\\\%e\\_aj%')
  })

  test('any other search has no such pattern: no @, two, or too little before it', () => {
    expect(reversedLocalPartPattern('jane doe')).toBeNull()
    expect(reversedLocalPartPattern('@gmail.com')).toBeNull()
    expect(reversedLocalPartPattern('ab@gmail.com')).toBeNull()
    expect(reversedLocalPartPattern('jane@doe@gmail.com')).toBeNull()
  })
})

describe('the verification decision e-mail', () => {
  const en = translator('emails', 'en')
  const nurse = { nurseName: 'Brittany Cole', dashboardUrl: 'https://nightlight.example/nurse/dashboard' }

  test('a rejection tells the nurse why', () => {
    expectEmail(verificationDecisionEmail({ ...nurse, decision: 'rejected', reason: 'The ID scan is blurry.' }, en), {
      subject: expect.stringContaining('needs changes'),
      text: ['Reason: The ID scan is blurry.'],
      html: ['The ID scan is blurry.'],
    })
  })

  test('an approval says families can book', () => {
    expectEmail(verificationDecisionEmail({ ...nurse, decision: 'approved' }, en), {
      subject: 'Your Nightlight profile is approved',
      text: ['Hi Brittany Cole'],
      notInText: ['Reason'],
    })
  })
})

describe("an admin's booking status change", () => {
  test('a paid booking whose nights are over can be completed, confirmed again, or cancelled', () => {
    expect(bookingStatusChangeProblem('confirmed', 'completed', { paid: true, nightsAhead: 0 })).toBeNull()
    expect(bookingStatusChangeProblem('completed', 'confirmed', { paid: true, nightsAhead: 0 })).toBeNull()
    expect(bookingStatusChangeProblem('confirmed', 'cancelled', { paid: true, nightsAhead: 2 })).toBeNull()
    expect(bookingStatusChangeProblem('pending', 'cancelled', { paid: false, nightsAhead: 2 })).toBeNull()
  })

  test('a booking is completed only once its last night has ended', () => {
    expect(bookingStatusChangeProblem('confirmed', 'completed', { paid: true, nightsAhead: 1 })).toBe(NOT_OVER_REFUSED)
  })

  test('a cancelled booking is never reopened, whatever it becomes', () => {
    for (const to of ['pending', 'confirmed', 'completed'] as const) {
      expect(bookingStatusChangeProblem('cancelled', to, { paid: true, nightsAhead: 0 })).toBe(REOPEN_REFUSED)
    }
  })

  test('nothing goes back to pending, where the unpaid-hold sweep would release its nights', () => {
    expect(bookingStatusChangeProblem('confirmed', 'pending', { paid: true, nightsAhead: 0 })).toBe(BACK_TO_PENDING_REFUSED)
    expect(bookingStatusChangeProblem('completed', 'pending', { paid: true, nightsAhead: 0 })).toBe(BACK_TO_PENDING_REFUSED)
  })

  test('an unpaid booking cannot be confirmed or completed by hand', () => {
    expect(bookingStatusChangeProblem('pending', 'confirmed', { paid: false, nightsAhead: 0 })).toBe(UNPAID_REFUSED)
    expect(bookingStatusChangeProblem('pending', 'completed', { paid: false, nightsAhead: 0 })).toBe(UNPAID_REFUSED)
    // A payment that succeeded but was never confirmed (a lost return trip) can be fixed by hand.
    expect(bookingStatusChangeProblem('pending', 'confirmed', { paid: true, nightsAhead: 0 })).toBeNull()
  })

  test('the same status again changes nothing and is allowed', () => {
    expect(bookingStatusChangeProblem('cancelled', 'cancelled', { paid: false, nightsAhead: 0 })).toBeNull()
  })
})
