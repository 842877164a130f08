import { describe, expect, test } from 'vitest'
import { translator } from '~/i18n/i18n.server'
import { checkNoticeDue, credentialNoticeDue, expiryLine, lapseReasonOf, recheckDueAt } from './expiry'
import {
  checkReminderEmail,
  credentialExpiredEmail,
  credentialReminderEmail,
  lapsedAdminEmail,
  lapsedFamilyEmail,
  lapsedNurseEmail,
  recheckOrderedEmail,
  relistedNurseEmail,
} from './expiry-emails'

const now = new Date('2027-03-10T12:00:00Z')
const daysFrom = (days: number) => new Date(now.getTime() + days * 24 * 3600 * 1000)
const clear = (expiresAt: Date) => ({ status: 'clear', expiresAt })

describe('when a listed nurse lapses', () => {
  test('a current check and valid credentials keep her listed', () => {
    expect(lapseReasonOf({ checks: [clear(daysFrom(40))], credentials: [{ kind: 'CPR', status: 'expiring' }, { kind: 'RN', status: 'current' }] }, now)).toBeNull()
  })

  test('her only passing check expired: she lapses; a new clear one brings her back', () => {
    expect(lapseReasonOf({ checks: [clear(daysFrom(-1))], credentials: [] }, now)).toBe('Background check expired')
    expect(lapseReasonOf({ checks: [clear(daysFrom(-1)), clear(daysFrom(360))], credentials: [] }, now)).toBeNull()
    // A re-check still running does not keep her listed once the old one ended.
    expect(lapseReasonOf({ checks: [clear(daysFrom(-1)), { status: 'pending', expiresAt: null }], credentials: [] }, now)).toBe('Background check expired')
  })

  test('a nurse who never had a passing check is not lapsed by this rule', () => {
    expect(lapseReasonOf({ checks: [], credentials: [] }, now)).toBeNull()
    expect(lapseReasonOf({ checks: [{ status: 'pending', expiresAt: null }], credentials: [] }, now)).toBeNull()
  })

  test('a depended-on kind with none valid left lapses her; a renewal of that kind brings her back', () => {
    expect(lapseReasonOf({ checks: [clear(daysFrom(100))], credentials: [{ kind: 'CPR', status: 'expired' }] }, now)).toBe('Infant CPR / NRP card expired')
    expect(lapseReasonOf({ checks: [], credentials: [{ kind: 'CPR', status: 'expired' }, { kind: 'CPR', status: 'current' }] }, now)).toBeNull()
    // A renewal listed but not confirmed yet does not count.
    expect(lapseReasonOf({ checks: [], credentials: [{ kind: 'RN', status: 'revoked' }, { kind: 'RN', status: 'submitted' }] }, now)).toBe('RN license revoked')
  })

  test('a certificate her profile does not depend on never lapses her', () => {
    expect(lapseReasonOf({ checks: [], credentials: [{ kind: 'Doula', status: 'expired' }, { kind: 'NCS', status: 'revoked' }] }, now)).toBeNull()
  })

  test('every reason is named', () => {
    expect(lapseReasonOf({ checks: [clear(daysFrom(-3))], credentials: [{ kind: 'LPN', status: 'expired' }, { kind: 'CPR', status: 'expired' }] }, now)).toBe(
      'Background check expired; LPN license expired; Infant CPR / NRP card expired',
    )
  })
})

