// Search by nights (issue 17, decision 0035): the nurses with every night a family needs open come
// first, then those with some of them, most nights first (saying how many); weekdays and nights a week narrow what is
// needed; booked nights, a nurse's minimum notice and her weekly limit count as they do at /book.
import { beforeEach, describe, expect, test } from 'vitest'
import { addDays } from '../../app/domain/time/shift-times'
import { mondayOf } from '../../app/domain/nurses/booking-limits'
import { chooseNights, planNights, type WantedNights } from '../../app/domain/nurses/night-search'
import { clearPublicNurseCache, listOpenNights, searchNurses } from '../../app/domain/nurses/nurses.server'
import { NIGHTS_MESSAGES } from '../../app/schemas/nurses'
import * as searchApi from '../../app/api/nurses.search'
import * as searchPage from '../../app/routes/search'
import * as cityPage from '../../app/routes/night-nurse.$citySlug'
import * as profilePage from '../../app/routes/nurse.$slug'
import { createBooking, createNurse, futureDates } from '../support/factories'
import { call, makeRequest } from '../support/fixtures'

interface Found {
  id: number
  slug: string
  nightsOpen?: number
}

async function search(query: string): Promise<Found[]> {
  const response = await call(searchApi.loader, makeRequest(`/_api/nurses/search?${query}`))
  expect(response.status).toBe(200)
  return ((await response.json()) as { nurses: Found[] }).nurses
}

async function searchError(query: string): Promise<{ status: number; error: string }> {
  const response = await call(searchApi.loader, makeRequest(`/_api/nurses/search?${query}`))
  return { status: response.status, error: ((await response.json()) as { error: string }).error }
}

const found = (nurses: Found[]) => nurses.map((nurse) => [nurse.id, nurse.nightsOpen])

// The Monday two weeks ahead, and the nights from it: well past any minimum notice.
const monday = mondayOf(futureDates(14)[0])
const nightsFrom = (first: string, count: number) => Array.from({ length: count }, (_, i) => addDays(first, i))
const week = nightsFrom(monday, 7)

beforeEach(() => clearPublicNurseCache())

