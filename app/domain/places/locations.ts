// Places typed by people. Pure. A nurse's free-text base location is split into
// normalised search keys (city, 2-letter state, 5-digit ZIP), and a parent's search text is read as a
// ZIP, a state or a city (optionally with its state); parseSearchLocation reads it for the gazetteer
// (an address's ZIP, the town nearest its state) and placeKey is how the gazetteer writes town names.

/** The 50 states and the District of Columbia, by USPS abbreviation. */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
}

export interface ParsedLocation {
  city: string | null
  /** USPS abbreviation, upper case. */
  state: string | null
  /** Five digits (a ZIP+4 keeps its first five). */
  zip: string | null
}

export type LocationQuery =
  | { kind: 'zip'; zip: string }
  | { kind: 'state'; state: string }
  | { kind: 'city'; city: string; state?: string }

const NAME_TO_CODE = new Map<string, string>(
  Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]),
)
NAME_TO_CODE.set('washington dc', 'DC')
NAME_TO_CODE.set('washington d c', 'DC')

/** Names of states, longest first, as word lists (to find 'North Carolina' at the end of a text). */
const STATE_NAMES_BY_LENGTH = [...NAME_TO_CODE.keys()]
  .filter((name) => !name.startsWith('washington d'))
  .map((name) => name.split(' '))
  .sort((a, b) => b.length - a.length)

/** Common ways of naming a city that are not its name. */
const CITY_ALIASES = new Map<string, { city: string; state: string }>([
  ['nyc', { city: 'New York', state: 'NY' }],
  ['new york city', { city: 'New York', state: 'NY' }],
  ['washington dc', { city: 'Washington', state: 'DC' }],
  ['washington d c', { city: 'Washington', state: 'DC' }],
])

const ZIP_PATTERN = /(^|[^\d])(\d{5})(?:-\d{4})?(?!\d)/
// Applied to clean() text (single spaces, trimmed), so no run of spaces needs a quantifier that
// would make it quadratic (eslint-plugin-regexp, docs/decisions/0043).
const COUNTRY_SUFFIX = /(?:,|\s) ?(?:usa|u\.s\.a\.?|u\.s\.?|us|united states(?: of america)?)$/i

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** Lower case, dots and extra spaces gone: 'D.C.' → 'dc', ' New  York ' → 'new york'. */
function key(text: string): string {
  return clean(text.replace(/\./g, ' ')).toLowerCase()
}

/** The state code for an abbreviation ('tx', 'D.C.') or a full name ('Texas'), else null. */
export function stateCode(text: string): string | null {
  const k = key(text)
  if (!k) return null
  const compact = k.replace(/\s/g, '')
  if (compact.length === 2) {
    const code = compact.toUpperCase()
    return code in US_STATES ? code : null
  }
  return NAME_TO_CODE.get(k) ?? null
}

/** Title-cases a city typed all in one case ('san antonio' → 'San Antonio'); leaves 'McAllen' alone. */
function tidyCity(text: string): string | null {
  // The lookbehind starts the trailing run only at its first character: linear, not quadratic.
  const city = clean(text.replace(/^[\s,.;-]+|(?<![\s,;-])[\s,;-]+$/g, ''))
  if (!city) return null
  if (city === city.toLowerCase() || city === city.toUpperCase()) {
    return city.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
  }
  return city
}

/** Splits 'San Francisco CA' or 'Kansas City Missouri' into the city and a trailing state. */
function splitTrailingState(text: string): { city: string; state: string } | null {
  const words = clean(text).split(' ')
  if (words.length < 2) return null
  const last = words[words.length - 1].replace(/\./g, '')
  if (last.length === 2 && last.toUpperCase() in US_STATES) {
    return { city: words.slice(0, -1).join(' '), state: last.toUpperCase() }
  }
  // 'Washington D.C.' / 'Washington D C'
  const lastTwo = words.slice(-2).join('').replace(/\./g, '').toUpperCase()
  if (words.length >= 3 && lastTwo === 'DC') {
    return { city: words.slice(0, -2).join(' '), state: 'DC' }
  }
  const lowered = words.map((w) => w.toLowerCase())
  for (const name of STATE_NAMES_BY_LENGTH) {
    if (name.length >= words.length) continue
    const tail = lowered.slice(-name.length)
    if (tail.every((w, i) => w === name[i])) {
      return { city: words.slice(0, -name.length).join(' '), state: NAME_TO_CODE.get(name.join(' '))! }
    }
  }
  return null
}

