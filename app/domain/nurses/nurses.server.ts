// The public read side of nurses (their /_api calls: docs/product-texts.md): featured lists,
// search, the cities nurses work in, public profiles and open nights. Only approved nurses are
// ever returned. Page loaders, the /_api calls and the sitemap all read through these functions.
import { and, asc, between, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, notExists, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb, type DbOrTx } from '../../db/client.server'
import { preparedPerDatabase } from '../../db/prepared.server'
import { availabilityDates, bookingOccurrences, nurseProfiles, users } from '../../db/schema'
import { citySlugFor } from '../places/cities'
import { locateSearch, type LocatedPlace } from '../places/gazetteer.server'
import { boundingBox, COVERAGE_TOLERANCE_MILES, EARTH_RADIUS_MILES, MAX_SERVICE_RADIUS_MILES } from '../places/geo'
import { normalizeLocationQuery } from '../places/locations'
import { searchCacheKey, type NurseSearchQuery } from './nurse-search'
import { chooseNights, planNights, type NightsPlan } from './night-search'
import { nightInstants } from '../time/night-instants'
import { localToday } from '../time/shift-times'
import { mondayOf } from './booking-limits'
import { liveNightDatesInWeeks } from './booking-limits.server'
import { slugify } from './slugs'
import { onPublicPagesPurged, purgePublicPages } from '../platform/public-page-purge'
import { createTtlCache } from '../platform/ttl-cache'
import { currentCheckCompletedOn } from '../verification/check-life-cycle.server'
import { holdsValidLicense, shownCredentialsOf, shownLicenseOf } from '../verification/shown-credentials.server'
import type { ShownCredential } from '../verification/shown-credentials'
import type { NurseCardData } from './nurse-profile'

export type { NurseCardData }


/** The public profile plus what the profile page and booking flow need. */
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
  /** Twins and triplets (issue 36): the most babies a night she takes, and her extra for each after the first. */
  maxBabies: number
  extraBabyCents: number
  timezone: string
  minHours: number
  maxHours: number
  /** The families' reviews shown (issue 16): how many, and their average (null with none). */
  reviewCount: number
  reviewAverage: number | null
  /** Nights starting sooner than this cannot be booked (issue 17). */
  minNoticeHours: number
  /** The most nights a week (Monday to Sunday) she takes; null for no limit (issue 17). */
  maxNightsPerWeek: number | null
  /** The day her current background check completed ('YYYY-MM-DD'), or null (docs/decisions/0061). */
  backgroundCheckOn: string | null
  /** False while she is out of search by a lapsed credential (docs/decisions/0062): her page shows, without booking. */
  takingBookings: boolean
  /** Her valid credentials, as families may read them (docs/decisions/0064). */
  shownCredentials: ShownCredential[]
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
  /** The time a search by nights judges her minimum notice at (tests); now by default. */
  now?: Date
}

// Anonymous visitors read the same few things over and over; 30 seconds of staleness is the price
// of not asking the database each time (issue 3 item 8). Signed-in readers always read fresh.
const publicReads = createTtlCache({ ttlMs: 30_000, maxEntries: 2000 })
// A purge made here or on another app server (issue 14) forgets the reads behind the pages too.
onPublicPagesPurged(() => publicReads.clear())

function read<T>(key: string, options: ReadOptions | undefined, load: () => Promise<T>): Promise<T> {
  return options?.cached ? publicReads.read(key, load) : load()
}

/**
 * Forget every cached public read (after a nurse is approved, rejected or edits her profile or
 * nights; and in tests), and the cached pages that show nurses with it (issue 10).
 */
export function clearPublicNurseCache(): void {
  purgePublicPages()
}

const isApproved = eq(nurseProfiles.verificationStatus, 'approved')
// Listed: approved, and not out of search by a lapsed check or credential (docs/decisions/0062).
// Nearly every approved nurse is listed, so the filter rides on the approved indexes.
const isListed = and(isApproved, isNull(nurseProfiles.lapsedAt))!

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
  // The column search's babies=2|3 filter reads: a card says 'Takes twins' for the same nurses.
  maxBabies: nurseProfiles.maxBabies,
  baseLocation: nurseProfiles.baseLocation,
  yearsExperience: nurseProfiles.yearsExperience,
  reviewCount: nurseProfiles.reviewCount,
  reviewAverage: nurseProfiles.reviewAverage,
  // Subqueries on the card's nurse: read for the cards of the page only (docs/decisions/0064).
  backgroundCheckOn: currentCheckCompletedOn(nurseProfiles.id, nurseProfiles.timezone),
  license: shownLicenseOf(nurseProfiles.id),
}

