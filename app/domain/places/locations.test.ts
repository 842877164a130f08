import { describe, expect, it } from 'vitest'
import { cityOfAddress, normalizeLocationQuery, parseBaseLocation, parseSearchLocation, placeKey, stateCode, US_STATES } from './locations'

describe('parseBaseLocation', () => {
  it.each([
    ['Austin, TX', { city: 'Austin', state: 'TX', zip: null }],
    ['Austin, TX 78704', { city: 'Austin', state: 'TX', zip: '78704' }],
    ['Austin, TX, 78704', { city: 'Austin', state: 'TX', zip: '78704' }],
    ['Austin TX 78704-1234', { city: 'Austin', state: 'TX', zip: '78704' }],
    ['78704', { city: null, state: null, zip: '78704' }],
    ['Washington, DC', { city: 'Washington', state: 'DC', zip: null }],
    ['Washington, D.C. 20009', { city: 'Washington', state: 'DC', zip: '20009' }],
    ['Washington DC', { city: 'Washington', state: 'DC', zip: null }],
    ['San Francisco CA', { city: 'San Francisco', state: 'CA', zip: null }],
    ['Boston, Massachusetts', { city: 'Boston', state: 'MA', zip: null }],
    ['Charlotte North Carolina', { city: 'Charlotte', state: 'NC', zip: null }],
    ['Charleston, West Virginia', { city: 'Charleston', state: 'WV', zip: null }],
    ['Kansas City Missouri', { city: 'Kansas City', state: 'MO', zip: null }],
    ['New York, NY 10001', { city: 'New York', state: 'NY', zip: '10001' }],
    ['NYC', { city: 'New York', state: 'NY', zip: null }],
    ['Brooklyn, New York, NY 11215', { city: 'Brooklyn', state: 'NY', zip: '11215' }],
    ['Seattle, WA, USA', { city: 'Seattle', state: 'WA', zip: null }],
  ])('reads %s', (input, expected) => {
    expect(parseBaseLocation(input)).toEqual(expected)
  })

  it('keeps a lone city without a state', () => {
    expect(parseBaseLocation('Kansas City')).toEqual({ city: 'Kansas City', state: null, zip: null })
    expect(parseBaseLocation('Oklahoma City')).toEqual({ city: 'Oklahoma City', state: null, zip: null })
  })

  it('reads a lone state as a state', () => {
    expect(parseBaseLocation('Texas')).toEqual({ city: null, state: 'TX', zip: null })
    expect(parseBaseLocation('ny')).toEqual({ city: null, state: 'NY', zip: null })
  })

  it('tidies case and spacing', () => {
    expect(parseBaseLocation('  san   antonio,  tx ')).toEqual({ city: 'San Antonio', state: 'TX', zip: null })
    expect(parseBaseLocation('McAllen, tx')).toEqual({ city: 'McAllen', state: 'TX', zip: null })
  })

  it('gives nulls for an empty text', () => {
    expect(parseBaseLocation('')).toEqual({ city: null, state: null, zip: null })
    expect(parseBaseLocation('  ,  ')).toEqual({ city: null, state: null, zip: null })
  })

  it('does not take a longer number for a ZIP', () => {
    expect(parseBaseLocation('123456').zip).toBeNull()
  })
})

describe('stateCode', () => {
  it('knows all 50 states and DC', () => {
    expect(Object.keys(US_STATES)).toHaveLength(51)
    for (const [code, name] of Object.entries(US_STATES)) {
      expect(stateCode(code)).toBe(code)
      expect(stateCode(code.toLowerCase())).toBe(code)
      expect(stateCode(name)).toBe(code)
      expect(stateCode(name.toUpperCase())).toBe(code)
    }
  })

  it('rejects what is not a state', () => {
    expect(stateCode('XX')).toBeNull()
    expect(stateCode('Austin')).toBeNull()
    expect(stateCode('')).toBeNull()
  })
})

describe('normalizeLocationQuery', () => {
  it('reads a ZIP', () => {
    expect(normalizeLocationQuery('78704')).toEqual({ kind: 'zip', zip: '78704' })
    expect(normalizeLocationQuery(' Austin, TX 78704 ')).toEqual({ kind: 'zip', zip: '78704' })
  })

  it('reads a state by abbreviation or name', () => {
    expect(normalizeLocationQuery('TX')).toEqual({ kind: 'state', state: 'TX' })
    expect(normalizeLocationQuery('tx')).toEqual({ kind: 'state', state: 'TX' })
    expect(normalizeLocationQuery('Texas')).toEqual({ kind: 'state', state: 'TX' })
    expect(normalizeLocationQuery('new jersey')).toEqual({ kind: 'state', state: 'NJ' })
  })

  it('reads a city', () => {
    expect(normalizeLocationQuery('Austin')).toEqual({ kind: 'city', city: 'Austin' })
    expect(normalizeLocationQuery('los angeles')).toEqual({ kind: 'city', city: 'Los Angeles' })
  })

  it('reads a city with its state', () => {
    expect(normalizeLocationQuery('Austin, TX')).toEqual({ kind: 'city', city: 'Austin', state: 'TX' })
    expect(normalizeLocationQuery('San Francisco CA')).toEqual({
      kind: 'city',
      city: 'San Francisco',
      state: 'CA',
    })
    expect(normalizeLocationQuery('Washington, DC')).toEqual({ kind: 'city', city: 'Washington', state: 'DC' })
  })

  it('gives null for a blank query', () => {
    expect(normalizeLocationQuery('')).toBeNull()
    expect(normalizeLocationQuery('   ')).toBeNull()
    expect(normalizeLocationQuery(undefined)).toBeNull()
  })
})

