// Distances on the Earth for nearby search (decision 0018). Pure; the same formula runs in SQL
// (nurses.server.ts) so a nurse's distance reads the same in both.

export interface GeoPoint {
  lat: number
  lon: number
}

/** The mean radius of the Earth in miles. */
export const EARTH_RADIUS_MILES = 3958.8
/** The largest service radius a nurse can set (schemas/nurse-profile.ts, schemas/onboarding.ts). */
export const MAX_SERVICE_RADIUS_MILES = 200
/**
 * A nurse covers a place when it lies within her service radius plus this much: both points are
 * ZIP code or town centres, which sit a mile or two from the real address.
 */
export const COVERAGE_TOLERANCE_MILES = 2
/** Miles in one degree of latitude (and of longitude at the equator). */
const MILES_PER_DEGREE = (Math.PI * EARTH_RADIUS_MILES) / 180

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** The great-circle (haversine) distance between two points, in miles. */
export function distanceMiles(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat)
  const dLon = radians(b.lon - a.lon)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

export interface BoundingBox {
  minLat: number
  maxLat: number
  minLon: number
  maxLon: number
}

/**
 * A latitude/longitude box holding every point within `miles` of `center` (a cheap, indexable
 * first cut before the exact distance). Near the poles the box spans every longitude.
 */
export function boundingBox(center: GeoPoint, miles: number): BoundingBox {
  const dLat = miles / MILES_PER_DEGREE
  const minLat = Math.max(-90, center.lat - dLat)
  const maxLat = Math.min(90, center.lat + dLat)
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat))
  if (widest >= 89) return { minLat, maxLat, minLon: -180, maxLon: 180 }
  const dLon = miles / (MILES_PER_DEGREE * Math.cos(radians(widest)))
  return { minLat, maxLat, minLon: center.lon - dLon, maxLon: center.lon + dLon }
}

/** Whether a nurse based at `base` with this service radius covers `place` (decision 0018). */
export function coversPlace(base: GeoPoint, serviceRadiusMiles: number, place: GeoPoint): boolean {
  return distanceMiles(base, place) <= serviceRadiusMiles + COVERAGE_TOLERANCE_MILES
}
