// The nurse application on the server: one read and one save, used by the
// /night-nurse-onboard page and by /_api/nurses/onboarding alike.
import { and, asc, eq, gte } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client.server'
import { availabilityDates, files, nurseProfiles, users } from '../../db/schema'
import { accessDeniedMessage } from '../accounts/auth-redirects'
import { timezoneForLocation } from '../places/cities'
import { insertUpload, prepareUpload, type PreparedUpload } from './files.server'
import { baseLocationColumns } from '../places/gazetteer.server'
import { clearPublicNurseCache } from './nurses.server'
import {
  DEFAULT_SERVICE_RADIUS,
  nextVerificationStatus,
  ONBOARDING_MESSAGES,
  submissionProblem,
  type UploadKind,
  type VerificationStatus,
} from './onboarding'
import { localToday } from '../time/shift-times'
import { nurseSlug } from './slugs'
import { twinsColumns } from './nurse-profile'
import { editsNeedReview, waitingNote, type ReviewedField } from './profile-changes'
import { saveReviewedFields, type ReviewedEdit } from './profile-changes.server'

export interface OnboardingProfile {
  id: number | null
  slug: string | null
  headline: string | null
  bio: string | null
  baseLocation: string
  serviceRadiusMiles: number
  yearsExperience: number
  credentials: string[]
  specialties: string[]
  languages: string[]
  nightlyRateCents: number
  /** Twins and triplets (issue 36): the most babies a night she takes, and her extra for each after the first. */
  maxBabies: number
  extraBabyCents: number
  minHours: number
  maxHours: number
  instantBook: boolean
  defaultStartTime: string
  defaultEndTime: string
  /** '/files/{id}' for an upload, an external address, or null. */
  photoUrl: string | null
  certificationDocumentUrl: string | null
  idDocumentUrl: string | null
  verificationStatus: VerificationStatus
  rejectionReason: string | null
  submittedAt: string | null
}

export interface OnboardingData {
  profile: OnboardingProfile
  availability: {
    date: string
    startTimeLocal: string
    endTimeLocal: string
  }[]
  user: {
    id: number
    email: string
    displayName: string
    phoneNumber: string | null
    role: string
  }
}

const fileUrl = (id: number | null) => (id === null ? null : `/files/${id}`)

type ProfileRow = typeof nurseProfiles.$inferSelect

function toOnboardingProfile(row: ProfileRow | undefined): OnboardingProfile {
  if (!row) {
    // Not started: the form's defaults, status 'none'.
    return {
      id: null,
      slug: null,
      headline: null,
      bio: null,
      baseLocation: '',
      serviceRadiusMiles: DEFAULT_SERVICE_RADIUS,
      yearsExperience: 0,
      credentials: [],
      specialties: [],
      languages: [],
      nightlyRateCents: 30000,
      maxBabies: 1,
      extraBabyCents: 0,
      minHours: 8,
      maxHours: 12,
      instantBook: false,
      defaultStartTime: '21:00',
      defaultEndTime: '07:00',
      photoUrl: null,
      certificationDocumentUrl: null,
      idDocumentUrl: null,
      verificationStatus: 'none',
      rejectionReason: null,
      submittedAt: null,
    }
  }
  return {
    id: row.id,
    slug: row.slug,
    headline: row.headline,
    bio: row.bio,
    baseLocation: row.baseLocation,
    serviceRadiusMiles: row.serviceRadiusMiles,
    yearsExperience: row.yearsExperience,
    credentials: row.credentials,
    specialties: row.specialties,
    languages: row.languages,
    nightlyRateCents: row.nightlyRateCents,
    maxBabies: row.maxBabies,
    extraBabyCents: row.extraBabyCents,
    minHours: row.minHours,
    maxHours: row.maxHours,
    instantBook: row.instantBook,
    defaultStartTime: row.defaultStartTime,
    defaultEndTime: row.defaultEndTime,
    photoUrl: fileUrl(row.photoFileId) ?? row.photoUrl,
    certificationDocumentUrl: fileUrl(row.certificationFileId),
    idDocumentUrl: fileUrl(row.idDocumentFileId),
    verificationStatus: row.verificationStatus,
    rejectionReason: row.rejectionReason,
    submittedAt: row.submittedAt?.toISOString() ?? null,
  }
}

