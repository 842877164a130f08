// The admin bookings list at scale (issue 13; docs/decisions/0022): pages read from the nearer end,
// the export streamed in keyset batches, the indexes of migration 0006. On the factories' data
// every row must still appear exactly once, in the same order, with the same CSV bytes as before.
import { desc, sql, type SQL } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { bookings } from '../../app/db/schema'
import type { SessionUser } from '../../app/domain/accounts/auth.server'
import {
  listAdminBookings,
  listAllAdminBookings,
  matchingPeople,
  searchWindowQuery,
  toBookingsCsv,
  toBookingsCsvChunks,
  type AdminBookingRow,
} from '../../app/domain/admin/admin.server'
import * as dashboard from '../../app/routes/admin.dashboard/route'
import * as bookingsApi from '../../app/api/admin.bookings'
import * as exportApi from '../../app/api/admin.export-bookings'
import { createBooking, createNurse, createUser, datesIn } from '../support/factories'
import { call, cookieFor, makeRequest } from '../support/fixtures'

const STATUSES = ['confirmed', 'completed', 'cancelled', 'pending'] as const

let admin: SessionUser
let cookie: string

beforeEach(async () => {
  admin = await createUser({ role: 'admin', displayName: 'Avery Admin' })
  cookie = await cookieFor(admin.id)
})

/**
 * 47 bookings (three pages: the second and third are read from the end) of three families with
 * three nurses, in every status. Many share their created_at to the microsecond: ties in the sort
 * key, broken by the id. One parent's name starts like a formula.
 */
async function manyBookings() {
  const nurses = [
    await createNurse({ name: 'Nora Nightingale' }),
    await createNurse({ name: 'Sarah Whitfield' }),
    await createNurse({ name: 'Camila Reyes' }),
  ]
  const parents = [
    await createUser({ displayName: 'Jordan Parent', email: 'jordan.parent@example.com' }),
    await createUser({ displayName: 'Riley Thompson', email: 'riley.thompson@example.com' }),
    await createUser({ displayName: '=HYPERLINK("x") Mallory', email: 'mallory@example.com' }),
  ]
  const tie = new Date('2026-03-01T12:00:00.000Z')
  for (let i = 0; i < 47; i++) {
    const nurse = nurses[i % 3]
    await createBooking({
      nurse,
      parent: parents[i % 3],
      dates: datesIn(nurse.timezone, 10 + i),
      status: STATUSES[i % 4],
      // Every third booking at the very same instant; the others a minute apart, out of id order.
      createdAt: i % 3 === 0 ? tie : new Date(tie.getTime() + ((i * 7) % 47) * 60_000),
    })
  }
  // Two bookings a microsecond apart: a Date (milliseconds) cannot tell them apart, the cursor must.
  const [a, b] = await getDb().select({ id: bookings.id }).from(bookings).orderBy(bookings.id).limit(2)
  await getDb().execute(sql`update bookings set created_at = '2026-02-01 00:00:00.000001+00' where id = ${a.id}`)
  await getDb().execute(sql`update bookings set created_at = '2026-02-01 00:00:00.000002+00' where id = ${b.id}`)
  return { nurses, parents }
}

/** PostgreSQL's plan for `query` with sequential scans off (the test tables are small), as text. */
async function planOf(query: SQL) {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    const result = await tx.execute(sql`explain ${query}`)
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[]
    return rows.map((row) => Object.values(row)[0]).join('\n')
  })
}