/**
 * Reads a base location such as 'Austin, TX', 'Austin, TX 78704', '78704', 'Washington, DC',
 * 'San Francisco CA' or 'Boston, Massachusetts'. A lone state ('Texas') gives only the state; a
 * lone ZIP gives only the ZIP (no city or state is guessed from it).
 */
export function parseBaseLocation(text: string): ParsedLocation {
  let rest = clean(text ?? '')
  let zip: string | null = null
  const zipMatch = ZIP_PATTERN.exec(rest)
  if (zipMatch) {
    zip = zipMatch[2]
    rest = clean(rest.replace(ZIP_PATTERN, '$1 '))
  }
  rest = clean(rest.replace(COUNTRY_SUFFIX, ''))
  const parts = rest
    .split(',')
    .map(clean)
    .filter((part) => part.length > 0 && !/^[.;-]+$/.test(part))

  if (parts.length === 0) return { city: null, state: null, zip }

  const alias = CITY_ALIASES.get(key(parts.join(' ')))
  if (alias) return { ...alias, zip }

  if (parts.length === 1) {
    const only = parts[0]
    const state = stateCode(only)
    if (state) return { city: null, state, zip }
    const split = splitTrailingState(only)
    if (split) return { city: tidyCity(split.city), state: split.state, zip }
    return { city: tidyCity(only), state: null, zip }
  }

  // 'City, ST' or 'Neighbourhood, City, ST': the first part is the place, the last the state.
  const last = parts[parts.length - 1]
  const state = stateCode(last)
  if (state) return { city: tidyCity(parts[0]), state, zip }
  const split = splitTrailingState(last)
  if (split) return { city: tidyCity(parts[0]), state: split.state, zip }
  return { city: tidyCity(parts[0]), state: null, zip }
}

/**
 * Reads a parent's location search: '78704' → ZIP; 'TX' or 'Texas' → state; 'Austin' → city;
 * 'Austin, TX' → city and state. Null for a blank query (no location filter).
 */
export function normalizeLocationQuery(q: string | null | undefined): LocationQuery | null {
  const text = clean(q ?? '')
  if (!text) return null
  const lone = LONE_NAMES.get(key(text))
  if (lone) return lone.city ? { kind: 'city', city: lone.city, state: lone.state } : { kind: 'state', state: lone.state }
  const parsed = parseBaseLocation(text)
  if (parsed.zip) return { kind: 'zip', zip: parsed.zip }
  if (parsed.city && parsed.state) return { kind: 'city', city: parsed.city, state: parsed.state }
  if (parsed.city) return { kind: 'city', city: parsed.city }
  if (parsed.state) return { kind: 'state', state: parsed.state }
  // Only punctuation or a country name: treat the text as a city name so it simply finds nothing.
  return { kind: 'city', city: text }
}

// A lone state name that families mean as a city: 'Washington' is Washington, DC and 'New York' is
// New York City, the two of our cities named like a state (decision 0018). The state is still
// found by its abbreviation ('WA', 'NY') or as 'Washington State' / 'New York State'.
const LONE_NAMES = new Map<string, { city?: string; state: string }>([
  ['washington', { city: 'Washington', state: 'DC' }],
  ['new york', { city: 'New York', state: 'NY' }],
  ['washington state', { state: 'WA' }],
  ['new york state', { state: 'NY' }],
])

