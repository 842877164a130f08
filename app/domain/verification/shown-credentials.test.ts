import { describe, expect, test } from 'vitest'
import { cardLicenseLabel, credentialJsonLd, credentialLine, issuerName, whatWeCheckedLines, type ShownCredential } from './shown-credentials'

const rn: ShownCredential = { kind: 'RN', issuer: 'MA', expiresOn: '2027-10-31', checkedOn: '2026-03-12' }

describe('the lines families read', () => {
  test('a license names its state, the day it was checked and the month it expires', () => {
    expect(credentialLine(rn)).toBe('RN license active in Massachusetts · checked 12 March 2026 · expires October 2027')
    expect(credentialLine({ ...rn, kind: 'LPN', issuer: 'tx', checkedOn: null })).toBe('LPN license active in Texas · expires October 2027')
  })

  test('an infant CPR card says until when', () => {
    expect(credentialLine({ kind: 'CPR', issuer: 'American Heart Association', expiresOn: '2027-06-30', checkedOn: '2026-03-01' })).toBe(
      'Infant CPR until June 2027',
    )
  })

  test('a certificate says when it was confirmed, and until when if it expires', () => {
    expect(credentialLine({ kind: 'NCS', issuer: 'NCSA', expiresOn: null, checkedOn: '2026-03-31' })).toBe('Newborn Care Specialist · confirmed March 2026')
    expect(credentialLine({ kind: 'Doula', issuer: 'DONA International', expiresOn: '2028-01-01', checkedOn: null })).toBe('Doula certificate · until January 2028')
    expect(credentialLine({ kind: 'Other', issuer: 'Newborn Academy', expiresOn: null, checkedOn: null })).toBe('Certificate from Newborn Academy')
  })

  test('dates are the calendar days written, whatever the time zone of the reader', () => {
    // The first and last days of a month stay in their month (a midnight read in a US zone would not).
    expect(credentialLine({ ...rn, checkedOn: '2026-03-01', expiresOn: '2027-10-01' })).toBe(
      'RN license active in Massachusetts · checked 1 March 2026 · expires October 2027',
    )
    expect(credentialLine({ ...rn, checkedOn: '2026-03-31', expiresOn: '2027-10-31' })).toContain('checked 31 March 2026 · expires October 2027')
  })

  test("the profile's list starts with the background check, then each credential", () => {
    const cpr: ShownCredential = { kind: 'CPR', issuer: 'American Red Cross', expiresOn: '2027-06-30', checkedOn: null }
    expect(whatWeCheckedLines({ backgroundCheckOn: '2026-03-31', shownCredentials: [rn, cpr] })).toEqual([
      'Background check clear · March 2026',
      'RN license active in Massachusetts · checked 12 March 2026 · expires October 2027',
      'Infant CPR until June 2027',
    ])
    expect(whatWeCheckedLines({ backgroundCheckOn: null, shownCredentials: [] })).toEqual([])
  })

  test('a card says only which license is active', () => {
    expect(cardLicenseLabel('RN')).toBe('RN license active')
    expect(issuerName('Red Cross')).toBe('Red Cross')
  })
})

describe('the JSON-LD of a credential', () => {
  test('a license is recognized by its state board, valid in its state, with its expiry', () => {
    expect(credentialJsonLd(rn)).toEqual({
      '@type': 'EducationalOccupationalCredential',
      name: 'Registered Nurse (RN) license, Massachusetts',
      credentialCategory: 'license',
      recognizedBy: { '@type': 'Organization', name: 'Massachusetts Board of Nursing' },
      validIn: { '@type': 'State', name: 'Massachusetts' },
      expires: '2027-10-31',
    })
  })

  test('a certificate is recognized by the body that issued it', () => {
    expect(credentialJsonLd({ kind: 'NCS', issuer: 'NCSA', expiresOn: null, checkedOn: '2026-03-31' })).toEqual({
      '@type': 'EducationalOccupationalCredential',
      name: 'Newborn Care Specialist certificate',
      credentialCategory: 'certificate',
      recognizedBy: { '@type': 'Organization', name: 'NCSA' },
    })
  })
})
