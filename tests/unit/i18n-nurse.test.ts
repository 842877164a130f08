// The nurse area's words in Spanish: a pure function given the nurse namespace's `t` writes its
// sentence in that language, and in English, `t` or not, exactly today's sentence. The FCRA
// disclosure's English catalogue is the domain's text word for word.
import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { translator } from '~/i18n/i18n.server'
import { clearedMessage, nameDates } from '~/domain/nurses/nurse-profile'
import { specialtyLabel, SPECIALTIES } from '~/domain/nurses/onboarding'
import { nameFields, waitingMessage, waitingNote, REVIEWED_FIELDS } from '~/domain/nurses/profile-changes'
import { patternMessage, timeOffMessage } from '~/domain/nurses/weekly-pattern'
import { checkStandingForNurse, DISCLOSURE_PARAGRAPHS, DISCLOSURE_TITLE } from '~/domain/verification/background-checks'
import type { CheckStatus } from '~/domain/verification/check-life-cycle'
import { credentialStanding, type CredentialFacts } from '~/domain/verification/credentials'
import { expiryLine } from '~/domain/verification/expiry'
import { withLanguage } from '~/utils/request-scope.server'

const en = translator('nurse', 'en')
const es = translator('nurse', 'es')
const catalogue = (language: string) => JSON.parse(fs.readFileSync(`app/locales/${language}/nurse.json`, 'utf8')) as Record<string, string>

const STATUSES: CheckStatus[] = ['invited', 'pending', 'needs_review', 'clear', 'approved', 'pre_adverse', 'adverse', 'suspended']
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

describe('the nurse area in English, with its translator or without', () => {
  test('the disclosure is the domain’s own text', () => {
    const words = catalogue('en')
    expect(words['disclosure.title']).toBe(DISCLOSURE_TITLE)
    expect([1, 2, 3, 4, 5].map((n) => words[`disclosure.p${n}`])).toEqual(DISCLOSURE_PARAGRAPHS)
    expect(Object.keys(catalogue('es')).filter((key) => key.startsWith('disclosure.'))).toHaveLength(6)
  })

  test('every sentence reads as it always has', () => {
    expect(checkStandingForNurse(null, en)).toEqual(checkStandingForNurse(null))
    for (const status of STATUSES) {
      for (const current of [true, false]) expect(checkStandingForNurse({ status, current }, en)).toEqual(checkStandingForNurse({ status, current }))
    }
    for (const count of [0, 1, 3]) expect(clearedMessage(count, en)).toBe(clearedMessage(count))
    for (const fields of [['displayName'], ['credentials'], ['displayName', 'photoFileId'], [...REVIEWED_FIELDS]] as const) {
      expect(nameFields(fields, en)).toBe(nameFields(fields))
      expect(waitingMessage(fields, en)).toBe(waitingMessage(fields))
      expect(waitingNote(fields, en)).toBe(waitingNote(fields))
    }
    for (const days of ['2026-11-01', '2026-11-29', '2026-12-20']) expect(expiryLine('RN license', days, '2026-11-29', en)).toBe(expiryLine('RN license', days, '2026-11-29'))
    withLanguage('en', () => {
      expect(patternMessage(1, '2026-12-01', '2026-12-01', en)).toBe(patternMessage(1, '2026-12-01', '2026-12-01'))
      expect(patternMessage(12, '2026-12-01', '2027-02-01', en)).toBe(patternMessage(12, '2026-12-01', '2027-02-01'))
      expect(timeOffMessage(3, [], en)).toBe(timeOffMessage(3, []))
      expect(timeOffMessage(1, ['2026-12-24'], en)).toBe(timeOffMessage(1, ['2026-12-24']))
      expect(timeOffMessage(2, ['2026-12-24', '2026-12-25', '2026-12-31'], en)).toBe(timeOffMessage(2, ['2026-12-24', '2026-12-25', '2026-12-31']))
      expect(nameDates(['2026-12-24', '2026-12-25'], en)).toBe(nameDates(['2026-12-24', '2026-12-25']))
    })
    for (const status of ['submitted', 'current', 'expired', 'revoked', 'rejected'] as const) {
      for (const byAdmin of [false, true]) {
        const facts = { ...license, status, byAdmin, refusal: byAdmin ? 'Blurry scan' : null }
        expect(credentialStanding(facts, '2026-11-29', en)).toEqual(credentialStanding(facts, '2026-11-29'))
        expect(credentialStanding({ ...facts, kind: 'CPR', issuer: 'American Red Cross', expiresOn: '2026-12-10' }, '2026-11-29', en)).toEqual(
          credentialStanding({ ...facts, kind: 'CPR', issuer: 'American Red Cross', expiresOn: '2026-12-10' }, '2026-11-29'),
        )
      }
    }
    for (const specialty of SPECIALTIES) expect(specialtyLabel(specialty, en)).toBe(specialty)
  })
})

describe('the nurse area in Spanish', () => {
  test('the sentences of pure functions', () => {
    expect(checkStandingForNurse(null, es).label).toBe('Sin iniciar')
    expect(checkStandingForNurse({ status: 'clear', current: false }, es).label).toBe('Vencida')
    expect(clearedMessage(2, es)).toBe('Se borró toda tu disponibilidad (2 noches reservadas siguen en tu calendario)')
    expect(waitingMessage(['displayName', 'photoFileId', 'credentials'], es)).toBe('En espera de revisión: tu nombre, foto y credenciales')
    expect(expiryLine(es('expiry.what.CPR'), '2026-12-09', '2026-11-29', es)).toBe('Tu tarjeta de RCP infantil / NRP vence el 9 de diciembre de 2026, en 10 días.')
    expect(credentialStanding(license, '2026-11-29', es)).toMatchObject({
      title: 'licencia de RN · Massachusetts',
      label: 'activa',
      detail: 'verificada el 12 de marzo de 2026 · vence en octubre de 2027',
    })
    // A day takes 'el', a month 'en'.
    expect(credentialStanding({ ...license, status: 'submitted', checkedAt: null, checkedOn: null, expiresOn: '2028-02-20' }, '2026-11-29', es).detail).toBe(
      'vence el 20 de febrero de 2028',
    )
    expect(specialtyLabel('Newborn Care', es)).toBe('Cuidado del recién nacido')
    withLanguage('es', () => {
      expect(patternMessage(2, '2026-12-01', '2026-12-08', es)).toBe('2 noches publicadas del mar, 1 dic 2026 al mar, 8 dic 2026.')
      expect(timeOffMessage(1, ['2026-12-24'], es)).toBe(
        'Días libres guardados: se quitó 1 noche libre. jue, 24 dic 2026 está reservada por una familia y se queda en tu calendario.',
      )
    })
  })
})