/** Featured nurses: approved, the most experienced first (4 on home, 12 on /night-nurse). */
export function listFeaturedNurses(limit: number, options?: ReadOptions): Promise<NurseCardData[]> {
  return read(`featured:${limit}`, options, () =>
    getDb()
      .select(cardColumns)
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(isListed)
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

/** Miles from the point (`latitude`, `longitude`) to `place`, by the haversine formula of geo.ts; null without coordinates. */
function milesTo(place: Point, latitude: SQLWrapper, longitude: SQLWrapper): SQL<number | null> {
  const lat = sql`${place.lat}::float8`
  const lon = sql`${place.lon}::float8`
  return sql<number | null>`${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(${latitude} - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(${latitude})) *
    power(sin(radians(${longitude} - ${lon}) / 2), 2))))`
}

/** Miles from a nurse's base to `place`; null without coordinates. */
function distanceFrom(place: LocatedPlace): SQL<number | null> {
  return milesTo(place, nurseProfiles.latitude, nurseProfiles.longitude)
}

/**
 * The largest service radius of an approved nurse with coordinates: the nearby search's first cut
 * is a box this wide. Cached like the public reads (and cleared with them when a nurse saves).
 */
function largestServiceRadius(): Promise<number> {
  return read('largest-service-radius', { cached: true }, async () => {
    const [row] = await getDb()
      .select({ miles: sql<number>`coalesce(max(${nurseProfiles.serviceRadiusMiles}), 0)::int` })
      .from(nurseProfiles)
      .where(and(isListed, isNotNull(nurseProfiles.latitude)))
    return Math.min(MAX_SERVICE_RADIUS_MILES, Number(row?.miles ?? 0))
  })
}

/**
 * The nurses whose service area covers `place` (decision 0018): base within the service radius
 * plus a little for ZIP-centre error. A latitude/longitude box as wide as the largest radius is the
 * indexed first cut; the exact distance decides. A nurse whose base the gazetteer does not know
 * (no coordinates) is still matched by the text of her base location, as before.
 */
function coverageCondition(
  place: LocatedPlace,
  distance: SQL<number | null>,
  largestRadius: number,
  location: string | undefined,
): SQL {
  const box = boundingBox(place, largestRadius + COVERAGE_TOLERANCE_MILES)
  const covers = and(
    between(nurseProfiles.latitude, box.minLat, box.maxLat),
    between(nurseProfiles.longitude, box.minLon, box.maxLon),
    sql`${distance} <= ${nurseProfiles.serviceRadiusMiles} + ${COVERAGE_TOLERANCE_MILES}::float8`,
  )
  const byText = locationCondition(location)
  return or(covers, byText && and(isNull(nurseProfiles.latitude), byText))!
}

/** The nurses based at one point of a ring (an alias: the ring's points are read from the same table). */
const basedThere = alias(nurseProfiles, 'based_there')

/** A search's values, or the placeholders of a prepared statement that is given them. */
type Value = number | Placeholder
interface Point {
  lat: Value
  lon: Value
}
interface FilterValues {
  minRate?: Value
  maxRate?: Value
  minYearsExperience?: Value
  /** Only nurses with a valid RN or LPN license (docs/decisions/0064). */
  licensed?: boolean
  /** Only nurses who take this many babies a night (issue 36): a literal, like licensed, so it names its statement. */
  babies?: number
}

/** The search's filters on the profiles `profiles` (the table, or an alias of it). */
function filterConditions(query: FilterValues, profiles: typeof nurseProfiles | typeof basedThere = nurseProfiles): SQL[] {
  const conditions: SQL[] = [eq(profiles.verificationStatus, 'approved'), isNull(profiles.lapsedAt)]
  if (query.minRate !== undefined) conditions.push(gte(profiles.nightlyRateCents, query.minRate))
  if (query.maxRate !== undefined) conditions.push(lte(profiles.nightlyRateCents, query.maxRate))
  if (query.minYearsExperience !== undefined) {
    conditions.push(gte(profiles.yearsExperience, query.minYearsExperience))
  }
  if (query.licensed) conditions.push(holdsValidLicense(profiles.id))
  if (query.babies && query.babies > 1) conditions.push(gte(profiles.maxBabies, query.babies))
  return conditions
}

/**
 * Rings around the searched place, in miles, tried before the box of the widest service radius
 * (decision 0025). In a city with thousands of nurses that box holds them all, and every one's
 * distance must be computed to sort them; the first pages lie within a few miles.
 */
const NEARBY_RINGS_MILES = [3, 10] as const

/** The cards of a page of ids picked from nurse_profiles alone (nearest first), joined to their rows only. */
function pageCards(page: ReturnType<typeof nearestPage>, db: DbOrTx = getDb()) {
  return db
    .select(cardColumns)
    .from(page)
    .innerJoin(nurseProfiles, eq(nurseProfiles.id, page.id))
    .innerJoin(users, eq(users.id, nurseProfiles.userId))
    .orderBy(sql`${page.distance} asc nulls last`, asc(page.id))
}

/** The ids of the nurses meeting `where`, nearest first, one page of them. */
function nearestPage(where: SQL | undefined, distance: SQL<number | null>, limit: number, offset: number) {
  return getDb()
    .select({ id: nurseProfiles.id, distance: sql<number | null>`${distance}`.as('distance') })
    .from(nurseProfiles)
    .where(where)
    .orderBy(sql`${distance} asc nulls last`, asc(nurseProfiles.id))
    .limit(limit)
    .offset(offset)
    .as('page')
}

/**
 * The ids of the nurses within `miles` of `place` who cover it, nearest first (ties by id), one
 * page of them. Nurses are based at the centre of their town or ZIP code, so thousands can share
 * one point: the ring's distinct points come first (an index-only scan of the box), each point's
 * distance is computed once, and each point gives its first `offset + limit` nurses in id order
 * (a range of the (latitude, longitude, id) index). No other nurse of a point can be on the page,
 * so it is cut from those (decision 0026), as it would be from every nurse in the ring.
 */
function ringPage(db: DbOrTx, ring: RingValues) {
  const { query, place } = ring
  const distinctPoints = db
    .selectDistinct({ latitude: nurseProfiles.latitude, longitude: nurseProfiles.longitude })
    .from(nurseProfiles)
    .where(
      and(
        between(nurseProfiles.latitude, ring.box.minLat, ring.box.maxLat),
        between(nurseProfiles.longitude, ring.box.minLon, ring.box.maxLon),
      ),
    )
    .as('ring_points')
  const points = db
    .select({
      latitude: distinctPoints.latitude,
      longitude: distinctPoints.longitude,
      miles: milesTo(place, distinctPoints.latitude, distinctPoints.longitude).as('miles'),
    })
    .from(distinctPoints)
    .as('points')
  const nurses = db
    .select({ id: basedThere.id })
    .from(basedThere)
    .where(
      and(
        eq(basedThere.latitude, points.latitude),
        eq(basedThere.longitude, points.longitude),
        ...filterConditions(query, basedThere),
        sql`${points.miles} <= ${basedThere.serviceRadiusMiles} + ${COVERAGE_TOLERANCE_MILES}::float8`,
      ),
    )
    .orderBy(asc(basedThere.id))
    .limit(ring.perPoint)
    .as('nurses')
  return db
    .select({ id: nurses.id, distance: sql<number | null>`${points.miles}`.as('distance') })
    .from(points)
    .crossJoinLateral(nurses)
    .where(sql`${points.miles} <= ${ring.miles}::float8`)
    .orderBy(asc(points.miles), asc(nurses.id))
    .limit(ring.limit)
    .offset(ring.offset)
    .as('page')
}

/** What a ring's page is read with: a search's values, or a prepared statement's placeholders. */
interface RingValues {
  query: FilterValues
  place: Point
  box: { minLat: Value; maxLat: Value; minLon: Value; maxLon: Value }
  miles: Value
  /** How many nurses one point can give: the page's end (offset + limit). */
  perPoint: Value
  limit: Value
  offset: Value
}

/**
 * A ring's page of cards, prepared once per database for each set of filters a search can have
 * (a rate from, a rate to, years): the nearby search runs one to three of them on every call
 * the cache does not answer, and Drizzle would build each again (decision 0041).
 */
const ringStatements = preparedPerDatabase(() => new Map<string, ReturnType<typeof prepareRing>>())

/** Which filters a search has, as a statement's name can hold it ('1100': a rate from and a rate to). */
function filterShape(query: FilterValues): string {
  const shape = [query.minRate, query.maxRate, query.minYearsExperience, query.licensed || undefined].map((value) => (value === undefined ? 0 : 1)).join('')
  return query.babies && query.babies > 1 ? `${shape}b${query.babies}` : shape
}

function prepareRing(db: DbOrTx, shape: FilterValues) {
  const value = (name: string) => sql.placeholder(name)
  const filters: FilterValues = {
    minRate: shape.minRate === undefined ? undefined : value('minRate'),
    maxRate: shape.maxRate === undefined ? undefined : value('maxRate'),
    minYearsExperience: shape.minYearsExperience === undefined ? undefined : value('minYears'),
    licensed: shape.licensed,
    babies: shape.babies,
  }
  const page = ringPage(db, {
    query: filters,
    place: { lat: value('lat'), lon: value('lon') },
    box: { minLat: value('minLat'), maxLat: value('maxLat'), minLon: value('minLon'), maxLon: value('maxLon') },
    miles: value('miles'),
    perPoint: value('perPoint'),
    limit: value('limit'),
    offset: value('offset'),
  })
  return pageCards(page, db).prepare(`nearby_ring_${filterShape(shape)}`)
}

function readRing(query: NurseSearchQuery, place: LocatedPlace, miles: number) {
  const key = filterShape(query)
  const statements = ringStatements()
  let statement = statements.get(key)
  if (!statement) statements.set(key, (statement = prepareRing(getDb(), query)))
  const box = boundingBox(place, miles)
  return statement.execute({
    ...box,
    lat: place.lat,
    lon: place.lon,
    miles,
    minRate: query.minRate,
    maxRate: query.maxRate,
    minYears: query.minYearsExperience,
    perPoint: query.offset + query.limit,
    limit: query.limit,
    offset: query.offset,
  })
}

/**
 * Nearest first. A ring of `miles` answers when it fills the page: then it holds the page and
 * everything before it (`offset + limit` nurses), and every nurse outside it is farther away, so
 * its page is the whole box's (ties go by id in both). Otherwise the next ring, then the box.
 */
async function searchNearby(query: NurseSearchQuery, place: LocatedPlace): Promise<NurseCardData[]> {
  const distance = distanceFrom(place)
  const largestRadius = await largestServiceRadius()
  const filters = filterConditions(query)
  for (const miles of NEARBY_RINGS_MILES) {
    if (miles >= largestRadius + COVERAGE_TOLERANCE_MILES) break
    const page = await readRing(query, place, miles)
    if (page.length === query.limit) return page
  }
  const covered = coverageCondition(place, distance, largestRadius, query.location)
  return pageCards(nearestPage(and(...filters, covered), distance, query.limit, query.offset))
}

/**
 * Approved nurses for a location, a nightly rate range in cents and a minimum experience. A
 * location the gazetteer knows (an address or ZIP code, a town with or without its state) finds
 * the nurses whose service area covers it, nearest first; anything else (a state, an unknown
 * name) matches the city, state or ZIP of their base location. Ties and plain lists go by id, so
 * pages never repeat or skip a nurse.
 */
export function searchNurses(query: NurseSearchQuery, options?: ReadOptions): Promise<NurseCardData[]> {
  const place = locateSearch(query.location)
  return read(`search:${place?.key ?? ''}:${searchCacheKey(query)}`, options, () => {
    if (query.nights) return searchByNights(query, planNights(query.nights), place, options?.now ?? new Date())
    if (place) return searchNearby(query, place)
    // The page's ids first, then their cards: a card's subqueries (what we checked) run for the
    // page's nurses only, not for the rows a deep page skips (decision 0026).
    const page = getDb()
      .select({ id: nurseProfiles.id })
      .from(nurseProfiles)
      .where(and(...filterConditions(query), locationCondition(query.location)))
      .orderBy(asc(nurseProfiles.id))
      .limit(query.limit)
      .offset(query.offset)
      .as('page')
    return getDb()
      .select(cardColumns)
      .from(page)
      .innerJoin(nurseProfiles, eq(nurseProfiles.id, page.id))
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .orderBy(asc(page.id))
  })
}

/** The cities approved nurses are based in, as 'Boston, MA' with a slug. */
export function listNurseCities(options?: ReadOptions): Promise<NurseCity[]> {
  return read('cities', options, async () => {
    const rows = await getDb()
      .selectDistinct({ city: nurseProfiles.locationCity, state: nurseProfiles.locationState })
      .from(nurseProfiles)
      .where(and(isListed, isNotNull(nurseProfiles.locationCity), isNotNull(nurseProfiles.locationState)))
      .orderBy(asc(nurseProfiles.locationCity), asc(nurseProfiles.locationState))
    return rows.map((row) => {
      const name = `${row.city}, ${row.state}`
      return { name, slug: citySlugFor(name) ?? slugify(`${row.city} ${row.state}`) }
    })
  })
}

/** An approved nurse's public profile by slug; null for any other (its page is 404). */
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
        maxBabies: nurseProfiles.maxBabies,
        extraBabyCents: nurseProfiles.extraBabyCents,
        timezone: nurseProfiles.timezone,
        minHours: nurseProfiles.minHours,
        maxHours: nurseProfiles.maxHours,
        reviewCount: nurseProfiles.reviewCount,
        reviewAverage: nurseProfiles.reviewAverage,
        minNoticeHours: nurseProfiles.minNoticeHours,
        maxNightsPerWeek: nurseProfiles.maxNightsPerWeek,
        backgroundCheckOn: currentCheckCompletedOn(nurseProfiles.id, nurseProfiles.timezone),
        takingBookings: sql<boolean>`${nurseProfiles.lapsedAt} is null`,
        shownCredentials: shownCredentialsOf(nurseProfiles.id, nurseProfiles.timezone),
      })
      .from(nurseProfiles)
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .where(and(eq(nurseProfiles.slug, slug), isApproved))
      .limit(1)
    return row ?? null
  })
}