describe('a date range', () => {
  test('every night open comes first, then the others by how many of the nights they have open', async () => {
    const some = await createNurse({ openDates: week.slice(0, 5) })
    const every = await createNurse({ openDates: week })
    const few = await createNurse({ openDates: week.slice(0, 2) })
    const more = await createNurse({ openDates: week.slice(0, 6) })
    const none = await createNurse({ openDates: nightsFrom(addDays(monday, 7), 7) })
    const nurses = await search(`from=${week[0]}&to=${week[6]}`)
    // A nurse open on only some of a long stretch still helps a family that shares it between
    // nurses (issue 38: one with 9 of 33 nights vanished); one open on none is not shown.
    expect(found(nurses)).toEqual([
      [every.id, 7],
      [more.id, 6],
      [some.id, 5],
      [few.id, 2],
    ])
    expect(nurses.map((nurse) => nurse.id)).not.toContain(none.id)
  })

  test('near a place, the partial matches go by nights open before distance', async () => {
    // Austin, 7 nights: a nearer nurse with 5 of them comes after a farther one with 6 (issue 38).
    const near = await createNurse({ openDates: week.slice(0, 5), baseLocation: 'Austin, TX 78701' })
    const far = await createNurse({ openDates: week.slice(0, 6), baseLocation: 'Round Rock, TX 78664' })
    const nearer = await createNurse({ openDates: week.slice(0, 5), baseLocation: 'Austin, TX 78704' })
    const nurses = await search(`location=${encodeURIComponent('Austin, TX 78701')}&from=${week[0]}&to=${week[6]}`)
    expect(nurses.map((nurse) => nurse.id)).toEqual([far.id, near.id, nearer.id])
  })

  test('a stretch of 33 nights lists a nurse open on 9 of them', async () => {
    const long = nightsFrom(monday, 33)
    const nurse = await createNurse({ openDates: long.slice(0, 9) })
    expect(found(await search(`from=${long[0]}&to=${long[32]}`))).toEqual([[nurse.id, 9]])
  })

  test('a booked night is not open, and a cancelled booking gives it back', async () => {
    const nurse = await createNurse({ openDates: week })
    await createBooking({ nurse, dates: [week[2]] })
    expect(found(await search(`from=${week[0]}&to=${week[6]}`))).toEqual([[nurse.id, 6]])
    clearPublicNurseCache()
    await createBooking({ nurse, dates: [week[3]], status: 'cancelled' })
    expect(found(await search(`from=${week[0]}&to=${week[6]}`))).toEqual([[nurse.id, 6]])
  })

  test('one night: only the nurses open that night, without a second group', async () => {
    const open = await createNurse({ openDates: [week[0]] })
    await createNurse({ openDates: [week[1]] })
    expect(found(await search(`from=${week[0]}`))).toEqual([[open.id, 1]])
  })

  test('the other filters still apply: place and rate', async () => {
    const boston = await createNurse({ openDates: week, rateCents: 30000 })
    await createNurse({ openDates: week, baseLocation: 'Austin, TX 78704' })
    await createNurse({ openDates: week, rateCents: 60000 })
    expect(found(await search(`from=${week[0]}&to=${week[6]}&location=Boston&maxRate=40000`))).toEqual([[boston.id, 7]])
  })

  test('pages run through the first group and on into the second without repeats', async () => {
    const all = [
      await createNurse({ openDates: week }),
      await createNurse({ openDates: week }),
      await createNurse({ openDates: week }),
    ]
    const most = [await createNurse({ openDates: week.slice(0, 6) }), await createNurse({ openDates: week.slice(0, 4) })]
    const query = `from=${week[0]}&to=${week[6]}`
    const pages = [
      await search(`${query}&limit=2&offset=0`),
      await search(`${query}&limit=2&offset=2`),
      await search(`${query}&limit=2&offset=4`),
      await search(`${query}&limit=2&offset=6`),
    ]
    expect(pages.map(found)).toEqual([
      [
        [all[0].id, 7],
        [all[1].id, 7],
      ],
      [
        [all[2].id, 7],
        [most[0].id, 6],
      ],
      [[most[1].id, 4]],
      [],
    ])
    // A page that starts inside the second group, past the first.
    expect(found(await search(`${query}&limit=1&offset=4`))).toEqual([[most[1].id, 4]])
  })
})

describe('weekdays and nights a week', () => {
  test('weekdays: only those nights are needed', async () => {
    const twoWeeks = nightsFrom(monday, 14)
    const mondaysAndWednesdays = twoWeeks.filter((_, i) => i % 7 === 0 || i % 7 === 2)
    const fits = await createNurse({ openDates: mondaysAndWednesdays })
    await createNurse({ openDates: twoWeeks.filter((_, i) => i % 7 === 1 || i % 7 === 3) })
    const nurses = await search(`from=${twoWeeks[0]}&to=${twoWeeks[13]}&weekdays=mon,wed`)
    expect(found(nurses)).toEqual([[fits.id, 4]])
  })

  test('nights a week: any of the week’s nights will do, but each week needs its own', async () => {
    const twoWeeks = nightsFrom(monday, 14)
    const spread = await createNurse({ openDates: [twoWeeks[1], twoWeeks[5], twoWeeks[8], twoWeeks[12]] })
    const firstWeekOnly = await createNurse({ openDates: twoWeeks.slice(0, 7) })
    const nurses = await search(`from=${twoWeeks[0]}&to=${twoWeeks[13]}&nightsPerWeek=2`)
    expect(found(nurses)).toEqual([
      [spread.id, 4],
      // Seven nights in the first week are still only the two it needs: 2 of 4.
      [firstWeekOnly.id, 2],
    ])
  })

  test('weekdays and nights a week together: two of the weeknights', async () => {
    const twoWeeks = nightsFrom(monday, 14)
    const weekend = await createNurse({ openDates: twoWeeks.filter((_, i) => i % 7 >= 5) })
    const weeknights = await createNurse({ openDates: [twoWeeks[0], twoWeeks[4], twoWeeks[7], twoWeeks[9]] })
    const nurses = await search(`from=${twoWeeks[0]}&to=${twoWeeks[13]}&weekdays=mon,tue,wed,thu,fri&nightsPerWeek=2`)
    expect(found(nurses)).toEqual([[weeknights.id, 4]])
    expect(nurses.map((nurse) => nurse.id)).not.toContain(weekend.id)
  })
})

