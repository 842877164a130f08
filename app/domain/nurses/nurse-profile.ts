// The nurse's own profile and calendar rules: the choices the profile form offers, the window
// nights can be published in, and what a publish changes. Pure: the clock and the nurse's time zone
// come in as a local date.
import type { Translate } from '~/i18n/translate'
import { parseBaseLocation } from '../places/locations'
import { addDays, addMonths, formatNightDate } from '../time/shift-times'
import type { LicenseKind } from '../verification/shown-credentials'

export const NURSE_PROFILE_NOT_FOUND = 'Nurse profile not found'

/** The calendar opens today and reaches this many months ahead. */
export const AVAILABILITY_MONTHS_AHEAD = 11

export type VerificationStatus = 'none' | 'pending' | 'approved' | 'rejected'

export const MIN_ABOVE_MAX_HOURS = 'Minimum hours cannot be more than maximum hours'

// A nurse's photo is loaded by every visitor's browser: it is only ever one of her own uploads
// (issue 10), or the photo she already has (the demo nurses' pictures on this site).
export const OWN_PHOTO_MESSAGE = 'Photo must be one of the photos you uploaded'

export type PhotoChoice = { kind: 'unchanged' } | { kind: 'remove' } | { kind: 'upload'; fileId: number } | { kind: 'refused' }

/** What a profile edit's `photoUrl` asks for; an upload still has to be checked as hers. Pure. */
export function photoChoice(value: string | null | undefined, current: string | null): PhotoChoice {
  if (value === undefined) return { kind: 'unchanged' }
  if (value === null) return { kind: 'remove' }
  if (value === current) return { kind: 'unchanged' }
  const upload = /^\/files\/([1-9]\d{0,9})$/.exec(value)
  if (upload && Number(upload[1]) <= 2_147_483_647) return { kind: 'upload', fileId: Number(upload[1]) }
  return { kind: 'refused' }
}

/** The nights a nurse may publish: from today (their local date) to 11 months ahead. */
export function availabilityWindow(today: string): { first: string; last: string } {
  return { first: today, last: addMonths(today, AVAILABILITY_MONTHS_AHEAD) }
}

/** Every date of the window, for the checkbox list shown before JavaScript runs. */
export function listWindowDates(today: string): string[] {
  const { last } = availabilityWindow(today)
  const dates: string[] = []
  for (let date = today; date <= last; date = addDays(date, 1)) dates.push(date)
  return dates
}

/** 'Sat, Nov 28, 2026' / '… and …' / 'a, b and c' */
export function nameDates(dates: readonly string[], t?: Translate): string {
  const names = [...dates].sort().map(formatNightDate)
  if (names.length <= 1) return names.join('')
  if (t) return t('changes.list', { first: names.slice(0, -1).join('; '), last: names[names.length - 1] })
  return `${names.slice(0, -1).join('; ')} and ${names[names.length - 1]}`

}

/** Why some of these dates cannot be published, or null when all lie inside the window. */
export function findWindowProblem(dates: readonly string[], today: string): string | null {
  const { last } = availabilityWindow(today)
  const past = dates.filter((date) => date < today)
  if (past.length) return `You cannot publish nights in the past: ${nameDates(past)}`
  const late = dates.filter((date) => date > last)
  if (late.length) {
    return `Nights can be published up to ${AVAILABILITY_MONTHS_AHEAD} months ahead (until ${formatNightDate(last)}): ${nameDates(late)} is too far`
  }
  return null
}

export interface AvailabilityPlan {
  /** Dates to insert or to give the new default shift. */
  upsert: string[]
  /** Published, unbooked dates the nurse unselected. */
  remove: string[]
  /** Booked dates the nurse unselected: publishing is refused while there are any. */
  bookedUnselected: string[]
}

/**
 * What a publish changes: the selection becomes the nurse's calendar from today on.
 * A booked night is never altered or removed, whatever the selection says.
 */
export function planAvailability(input: {
  selected: readonly string[]
  /** The nurse's published dates from today on. */
  published: readonly string[]
  /** Dates from today on with a live booked night. */
  booked: readonly string[]
}): AvailabilityPlan {
  const selected = new Set(input.selected)
  const booked = new Set(input.booked)
  return {
    upsert: [...selected].filter((date) => !booked.has(date)).sort(),
    remove: input.published.filter((date) => !selected.has(date) && !booked.has(date)).sort(),
    bookedUnselected: [...booked].filter((date) => !selected.has(date)).sort(),
  }
}

