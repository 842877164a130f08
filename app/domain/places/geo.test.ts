import { describe, expect, it } from 'vitest'
import { boundingBox, COVERAGE_TOLERANCE_MILES, coversPlace, distanceMiles } from './geo'

const boston = { lat: 42.3601, lon: -71.0589 }
const newYork = { lat: 40.7128, lon: -74.006 }
const losAngeles = { lat: 34.0522, lon: -118.2437 }

describe('distanceMiles', () => {
  it('measures great-circle miles', () => {
    expect(distanceMiles(boston, newYork)).toBeCloseTo(190, -1)
    expect(distanceMiles(newYork, losAngeles)).toBeCloseTo(2446, -1)
    expect(distanceMiles(boston, boston)).toBe(0)
  })

  it('is the same both ways', () => {
    expect(distanceMiles(boston, losAngeles)).toBeCloseTo(distanceMiles(losAngeles, boston), 9)
  })
})

describe('coversPlace', () => {
  it('covers a place within the service radius plus the ZIP-centre tolerance, and no farther', () => {
    const base = { lat: 42, lon: -71 }
    // One degree of latitude is about 69.1 miles.
    const near = { lat: 42 + 11.9 / 69.09, lon: -71 }
    const far = { lat: 42 + 12.1 / 69.09, lon: -71 }
    expect(COVERAGE_TOLERANCE_MILES).toBe(2)
    expect(coversPlace(base, 10, near)).toBe(true)
    expect(coversPlace(base, 10, far)).toBe(false)
    expect(coversPlace(base, 0, base)).toBe(true)
  })
})

describe('boundingBox', () => {
  it('holds every point within the distance', () => {
    const box = boundingBox(boston, 50)
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const rad = (bearing * Math.PI) / 180
      // A point about 49.5 miles away along this bearing.
      const lat = boston.lat + (49.5 / 69.09) * Math.cos(rad)
      const lon = boston.lon + ((49.5 / 69.09) * Math.sin(rad)) / Math.cos((lat * Math.PI) / 180)
      expect(distanceMiles(boston, { lat, lon })).toBeLessThan(50)
      expect(lat).toBeGreaterThanOrEqual(box.minLat)
      expect(lat).toBeLessThanOrEqual(box.maxLat)
      expect(lon).toBeGreaterThanOrEqual(box.minLon)
      expect(lon).toBeLessThanOrEqual(box.maxLon)
    }
  })

  it('spans every longitude near a pole', () => {
    expect(boundingBox({ lat: 89.5, lon: 0 }, 100)).toMatchObject({ minLon: -180, maxLon: 180 })
  })
})