describe('her booking limits', () => {
  test('nights within her minimum notice are not open', async () => {
    const [tomorrow, dayAfter] = futureDates(1, 2)
    const relaxed = await createNurse({ openDates: [tomorrow, dayAfter] })
    const strict = await createNurse({ openDates: [tomorrow, dayAfter], profile: { minNoticeHours: 24 * 5 } })
    const nurses = await search(`from=${tomorrow}&to=${dayAfter}`)
    expect(found(nurses)).toEqual([[relaxed.id, 2]])
    expect(nurses.map((nurse) => nurse.id)).not.toContain(strict.id)
  })

  test('her nights a week cap what a week gives, her other booked nights counted', async () => {
    const capped = await createNurse({ openDates: week, profile: { maxNightsPerWeek: 5 } })
    expect(found(await search(`from=${week[0]}&to=${week[6]}`))).toEqual([[capped.id, 5]])
    // One night booked this week (outside the search) leaves room for four.
    await createBooking({ nurse: capped, dates: [week[6]] })
    clearPublicNurseCache()
    expect(found(await search(`from=${week[0]}&to=${week[5]}`))).toEqual([[capped.id, 4]])
  })

  test('the count in SQL is what chooseNights picks from her open nights', async () => {
    const twoWeeks = nightsFrom(monday, 14)
    const open = twoWeeks.filter((_, i) => [0, 1, 2, 4, 8, 9, 13].includes(i))
    const nurse = await createNurse({ openDates: open, profile: { maxNightsPerWeek: 2 } })
    await createBooking({ nurse, dates: [twoWeeks[3]] })
    const wanted: WantedNights[] = [
      { from: twoWeeks[0], to: twoWeeks[13], weekdays: [] },
      { from: twoWeeks[0], to: twoWeeks[13], weekdays: ['mon', 'tue', 'sun'] },
      { from: twoWeeks[1], to: twoWeeks[12], weekdays: [], nightsPerWeek: 3 },
    ]
    const openNow = new Set((await listOpenNights({ nurseId: nurse.id, timezone: nurse.timezone, minNoticeHours: 0 }, new Date())).map((n) => n.date))
    for (const nights of wanted) {
      const plan = planNights(nights)
      const booked = new Map([[mondayOf(twoWeeks[3]), 1]])
      const expected = chooseNights(plan, openNow, (weekMonday) => 2 - (booked.get(weekMonday) ?? 0)).length
      const [result] = await searchNurses({ nights, limit: 1, offset: 0, minRate: nurse.rateCents, maxRate: nurse.rateCents })
      if (expected >= plan.threshold) expect(result?.nightsOpen).toBe(expected)
      else expect(result).toBeUndefined()
    }
  })
})

describe('what a family typed is checked', () => {
  test.each([
    [`from=2020-01-01`, NIGHTS_MESSAGES.past],
    [`from=${week[3]}&to=${week[1]}`, NIGHTS_MESSAGES.order],
    [`to=${week[1]}`, NIGHTS_MESSAGES.fromRequired],
    [`weekdays=mon,fri`, NIGHTS_MESSAGES.fromRequired],
    [`location=Boston&nightsPerWeek=2`, NIGHTS_MESSAGES.fromRequired],
    [`from=next-monday`, NIGHTS_MESSAGES.from],
    [`from=${week[0]}&to=${addDays(week[0], 92)}`, NIGHTS_MESSAGES.tooMany],
    [`from=${week[0]}&weekdays=funday`, NIGHTS_MESSAGES.weekdays],
    [`from=${week[0]}&to=${week[0]}&weekdays=sun`, NIGHTS_MESSAGES.noneOnWeekdays],
    [`from=${week[0]}&nightsPerWeek=8`, NIGHTS_MESSAGES.nightsPerWeek],
  ])('%s', async (query, message) => {
    expect(await searchError(query)).toEqual({ status: 400, error: message })
  })

  test('92 nights is the most a search covers', async () => {
    const nurse = await createNurse({ openDates: [week[0]] })
    expect(found(await search(`from=${week[0]}&to=${addDays(week[0], 91)}`))).toEqual([[nurse.id, 1]])
  })
})

