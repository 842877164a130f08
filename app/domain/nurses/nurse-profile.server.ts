// The signed-in nurse's own profile and calendar: read and edit the profile, publish nights with a
// default shift and rate, clear future nights. The dashboard's loader and actions and the
// /_api/nurses/profile and /_api/nurses/availability-dates calls all come here. A night a family
// has booked is never altered or removed.
import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client.server'
import { availabilityDates, bookingOccurrences, files, nurseProfiles } from '../../db/schema'
import type { NurseProfileInput, PublishAvailabilityInput } from '../../schemas/nurse-profile'
import { timezoneForLocation } from '../places/cities'
import { baseLocationColumns } from '../places/gazetteer.server'
import {
  bookedUnselectedMessage,
  findWindowProblem,
  MIN_ABOVE_MAX_HOURS,
  NURSE_PROFILE_NOT_FOUND,
  OWN_PHOTO_MESSAGE,
  photoChoice,
  planAvailability,
  twinsColumns,
  type VerificationStatus,
} from './nurse-profile'
import { clearPublicNurseCache, notBooked } from './nurses.server'
import { patternDates, planTimeOff } from './weekly-pattern'
import { insertUpload, prepareUpload } from './files.server'
import { getOrCreateProfile } from './onboarding.server'
import { saveReviewedFields } from './profile-changes.server'
import type { ReviewedField } from './profile-changes'
import { checkShift, localToday } from '../time/shift-times'

export interface OwnNurseProfile {
  id: number
  slug: string
  headline: string | null
  bio: string | null
  baseLocation: string
  serviceRadiusMiles: number
  nightlyRateCents: number
  /** Twins and triplets (issue 36): the most babies a night she takes (1 to 3). */
  maxBabies: number
  /** Her extra per night for each baby after the first, in cents. */
  extraBabyCents: number
  minHours: number
  maxHours: number
  yearsExperience: number
  credentials: string[]
  specialties: string[]
  languages: string[]
  photoUrl: string | null
  instantBook: boolean
  verificationStatus: VerificationStatus
  rejectionReason: string | null
  timezone: string
  defaultStartTime: string
  defaultEndTime: string
}

export interface OwnAvailabilityDate {
  date: string
  startTimeLocal: string
  endTimeLocal: string
  /** A family holds or has booked this night: it cannot be unpublished. */
  booked: boolean
}

type Failure = { ok: false; status: 400 | 404 | 409; error: string }

const notFound: Failure = { ok: false, status: 404, error: NURSE_PROFILE_NOT_FOUND }

const ownColumns = {
  id: nurseProfiles.id,
  slug: nurseProfiles.slug,
  headline: nurseProfiles.headline,
  bio: nurseProfiles.bio,
  baseLocation: nurseProfiles.baseLocation,
  serviceRadiusMiles: nurseProfiles.serviceRadiusMiles,
  nightlyRateCents: nurseProfiles.nightlyRateCents,
  maxBabies: nurseProfiles.maxBabies,
  extraBabyCents: nurseProfiles.extraBabyCents,
  minHours: nurseProfiles.minHours,
  maxHours: nurseProfiles.maxHours,
  yearsExperience: nurseProfiles.yearsExperience,
  credentials: nurseProfiles.credentials,
  specialties: nurseProfiles.specialties,
  languages: nurseProfiles.languages,
  // An uploaded photo wins over an external one (schema.ts); uploaded files are served by id.
  photoUrl: sql<string | null>`case when ${nurseProfiles.photoFileId} is not null
    then '/files/' || ${nurseProfiles.photoFileId} else ${nurseProfiles.photoUrl} end`,
  instantBook: nurseProfiles.instantBook,
  verificationStatus: nurseProfiles.verificationStatus,
  rejectionReason: nurseProfiles.rejectionReason,
  timezone: nurseProfiles.timezone,
  defaultStartTime: nurseProfiles.defaultStartTime,
  defaultEndTime: nurseProfiles.defaultEndTime,
}

async function readOwnProfile(db: DbOrTx, userId: number): Promise<OwnNurseProfile | null> {
  const [row] = await db.select(ownColumns).from(nurseProfiles).where(eq(nurseProfiles.userId, userId))
  return row ?? null
}