describe('normalizeLocationQuery of a lone state name that is also one of our cities', () => {
  it('reads Washington as Washington, DC and New York as the city', () => {
    expect(normalizeLocationQuery('Washington')).toEqual({ kind: 'city', city: 'Washington', state: 'DC' })
    expect(normalizeLocationQuery('new york')).toEqual({ kind: 'city', city: 'New York', state: 'NY' })
  })

  it('still reads the state by its abbreviation or as "Washington State"', () => {
    expect(normalizeLocationQuery('WA')).toEqual({ kind: 'state', state: 'WA' })
    expect(normalizeLocationQuery('Washington State')).toEqual({ kind: 'state', state: 'WA' })
    expect(normalizeLocationQuery('NY')).toEqual({ kind: 'state', state: 'NY' })
  })
})

describe('parseSearchLocation', () => {
  it.each([
    ['02115', { zip: '02115', state: null, cities: [] }],
    ['Boston, MA 02115', { zip: '02115', state: 'MA', cities: ['Boston'] }],
    ['02115-3400', { zip: '02115', state: null, cities: [] }],
    ['Boston', { zip: null, state: null, cities: ['Boston'] }],
    ['boston ma', { zip: null, state: 'MA', cities: ['Boston'] }],
    ['Boston, MA', { zip: null, state: 'MA', cities: ['Boston'] }],
    ['Boston, Massachusetts', { zip: null, state: 'MA', cities: ['Boston'] }],
    ['Boston, MA, USA', { zip: null, state: 'MA', cities: ['Boston'] }],
    ['Washington DC', { zip: null, state: 'DC', cities: ['Washington'] }],
    ['Washington, D.C.', { zip: null, state: 'DC', cities: ['Washington'] }],
    ['Washington', { zip: null, state: 'DC', cities: ['Washington'] }],
    ['Washington State', { zip: null, state: 'WA', cities: [] }],
    ['Texas', { zip: null, state: 'TX', cities: [] }],
    ['NYC', { zip: null, state: 'NY', cities: ['New York'] }],
    ['Seattle, WA', { zip: null, state: 'WA', cities: ['Seattle'] }],
    ['Kansas City', { zip: null, state: null, cities: ['Kansas City'] }],
    ['', { zip: null, state: null, cities: [] }],
  ])('reads %j', (text, expected) => {
    expect(parseSearchLocation(text)).toEqual(expected)
  })

  it('takes the ZIP of a street address, not its house number', () => {
    expect(parseSearchLocation('12345 Main St, Boston, MA 02116')).toMatchObject({ zip: '02116', state: 'MA' })
    expect(parseSearchLocation('123 Main St, Boston, MA 02116').zip).toBe('02116')
  })

  it('tries the place nearest the state first, and the town after a street without commas', () => {
    expect(parseSearchLocation('123 Main St, Boston, MA').cities[0]).toBe('Boston')
    expect(parseSearchLocation('Back Bay, Boston, MA').cities).toEqual(['Boston', 'Back Bay'])
    expect(parseSearchLocation('123 Main St Boston MA').cities).toContain('Boston')
    expect(parseSearchLocation('123 Main St Boston MA').state).toBe('MA')
  })
})

describe('placeKey', () => {
  it('writes a place name one way', () => {
    expect(placeKey('St. Louis')).toBe(placeKey('Saint Louis'))
    expect(placeKey('Fort Worth')).toBe(placeKey('Ft. Worth'))
    expect(placeKey('Wilkes-Barre')).toBe('wilkes barre')
    expect(placeKey("Coeur d'Alene")).toBe('coeur dalene')
    expect(placeKey('  Cañon   City ')).toBe('canon city')
  })
})

describe('the city of a booking address', () => {
  it.each([
    ['12 Beacon Street, Boston, MA 02108', 'Boston'],
    ['500 Congress Ave, Austin TX 78701', 'Austin'],
    ['9 Elm St, Apt 4, Brooklyn, NY', 'Brooklyn'],
    ['9 Elm St, Denver', 'Denver'],
    ['somewhere without commas', null],
  ])('finds the city of %s', (address, city) => {
    expect(cityOfAddress(address)).toBe(city)
  })
})
