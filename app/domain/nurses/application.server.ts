// The nurse application as use cases (docs/decisions/0005). A visitor's answers
// to steps 1-3 are a draft the page keeps for her until her account exists on step 4; a signed-in
// nurse saves every step to her profile, together with what a draft from before signing in still
// holds. Each use case answers a typed result that the page (or a call) maps to its response.
import {
  ONBOARDING_MESSAGES,
  submissionProblem,
  UPLOAD_RULES,
  type Credential,
  type Specialty,
  type UploadKind,
} from './onboarding'
import {
  prepareUploads,
  saveOnboardingStep,
  type OnboardingChanges,
  type OnboardingSaveInput,
} from './onboarding.server'

/** The steps 1-3 answers a visitor has given so far. */
export interface ApplicationDraft {
  fullName?: string
  phoneNumber?: string
  yearsExperience?: number
  credentials?: Credential[]
  specialties?: Specialty[]
  bio?: string
  baseLocation?: string
  serviceRadiusMiles?: number
  nightlyRateCents?: number
  /** Twins and triplets (issue 36), from the rates step. */
  maxBabies?: number
  extraBabyCents?: number
}

/** One step's answers as the form gave them; files are their bytes (absent: none chosen). */
export type StepAnswers =
  | {
      step: 1
      fullName: string
      phoneNumber: string
      yearsExperience: number
      photo?: Uint8Array
    }
  | {
      step: 2
      credentials: Credential[]
      specialties: Specialty[]
      bio: string | null
      certification?: Uint8Array
    }
  | {
      step: 3
      baseLocation: string
      serviceRadiusMiles: number
      nightlyRateCents: number
      maxBabies?: number
      extraBabyCents: number
      idDocument?: Uint8Array
    }

type Applicant = OnboardingSaveInput['user']

/** A save the domain refused: its message, and the upload it concerns if any. */
export type ApplicationRefused = {
  ok: false
  code: 'not-saved'
  error: string
  field?: UploadKind
}

/** The refusal, naming its field only when it is one of the application's uploads. */
function refused(error: string, field?: string): ApplicationRefused {
  return field && field in UPLOAD_RULES
    ? { ok: false, code: 'not-saved', error, field: field as UploadKind }
    : { ok: false, code: 'not-saved', error }
}

/**
 * What a draft holds, as changes to a profile. Her full name is her account's, not her headline:
 * the headline is only ever what she writes (decision 0051).
 */
