// The shipped gazetteer (decision 0018): ZIP codes and towns of the 50 states and DC.
import { describe, expect, it } from 'vitest'
import { baseLocationColumns, locateSearch, placePoint, zipPoint } from '../../app/domain/places/gazetteer.server'
import { distanceMiles } from '../../app/domain/places/geo'

describe('the gazetteer', () => {
  it('knows ZIP codes', () => {
    expect(zipPoint('02115')).toMatchObject({ lat: expect.closeTo(42.34, 1), lon: expect.closeTo(-71.09, 1) })
    expect(zipPoint('00000')).toBeNull()
  })

  it('knows towns in their state, and prefers our cities or the larger town when no state is given', () => {
    expect(placePoint('Boston', 'MA')).toMatchObject({ key: 'place:MA|boston' })
    expect(placePoint('Portland', null)).toMatchObject({ key: 'place:OR|portland' })
    expect(placePoint('St. Louis', null)).toMatchObject({ key: 'place:MO|st louis' })
    expect(placePoint('Boston', 'ZZ')).toBeNull()
  })

  it.each([
    ['Boston, MA 02115', 'zip:02115'],
    ['123 Main St, Boston, MA 02116', 'zip:02116'],
    ['Boston', 'place:MA|boston'],
    ['Boston, Massachusetts', 'place:MA|boston'],
    ['Washington', 'place:DC|washington'],
    ['Washington, D.C.', 'place:DC|washington'],
    ['Seattle, WA', 'place:WA|seattle'],
    ['Brooklyn, NY', 'place:NY|brooklyn'],
    // An unknown ZIP with its town still finds the town.
    ['Boston, MA 02100', 'place:MA|boston'],
  ])('locates %j', (text, key) => {
    expect(locateSearch(text)?.key).toBe(key)
  })

  it('puts a town near its ZIP codes', () => {
    expect(distanceMiles(locateSearch('Boston, MA')!, zipPoint('02108')!)).toBeLessThan(3)
    expect(distanceMiles(locateSearch('Washington DC')!, zipPoint('20001')!)).toBeLessThan(3)
  })

  it('does not locate a state alone, a blank text or an unknown place', () => {
    expect(locateSearch('Texas')).toBeNull()
    expect(locateSearch('WA')).toBeNull()
    expect(locateSearch('')).toBeNull()
    expect(locateSearch('Atlantisx')).toBeNull()
  })

  it('gives a saved base location its search keys and coordinates', () => {
    expect(baseLocationColumns('Boston, MA 02116')).toMatchObject({
      locationCity: 'Boston',
      locationState: 'MA',
      locationZip: '02116',
      latitude: expect.closeTo(42.35, 1),
      longitude: expect.closeTo(-71.08, 1),
    })
  })
})
