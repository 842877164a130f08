// Families find a nurse (issue 3): the nurses calls and their parameter rules, approved-only
// listing, location search by city, state and ZIP, the rate and experience filters, paging, open
// nights, the public pages' loaders and HTTP caching, the sitemap and robots.txt.
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { nurseProfiles } from '../../app/db/schema'
import { clearPublicNurseCache, listOpenNights } from '../../app/domain/nurses/nurses.server'
import { addDays, localToday } from '../../app/domain/time/shift-times'
import * as availabilityApi from '../../app/api/nurses.availability'
import * as citiesApi from '../../app/api/nurses.cities'
import * as listApi from '../../app/api/nurses.list'
import * as profileApi from '../../app/api/nurses.public-profile'
import * as searchApi from '../../app/api/nurses.search'
import * as homePage from '../../app/routes/_index'
import * as cityPage from '../../app/routes/night-nurse.$citySlug'
import * as landingPage from '../../app/routes/night-nurse._index'
import * as profilePage from '../../app/routes/nurse.$slug'
import * as robots from '../../app/routes/robots[.]txt'
import * as searchPage from '../../app/routes/search'
import * as sitemap from '../../app/routes/sitemap[.]xml'
import { createBooking, createNurse, createUser, publishNights } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown> & { nurses?: { id: number; slug: string }[] }
}

async function search(query: string) {
  const response = await call(searchApi.loader, makeRequest(`/_api/nurses/search?${query}`))
  expect(response.status).toBe(200)
  return ((await json(response)).nurses ?? []) as { id: number; slug: string; nightlyRateCents: number; yearsExperience: number }[]
}

beforeEach(() => {
  // The public read cache lives in the process; every test starts from an empty database.
  clearPublicNurseCache()
})

describe('parameter rules of the nurses calls', () => {
  test.each([
    ['limit=0', 'Limit must be between 1 and 100'],
    ['limit=101', 'Limit must be between 1 and 100'],
    ['limit=abc', 'Limit must be a whole number'],
    ['offset=-1', 'Offset must be 0 or more'],
    ['minRate=-5', 'Minimum rate must be 0 or more'],
    ['maxRate=-1', 'Maximum rate must be 0 or more'],
    ['minYearsExperience=-1', 'Minimum years of experience must be 0 or more'],
  ])('search with %s answers 400 "%s"', async (query, message) => {
    const response = await call(searchApi.loader, makeRequest(`/_api/nurses/search?${query}`))
    expect(response.status).toBe(400)
    const body = await json(response)
    expect(body.error).toBe(message)
    expect(Object.values(body.issues as Record<string, string[]>).flat()).toContain(message)
  })

  test('search accepts the bounds: limit 1 and 100, offset 0, rates and experience 0', async () => {
    await createNurse()
    expect(await search('limit=1&offset=0&minRate=0&minYearsExperience=0')).toHaveLength(1)
    expect(await search('limit=100')).toHaveLength(1)
  })

  test.each(['limit=0', 'limit=21'])('the featured list with %s answers 400', async (query) => {
    const response = await call(listApi.loader, makeRequest(`/_api/nurses/list?${query}`))
    expect(response.status).toBe(400)
    expect((await json(response)).error).toBe('Limit must be between 1 and 20')
  })

  test.each([
    ['public profile', profileApi.loader, '/_api/nurses/public-profile'],
    ['availability', availabilityApi.loader, '/_api/nurses/availability'],
  ])('the %s call without a slug answers 400 "Slug is required"', async (_name, loader, path) => {
    const response = await call(loader, makeRequest(path))
    expect(response.status).toBe(400)
    expect((await json(response)).error).toBe('Slug is required')
  })
})