/** The signed-in nurse's application: profile (status 'none' before the first save), upcoming nights, account. */
export async function getOnboarding(userId: number, now = new Date()): Promise<OnboardingData | null> {
  const db = getDb()
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      phoneNumber: users.phoneNumber,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) return null
  const [row] = await db.select().from(nurseProfiles).where(eq(nurseProfiles.userId, userId))
  const availability = row
    ? await db
        .select({
          date: availabilityDates.date,
          startTimeLocal: availabilityDates.startTimeLocal,
          endTimeLocal: availabilityDates.endTimeLocal,
        })
        .from(availabilityDates)
        .where(and(eq(availabilityDates.nurseId, row.id), gte(availabilityDates.date, localToday(row.timezone, now))))
        .orderBy(asc(availabilityDates.date))
    : []
  return {
    profile: toOnboardingProfile(row),
    availability,
    user,
  }
}

/** The fields a step may change; absent fields keep their value. */
export interface OnboardingChanges {
  headline?: string
  phoneNumber?: string
  bio?: string | null
  baseLocation?: string
  serviceRadiusMiles?: number
  yearsExperience?: number
  credentials?: string[]
  specialties?: string[]
  languages?: string[]
  nightlyRateCents?: number
  minHours?: number
  maxHours?: number
  instantBook?: boolean
  defaultStartTime?: string
  defaultEndTime?: string
  /** Twins and triplets (issue 36). */
  maxBabies?: number
  extraBabyCents?: number
}

const UPLOAD_COLUMNS = {
  photo: 'photoFileId',
  certification: 'certificationFileId',
  id_document: 'idDocumentFileId',
} as const satisfies Record<UploadKind, keyof ProfileRow>

export interface OnboardingSaveInput {
  user: { id: number; role: string; displayName: string }
  changes: OnboardingChanges
  /** New file bytes per kind; null removes the stored file. */
  uploads?: Partial<Record<UploadKind, Uint8Array | null>>
  submitForReview: boolean
  /** The page's step 3 needs a government ID before moving on. */
  requireIdDocument?: boolean
  now: Date
}

export type OnboardingSaveResult =
  | { ok: true; profile: OnboardingProfile; message: string }
  | { ok: false; status: 400 | 403; error: string; field?: string }

type UploadCheck =
  | { ok: true; prepared: Partial<Record<UploadKind, PreparedUpload | null>> }
  | { ok: false; error: string; field: UploadKind }

/** Checks every upload by content and size (null means 'remove' and passes). */
export async function prepareUploads(uploads: Partial<Record<UploadKind, Uint8Array | null>>): Promise<UploadCheck> {
  const prepared: Partial<Record<UploadKind, PreparedUpload | null>> = {}
  for (const [kind, bytes] of Object.entries(uploads) as [UploadKind, Uint8Array | null | undefined][]) {
    if (bytes === undefined) continue
    if (bytes === null) {
      prepared[kind] = null
      continue
    }
    const result = await prepareUpload(kind, bytes)
    if (!result.ok) return { ok: false, error: result.error, field: kind }
    prepared[kind] = result.upload
  }
  return { ok: true, prepared }
}

class SaveRefused extends Error {
  constructor(readonly error: string, readonly field?: string) {
    super(error)
  }
}

/**
 * Saves one step of the application: creates the profile on the first save, stores new files,
 * and on submission checks that everything required is there and sets the status to pending.
 * All or nothing: a refused save changes nothing. The status itself is never taken from input.
 */
