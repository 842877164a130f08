import { describe, expect, it } from 'vitest'
import {
  fileSizeMessage,
  invalidFileTypeMessage,
  nextVerificationStatus,
  parseStep,
  rateDollarsToCents,
  SERVICE_RADIUS_OPTIONS,
  submissionProblem,
  applicationGaps,
  completedSteps,
  tooManyFilesMessage,
  UPLOAD_RULES,
  YEARS_EXPERIENCE_OPTIONS,
  yearsExperienceOption,
} from './onboarding'

describe('the application steps', () => {
  it.each([
    ['#step3', 3],
    ['step2', 2],
    ['4', 4],
    ['#step5', 1],
    ['', 1],
    [null, 1],
    ['#stepx', 1],
  ] as const)('%s is step %s', (value, step) => {
    expect(parseStep(value)).toBe(step)
  })
})

describe("the application's choices", () => {
  it('maps the years of experience options to their numbers', () => {
    expect(YEARS_EXPERIENCE_OPTIONS).toEqual([
      { label: '0-1 years', value: 0 },
      { label: '2-5 years', value: 3 },
      { label: '6-10 years', value: 7 },
      { label: '10+ years', value: 12 },
    ])
  })

  it('shows a stored number of years as the option it falls in', () => {
    expect(yearsExperienceOption(undefined)).toBe(0)
    expect(yearsExperienceOption(2)).toBe(0)
    expect(yearsExperienceOption(5)).toBe(3)
    expect(yearsExperienceOption(9)).toBe(7)
    expect(yearsExperienceOption(30)).toBe(12)
  })

  it('offers the service radius options with 20 among them', () => {
    expect(SERVICE_RADIUS_OPTIONS).toEqual([5, 10, 15, 20, 25, 30, 50])
  })

  it('limits photos to 5 MB and documents to 10 MB', () => {
    expect(UPLOAD_RULES.photo.maxMb).toBe(5)
    expect(UPLOAD_RULES.id_document.maxMb).toBe(10)
    expect(UPLOAD_RULES.photo.mediaTypes).not.toContain('application/pdf')
  })
})

describe('rates and messages', () => {
  it('turns dollars into cents, rounding to the nearest cent', () => {
    expect(rateDollarsToCents(45)).toBe(4500)
    expect(rateDollarsToCents(19.99)).toBe(1999)
    expect(rateDollarsToCents(0.015)).toBe(2)
    expect(rateDollarsToCents(250.555)).toBe(25056)
  })

  it('words the upload errors as docs/product-texts.md lists them', () => {
    expect(invalidFileTypeMessage(['.jpg', '.png'])).toBe('Invalid file type. Accepted: .jpg, .png')
    expect(fileSizeMessage(5)).toBe('File size exceeds 5MB limit')
    expect(tooManyFilesMessage(1)).toBe('Maximum 1 file(s) allowed')
  })
})

describe('submitting for review', () => {
  const complete = {
    fullName: 'Maria Lopez',
    phoneNumber: '512-555-0100',
    baseLocation: 'Austin, TX',
    nightlyRateCents: 30000,
    hasIdDocument: true,
  }

  it('accepts a complete application', () => {
    expect(submissionProblem(complete)).toBeNull()
  })

  it.each([
    [{ fullName: ' ' }, 'Full name is required'],
    [{ phoneNumber: null }, 'Phone number is required'],
    [{ baseLocation: '' }, 'Base location is required.'],
    [{ nightlyRateCents: 0 }, 'Rate must be greater than 0.'],
    [{ hasIdDocument: false }, 'A government ID is required.'],
  ])('names what is missing: %o', (change, message) => {
    expect(submissionProblem({ ...complete, ...change })).toBe(message)
  })

  it('lists everything missing with the step where it is given', () => {
    expect(applicationGaps({ fullName: '', phoneNumber: '', baseLocation: '', nightlyRateCents: null, hasIdDocument: false })).toEqual([
      { step: 1, message: 'Full name is required' },
      { step: 1, message: 'Phone number is required' },
      { step: 3, message: 'Base location is required.' },
      { step: 3, message: 'Rate must be greater than 0.' },
      { step: 3, message: 'A government ID is required.' },
    ])
    expect(applicationGaps(complete)).toEqual([])
  })

  it('marks a step done only when it and every step before it lack nothing', () => {
    const empty = { fullName: '', phoneNumber: '', baseLocation: '', nightlyRateCents: null, hasIdDocument: false }
    expect(completedSteps(empty)).toEqual([])
    expect(completedSteps({ ...empty, fullName: 'Maria Lopez', phoneNumber: '512-555-0100' })).toEqual([1, 2])
    expect(completedSteps({ ...complete, phoneNumber: '' })).toEqual([])
    expect(completedSteps(complete)).toEqual([1, 2, 3])
    // A visitor gives her ID with her account, on the last step.
    expect(completedSteps({ ...complete, hasIdDocument: false }, { idComesLater: true })).toEqual([1, 2, 3])
    expect(completedSteps({ ...complete, hasIdDocument: false })).toEqual([1, 2])
  })

  it('moves to pending only on submission, and never to approved', () => {
    expect(nextVerificationStatus('none', false)).toBe('none')
    expect(nextVerificationStatus('none', true)).toBe('pending')
    expect(nextVerificationStatus('rejected', true)).toBe('pending')
    expect(nextVerificationStatus('approved', true)).toBe('approved')
    expect(nextVerificationStatus('pending', true)).toBe('pending')
  })
})