/** The nurse's own profile, whatever its verification; null when they have none ('Nurse profile not found'). */
export function getOwnNurseProfile(userId: number): Promise<OwnNurseProfile | null> {
  return readOwnProfile(getDb(), userId)
}

/** The nurse's row, locked: bookings lock it first too (bookings.server.ts), so the two queue up. */
async function lockOwnProfile(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({
      id: nurseProfiles.id,
      verificationStatus: nurseProfiles.verificationStatus,
      timezone: nurseProfiles.timezone,
      minHours: nurseProfiles.minHours,
      maxHours: nurseProfiles.maxHours,
      photoUrl: nurseProfiles.photoUrl,
      photoFileId: nurseProfiles.photoFileId,
    })
    .from(nurseProfiles)
    .where(eq(nurseProfiles.userId, userId))
    .for('update')
  return row ?? null
}

/**
 * The photo columns a profile edit sets: her own uploaded photo, none, or what she has; null when
 * the photo asked for is not one of her own uploads (issue 10).
 */
async function photoColumns(
  tx: DbOrTx,
  userId: number,
  value: string | null | undefined,
  current: { photoUrl: string | null; photoFileId: number | null },
): Promise<{ photoUrl?: null; photoFileId?: number | null } | null> {
  const shown = current.photoFileId !== null ? `/files/${current.photoFileId}` : current.photoUrl
  const choice = photoChoice(value, shown)
  if (choice.kind === 'unchanged') return {}
  if (choice.kind === 'remove') return { photoUrl: null, photoFileId: null }
  if (choice.kind === 'refused') return null
  const [own] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, choice.fileId), eq(files.ownerId, userId), eq(files.kind, 'photo')))
  return own ? { photoUrl: null, photoFileId: own.id } : null
}

/**
 * Saves the editable fields. The base location is read again into the search keys
 * and the time zone; the verification status is never touched here. Her name, photo and
 * credentials go through saveReviewedFields: once she is approved they wait for an admin
 * (`waiting` names them) while the rest is saved at once (docs/decisions/0063).
 */
export async function updateOwnNurseProfile(
  userId: number,
  input: NurseProfileInput,
  /** A new photo's bytes, from the profile form's upload: checked, re-encoded and made hers. */
  upload: { photo?: Uint8Array } = {},
  /**
   * The dashboard's 'Create Your Nurse Profile' form: a nurse account without a
   * profile (made with Google) gets one, under this name, unsubmitted and unverified.
   */
  options: { createAs?: string } = {},
): Promise<{ ok: true; profile: OwnNurseProfile; waiting: ReviewedField[] } | Failure> {
  const now = new Date()
  const newPhoto = upload.photo?.byteLength ? await prepareUpload('photo', upload.photo) : undefined
  if (newPhoto && !newPhoto.ok) return { ok: false, status: 400, error: newPhoto.error }
  const outcome = await getDb().transaction(async (tx): Promise<Failure | { waiting: ReviewedField[] }> => {
    let current = await lockOwnProfile(tx, userId)
    if (!current && options.createAs) {
      await getOrCreateProfile(tx, userId, options.createAs)
      current = await lockOwnProfile(tx, userId)
    }
    if (!current) return notFound
    const minHours = input.minHours ?? current.minHours
    const maxHours = input.maxHours ?? current.maxHours
    if (minHours > maxHours) return { ok: false, status: 400, error: MIN_ABOVE_MAX_HOURS }
    const photo = newPhoto?.ok
      ? { photoUrl: null, photoFileId: await insertUpload(tx, userId, newPhoto.upload) }
      : await photoColumns(tx, userId, input.photoUrl, current)
    if (!photo) return { ok: false, status: 400, error: OWN_PHOTO_MESSAGE }
    const reviewed = await saveReviewedFields(tx, {
      nurse: { id: current.id, userId, verificationStatus: current.verificationStatus },
      edit: { displayName: input.displayName, credentials: input.credentials, photoFileId: photo.photoFileId },
      now,
    })
    if (!reviewed.ok) return reviewed
    const location = baseLocationColumns(input.baseLocation)
    await tx
      .update(nurseProfiles)
      .set({
        headline: input.headline,
        bio: input.bio,
        baseLocation: input.baseLocation,
        ...location,
        timezone: timezoneForLocation(input.baseLocation),
        serviceRadiusMiles: input.serviceRadiusMiles,
        nightlyRateCents: input.nightlyRateCents,
        ...twinsColumns(input),
        minHours: input.minHours,
        maxHours: input.maxHours,
        yearsExperience: input.yearsExperience,
        specialties: input.specialties,
        languages: input.languages,
        instantBook: input.instantBook,
        updatedAt: now,
      })
      .where(eq(nurseProfiles.id, current.id))
    return { waiting: reviewed.waiting }
  })
  if ('ok' in outcome) return outcome
  clearPublicNurseCache()
  const profile = await getOwnNurseProfile(userId)
  return profile ? { ok: true, profile, waiting: outcome.waiting } : notFound
}