export function changesFromDraft(draft: ApplicationDraft): OnboardingChanges {
  return {
    phoneNumber: draft.phoneNumber || undefined,
    yearsExperience: draft.yearsExperience,
    credentials: draft.credentials,
    specialties: draft.specialties,
    bio: draft.bio,
    baseLocation: draft.baseLocation || undefined,
    serviceRadiusMiles: draft.serviceRadiusMiles,
    nightlyRateCents: draft.nightlyRateCents,
    maxBabies: draft.maxBabies,
    extraBabyCents: draft.extraBabyCents,
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/**
 * Steps 1-3. A visitor's answers join her draft (her files come with her account on step 4); a
 * nurse's are saved to her profile with her draft's. Signed in, the full name is the account's and
 * read-only, and step 3 needs a government ID before moving on.
 */
export async function answerApplicationStep(input: {
  applicant: Applicant | null
  draft: ApplicationDraft
  answers: StepAnswers
  now: Date
}): Promise<{ ok: true; draft: ApplicationDraft } | { ok: true; draft: null } | ApplicationRefused> {
  const { applicant, draft, answers } = input
  let changes: OnboardingChanges
  let uploads: OnboardingSaveInput['uploads']
  let drafted: ApplicationDraft
  if (answers.step === 1) {
    const { fullName, phoneNumber, yearsExperience } = answers
    drafted = { fullName, phoneNumber, yearsExperience }
    changes = { phoneNumber, yearsExperience }
    uploads = { photo: answers.photo }
  } else if (answers.step === 2) {
    const { credentials, specialties, bio } = answers
    drafted = { credentials, specialties, bio: bio ?? '' }
    changes = { credentials, specialties, bio }
    uploads = { certification: answers.certification }
  } else {
    const { baseLocation, serviceRadiusMiles, nightlyRateCents, maxBabies, extraBabyCents } = answers
    drafted = { baseLocation, serviceRadiusMiles, nightlyRateCents, maxBabies, extraBabyCents }
    changes = { baseLocation, serviceRadiusMiles, nightlyRateCents, maxBabies, extraBabyCents }
    uploads = { id_document: answers.idDocument }
  }
  if (!applicant) return { ok: true, draft: { ...draft, ...drafted } }
  const result = await saveOnboardingStep({
    user: applicant,
    changes: { ...changesFromDraft(draft), ...withoutUndefined(changes) },
    uploads,
    submitForReview: false,
    requireIdDocument: answers.step === 3,
    now: input.now,
  })
  return result.ok ? { ok: true, draft: null } : refused(result.error, result.field)
}

/** Step 4 for a signed-in nurse: her draft's answers and her ID if she gives it now, for review. */
export async function submitApplication(input: {
  applicant: Applicant
  draft: ApplicationDraft
  idDocument?: Uint8Array
  now: Date
}): Promise<{ ok: true; message: string } | ApplicationRefused> {
  const result = await saveOnboardingStep({
    user: input.applicant,
    changes: changesFromDraft(input.draft),
    uploads: { id_document: input.idDocument },
    submitForReview: true,
    now: input.now,
  })
  return result.ok ? { ok: true, message: result.message } : refused(result.error, result.field)
}

/**
 * What steps 1-3 still lack before a visitor's account can be made (phone, base location, rate),
 * or null. Needs no file: the page asks it before any of the step 4 files is kept (decision 0046).
 */
export function draftProblem(draft: ApplicationDraft, displayName: string): string | null {
  return submissionProblem({
    fullName: draft.fullName || displayName,
    phoneNumber: draft.phoneNumber,
    baseLocation: draft.baseLocation,
    nightlyRateCents: draft.nightlyRateCents,
    hasIdDocument: true,
  })
}

type AccountAnswer = { ok: true; user: Applicant } | { ok: false }

export type NewAccountApplication<Answer extends AccountAnswer> =
  | { ok: false; code: 'id-required'; error: string; field: 'id_document' }
  | { ok: false; code: 'incomplete'; error: string }
  | { ok: false; code: 'upload-refused'; error: string; field: UploadKind }
  | {
      ok: false
      code: 'account-refused'
      refusal: Extract<Answer, { ok: false }>
    }
  /** The account exists; `submitted` says whether the application went in for review. */
  | {
      ok: true
      account: Extract<Answer, { ok: true }>
      submitted: { ok: true; message: string } | ApplicationRefused
    }

/**
 * Step 4 for a visitor: her account and her application in one go. Everything is checked before
 * the account exists, so a refusal leaves no half-made account; `createAccount` (the caller's:
 * it counts the attempt and starts the session) runs last.
 */
export async function applyWithNewAccount<Answer extends AccountAnswer>(input: {
  draft: ApplicationDraft
  displayName: string
  uploads: {
    photo?: Uint8Array
    certification?: Uint8Array
    idDocument?: Uint8Array
  }
  createAccount: () => Promise<Answer>
  now: Date
}): Promise<NewAccountApplication<Answer>> {
  const { draft, displayName, uploads } = input
  if (!uploads.idDocument) {
    return {
      ok: false,
      code: 'id-required',
      error: ONBOARDING_MESSAGES.idRequired,
      field: 'id_document',
    }
  }
  const problem = draftProblem(draft, displayName)
  if (problem) return { ok: false, code: 'incomplete', error: problem }
  const files = {
    photo: uploads.photo,
    certification: uploads.certification,
    id_document: uploads.idDocument,
  }
  const checked = await prepareUploads(files)
  if (!checked.ok)
    return {
      ok: false,
      code: 'upload-refused',
      error: checked.error,
      field: checked.field,
    }

  const account = await input.createAccount()
  if (!isCreated(account))
    return {
      ok: false,
      code: 'account-refused',
      refusal: account as Extract<Answer, { ok: false }>,
    }
  const saved = await saveOnboardingStep({
    user: account.user,
    changes: changesFromDraft(draft),
    uploads: files,
    submitForReview: true,
    now: input.now,
  })
  return {
    ok: true,
    account,
    submitted: saved.ok ? { ok: true, message: saved.message } : refused(saved.error, saved.field),
  }
}

function isCreated<Answer extends AccountAnswer>(answer: Answer): answer is Extract<Answer, { ok: true }> {
  return answer.ok
}
