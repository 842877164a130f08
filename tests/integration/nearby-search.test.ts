// Families find the nurses whose service area covers the address, ZIP code or town they type,
// nearest first (issue 11 bug 2, decision 0018). Nurses are saved through the profile form's own
// save, so their coordinates come from the gazetteer as in the app.
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { nurseProfiles } from '../../app/db/schema'
import { baseLocationColumns, locateSearch } from '../../app/domain/places/gazetteer.server'
import { coversPlace, distanceMiles, type GeoPoint } from '../../app/domain/places/geo'
import { fillMissingNurseCoordinates } from '../../app/domain/nurses/nurse-coordinates.server'
import { updateOwnNurseProfile } from '../../app/domain/nurses/nurse-profile.server'
import { clearPublicNurseCache } from '../../app/domain/nurses/nurses.server'
import * as searchApi from '../../app/api/nurses.search'
import * as cityPage from '../../app/routes/night-nurse.$citySlug'
import * as searchPage from '../../app/routes/search'
import { createNurse } from '../support/factories'
import { call, makeRequest } from '../support/fixtures'

/** An approved nurse whose base location and radius are saved through the profile form's save. */
async function nurseAt(
  baseLocation: string,
  serviceRadiusMiles: number,
  options: { status?: 'approved' | 'pending'; rateCents?: number } = {},
) {
  const nurse = await createNurse({ status: options.status })
  const saved = await updateOwnNurseProfile(nurse.userId, {
    baseLocation,
    serviceRadiusMiles,
    headline: 'Newborn care',
    nightlyRateCents: options.rateCents ?? 30000,
    languages: ['English'],
  })
  expect(saved.ok).toBe(true)
  return { id: nurse.id, name: baseLocation }
}

async function searchIds(location: string, extra = ''): Promise<number[]> {
  const response = await call(
    searchApi.loader,
    makeRequest(`/_api/nurses/search?location=${encodeURIComponent(location)}${extra}`),
  )
  expect(response.status).toBe(200)
  const body = (await response.json()) as { nurses: { id: number }[] }
  return body.nurses.map((nurse) => nurse.id)
}

beforeEach(() => {
  clearPublicNurseCache()
})

async function seedNurses() {
  // Boston: Back Bay, Jamaica Plain and the city itself, Cambridge across the river, and a nurse in
  // Providence who drives up to 50 miles (Boston is about 41 miles away).
  const backBay = await nurseAt('Boston, MA 02116', 10)
  const jamaicaPlain = await nurseAt('Boston, MA 02130', 10)
  const downtown = await nurseAt('Boston, MA', 15)
  const cambridge = await nurseAt('Cambridge, MA 02139', 5)
  const providence = await nurseAt('Providence, RI 02903', 50)
  // Worcester is about 40 miles from Boston: a 10-mile radius does not reach it.
  const worcester = await nurseAt('Worcester, MA 01608', 10)
  const pendingBoston = await nurseAt('Boston, MA 02115', 20, { status: 'pending' })
  const dc = await nurseAt('Washington, DC 20001', 10)
  const dcNorth = await nurseAt('Washington, D.C. 20011', 10)
  const arlington = await nurseAt('Arlington, VA 22201', 10)
  const seattle = await nurseAt('Seattle, WA 98101', 20)
  const fremont = await nurseAt('Seattle, WA 98103', 20)
  const bellevue = await nurseAt('Bellevue, WA 98004', 15)
  const nurses = { backBay, jamaicaPlain, downtown, cambridge, providence, worcester, pendingBoston }
  return { ...nurses, dc, dcNorth, arlington, seattle, fremont, bellevue }
}