/**
 * A nurse's open nights (docs/glossary.md): published, not booked (a night is booked while an
 * occurrence of that nurse on that date is in any status but cancelled), and not started yet,
 * judged in the nurse's time zone at `now`.
 */
export function listOpenNights(
  nurse: { nurseId: number; timezone: string; minNoticeHours: number },
  now: Date,
  options?: ReadOptions,
): Promise<OpenNight[]> {
  return read(`open-nights:${nurse.nurseId}`, options, async () => {
    const today = localToday(nurse.timezone, now)
    const rows = await getDb()
      .select({
        date: availabilityDates.date,
        startTimeLocal: availabilityDates.startTimeLocal,
        endTimeLocal: availabilityDates.endTimeLocal,
      })
      .from(availabilityDates)
      .where(and(eq(availabilityDates.nurseId, nurse.nurseId), gte(availabilityDates.date, today), notBooked(getDb())))
      .orderBy(asc(availabilityDates.date))
    // Tonight is still open until the night begins, or until her minimum notice (issue 17) before.
    const earliest = new Date(now.getTime() + (nurse.minNoticeHours ?? 0) * 60 * 60 * 1000)
    return rows.filter(
      (row) => nightInstants(row.date, row.startTimeLocal, row.endTimeLocal, nurse.timezone).startsAt > earliest,
    )
  })
}