describe('the pages', () => {
  test('/search shows how many nights each nurse has open and links the nights to her profile', async () => {
    const every = await createNurse({ openDates: week, name: 'Ada Allnights' })
    const some = await createNurse({ openDates: week.slice(0, 4), name: 'Bea Somenights' })
    const response = await call(
      searchPage.loader,
      makeRequest(`/search?from=${week[0]}&to=${week[6]}&weekdays=mon&weekdays=tue&weekdays=wed&weekdays=thu&weekdays=fri&weekdays=sat&weekdays=sun`),
    )
    const body = (await response.json()) as { nurses: Found[]; nightsRequired: number; form: Record<string, string> }
    expect(found(body.nurses)).toEqual([
      [every.id, 7],
      [some.id, 4],
    ])
    expect(body.nightsRequired).toBe(7)
    expect(body.form.weekdays).toBe('mon,tue,wed,thu,fri,sat,sun')
  })

  test('choosing a city with a page takes the nights along to its nurse list', async () => {
    const response = await call(searchPage.loader, makeRequest(`/search?city=Austin&from=${week[0]}&to=${week[6]}&weekdays=mon,fri`))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/night-nurse/austin?from=${week[0]}&to=${week[6]}&weekdays=mon,fri#nurses`)
  })

  test('searches by nights are not for search engines: /search and the city page say noindex', async () => {
    const robots = (tags: ReturnType<NonNullable<typeof searchPage.meta>>) =>
      (tags.find((tag) => 'name' in tag && tag.name === 'robots') as { content?: string } | undefined)?.content
    // The head is the loader's (it writes it in the page's language).
    const searchMeta = async (path: string) => {
      const data = await (await call(searchPage.loader, makeRequest(path))).json()
      return searchPage.meta({ data, params: {}, location: {}, matches: [] } as never)
    }
    expect(robots(await searchMeta('/search?location=Boston'))).toBeUndefined()
    expect(robots(await searchMeta(`/search?location=Boston&from=${week[0]}&to=${week[6]}`))).toMatch(/noindex/)
  })

  test('/search answers a bad date with the message and no nurses', async () => {
    const response = await call(searchPage.loader, makeRequest(`/search?from=${week[3]}&to=${week[1]}`))
    expect(response.status).toBe(400)
    const body = (await response.json()) as { message: string; field: string }
    expect(body).toMatchObject({ message: NIGHTS_MESSAGES.order, field: 'to' })
  })

  test('a city page lists its nurses open on the nights', async () => {
    const open = await createNurse({ openDates: week, baseLocation: 'Austin, TX 78704' })
    await createNurse({ openDates: [], baseLocation: 'Austin, TX 78704' })
    const response = await call(cityPage.loader, makeRequest(`/night-nurse/austin?from=${week[0]}&to=${week[6]}`), {
      citySlug: 'austin',
    })
    const body = (await response.json()) as { nurses: Found[]; nights: { required: number } | null }
    expect(found(body.nurses)).toEqual([[open.id, 7]])
    expect(body.nights?.required).toBe(7)
  })

  test('the profile picks the searched nights she has open and links them to /book', async () => {
    const nurse = await createNurse({ openDates: [week[0], week[1], week[3]] })
    const response = await call(
      profilePage.loader,
      makeRequest(`/nurse/${nurse.slug}?from=${week[0]}&to=${week[6]}&weekdays=mon,tue,wed,thu`),
      { slug: nurse.slug },
    )
    const body = (await response.json()) as { wanted: { dates: string[]; required: number; bookPath: string } | null }
    expect(body.wanted).toMatchObject({ dates: [week[0], week[1], week[3]], required: 4 })
    expect(body.wanted?.bookPath).toBe(`/book?nurseId=${nurse.id}&slug=${nurse.slug}&dates=${week[0]},${week[1]},${week[3]}`)
  })

  test('the profile ignores nights it cannot read', async () => {
    const nurse = await createNurse({ openDates: [week[0]] })
    const response = await call(profilePage.loader, makeRequest(`/nurse/${nurse.slug}?from=yesterday`), { slug: nurse.slug })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { wanted: unknown }).wanted).toBeNull()
  })
})
