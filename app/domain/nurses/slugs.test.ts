import { describe, expect, it } from 'vitest'
import { nurseSlug, slugify } from './slugs'

describe('slugify', () => {
  it('lower-cases and joins words with hyphens', () => {
    expect(slugify('Maria Lopez, RN')).toBe('maria-lopez-rn')
  })

  it('folds accents to ASCII', () => {
    expect(slugify('María José Peña')).toBe('maria-jose-pena')
    expect(slugify('Zoë Ångström')).toBe('zoe-angstrom')
    expect(slugify('Straße Łukasz')).toBe('strasse-lukasz')
  })

  it('drops apostrophes instead of splitting words', () => {
    expect(slugify("Siobhan O'Brien")).toBe('siobhan-obrien')
    expect(slugify('D’Angelo')).toBe('dangelo')
  })

  it('collapses runs of punctuation and trims hyphens', () => {
    expect(slugify('  --Night   Nurse!!  (NCS)-- ')).toBe('night-nurse-ncs')
  })

  it('keeps digits', () => {
    expect(slugify('Room 101')).toBe('room-101')
  })

  it('returns an empty string when nothing is left', () => {
    expect(slugify('!!!')).toBe('')
    expect(slugify('')).toBe('')
  })
})

describe('nurseSlug', () => {
  it('appends the id so equal names stay unique', () => {
    expect(nurseSlug('Maria Lopez, RN', 7)).toBe('maria-lopez-rn-7')
    expect(nurseSlug('Maria Lopez, RN', 8)).toBe('maria-lopez-rn-8')
  })

  it('falls back to "nurse" when the name has no letters or digits', () => {
    expect(nurseSlug('???', 3)).toBe('nurse-3')
  })
})