/**
 * The searched nights a nurse would take (issue 17): `chooseNights` over her open nights, each
 * week's room under her weekly limit counted beside her other live nights, as the search counts.
 */
export async function chooseWantedNights(
  nurse: { nurseId: number; maxNightsPerWeek: number | null },
  openNights: readonly OpenNight[],
  plan: NightsPlan,
): Promise<string[]> {
  const open = new Set(openNights.map((night) => night.date))
  const limit = nurse.maxNightsPerWeek
  if (limit === null) return chooseNights(plan, open)
  const booked = new Map<string, number>()
  for (const date of await liveNightDatesInWeeks(getDb(), nurse.nurseId, plan.weeks.map((week) => week.monday))) {
    booked.set(mondayOf(date), (booked.get(mondayOf(date)) ?? 0) + 1)
  }
  return chooseNights(plan, open, (monday) => limit - (booked.get(monday) ?? 0))
}

/** A published date (a row of availability_dates) that no live booking holds: the nurse's night is open. */
export function notBooked(db: DbOrTx) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(bookingOccurrences)
      .where(
        and(
          eq(bookingOccurrences.nurseId, availabilityDates.nurseId),
          eq(bookingOccurrences.date, availabilityDates.date),
          ne(bookingOccurrences.status, 'cancelled'),
        ),
      ),
  )
}

