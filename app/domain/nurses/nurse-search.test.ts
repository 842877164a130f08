import { describe, expect, test } from 'vitest'
import {
  bookableDates,
  bookingPath,
  cityLinkLabel,
  hasMoreResults,
  isNearBottom,
  offsetForPage,
  searchApiPath,
  searchCacheKey,
  searchHeading,
} from './nurse-search'

describe('search paging', () => {
  test('page 1 starts at offset 0 and each page is 12 further', () => {
    expect(offsetForPage(1)).toBe(0)
    expect(offsetForPage(2)).toBe(12)
    expect(offsetForPage(5)).toBe(48)
  })

  test('another page is asked for only while the last page came back full', () => {
    expect(hasMoreResults(12)).toBe(true)
    expect(hasMoreResults(11)).toBe(false)
    expect(hasMoreResults(0)).toBe(false)
  })

  test('more results load within 1000 px of the bottom, not before', () => {
    expect(isNearBottom({ scrollY: 1000, viewportHeight: 800, documentHeight: 2800 })).toBe(true)
    expect(isNearBottom({ scrollY: 999, viewportHeight: 800, documentHeight: 2800 })).toBe(false)
  })

  test('the search call path carries the filters in cents with the page bounds', () => {
    expect(searchApiPath({ location: 'Austin, TX', minRate: 25000, minYearsExperience: 3 }, 12, 24)).toBe(
      '/_api/nurses/search?location=Austin%2C+TX&minRate=25000&minYearsExperience=3&limit=12&offset=24',
    )
  })
})

describe('search cache keys', () => {
  test('the same place typed differently shares one key', () => {
    const base = { limit: 12, offset: 0 }
    expect(searchCacheKey({ ...base, location: ' austin ' })).toBe(searchCacheKey({ ...base, location: 'Austin' }))
    expect(searchCacheKey({ ...base, location: 'tx' })).toBe(searchCacheKey({ ...base, location: 'Texas' }))
  })

  test('different filters or pages never share a key', () => {
    const base = { location: 'Austin', limit: 12, offset: 0 }
    const keys = new Set([
      searchCacheKey(base),
      searchCacheKey({ ...base, offset: 12 }),
      searchCacheKey({ ...base, minRate: 30000 }),
      searchCacheKey({ ...base, maxRate: 30000 }),
      searchCacheKey({ ...base, minYearsExperience: 5 }),
      searchCacheKey({ ...base, location: 'Austin, MN' }),
    ])
    expect(keys.size).toBe(6)
  })
})

describe('labels', () => {
  test('the heading follows the city, else the location', () => {
    expect(searchHeading({ cityName: 'Miami', location: 'x' })).toBe('Night Nurses in Miami')
    expect(searchHeading({ location: '78704' })).toBe('Night Nurses near 78704')
    expect(searchHeading({})).toBe('Find a Night Nurse')
  })

  test("a city link reads 'Night Nurse' and the city name before the comma", () => {
    expect(cityLinkLabel('Boston, MA')).toBe('Night Nurse Boston')
    expect(cityLinkLabel('Washington, DC')).toBe('Night Nurse Washington')
  })
})

describe('the /book link', () => {
  test('carries nurseId, slug and the dates in order, comma-separated', () => {
    expect(bookingPath({ nurseId: 7, slug: 'nora-nightingale-7', dates: ['2026-12-03', '2026-12-01', '2026-12-03'] })).toBe(
      '/book?nurseId=7&slug=nora-nightingale-7&dates=2026-12-01,2026-12-03',
    )
  })

  test('only open nights can be booked', () => {
    expect(bookableDates(['2026-12-05', '2026-12-01', 'junk'], ['2026-12-01', '2026-12-02', '2026-12-05'])).toEqual([
      '2026-12-01',
      '2026-12-05',
    ])
  })
})