/** Dates of this nurse from `from` on with a booked night (any occurrence not cancelled, as in listOpenNights). */
async function listBookedNights(db: DbOrTx, nurseId: number, from: string) {
  return db
    .selectDistinctOn([bookingOccurrences.date], {
      date: bookingOccurrences.date,
      startTimeLocal: bookingOccurrences.startTimeLocal,
      endTimeLocal: bookingOccurrences.endTimeLocal,
    })
    .from(bookingOccurrences)
    .where(
      and(
        eq(bookingOccurrences.nurseId, nurseId),
        gte(bookingOccurrences.date, from),
        ne(bookingOccurrences.status, 'cancelled'),
      ),
    )
    .orderBy(asc(bookingOccurrences.date))
}

async function listPublishedDates(db: DbOrTx, nurseId: number, from: string) {
  return db
    .select({
      date: availabilityDates.date,
      startTimeLocal: availabilityDates.startTimeLocal,
      endTimeLocal: availabilityDates.endTimeLocal,
    })
    .from(availabilityDates)
    .where(and(eq(availabilityDates.nurseId, nurseId), gte(availabilityDates.date, from)))
    .orderBy(asc(availabilityDates.date))
}

/**
 * The nurse's calendar from today (their time zone) on: every published date and every booked
 * night, with its times. Null when they have no profile.
 */
export async function listOwnAvailability(userId: number, now: Date): Promise<OwnAvailabilityDate[] | null> {
  // Only what the window needs: her profile's id and time zone.
  const [profile] = await getDb()
    .select({ id: nurseProfiles.id, timezone: nurseProfiles.timezone })
    .from(nurseProfiles)
    .where(eq(nurseProfiles.userId, userId))
  return profile ? listCalendarOf(profile, now) : null
}

/** listOwnAvailability for a caller that has read her profile already (her dashboard). */
export async function listCalendarOf(profile: { id: number; timezone: string }, now: Date): Promise<OwnAvailabilityDate[]> {
  const db = getDb()
  const today = localToday(profile.timezone, now)
  const [published, booked] = await Promise.all([
    listPublishedDates(db, profile.id, today),
    listBookedNights(db, profile.id, today),
  ])
  const byDate = new Map<string, OwnAvailabilityDate>()
  for (const row of published) byDate.set(row.date, { ...row, booked: false })
  // A booked night shows the times the family booked.
  for (const row of booked) byDate.set(row.date, { ...row, booked: true })
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date))
}

/** A published night must fit her min–max hours (an overnight shift ends the next morning): the refusal, or null when it fits. */
function refuseShift(start: string, end: string, nurse: { minHours: number; maxHours: number }): Failure | null {
  const problem = checkShift(start, end, nurse)
  if (problem === 'same') return { ok: false, status: 400, error: 'End time must be after start time' }
  if (problem) {
    return { ok: false, status: 400, error: `A night must last ${nurse.minHours} to ${nurse.maxHours} hours (the minimum and maximum hours on your profile)` }
  }
  return null
}

export interface PublishResult {
  ok: true
  /** Nights published from today on, booked ones included. */
  publishedCount: number
}

/**
 * Publishes the selected dates: they become the nurse's calendar from today on, each
 * with the default shift; unselected open dates are removed; the default shift and the rate are
 * saved on the profile. Dates outside today..11 months ahead are refused, and so is a selection
 * that leaves out a booked night; nothing changes then.
 */