export async function saveOnboardingStep(input: OnboardingSaveInput): Promise<OnboardingSaveResult> {
  if (input.user.role !== 'nurse') return { ok: false, status: 403, error: accessDeniedMessage(input.user.role) }

  // Every file is checked before anything is written.
  const checked = await prepareUploads(input.uploads ?? {})
  if (!checked.ok) return { ok: false, status: 400, error: checked.error, field: checked.field }
  const prepared = checked.prepared

  let waiting: ReviewedField[] = []
  try {
    const profile = await getDb().transaction(async (tx) => {
      const [account] = await tx
        .select({
          displayName: users.displayName,
          phoneNumber: users.phoneNumber,
        })
        .from(users)
        .where(eq(users.id, input.user.id))
      const existing = await getOrCreateProfile(tx, input.user.id, account.displayName)
      const { changes } = input
      const update: Partial<typeof nurseProfiles.$inferInsert> = {}

      if (changes.headline !== undefined) update.headline = changes.headline
      if (changes.bio !== undefined) update.bio = changes.bio ? changes.bio : null
      if (changes.baseLocation !== undefined) {
        Object.assign(update, baseLocationColumns(changes.baseLocation))
        update.baseLocation = changes.baseLocation
        update.timezone = timezoneForLocation(changes.baseLocation)
      }
      for (const key of [
        'serviceRadiusMiles',
        'yearsExperience',
        'specialties',
        'languages',
        'nightlyRateCents',
        'minHours',
        'maxHours',
        'instantBook',
        'defaultStartTime',
        'defaultEndTime',
      ] as const) {
        if (changes[key] !== undefined) (update as Record<string, unknown>)[key] = changes[key]
      }
      Object.assign(update, twinsColumns(changes))
      const minHours = update.minHours ?? existing.minHours
      const maxHours = update.maxHours ?? existing.maxHours
      if (minHours > maxHours) throw new SaveRefused('Minimum hours cannot exceed maximum hours', 'minHours')

      // Her files and credentials are the reviewed fields: after approval they wait for an admin
      // (docs/decisions/0063), and the approved file stays until one approves the new one.
      const reviewed: ReviewedEdit = { credentials: changes.credentials }
      const waits = editsNeedReview(existing.verificationStatus)
      const replacedFileIds: number[] = []
      for (const [kind, upload] of Object.entries(prepared) as [UploadKind, PreparedUpload | null][]) {
        const column = UPLOAD_COLUMNS[kind]
        const previous = existing[column]
        reviewed[column] = upload ? await insertUpload(tx, input.user.id, upload) : null
        const replacedNow = !waits || (kind === 'photo' && upload === null)
        if (previous !== null && replacedNow) replacedFileIds.push(previous)
      }

      const phoneNumber = changes.phoneNumber !== undefined ? changes.phoneNumber : account.phoneNumber
      const hasIdDocument =
        (reviewed.idDocumentFileId !== undefined ? reviewed.idDocumentFileId : existing.idDocumentFileId) !== null
      if (input.requireIdDocument && !hasIdDocument) {
        throw new SaveRefused(ONBOARDING_MESSAGES.idRequired, 'id_document')
      }
      if (input.submitForReview) {
        const problem = submissionProblem({
          fullName: account.displayName,
          phoneNumber,
          baseLocation: update.baseLocation ?? existing.baseLocation,
          nightlyRateCents: update.nightlyRateCents ?? existing.nightlyRateCents,
          hasIdDocument,
        })
        if (problem) throw new SaveRefused(problem)
      }

      const status = nextVerificationStatus(existing.verificationStatus, input.submitForReview)
      if (input.submitForReview && status === 'pending') {
        update.verificationStatus = 'pending'
        update.submittedAt = input.now
        update.rejectionReason = null
        update.verifiedAt = null
      }
      update.updatedAt = input.now

      const savedReviewed = await saveReviewedFields(tx, {
        nurse: { id: existing.id, userId: input.user.id, verificationStatus: existing.verificationStatus },
        edit: reviewed,
        now: input.now,
      })
      if (!savedReviewed.ok) throw new SaveRefused(savedReviewed.error)
      waiting = savedReviewed.waiting
      const [saved] = await tx.update(nurseProfiles).set(update).where(eq(nurseProfiles.id, existing.id)).returning()
      if (changes.phoneNumber !== undefined) {
        await tx
          .update(users)
          .set({ phoneNumber: changes.phoneNumber, updatedAt: input.now })
          .where(eq(users.id, input.user.id))
      }
      // A replaced document is not kept: the nurse chose to take it back.
      for (const fileId of replacedFileIds) {
        await tx.delete(files).where(and(eq(files.id, fileId), eq(files.ownerId, input.user.id)))
      }
      return toOnboardingProfile(saved)
    })
    clearPublicNurseCache()
    const message =
      input.submitForReview && profile.verificationStatus === 'pending'
        ? ONBOARDING_MESSAGES.submitted
        : ONBOARDING_MESSAGES.saved
    return { ok: true, profile, message: waiting.length ? `${message} ${waitingNote(waiting)}` : message }
  } catch (error) {
    if (error instanceof SaveRefused) return { ok: false, status: 400, error: error.error, field: error.field }
    throw error
  }
}

