// Where a typed place is (decision 0018): ZIP codes and towns of the 50 states and DC with their
// coordinates, from app/data/us-gazetteer.json (GeoNames US postal codes, CC BY 4.0, built by
// scripts/build-gazetteer.ts). Server only: the data is 2 MB. No network at run time.
import gazetteer from '../../data/us-gazetteer.json'
import { CITY_FACTS, SUPPORTED_CITIES } from './cities'
import type { GeoPoint } from './geo'
import { parseBaseLocation, parseSearchLocation, placeKey } from './locations'

type PlaceEntry = [lat: number, lon: number, zipCount: number]

const zips = gazetteer.zips as unknown as Record<string, [number, number]>
const places = gazetteer.places as unknown as Record<string, Record<string, PlaceEntry>>

/** A place found in the gazetteer; `key` names it for caches ('zip:02115', 'place:MA|boston'). */
export interface LocatedPlace extends GeoPoint {
  key: string
}

// Our own cities win when a name without a state fits several ('Portland' is Portland, OR).
const OUR_CITIES = new Set([
  ...SUPPORTED_CITIES.map((city) => `${city.stateAbbr}|${placeKey(city.name)}`),
  ...Object.values(CITY_FACTS).map((city) => `${city.stateAbbr}|${placeKey(city.cityName)}`),
])

// Place name → the states that have a place of that name, best first: our cities, then the place
// with the most ZIP codes (the larger town), then by state.
const STATES_BY_PLACE: ReadonlyMap<string, readonly string[]> = (() => {
  const byName = new Map<string, string[]>()
  for (const [state, named] of Object.entries(places)) {
    for (const name of Object.keys(named)) {
      const states = byName.get(name) ?? []
      states.push(state)
      byName.set(name, states)
    }
  }
  for (const [name, states] of byName) {
    states.sort(
      (a, b) =>
        Number(OUR_CITIES.has(`${b}|${name}`)) - Number(OUR_CITIES.has(`${a}|${name}`)) ||
        places[b][name][2] - places[a][name][2] ||
        a.localeCompare(b),
    )
  }
  return byName
})()

/** The centre of a 5-digit ZIP code, or null when the gazetteer does not know it. */
export function zipPoint(zip: string): LocatedPlace | null {
  const point = zips[zip]
  return point ? { lat: point[0], lon: point[1], key: `zip:${zip}` } : null
}

/** The centre of a town, in `state` when given, else the likeliest one of that name. */
export function placePoint(name: string, state: string | null): LocatedPlace | null {
  const nameKey = placeKey(name)
  const inState = state ?? STATES_BY_PLACE.get(nameKey)?.[0]
  const point = inState ? places[inState]?.[nameKey] : undefined
  return point ? { lat: point[0], lon: point[1], key: `place:${inState}|${nameKey}` } : null
}

/**
 * Where a parent's search text points: its ZIP code when it has one the gazetteer knows, else
 * the first of its place names found (in its state when it names one). Null for a state alone, a
 * blank text or a place the gazetteer does not know: the search then matches text as before.
 */
export function locateSearch(text: string | null | undefined): LocatedPlace | null {
  const parsed = parseSearchLocation(text)
  if (parsed.zip) {
    const point = zipPoint(parsed.zip)
    if (point) return point
  }
  for (const city of parsed.cities) {
    const point = placePoint(city, parsed.state)
    if (point) return point
  }
  return null
}

/** A nurse's base location's search columns: city, state and ZIP as typed, and its coordinates. */
export function baseLocationColumns(baseLocation: string): {
  locationCity: string | null
  locationState: string | null
  locationZip: string | null
  latitude: number | null
  longitude: number | null
} {
  const parsed = parseBaseLocation(baseLocation)
  const point = locateSearch(baseLocation)
  return {
    locationCity: parsed.city,
    locationState: parsed.state,
    locationZip: parsed.zip,
    latitude: point?.lat ?? null,
    longitude: point?.lon ?? null,
  }
}
