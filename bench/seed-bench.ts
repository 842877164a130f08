// Grows the demo data to N approved nurses (10,000 by default) for the speed benchmark (issue 3
// item 8), spread over the twelve city-page cities with real-looking names, ZIP codes, rates and
// experience. Writes straight through the app's Drizzle client; run it only on a database no
// server has open (never two processes on one PGlite directory: docs/architecture.md).
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../app/db/client.server'
import { availabilityDates, nurseProfiles, users } from '../app/db/schema'
import { CITY_PAGE_SLUGS, type CityPageSlug } from '../app/domain/places/cities'
import { CITY_PAGES } from '../app/domain/places/city-pages'
import { baseLocationColumns } from '../app/domain/places/gazetteer.server'
import { nurseSlug } from '../app/domain/nurses/slugs'

const FIRST_NAMES = [
  'Olivia', 'Emma', 'Ava', 'Sophia', 'Isabella', 'Mia', 'Amelia', 'Harper', 'Evelyn', 'Abigail', 'Ella', 'Grace',
  'Chloe', 'Camila', 'Aria', 'Nora', 'Lily', 'Zoe', 'Hannah', 'Layla', 'Priya', 'Mei', 'Aisha', 'Fatima', 'Lucia',
  'Rosa', 'Keisha', 'Tanya', 'Ngozi', 'Linh', 'Marcus', 'James', 'Daniel', 'David', 'Kwame', 'Luis', 'Andre', 'Sam',
]
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Nguyen', 'Patel',
  'Kim', 'Chen', 'Okafor', 'Mensah', 'Haddad', 'Rossi', 'Silva', 'Cohen', 'Murphy', "O'Brien", 'Reyes', 'Walker',
]
const HEADLINES = [
  'Registered nurse for calm, restful nights',
  'Certified newborn care specialist',
  'LPN with twins experience',
  'Postpartum doula and night nurse',
  'Former NICU nurse offering overnight care',
  'Bilingual newborn care specialist',
  'Gentle sleep-focused night nanny and CNA',
]
const CREDENTIALS = [['RN'], ['RN', 'NCS'], ['LPN'], ['NCS', 'CNA'], ['Doula'], ['CNA']]
const SPECIALTIES = [
  ['Newborn Care'],
  ['Newborn Care', 'Sleep Training'],
  ['Twin/Multiple Care', 'Newborn Care'],
  ['Postpartum Support', 'Breastfeeding Support'],
  ['Special Needs', 'Newborn Care'],
]
const LANGUAGES = [['English'], ['English', 'Spanish'], ['English', 'Mandarin'], ['English', 'Vietnamese'], ['English', 'French']]

// The first three digits of each city's ZIP codes.
const ZIP_PREFIX: Record<CityPageSlug, string> = {
  austin: '787',
  baltimore: '212',
  boston: '021',
  chicago: '606',
  dallas: '752',
  denver: '802',
  houston: '770',
  'los-angeles': '900',
  'san-diego': '921',
  'san-francisco': '941',
  seattle: '981',
  'washington-dc': '200',
}
const LOCALITY: Partial<Record<CityPageSlug, string>> = { 'washington-dc': 'Washington' }
const TIMEZONE: Record<CityPageSlug, string> = Object.fromEntries(
  CITY_PAGE_SLUGS.map((slug) => [slug, CITY_PAGES[slug].timezone]),
) as Record<CityPageSlug, string>

function mulberry32(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Adds approved nurses until `target` exist; returns how many there are now. Deterministic. */
export async function seedBenchNurses(db: Db, options: { target: number; batchSize?: number }): Promise<number> {
  const batchSize = options.batchSize ?? 1000
  const rng = mulberry32(0xbe7c)
  const pick = <T>(items: readonly T[]) => items[Math.floor(rng() * items.length)]
  const countApproved = async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(nurseProfiles)
      .where(eq(nurseProfiles.verificationStatus, 'approved'))
    return Number(row.n)
  }
  let have = await countApproved()
  let serial = 0
  while (have < options.target) {
    const size = Math.min(batchSize, options.target - have)
    const people = Array.from({ length: size }, () => {
      serial += 1
      const city = CITY_PAGE_SLUGS[serial % CITY_PAGE_SLUGS.length]
      const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`
      const zip = `${ZIP_PREFIX[city]}${String(Math.floor(rng() * 100)).padStart(2, '0')}`
      const page = CITY_PAGES[city]
      return { city, name, baseLocation: `${LOCALITY[city] ?? page.cityName}, ${page.stateAbbr} ${zip}` }
    })
    const stamp = `${Date.now().toString(36)}-${have}`
    const insertedUsers = await db
      .insert(users)
      .values(
        people.map((person, i) => ({
          email: `bench-${stamp}-${i}@example.com`,
          displayName: person.name,
          role: 'nurse' as const,
        })),
      )
      .returning({ id: users.id })
    // Profile ids first, so each slug can end with its id like every other nurse's.
    const ids = await db
      .select({ id: sql<number>`nextval(pg_get_serial_sequence('nurse_profiles', 'id'))::int` })
      .from(sql`generate_series(1, ${size}::int)`)
    await db.insert(nurseProfiles).values(
      people.map((person, i) => {
        const id = Number(ids[i].id)
        const location = baseLocationColumns(person.baseLocation)
        const years = 1 + Math.floor(rng() * 25)
        return {
          id,
          userId: insertedUsers[i].id,
          slug: nurseSlug(person.name, id),
          headline: pick(HEADLINES),
          bio: `I'm ${person.name.split(' ')[0]}, and I have cared for newborns through the night for ${years} years. Families tell me they wake up rested and confident.`,
          baseLocation: person.baseLocation,
          ...location,
          timezone: TIMEZONE[person.city],
          yearsExperience: years,
          credentials: pick(CREDENTIALS),
          specialties: pick(SPECIALTIES),
          languages: pick(LANGUAGES),
          nightlyRateCents: 20000 + 500 * Math.floor(rng() * 61),
          photoUrl: `/images/nurses/nurse-${String(1 + Math.floor(rng() * 16)).padStart(2, '0')}.svg`,
          verificationStatus: 'approved' as const,
          submittedAt: new Date(),
          verifiedAt: new Date(),
        }
      }),
    )
    await publishBenchNights(db, ids.map((row) => Number(row.id)))
    have += size
  }
  // Fresh statistics so the planner knows the table's real size.
  await db.execute(sql`analyze nurse_profiles`)
  await db.execute(sql`analyze availability_dates`)
  await db.execute(sql`analyze users`)
  return countApproved()
}

/**
 * Nights the bench nurses publish, over the next 90 (a search by nights reads them): a third every
 * night, a third Monday to Friday nights, a third about three nights in four, scattered.
 */
export const BENCH_NIGHTS_AHEAD = 90

async function publishBenchNights(db: Db, nurseIds: readonly number[]): Promise<void> {
  if (nurseIds.length === 0) return
  // Deterministic per nurse and night, in one statement per batch.
  await db.execute(sql`insert into ${availabilityDates} (nurse_id, date, start_time_local, end_time_local)
    select nurse.id, current_date + night, '21:00', '07:00'
    from unnest(${sql.raw(`array[${nurseIds.map(Number).join(',')}]`)}::int[]) as nurse(id)
    cross join generate_series(1, ${BENCH_NIGHTS_AHEAD}::int) as night
    where case nurse.id % 3
      when 0 then true
      when 1 then extract(isodow from current_date + night) <= 5
      else (nurse.id * 31 + night * 17) % 100 < 75 end
    on conflict do nothing`)
}