export function bookedUnselectedMessage(dates: readonly string[]): string {
  const which = dates.length === 1 ? 'is booked' : 'are booked'
  return `${nameDates(dates)} ${which} by a family and cannot be removed from your calendar`
}

/** 'All availability cleared' and, when booked nights stayed, how many. */
export function clearedMessage(keptBookedCount: number, t?: Translate): string {
  if (t) return t('availability.cleared', { count: keptBookedCount })
  if (keptBookedCount === 0) return 'All availability cleared'

  const nights = keptBookedCount === 1 ? '1 booked night stays' : `${keptBookedCount} booked nights stay`
  return `All availability cleared (${nights} on your calendar)`
}

/** 'Tag, tag,, tag' → ['Tag', 'tag'] (trimmed, no blanks, no repeats regardless of case). */
export function splitList(text: string): string[] {
  const seen = new Set<string>()
  const items: string[] = []
  for (const raw of text.split(',')) {
    const item = raw.trim()
    if (!item || seen.has(item.toLowerCase())) continue
    seen.add(item.toLowerCase())
    items.push(item)
  }
  return items
}

/**
 * What a public profile says Nightlight checked (admins read the uploaded documents): the
 * government ID of every approved nurse, and credential documents only when she lists credentials;
 * never a claim about documents above 'No credentials listed yet.'.
 * With `t` (of the `common` catalogue), in its language.
 */
export function verificationNote(displayName: string, credentials: readonly string[], t?: Translate): string {
  const name = displayName.trim().split(/\s+/)[0]
  if (t) return t(credentials.length > 0 ? 'nurse.checkedIdAndDocuments' : 'nurse.checkedId', { name: name || t('nurse.thisNurse') })
  const firstName = name || 'this nurse'
  const checked = credentials.length > 0 ? 'government ID and credential documents' : 'government ID'
  return `Nightlight checked ${firstName}'s ${checked} before approving this profile.`
}

/**
 * The headline the nurse wrote, or null. Profiles made before decision 0051 hold her full name
 * as their headline, and a card reading 'Quinn Audit / Quinn Audit' tells a family nothing (issue 11).
 */
export function ownHeadline(headline: string | null | undefined, displayName: string): string | null {
  const text = headline?.trim()
  if (!text) return null
  const plain = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim()
  return plain(text) === plain(displayName) ? null : text
}

/**
 * The line under a nurse's name on her card and her profile: her own headline, or what she is
 * and where ('Night nurse in Austin') until she writes one (decision 0051). With `t` (of the
 * `common` catalogue), what she is in its language; her own headline stays as she wrote it.
 */
export function shownHeadline(nurse: { headline: string | null; displayName: string; baseLocation: string }, t?: Translate): string {
  const city = parseBaseLocation(nurse.baseLocation).city
  const own = ownHeadline(nurse.headline, nurse.displayName)
  if (own) return own
  if (t) return city ? t('nurse.nightNurseIn', { city }) : t('nurse.nightNurse')
  return city ? `Night nurse in ${city}` : 'Night nurse'
}

/** A nurse card / list item; search items also carry id. */
export interface NurseCardData {
  id: number
  slug: string
  displayName: string
  photoUrl: string | null
  avatarUrl: string | null
  headline: string | null
  nightlyRateCents: number
  /** The most babies a night she takes (issue 36): 2 or more marks the card 'Takes twins'. */
  maxBabies: number
  baseLocation: string
  yearsExperience: number
  /** The families' reviews shown (issue 16). */
  reviewCount: number
  reviewAverage: number | null
  /** In a search by nights (issue 17): how many of the family's nights she has open. */
  nightsOpen?: number
  /** The day her current background check completed ('YYYY-MM-DD' in her zone), or null (docs/decisions/0061). */
  backgroundCheckOn: string | null
  /** Her valid nursing license, RN before LPN, or null (docs/decisions/0064). */
  license: LicenseKind | null
}

/** Whether she takes twins or triplets, and her extra per night for each baby after the first (issue 36). */
export interface TwinsTerms {
  /** 1 to 3: the most babies she takes in one night. */
  maxBabies?: number
  /** In cents, 0 for no extra. */
  extraBabyCents?: number
}

/**
 * The profile columns her twins answer sets: one writer for the dashboard's profile, the
 * application's rates step and both /_api calls. A term left out keeps its value.
 */
export function twinsColumns(terms: TwinsTerms): TwinsTerms {
  const columns: TwinsTerms = {}
  if (terms.maxBabies !== undefined) columns.maxBabies = terms.maxBabies
  if (terms.extraBabyCents !== undefined) columns.extraBabyCents = terms.extraBabyCents
  return columns
}