/** The columns of a nurse the count of her open nights reads. */
interface NightsNurse {
  id: SQLWrapper
  timezone: SQLWrapper
  minNoticeHours: SQLWrapper
  maxNightsPerWeek: SQLWrapper
}

/**
 * How many of the plan's nights `nurse` would take: `chooseNights` (night-search.ts) in SQL. Her
 * open requested nights are counted week by week (Monday to Sunday): a night is open when it is
 * published, no live booking holds it and it starts after her minimum notice from `now`. Each week
 * gives at most what the family needs that week and, under her weekly limit, what room is left
 * beside her other booked nights.
 */
function nightsOpenCount(plan: NightsPlan, now: Date, nurse: NightsNurse) {
  const db = getDb()
  const firstMonday = sql`${plan.firstMonday}::date`
  const weekCount = Math.max(...plan.weeks.map((week) => weekIndex(plan.firstMonday, week.monday))) + 1
  const needByWeek = new Map(plan.weeks.map((week) => [weekIndex(plan.firstMonday, week.monday), week.need]))
  const needs = sql.join(
    Array.from({ length: weekCount }, (_, k) => sql`${needByWeek.get(k) ?? 0}::int`),
    sql`, `,
  )
  const startsAt = sql`((${availabilityDates.date} + ${availabilityDates.startTimeLocal}::time) at time zone ${nurse.timezone})`
  const openByWeek = db
    .select({
      week: sql<number>`(${availabilityDates.date} - ${firstMonday}) / 7`.as('week'),
      open: sql<number>`count(*)::int`.as('open'),
    })
    .from(availabilityDates)
    .where(
      and(
        sql`${availabilityDates.nurseId} = ${nurse.id}`,
        inArray(availabilityDates.date, plan.dates),
        notBooked(db),
        sql`${startsAt} > ${now.toISOString()}::timestamptz + make_interval(hours => ${nurse.minNoticeHours})`,
      ),
    )
    .groupBy(sql`1`)
    .as('open_by_week')
  const weekStart = sql`${firstMonday} + 7 * ${openByWeek.week}`
  const bookedInWeek = sql`(select count(*)::int from ${bookingOccurrences} where ${bookingOccurrences.nurseId} = ${nurse.id}
    and ${bookingOccurrences.date} >= ${weekStart} and ${bookingOccurrences.date} < ${weekStart} + 7
    and ${bookingOccurrences.status} <> 'cancelled')`
  const room = sql`case when ${nurse.maxNightsPerWeek} is null then ${openByWeek.open}
    else greatest(0, ${nurse.maxNightsPerWeek} - ${bookedInWeek}) end`
  // An aggregate, so PostgreSQL keeps it a subquery of its own: joined laterally, it runs once per
  // nurse, only for the nurses the page reads.
  return db
    .select({
      nightsOpen: sql<number>`coalesce(sum(least(${openByWeek.open}, (array[${needs}])[${openByWeek.week} + 1], ${room})), 0)::int`.as(
        'nights_open',
      ),
    })
    .from(openByWeek)
    .as('counted')
}

