// Both license registries answer the same for the documented test identities (docs/decisions/0062):
// the built-in test registry offline, and the real Nursys client against the local fake of its API.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testLicenseLookupProvider } from '../../app/domain/verification/providers/license-test-provider.server'
import type { LicenseLookupProvider } from '../../app/domain/verification/providers/license-types'
import { getNursysProvider, nursysDate, outcomeOfNursysLicense } from '../../app/domain/verification/providers/nursys.server'
import { testLicenseExpiry, testLicenseOutcomeOf } from '../../app/domain/verification/test-identities'
import { FAKE_NURSYS_KEY, FakeNursys } from '../support/fake-nursys'

const fake = new FakeNursys()
let nursys: LicenseLookupProvider
beforeAll(async () => {
  await fake.start()
  nursys = getNursysProvider({ apiKey: FAKE_NURSYS_KEY, apiBase: fake.url, pollIntervalMs: 5 })
})
afterAll(() => fake.stop())

const TODAY = new Date().toISOString().slice(0, 10)

const identities = [
  ['RN123456', 'active'],
  ['EXP123456', 'expired'],
  ['ENC123456', 'encumbered'],
  ['NF123456', 'not_found'],
] as const

describe.each([
  ['the built-in test registry', () => testLicenseLookupProvider, 'test'],
  ['the Nursys client against the fake', () => nursys, 'nursys'],
])('%s', (_name, providerOf, source) => {
  test.each(identities)('license %s is %s', async (number, outcome) => {
    const result = await providerOf().lookup({ kind: 'RN', state: 'MA', number, name: 'Dana Reyes', expiresOn: null }, TODAY)
    expect(result.outcome).toBe(outcome)
    expect(result.source).toBe(source)
    if (outcome === 'not_found') expect(result.expiresOn).toBeNull()
    else if (outcome === 'expired') expect(result.expiresOn! < TODAY).toBe(true)
    else expect(result.expiresOn! > TODAY).toBe(true)
  })
})

describe('the Nursys client', () => {
  test('asks for an LPN license as a PN license of its state, with the key, and waits for the transaction', async () => {
    fake.requests.length = 0
    const result = await nursys.lookup({ kind: 'LPN', state: 'tx', number: 'PN778899', name: 'Ana Maria Lopez' }, TODAY)
    expect(result.outcome).toBe('active')
    expect(fake.lookups.at(-1)).toMatchObject({ LicenseNumber: 'PN778899', JurisdictionAbbreviation: 'TX', LicenseType: 'PN', LastName: 'Lopez' })
    // Submitted once, retrieved until complete.
    expect(fake.requests).toEqual(['POST /api/v1/nurselookup', 'GET /api/v1/nurselookup', 'GET /api/v1/nurselookup'])
  })

  test('refuses to answer with a wrong key', async () => {
    const wrong = getNursysProvider({ apiKey: 'not-the-key', apiBase: fake.url, pollIntervalMs: 5 })
    await expect(wrong.lookup({ kind: 'RN', state: 'MA', number: 'RN1', name: 'Dana' }, TODAY)).rejects.toMatchObject({ code: 'unauthorized' })
  })

  test('says it could not reach a registry that is down', async () => {
    const down = getNursysProvider({ apiKey: FAKE_NURSYS_KEY, apiBase: 'http://127.0.0.1:9', pollIntervalMs: 5 })
    await expect(down.lookup({ kind: 'RN', state: 'MA', number: 'RN1', name: 'Dana' }, TODAY)).rejects.toMatchObject({ code: 'unreachable' })
  })

  test('reads a license: discipline on record is encumbered, a past expiry is expired, a lapsed status is expired', () => {
    expect(outcomeOfNursysLicense({ LicenseStatus: 'Active', DisciplineAgainstLicense: 'Yes' }, '2026-11-28')).toBe('encumbered')
    expect(outcomeOfNursysLicense({ LicenseStatus: 'Active', LicenseExpirationDate: '11/27/2026' }, '2026-11-28')).toBe('expired')
    expect(outcomeOfNursysLicense({ LicenseStatus: 'Active', LicenseExpirationDate: '11/28/2026' }, '2026-11-28')).toBe('active')
    expect(outcomeOfNursysLicense({ LicenseStatus: 'Lapsed' }, '2026-11-28')).toBe('expired')
    expect(outcomeOfNursysLicense(undefined, '2026-11-28')).toBe('not_found')
    expect(nursysDate('3/7/2027')).toBe('2027-03-07')
    expect(nursysDate('2027-03-07T00:00:00')).toBe('2027-03-07')
  })
})

describe('the test identities', () => {
  test('the license number decides, whatever its case', () => {
    expect(testLicenseOutcomeOf('exp-1')).toBe('expired')
    expect(testLicenseOutcomeOf('Enc9')).toBe('encumbered')
    expect(testLicenseOutcomeOf('nf1')).toBe('not_found')
    expect(testLicenseOutcomeOf('RN-NF1')).toBe('active')
  })

  test('an active license keeps the expiry she typed, or runs two years', () => {
    expect(testLicenseExpiry('active', '2027-10-31', '2026-11-28')).toBe('2027-10-31')
    expect(testLicenseExpiry('active', null, '2026-11-28')).toBe('2028-11-28')
    expect(testLicenseExpiry('expired', '2027-10-31', '2026-11-28')).toBe('2026-11-27')
    expect(testLicenseExpiry('not_found', '2027-10-31', '2026-11-28')).toBeNull()
  })
})