describe('search by address, ZIP code or town finds the nurses who serve it (issue 11 bug 2)', () => {
  test('each way of typing a place finds the nurses whose service area covers it', async () => {
    const n = await seedNurses()
    const ids = (...nurses: { id: number }[]) => nurses.map((x) => x.id).sort((a, b) => a - b)
    const boston = ids(n.backBay, n.jamaicaPlain, n.downtown, n.cambridge, n.providence)
    const washington = ids(n.dc, n.dcNorth, n.arlington)
    const seattle = ids(n.seattle, n.fremont, n.bellevue)
    const cases: [query: string, expected: number[]][] = [
      ['Boston, MA 02115', boston],
      ['02115', boston],
      ['Boston, MA 02116', boston],
      ['02116', boston],
      ['123 Main St, Boston, MA 02116', boston],
      ['Boston', boston],
      ['boston', boston],
      ['Boston, MA', boston],
      ['Boston MA', boston],
      ['Boston, Massachusetts', boston],
      ['Back Bay, Boston, MA', boston],
      ['Washington DC', washington],
      ['Washington, D.C.', washington],
      ['Washington, DC 20001', washington],
      ['Washington', washington],
      ['Seattle, WA', seattle],
      ['Seattle', seattle],
      ['Seattle, Washington', seattle],
      ['98101', seattle],
      // The state itself, by its abbreviation or as 'Washington State', lists every nurse based there.
      ['WA', seattle],
      ['Washington State', seattle],
      // Worcester's own nurse and the Providence nurse (38 miles of her 50) cover Worcester.
      ['Worcester, MA', ids(n.worcester, n.providence)],
      // Concord, NH is outside every radius (Boston 65 miles, Providence 105, Worcester 60).
      ['03301', []],
      ['Concord, NH', []],
    ]
    for (const [query, expected] of cases) {
      clearPublicNurseCache()
      expect((await searchIds(query)).sort((a, b) => a - b), query).toEqual(expected)
    }
  })

  test('the nearest nurse comes first, and pages follow the same order', async () => {
    const n = await seedNurses()
    // From 02115 (Fenway): Back Bay 0.9 mi, Cambridge 1.6, downtown Boston 2.0, Jamaica Plain 2.3,
    // Providence 40.
    const nearestFirst = [n.backBay, n.cambridge, n.downtown, n.jamaicaPlain, n.providence].map((x) => x.id)
    expect(await searchIds('Boston, MA 02115')).toEqual(nearestFirst)
    expect(await searchIds('02115', '&limit=2&offset=0')).toEqual(nearestFirst.slice(0, 2))
    expect(await searchIds('02115', '&limit=2&offset=2')).toEqual(nearestFirst.slice(2, 4))
    expect(await searchIds('02115', '&limit=2&offset=4')).toEqual(nearestFirst.slice(4))
    // From Providence the Providence nurse is nearest and the Boston nurses who reach it none.
    expect(await searchIds('Providence, RI')).toEqual([n.providence.id])
  })

  test('the rate and experience filters still apply to a nearby search', async () => {
    const cheap = await nurseAt('Boston, MA 02116', 10, { rateCents: 25000 })
    const dear = await nurseAt('Boston, MA 02118', 10, { rateCents: 45000 })
    expect((await searchIds('02115')).sort((a, b) => a - b)).toEqual([cheap.id, dear.id])
    clearPublicNurseCache()
    expect(await searchIds('02115', '&minRate=30000')).toEqual([dear.id])
  })

  test('a place the gazetteer does not know is still matched by its text', async () => {
    const nowhere = await nurseAt('Smallvillex, KS', 20)
    expect(await searchIds('Smallvillex')).toEqual([nowhere.id])
    expect(await searchIds('Atlantisx')).toEqual([])
  })

  test('a nurse whose base location is saved gets its coordinates; an unknown place gets none', async () => {
    const boston = await nurseAt('Boston, MA 02116', 10)
    const [row] = await getDb().select().from(nurseProfiles).where(eq(nurseProfiles.id, boston.id))
    expect(row.latitude).toBeCloseTo(42.35, 1)
    expect(row.longitude).toBeCloseTo(-71.08, 1)
    expect(baseLocationColumns('Nowherex, ZZ')).toMatchObject({ latitude: null, longitude: null })
  })

  test('nurses saved before coordinates existed get them at start-up and are found nearby', async () => {
    const db = getDb()
    const old = await nurseAt('Boston, MA 02116', 10)
    const unknown = await nurseAt('Smallvillex, KS', 10)
    await db.update(nurseProfiles).set({ latitude: null, longitude: null })
    expect(await fillMissingNurseCoordinates(db)).toBe(1)
    const rows = await db.select().from(nurseProfiles).orderBy(nurseProfiles.id)
    expect(rows.map((row) => [row.id, row.latitude === null])).toEqual([
      [old.id, false],
      [unknown.id, true],
    ])
    clearPublicNurseCache()
    expect(await searchIds('Cambridge, MA')).toEqual([old.id])
    expect(await fillMissingNurseCoordinates(db)).toBe(0)
  })

  test('the /search page and the city pages list the nurses who serve the place', async () => {
    const n = await seedNurses()
    const page = await call(searchPage.loader, makeRequest('/search?location=02115'))
    const pageBody = (await page.json()) as { nurses: { id: number }[] }
    expect(pageBody.nurses.map((x) => x.id)).toEqual(
      [n.backBay, n.cambridge, n.downtown, n.jamaicaPlain, n.providence].map((x) => x.id),
    )
    const dcPage = await call(cityPage.loader, makeRequest('/night-nurse/washington-dc'), { citySlug: 'washington-dc' })
    const dcBody = (await dcPage.json()) as { nurses: { id: number }[] }
    expect(dcBody.nurses.map((x) => x.id).sort((a, b) => a - b)).toEqual(
      [n.dc, n.dcNorth, n.arlington].map((x) => x.id).sort((a, b) => a - b),
    )
  })
})

