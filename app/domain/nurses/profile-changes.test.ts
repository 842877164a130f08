import { describe, expect, test } from 'vitest'
import {
  editsNeedReview,
  fromColumns,
  mergeProposal,
  nameFields,
  toColumns,
  waitingFields,
  waitingMessage,
  waitingNote,
  type ReviewedValues,
} from './profile-changes'

const approved: ReviewedValues = {
  displayName: 'Nora Nightingale',
  photoFileId: 10,
  certificationFileId: 20,
  idDocumentFileId: 30,
  credentials: ['RN', 'CPR'],
}

describe('which edits wait for an admin', () => {
  test("only an approved nurse's edits wait; an application is reviewed as a whole", () => {
    expect(editsNeedReview('approved')).toBe(true)
    expect(editsNeedReview('none')).toBe(false)
    expect(editsNeedReview('pending')).toBe(false)
    expect(editsNeedReview('rejected')).toBe(false)
  })
})

describe('her one pending change', () => {
  test('a new name and photo wait; the same credentials in another order are no change', () => {
    const merged = mergeProposal(approved, {}, { displayName: 'Nora Bright', photoFileId: 11, credentials: ['CPR', 'RN'] })
    expect(merged).toEqual({ displayName: 'Nora Bright', photoFileId: 11 })
    expect(waitingFields(merged)).toEqual(['displayName', 'photoFileId'])
  })

  test('a second edit before review merges into what waits', () => {
    const first = mergeProposal(approved, {}, { displayName: 'Nora Bright' })
    const second = mergeProposal(approved, first, { photoFileId: 12, displayName: 'Nora B. Bright' })
    expect(second).toEqual({ displayName: 'Nora B. Bright', photoFileId: 12 })
  })

  test('an edit back to the approved value clears that field, and nothing left means nothing waits', () => {
    const waiting = mergeProposal(approved, {}, { displayName: 'Nora Bright', credentials: ['RN'] })
    const back = mergeProposal(approved, waiting, { displayName: 'Nora Nightingale' })
    expect(back).toEqual({ credentials: ['RN'] })
    expect(waitingFields(mergeProposal(approved, back, { credentials: ['RN', 'CPR'] }))).toEqual([])
  })

  test('an empty list of credentials is a change, and survives the row', () => {
    const merged = mergeProposal(approved, {}, { credentials: [] })
    expect(merged).toEqual({ credentials: [] })
    expect(fromColumns(toColumns(merged))).toEqual({ credentials: [] })
    expect(toColumns({})).toEqual({ displayName: null, photoFileId: null, certificationFileId: null, idDocumentFileId: null, credentials: null })
  })
})

describe('what she reads', () => {
  test('the notice names what waits, in a fixed order', () => {
    expect(waitingMessage(['displayName', 'photoFileId'])).toBe('Waiting for review: your name and photo')
    expect(nameFields(waitingFields({ credentials: ['RN'], idDocumentFileId: 3, displayName: 'A' }))).toBe('name, ID document and credentials')
    expect(waitingNote(['displayName'])).toBe("Your new name waits for an admin's review; families see the approved version until then.")
    expect(waitingNote(['displayName', 'photoFileId'])).toMatch(/^Your new name and photo wait for/)
  })
})