/** The nurse's profile row, locked; made (unsubmitted, unverified) when she has none yet. */
export async function getOrCreateProfile(tx: DbOrTx, userId: number, displayName: string): Promise<ProfileRow> {
  // Locks the row so two saves of the same nurse do not interleave.
  const [existing] = await tx.select().from(nurseProfiles).where(eq(nurseProfiles.userId, userId)).for('update')
  if (existing) return existing
  // The slug ends with the profile id (slugs.ts), known only after the insert; a per-user
  // placeholder keeps the unique index satisfied meanwhile.
  const [created] = await tx
    .insert(nurseProfiles)
    .values({ userId, slug: `applicant-${userId}` })
    .onConflictDoNothing()
    .returning()
  if (!created) {
    // Another request of the same nurse created it first.
    const [theirs] = await tx.select().from(nurseProfiles).where(eq(nurseProfiles.userId, userId)).for('update')
    return theirs
  }
  const [named] = await tx
    .update(nurseProfiles)
    .set({ slug: nurseSlug(displayName, created.id) })
    .where(eq(nurseProfiles.id, created.id))
    .returning()
  return named
}

const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,([A-Za-z0-9+/=\s]*)$/

/**
 * The /_api payload's file fields (data URLs, as the call has always taken them) as uploads: a data
 * URL is new bytes, null removes, any other URL keeps what is stored. Undecodable data answers
 * 'Failed to upload photo' or 'Failed to process file. Please try again.'
 */
export function uploadsFromUrls(urls: {
  photoUrl?: string | null
  certificationDocumentUrl?: string | null
  idDocumentUrl?: string | null
}):
  | { ok: true; uploads: Partial<Record<UploadKind, Uint8Array | null>> }
  | { ok: false; error: string; field: UploadKind } {
  const uploads: Partial<Record<UploadKind, Uint8Array | null>> = {}
  const fields = [
    ['photo', urls.photoUrl],
    ['certification', urls.certificationDocumentUrl],
    ['id_document', urls.idDocumentUrl],
  ] as const
  for (const [kind, value] of fields) {
    if (value === undefined) continue
    if (value === null) {
      uploads[kind] = null
      continue
    }
    if (!value.startsWith('data:')) continue
    const match = DATA_URL.exec(value)
    if (!match) {
      return {
        ok: false,
        field: kind,
        error: kind === 'photo' ? 'Failed to upload photo' : 'Failed to process file. Please try again.',
      }
    }
    uploads[kind] = new Uint8Array(Buffer.from(match[1], 'base64'))
  }
  return { ok: true, uploads }
}