export async function publishAvailability(
  userId: number,
  input: PublishAvailabilityInput,
  now: Date,
): Promise<PublishResult | Failure> {
  const outcome = await getDb().transaction(async (tx): Promise<PublishResult | Failure> => {
    const nurse = await lockOwnProfile(tx, userId)
    if (!nurse) return notFound
    const today = localToday(nurse.timezone, now)
    const selected = [...new Set(input.dates)]
    const windowProblem = findWindowProblem(selected, today)
    if (windowProblem) return { ok: false, status: 400, error: windowProblem }
    const shiftRefused = refuseShift(input.defaultStartTime, input.defaultEndTime, nurse)
    if (shiftRefused) return shiftRefused
    const [published, booked] = await Promise.all([
      listPublishedDates(tx, nurse.id, today),
      listBookedNights(tx, nurse.id, today),
    ])
    const plan = planAvailability({
      selected,
      published: published.map((row) => row.date),
      booked: booked.map((row) => row.date),
    })
    if (plan.bookedUnselected.length) return { ok: false, status: 409, error: bookedUnselectedMessage(plan.bookedUnselected) }

    if (plan.remove.length) {
      await tx
        .delete(availabilityDates)
        .where(and(eq(availabilityDates.nurseId, nurse.id), inArray(availabilityDates.date, plan.remove)))
    }
    if (plan.upsert.length) {
      await tx
        .insert(availabilityDates)
        .values(
          plan.upsert.map((date) => ({
            nurseId: nurse.id,
            date,
            startTimeLocal: input.defaultStartTime,
            endTimeLocal: input.defaultEndTime,
          })),
        )
        .onConflictDoUpdate({
          target: [availabilityDates.nurseId, availabilityDates.date],
          set: { startTimeLocal: input.defaultStartTime, endTimeLocal: input.defaultEndTime },
        })
    }
    await tx
      .update(nurseProfiles)
      .set({
        defaultStartTime: input.defaultStartTime,
        defaultEndTime: input.defaultEndTime,
        nightlyRateCents: input.nightlyRate,
        updatedAt: now,
      })
      .where(eq(nurseProfiles.id, nurse.id))
    return { ok: true, publishedCount: plan.upsert.length + booked.length }
  })
  if (outcome.ok) clearPublicNurseCache()
  return outcome
}

/**
 * A weekly pattern (issue 17): every chosen weekday between two dates is published at the
 * pattern's times, on top of the nights already published, under the calendar's rules (the window,
 * the shift's length) and the nurse's row lock. It changes only the nights it publishes (issue 38):
 * her other nights keep their hours, a booked night is never touched, and her nightly rate (one
 * per profile, docs/decisions/0048) is not the pattern's to change. The times become her defaults.
 */
export async function publishWeeklyPattern(
  userId: number,
  input: { from: string; to: string; weekdays: number[]; defaultStartTime: string; defaultEndTime: string },
  now: Date,
): Promise<{ ok: true; added: number; dates: string[] } | Failure> {
  const outcome = await getDb().transaction(async (tx): Promise<{ ok: true; added: number; dates: string[] } | Failure> => {
    const nurse = await lockOwnProfile(tx, userId)
    if (!nurse) return notFound
    const today = localToday(nurse.timezone, now)
    const dates = patternDates({ from: input.from, to: input.to, weekdays: input.weekdays, today })
    if (dates.length === 0) return { ok: false, status: 400, error: 'No night of the pattern falls between these dates (within the next 11 months).' }
    const shiftRefused = refuseShift(input.defaultStartTime, input.defaultEndTime, nurse)
    if (shiftRefused) return shiftRefused
    const [published, booked] = await Promise.all([listPublishedDates(tx, nurse.id, today), listBookedNights(tx, nurse.id, today)])
    const bookedDates = new Set(booked.map((row) => row.date))
    const publishedDates = new Set(published.map((row) => row.date))
    const publish = dates.filter((date) => !bookedDates.has(date))
    if (publish.length) {
      await tx
        .insert(availabilityDates)
        .values(publish.map((date) => ({ nurseId: nurse.id, date, startTimeLocal: input.defaultStartTime, endTimeLocal: input.defaultEndTime })))
        .onConflictDoUpdate({
          target: [availabilityDates.nurseId, availabilityDates.date],
          set: { startTimeLocal: input.defaultStartTime, endTimeLocal: input.defaultEndTime },
        })
    }
    await tx
      .update(nurseProfiles)
      .set({ defaultStartTime: input.defaultStartTime, defaultEndTime: input.defaultEndTime, updatedAt: now })
      .where(eq(nurseProfiles.id, nurse.id))
    return { ok: true, added: publish.filter((date) => !publishedDates.has(date)).length, dates }
  })
  if (outcome.ok) clearPublicNurseCache()
  return outcome
}

