// The nurse application's rules: its steps, choices, uploads (docs/security.md) and messages
// (docs/product-texts.md). The rate is per night (docs/money.md). Pure: safe in the browser.
import type { Translate } from '~/i18n/translate'

export type OnboardingStep = 1 | 2 | 3 | 4

export const ONBOARDING_STEPS: readonly {
  step: OnboardingStep
  label: string
}[] = [
  { step: 1, label: 'Basic Details' },
  { step: 2, label: 'Qualifications' },
  { step: 3, label: 'Rates' },
  { step: 4, label: 'Review' },
]

/** The step named by a search param ('2'), a hash ('#step2') or a payload ('step2'); anything else is step 1. */
export function parseStep(value: string | null | undefined): OnboardingStep {
  const match = /^#?(?:step)?([1-4])$/.exec((value ?? '').trim())
  return match ? (Number(match[1]) as OnboardingStep) : 1
}

export const YEARS_EXPERIENCE_OPTIONS: readonly {
  label: string
  value: number
}[] = [
  { label: '0-1 years', value: 0 },
  { label: '2-5 years', value: 3 },
  { label: '6-10 years', value: 7 },
  { label: '10+ years', value: 12 },
]
export const YEARS_EXPERIENCE_VALUES = YEARS_EXPERIENCE_OPTIONS.map((o) => o.value)

/** The selector's option for a stored number of years (profiles edited elsewhere may hold any 0-50). */
export function yearsExperienceOption(years: number | null | undefined): number {
  const value = years ?? 0
  let chosen = YEARS_EXPERIENCE_VALUES[0]
  for (const option of YEARS_EXPERIENCE_VALUES) if (value >= option) chosen = option
  return chosen
}

export const CREDENTIALS = ['RN', 'LPN', 'CNA', 'NCS', 'Doula', 'Other'] as const
export type Credential = (typeof CREDENTIALS)[number]

export const SPECIALTIES = [
  'Newborn Care',
  'Twin/Multiple Care',
  'Special Needs',
  'Sleep Training',
  'Postpartum Support',
  'Breastfeeding Support',
] as const
export type Specialty = (typeof SPECIALTIES)[number]

const SPECIALTY_KEYS: Record<string, string> = {
  'Newborn Care': 'specialty.newbornCare',
  'Twin/Multiple Care': 'specialty.multiples',
  'Special Needs': 'specialty.specialNeeds',
  'Sleep Training': 'specialty.sleepTraining',
  'Postpartum Support': 'specialty.postpartum',
  'Breastfeeding Support': 'specialty.breastfeeding',
}

/** A specialty's words: with `t` (the nurse namespace) in the reader's language; the value stored stays English. */
export function specialtyLabel(specialty: string, t?: Translate): string {
  const key = SPECIALTY_KEYS[specialty]
  return t && key ? t(key) : specialty
}

export const SERVICE_RADIUS_OPTIONS = [5, 10, 15, 20, 25, 30, 50] as const
export const DEFAULT_SERVICE_RADIUS = 20
export const BIO_MAX_LENGTH = 2000

export type UploadKind = 'photo' | 'certification' | 'id_document'

/** What each upload accepts, checked against the bytes' real type. */
export const UPLOAD_RULES: Record<
  UploadKind,
  {
    mediaTypes: readonly string[]
    extensions: readonly string[]
    maxMb: number
  }
> = {
  photo: {
    mediaTypes: ['image/png', 'image/jpeg'],
    extensions: ['.jpg', '.jpeg', '.png'],
    maxMb: 5,
  },
  certification: {
    mediaTypes: ['application/pdf', 'image/png', 'image/jpeg'],
    extensions: ['.pdf', '.jpg', '.jpeg', '.png'],
    maxMb: 10,
  },
  id_document: {
    mediaTypes: ['application/pdf', 'image/png', 'image/jpeg'],
    extensions: ['.pdf', '.jpg', '.jpeg', '.png'],
    maxMb: 10,
  },
}

export function maxUploadBytes(kind: UploadKind): number {
  return UPLOAD_RULES[kind].maxMb * 1024 * 1024
}

export const invalidFileTypeMessage = (extensions: readonly string[]) =>
  `Invalid file type. Accepted: ${extensions.join(', ')}`
export const fileSizeMessage = (maxMb: number) => `File size exceeds ${maxMb}MB limit`
export const tooManyFilesMessage = (max: number) => `Maximum ${max} file(s) allowed`

/** The rate typed in dollars, in cents rounded to the nearest cent. */
export function rateDollarsToCents(dollars: number): number {
  return Math.round(dollars * 100)
}

export const ONBOARDING_MESSAGES = {
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  yearsRequired: 'Please select your years of experience.',
  baseLocationRequired: 'Base location is required.',
  rateRequired: 'Rate must be greater than 0.',
  idRequired: 'A government ID is required.',
  submitFailed: 'Failed to submit profile. Please try again.',
  saveFailed: 'Failed to save progress. Please try again.',
  submitted: 'Profile submitted for verification!',
  saved: 'Progress saved!',
} as const

export interface ApplicationFacts {
  fullName: string | null | undefined
  phoneNumber: string | null | undefined
  baseLocation: string | null | undefined
  nightlyRateCents: number | null | undefined
  hasIdDocument: boolean
}

/** What an application still lacks, with the step where it is given and its message. */
export interface ApplicationGap {
  step: OnboardingStep
  message: string
}

/** Everything a submission still lacks, in the order of the steps; empty when it can go to review. */
export function applicationGaps(facts: ApplicationFacts): ApplicationGap[] {
  const gaps: ApplicationGap[] = []
  if (!facts.fullName?.trim()) gaps.push({ step: 1, message: ONBOARDING_MESSAGES.fullNameRequired })
  if (!facts.phoneNumber?.trim()) gaps.push({ step: 1, message: ONBOARDING_MESSAGES.phoneRequired })
  if (!facts.baseLocation?.trim()) gaps.push({ step: 3, message: ONBOARDING_MESSAGES.baseLocationRequired })
  if (!facts.nightlyRateCents || facts.nightlyRateCents <= 0) gaps.push({ step: 3, message: ONBOARDING_MESSAGES.rateRequired })
  if (!facts.hasIdDocument) gaps.push({ step: 3, message: ONBOARDING_MESSAGES.idRequired })
  return gaps
}

/** The first thing a submission still lacks, or null when it can go to review. */
export function submissionProblem(facts: ApplicationFacts): string | null {
  return applicationGaps(facts)[0]?.message ?? null
}

/**
 * The steps the progress dots mark done: a step is done when it lacks nothing and every step
 * before it is done (step 2 asks for nothing required). Never the review step itself.
 * `idComesLater`: a visitor adds her ID on the last step, with her account.
 */
export function completedSteps(facts: ApplicationFacts, { idComesLater = false } = {}): OnboardingStep[] {
  const gaps = applicationGaps({ ...facts, hasIdDocument: facts.hasIdDocument || idComesLater })
  const done: OnboardingStep[] = []
  for (const step of [1, 2, 3] as const) {
    if (gaps.some((gap) => gap.step === step)) break
    done.push(step)
  }
  return done
}

export type VerificationStatus = 'none' | 'pending' | 'approved' | 'rejected'

/**
 * The status after a save. Only a submission moves it, and only to pending: a nurse never
 * approves herself; an approved nurse stays approved; a rejected one may apply again.
 */
export function nextVerificationStatus(current: VerificationStatus, submitForReview: boolean): VerificationStatus {
  if (!submitForReview || current === 'approved') return current
  return 'pending'
}
