// The public read side of nurses (spec 000 §2, §3, §7; DESIGN.md §4, §6.12): featured lists,
// search, the cities nurses work in, public profiles and open nights. Only approved nurses are
// ever returned. Page loaders, the /_api calls and the sitemap all read through these functions.
import { and, asc, desc, eq, gte, isNotNull, lte, ne, notExists, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../db/client.server'
import { availabilityDates, bookingOccurrences, nurseProfiles, users } from '../db/schema'
import { citySlugFor } from './cities'
import { normalizeLocationQuery } from './locations'
import { searchCacheKey, type NurseSearchQuery } from './nurse-search'
import { localToday, nightInstants } from './shift-times'
import { slugify } from './slugs'
import { createTtlCache } from './ttl-cache'

/** A nurse card / list item (spec 000 §3); search items also carry id. */
export interface NurseCardData {
  id: number
  slug: string
  displayName: string
  photoUrl: string | null
  avatarUrl: string | null
  headline: string | null
  nightlyRateCents: number
  baseLocation: string
  yearsExperience: number
}

/** The public profile (spec 000 §3) plus what the profile page and booking flow need. */
export interface PublicProfile {
  nurseId: number
  userId: number
  slug: string
  displayName: string
  headline: string | null
  bio: string | null
  baseLocation: string
  yearsExperience: number
  languages: string[]
  specialties: string[]
  credentials: string[]
  photoUrl: string | null
  avatarUrl: string | null
  nightlyRateCents: number
  timezone: string
  minHours: number
  maxHours: number
}

export interface OpenNight {
  date: string
  startTimeLocal: string
  endTimeLocal: string
}

export interface NurseCity {
  /** 'Boston, MA' */
  name: string
  slug: string
}

interface ReadOptions {
  /** Serve from the shared 30-second cache (anonymous page views and the public calls). */
  cached?: boolean
}

// Anonymous visitors read the same few things over and over; 30 seconds of staleness is the price
// of not asking the database each time (issue 3 item 8). Signed-in readers always read fresh.
const publicReads = createTtlCache({ ttlMs: 30_000, maxEntries: 2000 })

function read<T>(key: string, options: ReadOptions | undefined, load: () => Promise<T>): Promise<T> {
  return options?.cached ? publicReads.read(key, load) : load()
}

/** Forget every cached public read (after a nurse is approved or publishes nights; and in tests). */
export function clearPublicNurseCache(): void {
  publicReads.clear()
}

const isApproved = eq(nurseProfiles.verificationStatus, 'approved')

// An uploaded photo wins over an external one (schema.ts); uploaded files are served by id.
const photoUrlColumn = sql<string | null>`case when ${nurseProfiles.photoFileId} is not null
  then '/files/' || ${nurseProfiles.photoFileId} else ${nurseProfiles.photoUrl} end`

const cardColumns = {
  id: nurseProfiles.id,
  slug: nurseProfiles.slug,
  displayName: users.displayName,
  photoUrl: photoUrlColumn,
  avatarUrl: users.avatarUrl,
  headline: nurseProfiles.headline,
  nightlyRateCents: nurseProfiles.nightlyRateCents,
  baseLocation: nurseProfiles.baseLocation,
  yearsExperience: nurseProfiles.yearsExperience,
}

/** Featured nurses: approved, the most experienced first (spec 000 §2: 4 on home, 12 on /night-nurse). */
export function listFeaturedNurses(limit: number, options?: ReadOptions): Promise<NurseCardData[]> {
  return read(`featured:${limit}`, options, () =>
    getDb()
      .select(cardColumns)
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(isApproved)
      .orderBy(desc(nurseProfiles.yearsExperience), asc(nurseProfiles.id))
      .limit(limit),
  )
}

function locationCondition(location: string | undefined): SQL | undefined {
  const query = normalizeLocationQuery(location)
  if (!query) return undefined
  switch (query.kind) {
    case 'zip':
      return eq(nurseProfiles.locationZip, query.zip)
    case 'state':
      return eq(nurseProfiles.locationState, query.state)
    case 'city': {
      // lower(location_city) is indexed (schema.ts nurse_profiles_city_idx).
      const city = sql`lower(${nurseProfiles.locationCity}) = ${query.city.toLowerCase()}`
      return query.state ? and(city, eq(nurseProfiles.locationState, query.state)) : city
    }
  }
}

/**
 * Approved nurses matching a location (city name, state abbreviation or ZIP of their base
 * location), a nightly rate range in cents and a minimum experience, in a stable order (by id) so
 * that pages never repeat or skip a nurse.
 */
export function searchNurses(query: NurseSearchQuery, options?: ReadOptions): Promise<NurseCardData[]> {
  return read(`search:${searchCacheKey(query)}`, options, () => {
    const conditions: (SQL | undefined)[] = [isApproved, locationCondition(query.location)]
    if (query.minRate !== undefined) conditions.push(gte(nurseProfiles.nightlyRateCents, query.minRate))
    if (query.maxRate !== undefined) conditions.push(lte(nurseProfiles.nightlyRateCents, query.maxRate))
    if (query.minYearsExperience !== undefined) {
      conditions.push(gte(nurseProfiles.yearsExperience, query.minYearsExperience))
    }
    return getDb()
      .select(cardColumns)
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(and(...conditions))
      .orderBy(asc(nurseProfiles.id))
      .limit(query.limit)
      .offset(query.offset)
  })
}

/** The cities approved nurses are based in, as 'Boston, MA' with a slug (spec 000 §3 City). */
export function listNurseCities(options?: ReadOptions): Promise<NurseCity[]> {
  return read('cities', options, async () => {
    const rows = await getDb()
      .selectDistinct({ city: nurseProfiles.locationCity, state: nurseProfiles.locationState })
      .from(nurseProfiles)
      .where(and(isApproved, isNotNull(nurseProfiles.locationCity), isNotNull(nurseProfiles.locationState)))
      .orderBy(asc(nurseProfiles.locationCity), asc(nurseProfiles.locationState))
    return rows.map((row) => {
      const name = `${row.city}, ${row.state}`
      return { name, slug: citySlugFor(name) ?? slugify(`${row.city} ${row.state}`) }
    })
  })
}

/** An approved nurse's public profile by slug; null for any other (DESIGN.md §6.12: 404). */
export function getPublicProfile(slug: string, options?: ReadOptions): Promise<PublicProfile | null> {
  return read(`profile:${slug}`, options, async () => {
    const [row] = await getDb()
      .select({
        nurseId: nurseProfiles.id,
        userId: nurseProfiles.userId,
        slug: nurseProfiles.slug,
        displayName: users.displayName,
        headline: nurseProfiles.headline,
        bio: nurseProfiles.bio,
        baseLocation: nurseProfiles.baseLocation,
        yearsExperience: nurseProfiles.yearsExperience,
        languages: nurseProfiles.languages,
        specialties: nurseProfiles.specialties,
        credentials: nurseProfiles.credentials,
        photoUrl: photoUrlColumn,
        avatarUrl: users.avatarUrl,
        nightlyRateCents: nurseProfiles.nightlyRateCents,
        timezone: nurseProfiles.timezone,
        minHours: nurseProfiles.minHours,
        maxHours: nurseProfiles.maxHours,
      })
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(and(eq(nurseProfiles.slug, slug), isApproved))
      .limit(1)
    return row ?? null
  })
}

/**
 * A nurse's open nights (DESIGN.md §4): published, not booked (a night is booked while an
 * occurrence of that nurse on that date is in any status but cancelled), and not started yet,
 * judged in the nurse's time zone at `now`.
 */
export function listOpenNights(
  nurse: { nurseId: number; timezone: string },
  now: Date,
  options?: ReadOptions,
): Promise<OpenNight[]> {
  return read(`open-nights:${nurse.nurseId}`, options, async () => {
    const today = localToday(nurse.timezone, now)
    const booked = getDb()
      .select({ one: sql`1` })
      .from(bookingOccurrences)
      .where(
        and(
          eq(bookingOccurrences.nurseId, availabilityDates.nurseId),
          eq(bookingOccurrences.date, availabilityDates.date),
          ne(bookingOccurrences.status, 'cancelled'),
        ),
      )
    const rows = await getDb()
      .select({
        date: availabilityDates.date,
        startTimeLocal: availabilityDates.startTimeLocal,
        endTimeLocal: availabilityDates.endTimeLocal,
      })
      .from(availabilityDates)
      .where(and(eq(availabilityDates.nurseId, nurse.nurseId), gte(availabilityDates.date, today), notExists(booked)))
      .orderBy(asc(availabilityDates.date))
    // Tonight is still open until the night begins.
    return rows.filter(
      (row) => nightInstants(row.date, row.startTimeLocal, row.endTimeLocal, nurse.timezone).startsAt > now,
    )
  })
}

/** Every approved nurse's profile path and last change, for /sitemap.xml. */
export function listPublicProfileSlugs(): Promise<{ slug: string; updatedAt: Date }[]> {
  return getDb()
    .select({ slug: nurseProfiles.slug, updatedAt: nurseProfiles.updatedAt })
    .from(nurseProfiles)
    .where(isApproved)
    .orderBy(asc(nurseProfiles.id))
}