describe('nearby search in rings (issue 13, decision 0025)', () => {
  // Forty nurses around Austin, from a few hundred yards to forty miles out, ten of them at two
  // points (ties go by id), with radii that do and do not reach the centre. Every page of every
  // size, with and without a rate filter, must be what sorting them all by distance gives.
  async function nursesAroundAustin() {
    const austin = locateSearch('Austin, TX')!
    let seed = 7
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    const nurses: { id: number; point: GeoPoint; radius: number; rateCents: number }[] = []
    // Nurses share the centre of their town or ZIP code: two points hold five each (decision 0026).
    const shared = [
      { lat: austin.lat + 0.004, lon: austin.lon - 0.004 },
      { lat: austin.lat - 0.02, lon: austin.lon + 0.01 },
    ]
    for (let i = 0; i < 40; i++) {
      const miles = 0.3 + random() * 40
      const angle = random() * 2 * Math.PI
      const point =
        i % 4 === 0
          ? shared[(i / 4) % 2]
          : { lat: austin.lat + (miles / 69) * Math.sin(angle), lon: austin.lon + (miles / 60) * Math.cos(angle) }
      const radius = [5, 15, 30, 45][i % 4]
      const rateCents = 20000 + (i % 5) * 5000
      const nurse = await createNurse({ baseLocation: 'Austin, TX', rateCents })
      await getDb()
        .update(nurseProfiles)
        .set({ latitude: point.lat, longitude: point.lon, serviceRadiusMiles: radius })
        .where(eq(nurseProfiles.id, nurse.id))
      nurses.push({ id: nurse.id, point, radius, rateCents })
    }
    return { austin, nurses }
  }

  test('every page is the nearest nurses in order, whichever ring answers it', async () => {
    const { austin, nurses } = await nursesAroundAustin()
    clearPublicNurseCache()
    for (const minRateCents of [0, 30000]) {
      const expected = nurses
        .filter((nurse) => coversPlace(nurse.point, nurse.radius, austin) && nurse.rateCents >= minRateCents)
        .map((nurse) => ({ id: nurse.id, miles: distanceMiles(nurse.point, austin) }))
        .sort((a, b) => a.miles - b.miles || a.id - b.id)
        .map((nurse) => nurse.id)
      expect(expected.length).toBeGreaterThan(10)
      for (const limit of [1, 3, 5, 12, 50]) {
        const pages: number[] = []
        for (let offset = 0; offset < expected.length + limit; offset += limit) {
          const filter = minRateCents ? `&minRate=${minRateCents}` : ''
          pages.push(...(await searchIds('Austin, TX', `&limit=${limit}&offset=${offset}${filter}`)))
        }
        expect(pages, `limit ${limit}, min rate ${minRateCents}`).toEqual(expected)
      }
    }
  })
})
