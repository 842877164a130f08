// Both background-check providers answer the same for the documented test identities
// (docs/decisions/0061): the built-in test provider offline, and the real Checkr client against the
// local fake of Checkr's API. A webhook's signature is an HMAC of its exact body.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checkrSignature, getCheckrProvider, isCheckrSignatureValid } from '../../app/domain/verification/providers/checkr.server'
import { testVerificationProvider } from '../../app/domain/verification/providers/test-provider.server'
import type { VerificationProvider } from '../../app/domain/verification/providers/types'
import { TEST_CONSIDER_RECORD, testOutcomeOf } from '../../app/domain/verification/test-identities'
import { FAKE_CHECKR_KEY, FakeCheckr } from '../support/fake-checkr'

const fake = new FakeCheckr()
let checkr: VerificationProvider
beforeAll(async () => {
  await fake.start()
  checkr = getCheckrProvider({ apiKey: FAKE_CHECKR_KEY, apiBase: fake.url, packageSlug: 'tasker_standard' })
})
afterAll(() => fake.stop())

const identities = [
  ['dana.clear@example.com', 'clear'],
  ['dana+consider@example.com', 'consider'],
  ['dana+suspended@example.com', 'suspended'],
] as const

/** Orders a check and plays the candidate and the provider until the report is done. */
async function run(provider: VerificationProvider, email: string) {
  const candidate = await provider.createCandidate({ firstName: 'Dana', lastName: 'Reyes', email, idempotencyKey: `cand-${email}` })
  const invitation = await provider.createInvitation({ candidateId: candidate.id, workState: 'MA', idempotencyKey: `inv-${email}` })
  if (provider.name === 'checkr') {
    expect(invitation).toMatchObject({ status: 'pending', reportId: null, url: `${fake.url}/hosted/${invitation.id}` })
    const report = fake.completeInvitation(invitation.id)
    expect(await provider.retrieveReport(String(report.id))).toMatchObject({ status: 'pending', result: null })
    fake.completeReport(String(report.id))
  }
  const done = await provider.retrieveInvitation(invitation.id)
  expect(done.status).toBe('completed')
  return provider.retrieveReport(done.reportId!)
}

describe.each([
  ['the built-in test provider', () => testVerificationProvider],
  ['the Checkr client against the fake', () => checkr],
])('%s', (_name, providerOf) => {
  test.each(identities)('%s comes back %s, with screenings named and no record but the one it found', async (email, outcome) => {
    const report = await run(providerOf(), email)
    expect(testOutcomeOf(email)).toBe(outcome)
    const names = ['SSN trace', 'Sex offender registry search', 'National criminal search', 'County criminal search']
    expect(report.screenings.map((screening) => screening.name)).toEqual(names)
    if (outcome === 'suspended') {
      expect(report).toMatchObject({ status: 'suspended', result: null, completedAt: null })
      expect(report.screenings[0]).toMatchObject({ outcome: 'suspended' })
      return
    }
    expect(report).toMatchObject({ status: 'complete', result: outcome })
    expect(report.completedAt).not.toBeNull()
    const found = report.screenings.filter((screening) => screening.outcome === 'consider')
    expect(found).toEqual(outcome === 'consider' ? [{ name: 'County criminal search', outcome: 'consider', record: TEST_CONSIDER_RECORD }] : [])
  })

  test('an adverse action is recorded and can be withdrawn', async () => {
    const provider = providerOf()
    const report = await run(provider, 'ola+consider@example.com')
    const action = await provider.createAdverseAction({ reportId: report.id, idempotencyKey: `aa-${report.id}` })
    expect(action.status).toBe('pending')
    expect((await provider.cancelAdverseAction(action.id)).status).toBe('canceled')
  })
})

test('the Checkr client sends its key and an idempotency key: the same candidate twice is one candidate', async () => {
  const first = await checkr.createCandidate({ firstName: 'Ines', lastName: 'Park', email: 'ines@example.com', idempotencyKey: 'same' })
  const again = await checkr.createCandidate({ firstName: 'Ines', lastName: 'Park', email: 'ines@example.com', idempotencyKey: 'same' })
  expect(again.id).toBe(first.id)
  const wrongKey = getCheckrProvider({ apiKey: 'wrong', apiBase: fake.url, packageSlug: 'tasker_standard' })
  await expect(wrongKey.retrieveReport('rpt_x')).rejects.toThrow('Bad authentication')
  await expect(checkr.retrieveReport('rpt_missing')).rejects.toMatchObject({ code: 'resource_not_found' })
})

test("a webhook's signature is an HMAC-SHA256 of its exact body", () => {
  const body = '{"id":"evt_1","type":"report.completed"}'
  const signature = checkrSignature(body, 'secret')
  expect(signature).toMatch(/^[0-9a-f]{64}$/)
  expect(isCheckrSignatureValid(body, signature, 'secret')).toBe(true)
  expect(isCheckrSignatureValid(`${body} `, signature, 'secret')).toBe(false)
  expect(isCheckrSignatureValid(body, signature, 'other')).toBe(false)
  expect(isCheckrSignatureValid(body, null, 'secret')).toBe(false)
})
