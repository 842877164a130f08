// Who an admin search holds (the bookings tab's search by parent, nurse or reference): the accounts
// whose name or e-mail holds its words (a booking's parent), and the nurse profiles of the accounts
// whose name does (a booking's nurse). A common last name holds thousands of accounts: reading
// them is most of such a search's cost (about 15 of 22 ms for 'Taylor' at 200,000 accounts), and an
// admin pages and filters through the same search. So a server keeps a search's people with the
// version of `people_search_version` it read them at, and uses them while that version is
// unchanged: a trigger sets a new one whenever an account is added, removed, renamed or
// re-addressed, or a nurse profile added, removed or moved (migration 0022, docs/decisions/0040).
import { ilike, or, sql, and, type SQL } from 'drizzle-orm'
import { executeRows, getDatabase, type DatabaseHandle } from '../../db/client.server'
import { intArrayText } from '../../db/prepared.server'
import { nurseProfiles, peopleSearchVersion, users } from '../../db/schema'
import { likePattern, reversedLocalPartPattern } from './admin'

/** An account whose name holds the search: a parent's, or a nurse's (a nurse is found by name only). */
export const nameHolds = (search: string): SQL => ilike(users.displayName, likePattern(search))

/**
 * An account whose name or e-mail holds the search. An address's words ('gmail', '.com') are in
 * thousands of addresses, and the e-mail trigram index reads them all (10 ms for one address at
 * 200,000 accounts); a search with an '@' is also a range of the reversed local parts' index,
 * rechecked by the ILIKE (reversedLocalPartPattern, docs/decisions/0038).
 */
export function personHolds(search: string): SQL {
  const pattern = likePattern(search)
  const reversedLocal = reversedLocalPartPattern(search)
  const email = reversedLocal
    ? and(sql`reverse(lower(split_part(${users.email}, '@', 1))) like lower(${reversedLocal})`, ilike(users.email, pattern))!
    : ilike(users.email, pattern)
  return or(nameHolds(search), email)!
}

/**
 * The accounts the search holds, each with whether its name does (`by_name`): the body of a
 * `people` CTE, which `nurseIdsOfPeople` reads.
 */
export const heldAccounts = (search: string): SQL =>
  sql`select ${users.id} as id, ${nameHolds(search)} as by_name from ${users} where ${personHolds(search)}`

/** The profiles of the nurses whose name the search holds, from a `people` CTE of `heldAccounts`. */
export const nurseIdsOfPeople = sql`select ${nurseProfiles.id} from ${nurseProfiles}
  where ${nurseProfiles.userId} = any(array(select id from people where by_name))`

export interface SearchPeople {
  /** The accounts the search holds (a booking's parent is one of them). */
  accountIds: number[]
  /** The profiles of the nurses whose name holds it. */
  nurseIds: number[]
}

/** Searches kept per server (and per database: tests open several). */
const KEPT_SEARCHES = 100
/**
 * A search holding more accounts than this ('a', 'example.com') has no people: their ids would
 * weigh more than reading them again in its queries, which then find them themselves.
 */
export const KEPT_PEOPLE_LIMIT = 20_000

/** A search's people, or `null` past KEPT_PEOPLE_LIMIT, as read at `version`. */
type Kept = { version: number; people: SearchPeople | null }

const kept = new WeakMap<DatabaseHandle, Map<string, Kept>>()

function keptFor(database: DatabaseHandle) {
  let searches = kept.get(database)
  if (!searches) kept.set(database, (searches = new Map()))
  return searches
}

/** The version the people were last changed at; null when the row is missing (its table emptied). */
async function readVersion(): Promise<number | null> {
  const [row] = await executeRows<{ version: string | number }>(
    getDatabase().db,
    sql`select ${peopleSearchVersion.version} as version from ${peopleSearchVersion}`,
  )
  return row ? Number(row.version) : null
}

/**
 * The search's people, and the version they were read at, in one statement (one snapshot): a
 * change committed after it has a later version, so what is kept is never taken for newer than it is.
 */
async function readPeople(search: string): Promise<{ version: number | null; people: SearchPeople | null }> {
  const [row] = await executeRows<{ version: string | number | null; accountIds: number[] | string; nurseIds: number[] | string }>(
    getDatabase().db,
    sql`with people as materialized (${heldAccounts(search)} limit ${KEPT_PEOPLE_LIMIT + 1})
      select (select ${peopleSearchVersion.version} from ${peopleSearchVersion}) as version,
        array(select id from people order by id) as "accountIds",
        array(${nurseIdsOfPeople} order by 1) as "nurseIds"`,
  )
  const accountIds = intArray(row.accountIds)
  return {
    version: row.version === null ? null : Number(row.version),
    people: accountIds.length > KEPT_PEOPLE_LIMIT ? null : { accountIds, nurseIds: intArray(row.nurseIds) },
  }
}

/** A driver's integer array: a JavaScript array, or PostgreSQL's text form ('{1,2,3}'). */
function intArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number)
  const inner = value.slice(1, -1)
  return inner ? inner.split(',').map(Number) : []
}

/**
 * The people a search holds, kept from an earlier request while no account or profile has changed
 * since; null when it holds more than KEPT_PEOPLE_LIMIT accounts, or when they cannot be read here:
 * keeping them only spares work, so the search's queries then find them themselves.
 */
export async function readSearchPeople(search: string): Promise<SearchPeople | null> {
  try {
    return await readKeptOrFresh(search.trim())
  } catch (error) {
    console.error("Reading a search's people failed; its queries read them instead:", error)
    return null
  }
}

async function readKeptOrFresh(key: string): Promise<SearchPeople | null> {
  const searches = keptFor(getDatabase())
  const hit = searches.get(key)
  if (hit && hit.version === (await readVersion())) {
    // The newest used goes last: the first is the one to forget.
    searches.delete(key)
    searches.set(key, hit)
    return hit.people
  }
  const { version, people } = await readPeople(key)
  if (version !== null) {
    searches.delete(key)
    searches.set(key, { version, people })
    while (searches.size > KEPT_SEARCHES) searches.delete(searches.keys().next().value!)
  }
  return people
}

/** An integer array as one query parameter ('{1,2,3}'::int[]). */
export function intArrayParam(ids: readonly number[]): SQL {
  return sql`${intArrayText(ids)}::int[]`
}