describe('only approved nurses are public', () => {
  test('pending, rejected and unstarted nurses are not listed, searched, or given a profile', async () => {
    const baseLocation = 'Austin, TX 78704'
    const approved = await createNurse({ name: 'Alice Approved', baseLocation })
    const hidden = [
      await createNurse({ name: 'Pat Pending', status: 'pending', baseLocation }),
      await createNurse({ name: 'Rae Rejected', status: 'rejected', baseLocation }),
      await createNurse({ name: 'Nan None', status: 'none', baseLocation }),
    ]

    const listed = (await json(await call(listApi.loader, makeRequest('/_api/nurses/list?limit=20')))).nurses!
    expect(listed.map((nurse) => nurse.id)).toEqual([approved.id])
    expect((await search('location=Austin')).map((nurse) => nurse.id)).toEqual([approved.id])

    const shown = await call(profileApi.loader, makeRequest(`/_api/nurses/public-profile?slug=${approved.slug}`))
    expect(shown.status).toBe(200)
    expect((await json(shown)).profile).toMatchObject({
      nurseId: approved.id,
      slug: approved.slug,
      displayName: 'Alice Approved',
      baseLocation: 'Austin, TX 78704',
      languages: ['English'],
      specialties: ['Newborn Care'],
      credentials: ['RN'],
      nightlyRateCents: 30000,
      timezone: 'America/Chicago',
    })

    for (const nurse of hidden) {
      const profile = await call(profileApi.loader, makeRequest(`/_api/nurses/public-profile?slug=${nurse.slug}`))
      expect(profile.status).toBe(404)
      expect(await json(profile)).toEqual({ error: 'Nurse not found' })
      const page = await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}`), { slug: nurse.slug })
      expect(page.status).toBe(404)
      const nights = await call(availabilityApi.loader, makeRequest(`/_api/nurses/availability?slug=${nurse.slug}`))
      expect(nights.status).toBe(404)
    }
  })

  test('the cities call lists only cities with an approved nurse, cached for 10 minutes', async () => {
    await createNurse({ baseLocation: 'Boston, MA 02116' })
    await createNurse({ baseLocation: 'Austin, TX 78704' })
    await createNurse({ baseLocation: 'Austin, TX 78745' })
    await createNurse({ baseLocation: 'Portland, OR 97201' })
    await createNurse({ baseLocation: 'Miami, FL 33101', status: 'pending' })
    const response = await call(citiesApi.loader, makeRequest('/_api/nurses/cities'))
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=600')
    expect((await json(response)).cities).toEqual([
      { name: 'Austin, TX', slug: 'austin' },
      { name: 'Boston, MA', slug: 'boston' },
      { name: 'Portland, OR', slug: 'portland' },
    ])
  })
})

describe('searching nurses', () => {
  test("location matches the city (any case), the state abbreviation or name, and the ZIP of a nurse's base", async () => {
    const austin = await createNurse({ baseLocation: 'Austin, TX 78704' })
    const houston = await createNurse({ baseLocation: 'Houston, TX 77005' })
    const boston = await createNurse({ baseLocation: 'Boston, MA 02116' })
    const ids = async (location: string) => (await search(`location=${encodeURIComponent(location)}`)).map((n) => n.id)

    expect(await ids('austin')).toEqual([austin.id])
    expect(await ids('AUSTIN, TX')).toEqual([austin.id])
    expect(await ids('Austin, MN')).toEqual([])
    expect(await ids('TX')).toEqual([austin.id, houston.id])
    expect(await ids('Texas')).toEqual([austin.id, houston.id])
    expect(await ids('02116')).toEqual([boston.id])
    expect(await ids('77005-1234')).toEqual([houston.id])
    expect(await ids('Seattle')).toEqual([])
    expect(await ids('')).toEqual([austin.id, houston.id, boston.id])
  })

  test('Washington DC is found by its page name and by its base-location form', async () => {
    const dc = await createNurse({ baseLocation: 'Washington, DC 20009' })
    await createNurse({ baseLocation: 'Seattle, WA 98103' })
    expect((await search('location=Washington%20DC')).map((n) => n.id)).toEqual([dc.id])
    expect((await search('location=Washington%2C%20DC')).map((n) => n.id)).toEqual([dc.id])
  })

  test('the nightly rate filters are cents and include their bounds', async () => {
    const cheap = await createNurse({ rateCents: 25000 })
    const middle = await createNurse({ rateCents: 30000 })
    const dear = await createNurse({ rateCents: 45000 })
    const ids = async (query: string) => (await search(query)).map((n) => n.id)
    expect(await ids('minRate=30000')).toEqual([middle.id, dear.id])
    expect(await ids('maxRate=30000')).toEqual([cheap.id, middle.id])
    expect(await ids('minRate=25001&maxRate=44999')).toEqual([middle.id])
    expect(await ids('minRate=50000')).toEqual([])
  })

  test('the experience filter keeps nurses with at least that many years', async () => {
    await createNurse({ yearsExperience: 1 })
    const five = await createNurse({ yearsExperience: 5 })
    const twenty = await createNurse({ yearsExperience: 20 })
    expect((await search('minYearsExperience=5')).map((n) => n.id)).toEqual([five.id, twenty.id])
  })

  test('an answer item carries what a nurse card shows', async () => {
    const nurse = await createNurse({ name: 'Cara Card', baseLocation: 'Austin, TX 78704', rateCents: 32500, yearsExperience: 9 })
    const [item] = await search('limit=1')
    expect(item).toEqual({
      id: nurse.id,
      slug: nurse.slug,
      displayName: 'Cara Card',
      photoUrl: '/images/nurses/nurse-01.svg',
      avatarUrl: null,
      headline: 'Cara Card, newborn care',
      nightlyRateCents: 32500,
      baseLocation: 'Austin, TX 78704',
      yearsExperience: 9,
      // The families' reviews (issue 16): none yet.
      reviewCount: 0,
      reviewAverage: null,
      // What we checked (docs/decisions/0064): no check or license yet.
      backgroundCheckOn: null,
      license: null,
      // 'Takes twins' on the card (issue 36): one baby at a time unless she says otherwise.
      maxBabies: 1,
    })
  })

  test('pages of 12 cover every nurse once, in order, without gaps', async () => {
    const created: number[] = []
    for (let i = 0; i < 30; i++) created.push((await createNurse({ baseLocation: 'Denver, CO 80206' })).id)
    await createNurse({ baseLocation: 'Boston, MA 02116' })
    const pages = [
      await search('location=Denver&limit=12&offset=0'),
      await search('location=Denver&limit=12&offset=12'),
      await search('location=Denver&limit=12&offset=24'),
      await search('location=Denver&limit=12&offset=36'),
    ]
    expect(pages.map((page) => page.length)).toEqual([12, 12, 6, 0])
    expect(pages.flat().map((nurse) => nurse.id)).toEqual(created)
  })
})

describe('open nights', () => {
  test('only published, future, unbooked nights are open; a cancelled night opens again', async () => {
    const nurse = await createNurse()
    const today = localToday(nurse.timezone, new Date())
    const [d1, d2, d3, d4, d5] = [1, 2, 3, 4, 5].map((days) => addDays(today, days))
    await publishNights(nurse, [addDays(today, -2), d1, d2, d3, d4, d5])
    await createBooking({ nurse, dates: [d2] })
    await createBooking({ nurse, dates: [d3], status: 'pending' })
    await createBooking({ nurse, dates: [d4], status: 'cancelled' })
    // A night the nurse never published is not open, booked or not.
    await createBooking({ nurse, dates: [addDays(today, 9)], status: 'cancelled' })

    const response = await call(availabilityApi.loader, makeRequest(`/_api/nurses/availability?slug=${nurse.slug}`))
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect((await json(response)).dates).toEqual([
      { date: d1, startTimeLocal: '21:00', endTimeLocal: '07:00' },
      { date: d4, startTimeLocal: '21:00', endTimeLocal: '07:00' },
      { date: d5, startTimeLocal: '21:00', endTimeLocal: '07:00' },
    ])
  })

  test("tonight stays open until the night starts, judged in the nurse's time zone", async () => {
    const nurse = await createNurse({ baseLocation: 'Seattle, WA 98103' })
    await publishNights(nurse, ['2026-12-10', '2026-12-11'])
    const dates = async (now: string) => (await listOpenNights({ nurseId: nurse.id, timezone: nurse.timezone, minNoticeHours: 0 }, new Date(now))).map((n) => n.date)
    // 8:59 pm in Seattle on Dec 10 is 04:59 UTC on Dec 11.
    expect(await dates('2026-12-11T04:59:00Z')).toEqual(['2026-12-10', '2026-12-11'])
    expect(await dates('2026-12-11T05:00:00Z')).toEqual(['2026-12-11'])
    // Still Dec 10 in Seattle although it is Dec 11 in UTC: the zone decides, not the server.
    expect(await dates('2026-12-11T01:00:00Z')).toEqual(['2026-12-10', '2026-12-11'])
  })
})

describe('public pages', () => {
  test('a city page shows four nurses of its city and is shared-cacheable for anonymous visitors', async () => {
    for (let i = 0; i < 5; i++) await createNurse({ baseLocation: `Boston, MA 0211${i}` })
    await createNurse({ baseLocation: 'Austin, TX 78704' })
    const response = await call(cityPage.loader, makeRequest('/night-nurse/boston'), { citySlug: 'boston' })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=300')
    expect(response.headers.get('Vary')).toBe('Cookie')
    const body = await json(response)
    // The city's own record, and no other city's text, travels with the page (issue 13).
    expect(body.page).toMatchObject({ slug: 'boston', cityName: 'Boston', stateAbbr: 'MA' })
    expect(JSON.stringify(body)).not.toContain('Lady Bird Lake')
    expect(body.nurses).toHaveLength(4)
    expect(body.nurses!.every((nurse) => (nurse as unknown as { baseLocation: string }).baseLocation.startsWith('Boston'))).toBe(true)
  })

  test("a signed-in visitor's page is never stored by a shared cache", async () => {
    const parent = await createUser()
    const cookie = await cookieFor(parent.id)
    const response = await call(cityPage.loader, makeRequest('/night-nurse/austin', { cookie }), { citySlug: 'austin' })
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('Vary')).toBe('Cookie')
  })

  test('the document headers share only anonymous pages that set no cookie', () => {
    const publicHeaders = new Headers({ 'Cache-Control': 'public, max-age=60, stale-while-revalidate=300', Vary: 'Cookie' })
    const none = new Headers()
    const args = { loaderHeaders: publicHeaders, parentHeaders: none, actionHeaders: none, errorHeaders: undefined }
    const shared = new Headers(cityPage.headers(args))
    expect(shared.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=300')
    expect(shared.get('Vary')).toBe('Cookie')
    const withCookie = new Headers(cityPage.headers({ ...args, parentHeaders: new Headers({ 'Set-Cookie': 'toast=; Max-Age=0' }) }))
    expect(withCookie.get('Cache-Control')).toBe('private, no-store')
  })

  test('unknown city slugs answer 404', async () => {
    for (const citySlug of ['new-york', 'atlantis', 'AUSTIN']) {
      const response = await call(cityPage.loader, makeRequest(`/night-nurse/${citySlug}`), { citySlug })
      expect(response.status).toBe(404)
    }
  })

  test("a city page says so when the city has no nurses yet (an empty list, not an error)", async () => {
    await createNurse({ baseLocation: 'Austin, TX 78704' })
    const body = await json(await call(cityPage.loader, makeRequest('/night-nurse/seattle'), { citySlug: 'seattle' }))
    expect(body.nurses).toEqual([])
  })

  test('the home page shows four featured nurses, the most experienced first', async () => {
    for (const years of [3, 12, 8, 20, 1]) await createNurse({ yearsExperience: years })
    await createNurse({ yearsExperience: 40, status: 'pending' })
    const body = await json(await call(homePage.loader, makeRequest('/')))
    expect((body.featured as { yearsExperience: number }[]).map((nurse) => nurse.yearsExperience)).toEqual([20, 12, 8, 3])
  })

  test('the landing page and the home picker send ?city= to the city page', async () => {
    const response = await call(landingPage.loader, makeRequest('/night-nurse?city=san-diego'))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/night-nurse/san-diego')
    const stay = await call(landingPage.loader, makeRequest('/night-nurse?city=atlantis'))
    expect(stay.status).toBe(200)
  })

  test('a city with a page redirects from search; another city searches by that city', async () => {
    const redirect = await call(searchPage.loader, makeRequest('/search?city=Boston'))
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('Location')).toBe('/night-nurse/boston')

    const miami = await createNurse({ baseLocation: 'Miami, FL 33101' })
    await createNurse({ baseLocation: 'Austin, TX 78704' })
    const response = await call(searchPage.loader, makeRequest('/search?city=miami'))
    expect(response.status).toBe(200)
    const body = await json(response)
    expect(body.cityName).toBe('Miami')
    expect(body.heading).toBe('Night Nurses in Miami')
    expect(body.nurses!.map((nurse) => nurse.id)).toEqual([miami.id])
  })

  test("the search's City list offers only the cities approved nurses work in", async () => {
    await createNurse({ baseLocation: 'Miami, FL 33101' })
    await createNurse({ baseLocation: 'Austin, TX 78704' })
    await createNurse({ baseLocation: 'Denver, CO 80202', status: 'pending' })
    const body = await json(await call(searchPage.loader, makeRequest('/search')))
    expect(body.cities).toEqual([
      { name: 'Austin, TX', slug: 'austin' },
      { name: 'Miami, FL', slug: 'miami' },
    ])
    // A city asked for by name that has no nurse yet is still the one shown as chosen.
    const chosen = await json(await call(searchPage.loader, makeRequest('/search?city=Tampa')))
    expect(chosen.cityName).toBe('Tampa')
    expect(chosen.cities).toContainEqual({ name: 'Tampa', slug: 'tampa' })
  })

  test('the search page takes whole dollars and pages of 12 by page number', async () => {
    const ids: number[] = []
    for (let i = 0; i < 14; i++) ids.push((await createNurse({ rateCents: 30000 })).id)
    await createNurse({ rateCents: 29999 })
    const first = await json(await call(searchPage.loader, makeRequest('/search?minRate=300')))
    expect(first.nurses!.map((nurse) => nurse.id)).toEqual(ids.slice(0, 12))
    expect(first.filters).toMatchObject({ minRate: 30000 })
    const second = await json(await call(searchPage.loader, makeRequest('/search?minRate=300&page=2')))
    expect(second.nurses!.map((nurse) => nurse.id)).toEqual(ids.slice(12))
  })

  test('the search page refuses a negative rate with the schema message', async () => {
    const response = await call(searchPage.loader, makeRequest('/search?minRate=-5'))
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe('Minimum rate must be 0 or more')
  })

  test('the profile checklist form leads to the /book link of the ticked open nights', async () => {
    const nurse = await createNurse()
    const today = localToday(nurse.timezone, new Date())
    const [a, b, c] = [3, 4, 5].map((days) => addDays(today, days))
    await publishNights(nurse, [a, b, c])
    await createBooking({ nurse, dates: [b] })

    const go = await call(
      profilePage.loader,
      makeRequest(`/nurse/${nurse.slug}?book=1&date=${c}&date=${a}`),
      { slug: nurse.slug },
    )
    expect(go.status).toBe(302)
    expect(go.headers.get('Location')).toBe(`/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${a},${c}`)

    const booked = await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}?book=1&date=${b}`), { slug: nurse.slug })
    expect(booked.status).toBe(200)
    expect((await json(booked)).bookError).toBe('Some of the nights you picked are no longer open. Please choose again.')

    const none = await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}?book=1`), { slug: nurse.slug })
    expect((await json(none)).bookError).toBe('Choose at least one night to book.')
  })

  test('anonymous pages are served from the 30-second cache; a signed-in reader sees changes at once', async () => {
    const nurse = await createNurse({ rateCents: 30000 })
    const anonymous = async () =>
      (await json(await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}`), { slug: nurse.slug }))).profile as {
        nightlyRateCents: number
      }
    expect((await anonymous()).nightlyRateCents).toBe(30000)
    await getDb().update(nurseProfiles).set({ nightlyRateCents: 41000 }).where(eq(nurseProfiles.id, nurse.id))
    expect((await anonymous()).nightlyRateCents).toBe(30000)

    const cookie = await cookieFor((await createUser()).id)
    const signedIn = await json(await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}`, { cookie }), { slug: nurse.slug }))
    expect((signedIn.profile as { nightlyRateCents: number }).nightlyRateCents).toBe(41000)

    clearPublicNurseCache()
    expect((await anonymous()).nightlyRateCents).toBe(41000)
  })
})

describe('for crawlers', () => {
  test('the sitemap lists the public pages, all twelve city pages and approved profiles only', async () => {
    const approved = await createNurse({ name: 'Sita Sitemap' })
    const pending = await createNurse({ name: 'Pia Pending', status: 'pending' })
    const rejected = await createNurse({ name: 'Rex Rejected', status: 'rejected' })
    const response = await call(sitemap.loader, makeRequest('/sitemap.xml'))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toContain('application/xml')
    const xml = await response.text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    const origin = 'http://localhost:3000'
    for (const path of ['/', '/night-nurse', '/search']) expect(locs).toContain(`${origin}${path}`)
    const cityLocs = locs.filter((loc) => loc.startsWith(`${origin}/night-nurse/`))
    expect(cityLocs).toHaveLength(12)
    expect(cityLocs).toContain(`${origin}/night-nurse/washington-dc`)
    expect(locs).toContain(`${origin}/nurse/${approved.slug}`)
    expect(locs).not.toContain(`${origin}/nurse/${pending.slug}`)
    expect(locs).not.toContain(`${origin}/nurse/${rejected.slug}`)
  })

  test('robots.txt keeps crawlers out of /_api, /admin, /parent, /nurse/dashboard and /book', async () => {
    const response = await call(robots.loader, makeRequest('/robots.txt'))
    const text = await response.text()
    for (const path of ['/_api/', '/admin', '/parent', '/nurse/dashboard', '/book']) {
      expect(text).toMatch(new RegExp(`^Disallow: ${path.replace(/\//g, '\\/')}$`, 'm'))
    }
    expect(text).toContain('Sitemap: http://localhost:3000/sitemap.xml')
  })
})
