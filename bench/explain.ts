// Prints the query plans of the public nurse reads on the benchmark's data (10,000 nurses), to
// check that the search uses its indexes; each reads the listed nurses, approved and not lapsed
// (decision 0062). `npx tsx bench/explain.ts [pglite-dir]`. The scale
// bench (bench/scale.ts) prints these and the admin tables' plans with printPlans.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql, type SQL } from 'drizzle-orm'
import { executeRows, openDatabase, type Db } from '../app/db/client.server'
import { seedDemoData } from '../app/demo/seed.server'
import { seedBenchNurses } from './seed-bench'

export const SEARCH_QUERIES: Record<string, SQL> = {
  'search by city': sql`select p.id from nurse_profiles p join users u on u.id = p.user_id
    where p.verification_status = 'approved' and p.lapsed_at is null and lower(p.location_city) = 'austin' order by p.id limit 12 offset 0`,
  'search by state': sql`select p.id from nurse_profiles p join users u on u.id = p.user_id
    where p.verification_status = 'approved' and p.lapsed_at is null and p.location_state = 'TX' order by p.id limit 12 offset 24`,
  'search by zip': sql`select p.id from nurse_profiles p join users u on u.id = p.user_id
    where p.verification_status = 'approved' and p.lapsed_at is null and p.location_zip = '78704' order by p.id limit 12`,
  // The nearby search of nurses.server.ts for Austin (decision 0018): a box as wide as the largest
  // service radius (20 miles here, plus 2), the exact distance, nearest first; then the page's rows.
  'search nearby (Austin), page 3': sql`select p.id from (select id, 7917.6 * asin(least(1, sqrt(
      power(sin(radians(latitude - 30.2672) / 2), 2) + cos(radians(30.2672)) * cos(radians(latitude)) *
      power(sin(radians(longitude + 97.7431) / 2), 2)))) as distance from nurse_profiles
    where verification_status = 'approved' and lapsed_at is null and ((latitude between 29.95 and 30.59 and longitude between -98.11 and -97.37
      and 7917.6 * asin(least(1, sqrt(power(sin(radians(latitude - 30.2672) / 2), 2) + cos(radians(30.2672)) *
      cos(radians(latitude)) * power(sin(radians(longitude + 97.7431) / 2), 2)))) <= service_radius_miles + 2)
      or (latitude is null and lower(location_city) = 'austin'))
    order by distance nulls last, id limit 12 offset 24) page
    join nurse_profiles p on p.id = page.id join users u on u.id = p.user_id order by page.distance, page.id`,
  'search by rate, deep page': sql`select p.id from nurse_profiles p join users u on u.id = p.user_id
    where p.verification_status = 'approved' and p.lapsed_at is null and p.nightly_rate_cents >= 30000 and p.nightly_rate_cents <= 35000 order by p.id limit 12 offset 600`,
  'featured': sql`select p.id from nurse_profiles p join users u on u.id = p.user_id
    where p.verification_status = 'approved' and p.lapsed_at is null order by p.years_experience desc, p.id limit 12`,
  'cities': sql`select distinct location_city, location_state from nurse_profiles
    where verification_status = 'approved' and lapsed_at is null and location_city is not null and location_state is not null order by 1, 2`,
}
/** Runs each query under EXPLAIN (ANALYZE[, BUFFERS]) and prints its plan. */
export async function printPlans(db: Db, queries: Record<string, SQL>, options: { buffers?: boolean } = {}) {
  for (const [name, query] of Object.entries(queries)) {
    const rows = await executeRows<Record<string, string>>(db, options.buffers ? sql`explain (analyze, buffers) ${query}` : sql`explain analyze ${query}`)
    console.log(`\n== ${name}`)
    for (const row of rows) console.log(Object.values(row)[0])
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? '/tmp/nightlight-explain/pglite'
  const handle = openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined, pgliteDir: dir })
  await handle.migrate()
  await seedDemoData(handle.db, { now: new Date() })
  await seedBenchNurses(handle.db, { target: Number(process.env.BENCH_NURSES ?? 10_000) })
  await printPlans(handle.db, SEARCH_QUERIES)
  await handle.close()
}
