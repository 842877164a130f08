import { describe, expect, test } from 'vitest'
import { CREDENTIAL_MESSAGES as M } from '../domain/verification/credentials'
import { CredentialDecisionSchema, CredentialListingSchema, credentialListingSchemaOn } from './credentials'

const pdf = () => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'card.pdf', { type: 'application/pdf' })

function errorsOf(input: Record<string, unknown>, today?: string) {
  const schema = today ? credentialListingSchemaOn(today) : CredentialListingSchema
  const result = schema.safeParse({ intent: 'add', ...input })
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('listing a credential', () => {
  test('a license needs its number, a US state and an expiry, and no document', () => {
    expect(errorsOf({ kind: 'RN' })).toEqual({ number: M.number, state: M.state, expiresOn: M.expiry })
    expect(errorsOf({ kind: 'LPN', number: 'PN1', state: 'ZZ', expiresOn: '2027-10-31' })).toEqual({ state: M.state })
    expect(errorsOf({ kind: 'RN', number: 'RN1', state: 'ma', expiresOn: '2027-10-31' })).toEqual({})
    expect(CredentialListingSchema.parse({ intent: 'add', kind: 'RN', number: 'RN1', state: 'ma', expiresOn: '2027-10-31' }).state).toBe('MA')
  })

  test('a certificate needs who issued it and its document; a CPR card and a CNA certification an expiry too', () => {
    expect(errorsOf({ kind: 'CPR' })).toEqual({ issuer: M.issuer, expiresOn: M.expiry, document: M.document })
    expect(errorsOf({ kind: 'CNA', issuer: 'Massachusetts Nurse Aide Registry', document: pdf() })).toEqual({ expiresOn: M.expiry })
    expect(errorsOf({ kind: 'CPR', issuer: 'American Red Cross', expiresOn: '2027-10-31', document: pdf() })).toEqual({})
  })

  test('a doula or newborn-care certificate may have no expiry', () => {
    expect(errorsOf({ kind: 'Doula', issuer: 'DONA International', document: pdf() })).toEqual({})
    expect(errorsOf({ kind: 'NCS', issuer: 'NCSA', document: pdf() })).toEqual({})
  })

  test('a document kept from a refused try stands for the file', () => {
    expect(errorsOf({ kind: 'Doula', issuer: 'DONA International', keptDocumentId: '12' })).toEqual({})
  })

  test('the kind is one of ours, the expiry a real date, the texts short', () => {
    expect(errorsOf({ kind: 'MD' })).toMatchObject({ kind: M.kind })
    expect(errorsOf({ kind: 'RN', number: 'RN1', state: 'MA', expiresOn: '2027-02-30' })).toEqual({ expiresOn: M.expiryDate })
    expect(errorsOf({ kind: 'RN', number: 'X'.repeat(41), state: 'MA', expiresOn: '2027-10-31' })).toEqual({ number: 'The number must be at most 40 characters' })
    expect(errorsOf({ kind: 'Doula', issuer: 'X'.repeat(101), document: pdf() })).toEqual({ issuer: 'Who issued it must be at most 100 characters' })
  })

  test('an expiry already past is refused on the server’s today; the day itself is fine', () => {
    const card = { kind: 'CPR', issuer: 'American Red Cross', document: pdf() }
    expect(errorsOf({ ...card, expiresOn: '2026-11-27' }, '2026-11-28')).toEqual({ expiresOn: M.expiryPast })
    expect(errorsOf({ ...card, expiresOn: '2026-11-28' }, '2026-11-28')).toEqual({})
  })
})

describe("an admin's decision", () => {
  test('a refusal needs a reason she can read', () => {
    expect(CredentialDecisionSchema.safeParse({ intent: 'refuse', credentialId: '3', reason: 'no' }).success).toBe(false)
    expect(CredentialDecisionSchema.safeParse({ intent: 'refuse', credentialId: '3', reason: 'The name on the card is not hers.' }).success).toBe(true)
    expect(CredentialDecisionSchema.safeParse({ intent: 'confirm', credentialId: '3' }).success).toBe(true)
  })
})
