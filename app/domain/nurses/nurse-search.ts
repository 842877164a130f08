// The pure parts of finding a nurse (the numbers: docs/product-texts.md): page sizes, paging, the
// cache key of a search, headings, city link labels and the /book link of a profile. Safe in the
// browser.
import { normalizeLocationQuery, type LocationQuery } from '../places/locations'
import { wantedNightsParams, type WantedNights } from './night-search'

/** Search page size; another page loads while the last one was full. */
export const SEARCH_PAGE_SIZE = 12
/** More results load when the visitor is this close to the bottom. */
export const LOAD_MORE_THRESHOLD_PX = 1000
export const HOME_FEATURED_COUNT = 4
export const LANDING_FEATURED_COUNT = 12
export const CITY_PAGE_NURSE_COUNT = 4
/** The /night-nurse city picker waits this long before going to the city page. */
export const CITY_REDIRECT_DELAY_MS = 500

export interface NurseSearchFilters {
  location?: string
  /** Cents a night. */
  minRate?: number
  maxRate?: number
  minYearsExperience?: number
  /** Only nurses with a valid RN or LPN license ('RN or LPN only', docs/decisions/0064). */
  licensed?: boolean
  /** Only nurses who take this many babies a night: 2 'Twins', 3 'Triplets' (issue 36). */
  babies?: number
  /** Only nurses with these nights open (all of them first, then most of them; issue 17). */
  nights?: WantedNights
}

export interface NurseSearchQuery extends NurseSearchFilters {
  limit: number
  offset: number
}

export function offsetForPage(page: number, pageSize = SEARCH_PAGE_SIZE): number {
  return Math.max(0, Math.floor(page) - 1) * pageSize
}

/** Another page is worth asking for only while the last page came back full. */
export function hasMoreResults(lastPageCount: number, pageSize = SEARCH_PAGE_SIZE): boolean {
  return lastPageCount >= pageSize
}

export function isNearBottom(
  view: { scrollY: number; viewportHeight: number; documentHeight: number },
  thresholdPx = LOAD_MORE_THRESHOLD_PX,
): boolean {
  return view.scrollY + view.viewportHeight >= view.documentHeight - thresholdPx
}

/** One key for one meaning: 'austin ' and 'Austin' share cached results. */
export function searchCacheKey(query: NurseSearchQuery): string {
  const location = normalizeLocationQuery(query.location)
  return JSON.stringify([
    locationKey(location),
    query.minRate ?? null,
    query.maxRate ?? null,
    query.minYearsExperience ?? null,
    query.licensed ?? false,
    query.babies ?? null,
    query.nights ? wantedNightsParams(query.nights).toString() : null,
    query.limit,
    query.offset,
  ])
}

function locationKey(location: LocationQuery | null): string | null {
  if (!location) return null
  switch (location.kind) {
    case 'zip':
      return `zip:${location.zip}`
    case 'state':
      return `state:${location.state}`
    case 'city':
      return `city:${location.city.toLowerCase()}:${location.state ?? ''}`
  }
}

/** The query string of GET /_api/nurses/search for these filters and page. */
export function searchApiPath(filters: NurseSearchFilters, limit: number, offset: number): string {
  const params = new URLSearchParams()
  if (filters.location) params.set('location', filters.location)
  if (filters.minRate !== undefined) params.set('minRate', String(filters.minRate))
  if (filters.maxRate !== undefined) params.set('maxRate', String(filters.maxRate))
  if (filters.minYearsExperience !== undefined) params.set('minYearsExperience', String(filters.minYearsExperience))
  if (filters.licensed) params.set('licensed', '1')
  if (filters.babies && filters.babies > 1) params.set('babies', String(filters.babies))
  for (const [key, value] of wantedNightsParams(filters.nights)) params.set(key, value)
  params.set('limit', String(limit))
  params.set('offset', String(offset))
  return `/_api/nurses/search?${params}`
}

/** The /search heading: by city when one was chosen, else by the typed location. */
export function searchHeading(input: { location?: string; cityName?: string }): string {
  if (input.cityName) return `Night Nurses in ${input.cityName}`
  if (input.location) return `Night Nurses near ${input.location}`
  return 'Find a Night Nurse'
}

/** 'Boston, MA' → 'Night Nurse Boston': the city links of /night-nurse. */
export function cityLinkLabel(cityName: string): string {
  return `Night Nurse ${cityName.split(',')[0].trim()}`
}

/** Book → /book?nurseId=…&slug=…&dates=yyyy-MM-dd,… with the dates in order. */
export function bookingPath(input: { nurseId: number; slug: string; dates: readonly string[] }): string {
  const dates = [...new Set(input.dates)].sort()
  const params = new URLSearchParams({ nurseId: String(input.nurseId), slug: input.slug, dates: dates.join(',') })
  // Commas stay readable: the link reads '…&dates=2026-12-01,2026-12-02'.
  return `/book?${params.toString().replace(/%2C/g, ',')}`
}

/** The picked dates that are really open, in order, without repeats. */
export function bookableDates(picked: readonly string[], open: readonly string[]): string[] {
  const openSet = new Set(open)
  return [...new Set(picked)].filter((date) => openSet.has(date)).sort()
}