export async function getBookingLimits(userId: number) {
  const [row] = await getDb()
    .select({ minNoticeHours: nurseProfiles.minNoticeHours, maxNightsPerWeek: nurseProfiles.maxNightsPerWeek })
    .from(nurseProfiles)
    .where(eq(nurseProfiles.userId, userId))
  return row ?? null
}

/** The nurse's booking limits (issue 17): minimum notice, and nights a week (null: no limit). */
export async function updateBookingLimits(
  userId: number,
  input: { minNoticeHours: number; maxNightsPerWeek: number | null },
  now: Date,
): Promise<{ ok: true } | Failure> {
  const [updated] = await getDb()
    .update(nurseProfiles)
    .set({ minNoticeHours: input.minNoticeHours, maxNightsPerWeek: input.maxNightsPerWeek, updatedAt: now })
    .where(eq(nurseProfiles.userId, userId))
    .returning({ id: nurseProfiles.id })
  if (!updated) return notFound
  clearPublicNurseCache()
  return { ok: true }
}

/**
 * Time off (issue 17): the open nights between two dates are unpublished; booked nights stay, and
 * the answer names them.
 */
export async function takeTimeOff(
  userId: number,
  input: { from: string; to: string },
  now: Date,
): Promise<{ ok: true; removed: number; bookedStaying: string[] } | Failure> {
  const profile = await getOwnNurseProfile(userId)
  if (!profile) return notFound
  const today = localToday(profile.timezone, now)
  const [published, booked] = await Promise.all([listPublishedDates(getDb(), profile.id, today), listBookedNights(getDb(), profile.id, today)])
  const plan = planTimeOff({ published: published.map((row) => row.date), booked: booked.map((row) => row.date), from: input.from, to: input.to })
  const result = await publishAvailability(
    userId,
    {
      dates: [...new Set([...plan.keep, ...booked.map((row) => row.date)])],
      defaultStartTime: profile.defaultStartTime,
      defaultEndTime: profile.defaultEndTime,
      nightlyRate: profile.nightlyRateCents,
    },
    now,
  )
  if (!result.ok) return result
  return { ok: true, removed: plan.removed.length, bookedStaying: plan.bookedStaying }
}

/**
 * Clear All: removes every published date from today on except the booked ones,
 * and says how many booked nights were kept.
 */
export async function clearFutureAvailability(
  userId: number,
  now: Date,
): Promise<{ ok: true; removedCount: number; keptBookedCount: number } | Failure> {
  const outcome = await getDb().transaction(async (tx) => {
    const nurse = await lockOwnProfile(tx, userId)
    if (!nurse) return notFound
    const today = localToday(nurse.timezone, now)
    const removed = await tx
      .delete(availabilityDates)
      .where(and(eq(availabilityDates.nurseId, nurse.id), gte(availabilityDates.date, today), notBooked(tx)))
      .returning({ date: availabilityDates.date })
    const kept = await listBookedNights(tx, nurse.id, today)
    return { ok: true as const, removedCount: removed.length, keptBookedCount: kept.length }
  })
  if (outcome.ok) clearPublicNurseCache()
  return outcome
}

/** What the 'Create Your Nurse Profile' form starts from: the defaults of a new profile. */
export function blankOwnProfile(): OwnNurseProfile {
  return {
    id: 0,
    slug: '',
    headline: null,
    bio: null,
    baseLocation: '',
    serviceRadiusMiles: 20,
    nightlyRateCents: 0,
    maxBabies: 1,
    extraBabyCents: 0,
    minHours: 8,
    maxHours: 12,
    yearsExperience: 0,
    credentials: [],
    specialties: [],
    languages: [],
    photoUrl: null,
    instantBook: false,
    verificationStatus: 'none',
    rejectionReason: null,
    timezone: 'America/Chicago',
    defaultStartTime: '21:00',
    defaultEndTime: '07:00',
  }
}