/** What a parent's search text names, for looking it up in the gazetteer (decision 0018). */
export interface SearchLocation {
  /** The last 5-digit group: the ZIP of an address ('12 Elm St, Boston, MA 02116' → '02116'). */
  zip: string | null
  /** USPS abbreviation, upper case. */
  state: string | null
  /** Place names to try in order: the part nearest the state first ('Back Bay, Boston, MA' → Boston). */
  cities: string[]
}

const ZIP_GLOBAL = new RegExp(ZIP_PATTERN.source, 'g')
const HAS_DIGIT = /\d/

/** '123 Main St Boston' → 'Main St Boston', 'St Boston', 'Boston': the place after a street address. */
function streetTails(part: string): string[] {
  const words = part.split(' ').filter((word) => !HAS_DIGIT.test(word))
  return words.map((_, i) => words.slice(i).join(' '))
}

/**
 * Reads a parent's search text as a ZIP, a state and the place names it may name: '02115',
 * 'Boston, MA 02115', '123 Main St, Boston, MA', 'Boston', 'Boston MA', 'Boston, Massachusetts',
 * 'Washington, D.C.', 'Washington' (Washington, DC), 'Texas' (a state, no place).
 */
export function parseSearchLocation(text: string | null | undefined): SearchLocation {
  let rest = clean(text ?? '')
  let zip: string | null = null
  for (const match of rest.matchAll(ZIP_GLOBAL)) zip = match[2]
  if (zip) rest = clean(rest.replace(ZIP_GLOBAL, '$1 '))
  rest = clean(rest.replace(COUNTRY_SUFFIX, ''))
  const parts = rest
    .split(',')
    .map(clean)
    .filter((part) => part.length > 0 && !/^[.;-]+$/.test(part))
  if (parts.length === 0) return { zip, state: null, cities: [] }

  const whole = key(parts.join(' '))
  const named = CITY_ALIASES.get(whole) ?? LONE_NAMES.get(whole)
  if (named) return { zip, state: named.state, cities: named.city ? [named.city] : [] }

  let state: string | null = null
  let places = parts
  const last = parts[parts.length - 1]
  const lastState = stateCode(last)
  if (lastState) {
    state = lastState
    places = parts.slice(0, -1)
  } else {
    const split = splitTrailingState(last)
    if (split) {
      state = split.state
      places = [...parts.slice(0, -1), split.city]
    }
  }
  const cities: string[] = []
  for (const part of [...places].reverse()) {
    const candidates = HAS_DIGIT.test(part) ? streetTails(part) : [part]
    for (const candidate of candidates) {
      const city = tidyCity(candidate)
      if (city && !cities.includes(city)) cities.push(city)
    }
  }
  return { zip, state, cities }
}

const PLACE_WORDS: Readonly<Record<string, string>> = { saint: 'st', sainte: 'ste', fort: 'ft', mount: 'mt' }

/**
 * The gazetteer's key of a place name: lower case, accents, dots, apostrophes and hyphens gone, and
 * 'Saint', 'Fort', 'Mount' written short ('St. Louis' and 'Saint Louis' → 'st louis').
 */
export function placeKey(name: string): string {
  return clean(
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/['’.]/g, '')
      .replace(/[-,/]/g, ' '),
  )
    .split(' ')
    .map((word) => PLACE_WORDS[word] ?? word)
    .join(' ')
}

/** The city of a booking address ('12 Beacon Street, Boston, MA 02108' → 'Boston'): the nurse's list shows no more. */
export function cityOfAddress(address: string): string | null {
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
  if (parts.length < 2) return null
  // The last part is 'MA 02108' (then the city comes before it), 'Austin TX 78704' or 'Austin'.
  const last = parseBaseLocation(parts[parts.length - 1])
  if (last.city && !/\d/.test(last.city)) return last.city
  return parts.length >= 3 ? parseBaseLocation(parts[parts.length - 2]).city : null
}