describe('which reminder a date calls for', () => {
  test('a credential: the first from 30 days, the last from 7, expired the day after its expiry day', () => {
    expect(credentialNoticeDue('2027-04-10', '2027-03-10')).toBeNull()
    expect(credentialNoticeDue('2027-04-09', '2027-03-10')).toBe('reminder-30')
    expect(credentialNoticeDue('2027-03-18', '2027-03-10')).toBe('reminder-30')
    expect(credentialNoticeDue('2027-03-17', '2027-03-10')).toBe('reminder-7')
    expect(credentialNoticeDue('2027-03-10', '2027-03-10')).toBe('reminder-7')
    expect(credentialNoticeDue('2027-03-09', '2027-03-10')).toBe('expired')
  })

  test('a background check, by the instant it expires', () => {
    expect(checkNoticeDue(daysFrom(31), now)).toBeNull()
    expect(checkNoticeDue(daysFrom(30), now)).toBe('reminder-30')
    expect(checkNoticeDue(daysFrom(7), now)).toBe('reminder-7')
    expect(checkNoticeDue(now, now)).toBe('expired')
  })

  test('the re-check is due eleven months after a check completed', () => {
    expect(recheckDueAt(new Date('2026-04-10T09:00:00Z')).toISOString()).toBe('2027-03-10T09:00:00.000Z')
  })

  test('she reads how many days are left', () => {
    expect(expiryLine('RN license', '2027-03-17', '2027-03-10')).toBe('Your RN license expires on March 17, 2027, in 7 days.')
    expect(expiryLine('RN license', '2027-03-10', '2027-03-10')).toBe('Your RN license expires today.')
    expect(expiryLine('RN license', '2027-03-01', '2027-03-10')).toBe('Your RN license expired on March 1, 2027.')
  })
})

describe('the e-mails', () => {
  const url = 'https://nightlight.test/x'
  const en = translator('emails', 'en')
  // April 9 2027 in Chicago.
  const checkEnds = { expiresAt: new Date('2027-04-09T17:00:00Z'), timeZone: 'America/Chicago' }
  test('a reminder says when, and what expiry does to her listing', () => {
    const email = credentialReminderEmail({ nurseName: 'Ana', kind: 'CPR', expiresOn: '2027-03-17', daysLeft: 7, url, dependedOn: true }, en)
    expect(email.subject).toBe('Your Infant CPR / NRP card expires in 7 days')
    expect(email.text).toContain('in 7 days, on March 17, 2027')
    expect(email.text).toContain('The nights already booked stay booked.')
    expect(credentialExpiredEmail({ nurseName: 'Ana', kind: 'Doula', expiresOn: '2027-03-01', url, dependedOn: false }, en).text).not.toContain('out of search')
  })

  test('the check reminder says whether the re-check is under way', () => {
    const underWay = checkReminderEmail({ nurseName: 'Ana', ...checkEnds, daysLeft: 30, recheckUnderWay: true, url }, en)
    expect(underWay.text).toContain('Your next check is under way.')
    expect(underWay.text).toContain('your background check is good until April 9, 2027: a check lasts twelve months.')
    expect(checkReminderEmail({ nurseName: 'Ana', ...checkEnds, daysLeft: 30, recheckUnderWay: false, url }, en).text).toContain('Please authorize a new check')
    expect(recheckOrderedEmail({ nurseName: 'Ana', ...checkEnds, invitationUrl: 'https://checkr.test/i', url }, en).text).toContain('https://checkr.test/i')
  })

  test('a lapse tells her why, the families that their nights stay, and the admins how many nights', () => {
    expect(lapsedNurseEmail({ nurseName: 'Ana', reason: 'Infant CPR / NRP card expired', url }, en).text).toContain('families cannot book new nights with you: infant CPR / NRP card expired.')
    const family = lapsedFamilyEmail({ parentName: 'Pat', nurseName: 'Ana Lee', nextNight: '2027-03-20', nights: 2, url }, en)
    expect(family.subject).toBe('Ana Lee: your booked nights stay booked')
    expect(family.text).toContain('Her nights with you stay booked: 2 nights, the next on March 20, 2027.')
    expect(lapsedNurseEmail({ nurseName: 'Ana', reason: 'RN license expired', url }, en).text).toContain('with you: RN license expired.')
    expect(lapsedAdminEmail({ nurseName: 'Ana Lee', reason: 'RN license expired', bookedNights: 1, url }, en).text).toContain('She has 1 booked night ahead')
    expect(relistedNurseEmail({ nurseName: 'Ana', url }, en).subject).toBe('Your profile is back in search')
  })
})
