import { describe, expect, test } from 'vitest'
import { credentialStanding, longDate, type CredentialFacts } from './credentials'

const license: CredentialFacts = {
  kind: 'RN',
  issuer: 'MA',
  expiresOn: '2027-10-31',
  status: 'current',
  lookupOutcome: 'active',
  checkedAt: '2026-03-12T15:00:00.000Z',
  checkedOn: '2026-03-12',
  byAdmin: false,
  refusal: null,
}
const cpr: CredentialFacts = { ...license, kind: 'CPR', issuer: 'American Red Cross', lookupOutcome: null, byAdmin: true }

describe('a credential in plain words', () => {
  test('a license the registry found active', () => {
    expect(credentialStanding(license, '2026-11-28')).toEqual({
      title: 'RN license · Massachusetts',
      label: 'active',
      detail: 'checked 12 March 2026 · expires October 2027',
      tone: 'good',
    })
  })

  test('a card that expires within a month says the day, and to renew it', () => {
    expect(credentialStanding({ ...cpr, status: 'expiring', expiresOn: '2026-12-20' }, '2026-11-28')).toMatchObject({
      label: 'current',
      detail: 'confirmed 12 March 2026 · expires 20 December 2026: renew it soon',
      tone: 'soon',
    })
  })

  test('waiting, expired, not found, refused', () => {
    expect(credentialStanding({ ...cpr, status: 'submitted', checkedAt: null, checkedOn: null, byAdmin: false }, '2026-11-28').label).toBe('Waiting for an admin')
    expect(credentialStanding({ ...license, status: 'submitted', checkedAt: null, checkedOn: null }, '2026-11-28').label).toBe('Waiting for the license registry')
    expect(credentialStanding({ ...license, status: 'expired', lookupOutcome: 'expired', expiresOn: '2026-11-27' }, '2026-11-28')).toMatchObject({
      label: 'Expired',
      tone: 'bad',
    })
    expect(credentialStanding({ ...license, status: 'rejected', lookupOutcome: 'not_found' }, '2026-11-28').label).toBe(
      'Not found in the registry: check the number',
    )
    expect(credentialStanding({ ...cpr, status: 'rejected', refusal: 'The card is not readable.' }, '2026-11-28')).toMatchObject({
      label: 'Refused by an admin',
      detail: 'The card is not readable. · refused 12 March 2026',
    })
  })

  test('dates read in words', () => {
    expect(longDate('2027-01-05')).toBe('5 January 2027')
  })
})
