// The admin's check and credential pages write a log's codes, a screening's outcome and a status
// in words of the reader's language, and every code the verification code writes has words.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { translator } from '../../i18n/i18n.server'
import type { ExpiryNotice } from '../verification/expiry'
import {
  CREDENTIAL_STATUSES,
  credentialStatusLabel,
  logActionLabel,
  SCREENING_OUTCOMES,
  screeningOutcomeLabel,
  VERIFICATION_LOG_ACTIONS,
  VERIFICATION_STATUSES,
  verificationStatusLabel,
} from './verification-words'

const english = translator('admin', 'en')
const spanish = translator('admin', 'es')

const NOTICES: ExpiryNotice[] = ['reminder-30', 'reminder-7', 'expired', 'recheck']

/** The codes the verification code writes into its logs: `action: 'looked-up'` and the sweep's `notice-…`. */
function codesWritten(): string[] {
  const folder = join(__dirname, '../verification')
  const codes = new Set<string>()
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const source = readFileSync(join(folder, file), 'utf8')
    for (const match of source.matchAll(/\baction: ([^,\n}]+)/g)) {
      // `to === 'pending' ? 'report-started' : …`: the compared status is not a code.
      for (const literal of match[1].matchAll(/(?<!=== )'([a-z-]+)'/g)) codes.add(literal[1])
    }
    if (source.includes('action: `notice-${notice}`')) for (const notice of NOTICES) codes.add(`notice-${notice}`)
  }
  return [...codes]
}

describe('the log', () => {
  test('every code the verification code writes has words in both languages', () => {
    const written = codesWritten()
    expect(written).toEqual(expect.arrayContaining(['ordered', 'report-completed', 'looked-up', 'notice-reminder-30']))
    for (const code of written) {
      expect(VERIFICATION_LOG_ACTIONS, code).toContain(code)
      expect(logActionLabel(code, english)).not.toBe(code)
      expect(logActionLabel(code, spanish)).not.toBe(logActionLabel(code, english))
    }
  })

  test('in words, and a code nobody named is shown as stored', () => {
    expect(logActionLabel('pre-adverse-notice-sent', english)).toBe('Pre-adverse notice sent')
    expect(logActionLabel('pre-adverse-notice-sent', spanish)).toBe('Aviso previo de acción adversa enviado')
    expect(logActionLabel('looked-up', spanish)).toBe('Consultada en el registro')
    expect(logActionLabel('something-new', spanish)).toBe('something-new')
  })
})

describe('outcomes and statuses', () => {
  test('a screening outcome, a credential status and an application status in Spanish', () => {
    for (const outcome of SCREENING_OUTCOMES) expect(screeningOutcomeLabel(outcome, spanish)).not.toBe(screeningOutcomeLabel(outcome, english))
    for (const status of CREDENTIAL_STATUSES) expect(credentialStatusLabel(status, spanish)).not.toBe(credentialStatusLabel(status, english))
    for (const status of VERIFICATION_STATUSES) expect(verificationStatusLabel(status, spanish)).not.toBe(verificationStatusLabel(status, english))
    expect(screeningOutcomeLabel('consider', spanish)).toBe('requiere revisión')
    expect(credentialStatusLabel('current', spanish)).toBe('vigente')
    expect(verificationStatusLabel('pending', spanish)).toBe('pendiente')
    expect(screeningOutcomeLabel('dispute', spanish)).toBe('dispute')
  })
})