function weekIndex(firstMonday: string, monday: string): number {
  return Math.round((Date.parse(`${monday}T00:00:00Z`) - Date.parse(`${firstMonday}T00:00:00Z`)) / (7 * 24 * 60 * 60 * 1000))
}

/**
 * A LIMIT no search reaches: PostgreSQL plans a subquery with a LIMIT on its own (it pushes no outer
 * condition into it and does not flatten it), the classic `offset 0` that Drizzle leaves out.
 */
const OPTIMIZATION_FENCE = 2_147_483_647

/**
 * A search by nights (issue 17, decision 0035): the nurses with every night the family needs
 * open, then those with most of them (at least half), each group nearest first (by id without a
 * place). The candidates are sorted first (behind a fence), and their open nights are counted
 * in that order only until the page is full, so a page costs about its own nurses' counts.
 */
async function searchByNights(
  query: NurseSearchQuery,
  plan: NightsPlan,
  place: LocatedPlace | null,
  now: Date,
): Promise<NurseCardData[]> {
  const db = getDb()
  const distance = place ? distanceFrom(place) : sql<number | null>`null::float8`
  const where = place
    ? and(...filterConditions(query), coverageCondition(place, distance, await largestServiceRadius(), query.location))
    : and(...filterConditions(query), locationCondition(query.location))
  const candidates = db
    .select({
      id: nurseProfiles.id,
      distance: sql<number | null>`${distance}`.as('distance'),
      timezone: nurseProfiles.timezone,
      minNoticeHours: nurseProfiles.minNoticeHours,
      maxNightsPerWeek: nurseProfiles.maxNightsPerWeek,
    })
    .from(nurseProfiles)
    .where(where)
    // Without a place there is no distance: by id alone, so the order is the primary key's.
    .orderBy(...(place ? [sql`2 asc nulls last`, asc(nurseProfiles.id)] : [asc(nurseProfiles.id)]))
    .limit(OPTIMIZATION_FENCE)
    .as('candidates')
  // Joined laterally to the sorted candidates: a nested loop that keeps their order, so the page's
  // LIMIT stops the counting as soon as the page is full.
  const counted = nightsOpenCount(plan, now, candidates)
  const all = sql`${counted.nightsOpen} >= ${plan.required}`
  const some = and(sql`${counted.nightsOpen} < ${plan.required}`, sql`${counted.nightsOpen} >= ${plan.threshold}`)
  const byPlace = place ? [sql`${candidates.distance} asc nulls last`, asc(candidates.id)] : [asc(candidates.id)]
  const groupPage = (condition: SQL | undefined, mostNightsFirst: boolean, limit: number, offset: number) => {
    // The first group keeps the candidates' own order, which PostgreSQL then need not sort again;
    // the second goes by nights open first (issue 38), so every candidate's count is needed.
    const order = mostNightsFirst ? [desc(counted.nightsOpen), ...byPlace] : byPlace
    const page = db
      .select({ id: candidates.id, distance: candidates.distance, nightsOpen: counted.nightsOpen })
      .from(candidates)
      .crossJoinLateral(counted)
      .where(condition)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .as('page')
    return db
      .select({ ...cardColumns, nightsOpen: page.nightsOpen })
      .from(page)
      .innerJoin(nurseProfiles, eq(nurseProfiles.id, page.id))
      .innerJoin(users, eq(users.id, nurseProfiles.userId))
      .orderBy(...(mostNightsFirst ? [sql`${page.nightsOpen} desc`] : []), sql`${page.distance} asc nulls last`, asc(page.id))
  }
  const first = await groupPage(all, false, query.limit, query.offset)
  if (first.length === query.limit) return first
  // The first group ends on this page (or before it): how many it holds places the second.
  const allCount =
    first.length > 0 || query.offset === 0
      ? query.offset + first.length
      : Number((await db.select({ n: sql<number>`count(*)::int` }).from(candidates).crossJoinLateral(counted).where(all))[0]?.n ?? 0)
  const second = await groupPage(some, true, query.limit - first.length, Math.max(0, query.offset - allCount))
  return [...first, ...second]
}

/** Every listed nurse's profile path and last change, for /sitemap.xml. */
export function listPublicProfileSlugs(): Promise<{ slug: string; updatedAt: Date }[]> {
  return getDb()
    .select({ slug: nurseProfiles.slug, updatedAt: nurseProfiles.updatedAt })
    .from(nurseProfiles)
    .where(isListed)
    .orderBy(asc(nurseProfiles.id))
}