/** The order the list promises, read straight from the table: newest first, then the higher id. */
async function expectedIds(where?: ReturnType<typeof sql>) {
  const rows = await getDb()
    .select({ id: bookings.id })
    .from(bookings)
    .where(where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
  return rows.map((row) => row.id)
}

async function everyPage(query: string) {
  const first = await (await call(bookingsApi.loader, makeRequest(`/_api/admin/bookings?${query}`, { cookie }))).json()
  const ids: number[] = first.bookings.map((row: AdminBookingRow) => row.id)
  for (let page = 2; page <= first.totalPages; page++) {
    const body = await (await call(bookingsApi.loader, makeRequest(`/_api/admin/bookings?${query}&page=${page}`, { cookie }))).json()
    expect(body.page).toBe(page)
    expect(body.totalPages).toBe(first.totalPages)
    ids.push(...body.bookings.map((row: AdminBookingRow) => row.id))
  }
  return { ids, totalPages: first.totalPages as number }
}

describe('the admin bookings list over many pages', () => {
  test('every booking appears exactly once across the pages, newest first, ties broken by id', async () => {
    await manyBookings()
    const { ids, totalPages } = await everyPage('')
    expect(totalPages).toBe(3)
    expect(ids).toEqual(await expectedIds())
    expect(new Set(ids).size).toBe(47)
  })

  test('the last page holds the remainder, and a page past the end shows it', async () => {
    await manyBookings()
    const last = await listAdminBookings({ page: 3 })
    expect(last).toMatchObject({ page: 3, totalPages: 3, totalRows: 47 })
    expect(last.rows.map((row) => row.id)).toEqual((await expectedIds()).slice(40))
    const past = await listAdminBookings({ page: 99 })
    expect(past.page).toBe(3)
    expect(past.rows).toEqual(last.rows)
  })

  test('filters, search and pages together keep the order and each row once', async () => {
    const { parents } = await manyBookings()
    for (const status of STATUSES) {
      const { ids } = await everyPage(`status=${status}`)
      expect(ids).toEqual(await expectedIds(sql`${bookings.status} = ${status}`))
    }
    // A parent's e-mail, in any case: the same bookings as the parent's id.
    const byEmail = await everyPage('search=RILEY.thompson%40')
    expect(byEmail.ids).toEqual(await expectedIds(sql`${bookings.parentId} = ${parents[1].id}`))
    // A nurse's name with a status: the nurse's bookings of that status only.
    const byNurse = await everyPage('search=nightingale&status=completed')
    const nora = await expectedIds(sql`${bookings.status} = 'completed' and ${bookings.nurseId} = (
      select p.id from nurse_profiles p join users u on u.id = p.user_id where u.display_name = 'Nora Nightingale')`)
    expect(byNurse.ids).toEqual(nora)
    expect(nora.length).toBeGreaterThan(0)
    // The user's % and _ are literal: 'Jordan%' finds nobody, though 'Jordan' does.
    expect((await everyPage('search=Jordan%25')).ids).toEqual([])
    expect((await everyPage('search=Jordan')).ids.length).toBe(16)
    // A reference finds its booking.
    const [someone] = await expectedIds()
    expect((await everyPage(`search=%23NN-${String(someone).padStart(6, '0')}`)).ids).toEqual([someone])
  })

  test('the dashboard page and the call show the same page', async () => {
    await manyBookings()
    const api = await (await call(bookingsApi.loader, makeRequest('/_api/admin/bookings?status=confirmed&page=1', { cookie }))).json()
    const page = await (await call(dashboard.loader, makeRequest('/admin/dashboard?tab=bookings&status=confirmed&page=1', { cookie }))).json()
    expect(page.table.rows).toEqual(api.bookings)
    expect(page.table.totalPages).toBe(api.totalPages)
  })
})

describe('a search matching many people, read from the newest bookings (docs/decisions/0036)', () => {
  // Every parent's e-mail ends in example.com: the search matches all 47 bookings.
  test('a window holding the whole table: every page and an exact count', async () => {
    await manyBookings()
    const options = { densePeople: 1, searchWindow: 100 }
    const expected = await expectedIds()
    const first = await listAdminBookings({ search: 'example.com', page: 1 }, options)
    expect(first).toMatchObject({ totalRows: 47, totalPages: 3 })
    const ids = [...first.rows.map((row) => row.id)]
    for (let page = 2; page <= 3; page++) ids.push(...(await listAdminBookings({ search: 'example.com', page }, options)).rows.map((row) => row.id))
    expect(ids).toEqual(expected)
    const confirmed = await listAdminBookings({ search: 'example.com', status: 'confirmed', page: 1 }, options)
    expect(confirmed.rows.map((row) => row.id)).toEqual(await expectedIds(sql`${bookings.status} = 'confirmed'`))
    // A page past the end shows the last.
    expect((await listAdminBookings({ search: 'example.com', page: 9 }, options)).page).toBe(3)
  })

  test('a window of the newest: the pages inside it from it, an estimated count; deeper pages as before', async () => {
    await manyBookings()
    const options = { densePeople: 1, searchWindow: 30, exactCountLimit: 10 }
    const expected = await expectedIds()
    const first = await listAdminBookings({ search: 'example.com', page: 1 }, options)
    // 30 of the newest 30 match: estimated at 30/30 of the 47 bookings.
    expect(first).toMatchObject({ totalRows: 47, totalPages: 3 })
    expect(first.rows.map((row) => row.id)).toEqual(expected.slice(0, 20))
    const second = await listAdminBookings({ search: 'example.com', page: 2 }, options)
    expect(second.rows.map((row) => row.id)).toEqual(expected.slice(20, 40))
    // A page past the window: read from one window five times wider (here, the whole table).
    expect((await listAdminBookings({ search: 'example.com', page: 3 }, options)).rows.map((row) => row.id)).toEqual(expected.slice(40))
    // A sparse search (fewer people than densePeople) is read through the people, as before.
    const riley = await listAdminBookings({ search: 'riley.thompson@', page: 1 }, { ...options, densePeople: 1_000_000 })
    expect(riley.rows.map((row) => row.id)).toEqual(
      (await expectedIds(sql`${bookings.parentId} = (select id from users where email = 'riley.thompson@example.com')`)).slice(0, 20),
    )
  })

  test("the estimate comes from the window's share: a family whose bookings are all among the newest", async () => {
    const { nurses } = await manyBookings()
    const quinn = await createUser({ displayName: 'Quinn Newest', email: 'quinn@example.org' })
    for (let i = 0; i < 25; i++) await createBooking({ nurse: nurses[0], parent: quinn, dates: datesIn(nurses[0].timezone, 100 + i), status: 'confirmed' })
    const theirs = await expectedIds(sql`${bookings.parentId} = ${quinn.id}`)
    // 25 of the newest 30 of 72 bookings: about 60, where counting gives 25.
    const page = await listAdminBookings({ search: 'Quinn', page: 1 }, { densePeople: 1, searchWindow: 30, exactCountLimit: 10 })
    expect(page).toMatchObject({ totalRows: 60, totalPages: 3 })
    expect(page.rows.map((row) => row.id)).toEqual(theirs.slice(0, 20))
    // Read through the people, as a sparse search is: the exact count.
    expect(await listAdminBookings({ search: 'Quinn', page: 1 }, { densePeople: 1_000_000 })).toMatchObject({ totalRows: 25, totalPages: 2 })
  })

  test("a nurse's name, a parent's name or both: the window finds what the people's indexes find", async () => {
    const { nurses } = await manyBookings()
    // 'Riley' is a parent (Riley Thompson) and, here, a nurse too; 'Whitfield' a nurse alone.
    const riley = await createNurse({ name: 'Riley Okafor' })
    const parent = await createUser({ displayName: 'Sam Whitfield-Lee', email: 'sam@example.org' })
    for (let i = 0; i < 6; i++) {
      await createBooking({ nurse: i % 2 ? riley : nurses[2], parent, dates: datesIn(riley.timezone, 120 + i), status: STATUSES[i % 4] })
    }
    for (const search of ['Riley', 'Whitfield', 'okafor', 'sam@example.org', 'Nora']) {
      for (const status of [undefined, 'confirmed'] as const) {
        const sparse = await listAdminBookings({ search, status, page: 1 }, { densePeople: 1_000_000 })
        // With the search's kept people (their ids), and with the window reading the accounts itself.
        for (const keptPeople of [undefined, 0]) {
          const dense = await listAdminBookings({ search, status, page: 1 }, { densePeople: 1, searchWindow: 1_000, keptPeople })
          expect(dense.rows.map((row) => row.id), `${search} ${status} ${keptPeople}`).toEqual(sparse.rows.map((row) => row.id))
          expect(dense.totalRows, `${search} ${status} ${keptPeople}`).toBe(sparse.totalRows)
        }
        if (!status) expect(sparse.totalRows, search).toBeGreaterThan(0)
      }
    }
  })

  test("the window reads the search's accounts once, for the parents' side and the nurses' (docs/decisions/0039)", async () => {
    const plan = await planOf(searchWindowQuery({}, 'Taylor', 10_000))
    expect(plan.match(/on users\b/g) ?? []).toHaveLength(1)
    expect(plan).toMatch(/users_display_name_trgm_idx/)
    // Given the search's kept people, it reads no account and no profile (docs/decisions/0040).
    const kept = await planOf(searchWindowQuery({}, 'Taylor', 10_000, { accountIds: [1, 2, 3], nurseIds: [4] }))
    expect(kept).not.toMatch(/on (users|nurse_profiles)\b/)
  })
})

describe("a search's people kept between requests (docs/decisions/0040)", () => {
  const DENSE = { densePeople: 1, searchWindow: 1_000 }
  const idsOf = async (search: string) => (await listAdminBookings({ search, page: 1 }, DENSE)).rows.map((row) => row.id)
  // The truth: the queries read the people themselves (no ids sent, none kept).
  const freshIdsOf = async (search: string) =>
    (await listAdminBookings({ search, page: 1 }, { densePeople: 1_000_000, peopleAsIds: 0 })).rows.map((row) => row.id)
  const sparseIdsOf = async (search: string) =>
    (await listAdminBookings({ search, page: 1 }, { densePeople: 1_000_000 })).rows.map((row) => row.id)

  /** Runs `change` with the people's version trigger off: what the kept people cannot know. */
  async function unseen(change: () => Promise<unknown>) {
    await getDb().execute(sql`alter table users disable trigger users_updated_people_search`)
    try {
      await change()
    } finally {
      await getDb().execute(sql`alter table users enable trigger users_updated_people_search`)
    }
  }

  test('the next request of the same search uses the people kept by the first, dense or sparse', async () => {
    const { nurses } = await manyBookings()
    const before = await idsOf('Whitfield')
    expect(before.length).toBeGreaterThan(0)
    // A rename the version does not hear of: the kept people still hold the nurse Sarah Whitfield.
    await unseen(() => getDb().execute(sql`update users set display_name = 'Sarah Renamed' where id = ${nurses[1].userId}`))
    expect(await idsOf('Whitfield')).toEqual(before)
    expect(await sparseIdsOf('Whitfield')).toEqual(before)
    expect(await freshIdsOf('Whitfield')).toEqual([])
  })

  test('every change to who a search holds is seen at once', async () => {
    const { nurses, parents } = await manyBookings()
    const search = 'Marlowe'
    expect(await idsOf(search)).toEqual([])
    const changes: [string, () => Promise<unknown>][] = [
      ['a parent renamed to hold it', () => getDb().execute(sql`update users set display_name = 'Jordan Marlowe' where id = ${parents[0].id}`)],
      ['a parent renamed away', () => getDb().execute(sql`update users set display_name = 'Jordan Parent' where id = ${parents[0].id}`)],
      ['an address that holds it', () => getDb().execute(sql`update users set email = 'marlowe@example.com' where id = ${parents[2].id}`)],
      ['a new family booking', async () => {
        const parent = await createUser({ displayName: 'Pat Marlowe', email: 'pat@example.org' })
        await createBooking({ nurse: nurses[0], parent, dates: datesIn(nurses[0].timezone, 140), status: 'pending' })
      }],
      ['a nurse renamed to hold it', () => getDb().execute(sql`update users set display_name = 'Camila Marlowe' where id = ${nurses[2].userId}`)],
      ['a profile moved to an account that holds it', async () => {
        const account = await createUser({ displayName: 'Nora Marlowe', email: 'nora.m@example.org', role: 'nurse' })
        await getDb().execute(sql`update nurse_profiles set user_id = ${account.id} where id = ${nurses[0].id}`)
      }],
    ]
    for (const [what, change] of changes) {
      await idsOf(search)
      await change()
      const fresh = await freshIdsOf(search)
      expect(await idsOf(search), what).toEqual(fresh)
      expect(await sparseIdsOf(search), what).toEqual(fresh)
    }
    expect(await idsOf(search)).not.toEqual([])
  })

  test('a statement that changes no name, address or profile leaves the version as it was', async () => {
    const { parents, nurses } = await manyBookings()
    const version = async () => (await getDb().execute(sql`select version from people_search_version`)) as unknown
    const before = JSON.stringify(await version())
    // A registration refused by an address already taken inserts nothing.
    await getDb().execute(sql`insert into users (email, password_hash, display_name, role)
      values ('jordan.parent@example.com', 'x', 'Someone', 'parent') on conflict do nothing`)
    await getDb().execute(sql`update users set display_name = display_name, phone_number = '555-0100' where id = ${parents[0].id}`)
    await getDb().execute(sql`update nurse_profiles set headline = 'Calm nights' where id = ${nurses[0].id}`)
    await getDb().execute(sql`delete from users where id = -1`)
    expect(JSON.stringify(await version())).toBe(before)
    await getDb().execute(sql`update users set display_name = 'Jordan Renamed' where id = ${parents[0].id}`)
    expect(JSON.stringify(await version())).not.toBe(before)
  })

  test("a server that cannot read the people's version still searches, reading the people in its queries", async () => {
    await manyBookings()
    const expected = await freshIdsOf('Thompson')
    expect(expected.length).toBeGreaterThan(0)
    await getDb().execute(sql`alter table people_search_version rename to people_search_version_away`)
    try {
      expect(await idsOf('Thompson')).toEqual(expected)
      expect(await sparseIdsOf('Thompson')).toEqual(expected)
    } finally {
      await getDb().execute(sql`alter table people_search_version_away rename to people_search_version`)
    }
  })

  test('versions never repeat, so people kept before the tables were emptied are not taken for new ones', async () => {
    await manyBookings()
    const before = await idsOf('Thompson')
    expect(before.length).toBeGreaterThan(0)
    // As the test setup empties every table between tests, the version's row included.
    await getDb().execute(sql`truncate users, people_search_version restart identity cascade`)
    await manyBookings()
    expect(await idsOf('Thompson')).toEqual(await freshIdsOf('Thompson'))
    expect(await sparseIdsOf('Thompson')).toEqual(await freshIdsOf('Thompson'))
    expect(await idsOf('Thompson')).not.toEqual([])
  })
})

describe("a search's people found once per request", () => {
  test('more people than can be sent as ids: the queries find them themselves, Next and Previous included', async () => {
    await manyBookings()
    const expected = await expectedIds()
    const options = { densePeople: 1_000_000, peopleAsIds: 1 }
    const ids: number[] = []
    let page = await listAdminBookings({ search: 'example.com', page: 1 }, options)
    ids.push(...page.rows.map((row) => row.id))
    while (page.page < page.totalPages) {
      page = await listAdminBookings({ search: 'example.com', page: page.page + 1, after: page.cursors!.after }, options)
      ids.push(...page.rows.map((row) => row.id))
    }
    expect(ids).toEqual(expected)
    const back = await listAdminBookings({ search: 'example.com', page: 2, before: page.cursors!.before }, options)
    expect(back.rows.map((row) => row.id)).toEqual(expected.slice(20, 40))
  })

  test('a search matching 70,000 accounts pages on with Next (more ids than a query has parameters)', async () => {
    await manyBookings()
    await getDb().execute(sql`insert into users (email, display_name)
      select 'crowd-' || n || '@example.com', 'Crowd ' || n from generate_series(1, 70000) as n`)
    const first = await listAdminBookings({ search: 'example.com', page: 1 })
    const next = await listAdminBookings({ search: 'example.com', page: 2, after: first.cursors!.after })
    expect(next.rows.map((row) => row.id)).toEqual((await expectedIds()).slice(20, 40))
  }, 60_000)
})

describe('the streamed CSV export', () => {
  test('batches follow one another by (created_at, id): every row once, even a microsecond apart', async () => {
    await manyBookings()
    for (const batchSize of [1, 7, 47, 2000]) {
      const ids: number[] = []
      for await (const batch of listAllAdminBookings({}, batchSize)) {
        expect(batch.length).toBeLessThanOrEqual(batchSize)
        ids.push(...batch.map((row) => row.id))
      }
      expect(ids).toEqual(await expectedIds())
    }
  })

  test('the download is byte for byte the CSV of the whole list, formula-like names escaped', async () => {
    await manyBookings()
    const rows: AdminBookingRow[] = []
    for (let page = 1; page <= 3; page++) rows.push(...(await listAdminBookings({ page })).rows)
    const response = await call(exportApi.loader, makeRequest('/_api/admin/export-bookings', { cookie }))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="bookings.csv"')
    const text = await response.text()
    expect(text).toBe(toBookingsCsv(rows))
    expect(text).toContain(`,"'=HYPERLINK(""x"") Mallory",mallory@example.com,`)
    expect(text.trim().split('\n')).toHaveLength(48)

    // Filtered: the same bytes as the filtered list's.
    const filtered = await call(exportApi.loader, makeRequest('/_api/admin/export-bookings?status=cancelled&search=riley', { cookie }))
    const list = await listAdminBookings({ status: 'cancelled', search: 'riley', page: 1 })
    expect(await filtered.text()).toBe(toBookingsCsv(list.rows))
  })

  test('no bookings: the header alone, as before', async () => {
    const chunks: string[] = []
    for await (const chunk of toBookingsCsvChunks(listAllAdminBookings({}))) chunks.push(chunk)
    expect(chunks.join('')).toBe(toBookingsCsv([]))
    expect(chunks.join('')).toBe('Booking ID,Reference,Nurse,Parent,Parent Email,Start Date,Status,Total (USD),Created At\n')
  })
})

describe("a search holding an address (docs/decisions/0038)", () => {
  test('finds exactly the accounts whose e-mail or name holds it, as a plain ILIKE does', async () => {
    const nurse = await createNurse({ name: 'Nora Nightingale' })
    const accounts = [
      { displayName: 'Jane Doe', email: 'jane.doe@gmail.com' },
      { displayName: 'Mary Jane Doe', email: 'mary.jane.doe@gmail.com' },
      { displayName: 'Jane Down Under', email: 'jane.doe@gmail.com.au' },
      { displayName: 'Jane Org', email: 'Jane.Doe@Gmail.org' },
      { displayName: 'Jane Two', email: 'jane.doe2@gmail.com' },
      { displayName: 'Underscore', email: 'ja_e.doe@example.com' },
      { displayName: 'Not Underscore', email: 'jaxe.doe@example.com' },
      { displayName: 'Write to jane.doe@gmail.com', email: 'assistant@example.com' },
    ]
    const bookingOf = new Map<string, number>()
    for (const [i, account] of accounts.entries()) {
      const parent = await createUser(account)
      const booking = await createBooking({ nurse, parent, dates: datesIn(nurse.timezone, 10 + i), status: 'confirmed' })
      bookingOf.set(account.email, booking.id)
    }
    const holds = (text: string, search: string) => text.toLowerCase().includes(search.toLowerCase())
    for (const search of ['jane.doe@gmail.com', 'Jane.Doe@gmail', 'e.doe@gm', 'ja_e.doe@', 'doe@gmail.com', 'jane.doe@']) {
      const expected = accounts
        .filter((account) => holds(account.email, search) || holds(account.displayName, search))
        .map((account) => bookingOf.get(account.email))
      const listed = await listAdminBookings({ search, page: 1 })
      expect(listed.rows.map((row) => row.id).sort(), search).toEqual(expected.sort())
      expect(listed.totalRows, search).toBe(expected.length)
    }
  })

  test("the search's accounts are read by the local parts' index, not the e-mail trigrams", async () => {
    const plan = await planOf(matchingPeople('jane.doe@gmail.com').parents.getSQL())
    expect(plan).toMatch(/users_email_local_reversed_idx/)
    expect(plan).toMatch(/~>=~ 'eod\.enaj'/)
    expect(plan).not.toMatch(/users_email_trgm_idx/)
    // Without an '@' the e-mail trigrams answer, as before.
    expect(await planOf(matchingPeople('jane.doe').parents.getSQL())).toMatch(/users_email_trgm_idx/)
  })
})

describe('migration 0006', () => {
  test('pg_trgm is installed and the admin tables have their indexes', async () => {
    const rows = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[]
    const extensions = rows(await getDb().execute(sql`select extname from pg_extension`)).map((row) => row.extname)
    expect(extensions).toEqual(expect.arrayContaining(['pg_trgm', 'btree_gist']))
    const indexes = rows(await getDb().execute(sql`select indexname, indexdef from pg_indexes where schemaname = 'public'`))
    const named = Object.fromEntries(indexes.map((row) => [row.indexname, row.indexdef]))
    expect(named.bookings_created_idx).toMatch(/\(created_at, id\)/)
    expect(named.bookings_status_created_idx).toMatch(/\(status, created_at, id\)/)
    expect(named.payments_occurrence_idx).toMatch(/\(occurrence_id\)/)
    expect(named.users_display_name_trgm_idx).toMatch(/USING gin \(display_name gin_trgm_ops\)/)
    expect(named.users_email_trgm_idx).toMatch(/USING gin \(email gin_trgm_ops\)/)
    // The trigram index answers the search's ILIKE (forced, since the table is small).
    expect(await planOf(sql`select id from users where display_name ilike '%ightingal%'`)).toMatch(/users_display_name_trgm_idx/)
  })
})

describe('Next and Previous by the page edge (keyset)', () => {
  test('following Next from page 1 and Previous back gives the pages their numbers give', async () => {
    await manyBookings()
    const get = async (query: string) =>
      (await call(bookingsApi.loader, makeRequest(`/_api/admin/bookings?${query}`, { cookie }))).json()
    const byNumber = [await get('page=1'), await get('page=2'), await get('page=3')]
    let current = byNumber[0]
    for (const page of [2, 3]) {
      current = await get(`page=${page}&after=${encodeURIComponent(current.cursors.after)}`)
      expect(current.page).toBe(page)
      expect(current.bookings).toEqual(byNumber[page - 1].bookings)
    }
    for (const page of [2, 1]) {
      current = await get(`page=${page}&before=${encodeURIComponent(current.cursors.before)}`)
      expect(current.bookings).toEqual(byNumber[page - 1].bookings)
    }
    // A filter keeps to its rows from the edge too.
    const cancelled = await get('status=cancelled&page=1')
    expect(cancelled.bookings.every((row: AdminBookingRow) => row.status === 'cancelled')).toBe(true)
    // A broken cursor is refused by the call, like any bad parameter.
    expect((await call(bookingsApi.loader, makeRequest('/_api/admin/bookings?page=2&after=yesterday', { cookie }))).status).toBe(400)
  })

  test('the dashboard links Next and Previous with the page edges, and follows them', async () => {
    await manyBookings()
    const first = await (await call(dashboard.loader, makeRequest('/admin/dashboard?tab=bookings', { cookie }))).json()
    const after = first.table.cursors.after as string
    const second = await (
      await call(dashboard.loader, makeRequest(`/admin/dashboard?tab=bookings&page=2&after=${encodeURIComponent(after)}`, { cookie }))
    ).json()
    expect(second.table.rows.map((row: AdminBookingRow) => row.id)).toEqual((await expectedIds()).slice(20, 40))
    // A cursor that no longer matches a row falls back to the page's number.
    const stale = await (
      await call(dashboard.loader, makeRequest('/admin/dashboard?tab=bookings&page=2&after=1999-01-01%2000%3A00%3A00%2B00~1', { cookie }))
    ).json()
    expect(stale.table.rows.map((row: AdminBookingRow) => row.id)).toEqual((await expectedIds()).slice(20, 40))
  })
})
