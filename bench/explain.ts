// Prints the query plans of the public nurse reads on the benchmark's data (10,000 nurses), to
// check that the search uses its indexes. `npx tsx bench/explain.ts [pglite-dir]`.
import { sql } from 'drizzle-orm'
import { openDatabase } from '../app/db/client.server'
import { seedDemoData } from '../app/db/seed.server'
import { seedBenchNurses } from './seed-bench'

const dir = process.argv[2] ?? '/tmp/nightlight-explain/pglite'
const handle = openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined, pgliteDir: dir })
await handle.migrate()
await seedDemoData(handle.db, { now: new Date() })
await seedBenchNurses(handle.db, { target: Number(process.env.BENCH_NURSES ?? 10_000) })

const queries: Record<string, ReturnType<typeof sql>> = {
  'search by city': sql`select p.id from nurse_profiles p join users u on u.id = p.user_id
    where p.verification_status = 'approved' and lower(p.location_city) = 'austin' order by p.id limit 12 offset 0`,
  'search by state': sql`select p.id from nurse_profiles p join users u on u.id = p.user_id
    where p.verification_status = 'approved' and p.location_state = 'TX' order by p.id limit 12 offset 24`,
  'search by zip': sql`select p.id from nurse_profiles p join users u on u.id = p.user_id
    where p.verification_status = 'approved' and p.location_zip = '78704' order by p.id limit 12`,
  'search by rate, deep page': sql`select p.id from nurse_profiles p join users u on u.id = p.user_id
    where p.verification_status = 'approved' and p.nightly_rate_cents >= 30000 and p.nightly_rate_cents <= 35000 order by p.id limit 12 offset 600`,
  'featured': sql`select p.id from nurse_profiles p join users u on u.id = p.user_id
    where p.verification_status = 'approved' order by p.years_experience desc, p.id limit 12`,
  'cities': sql`select distinct location_city, location_state from nurse_profiles
    where verification_status = 'approved' and location_city is not null and location_state is not null order by 1, 2`,
}
for (const [name, query] of Object.entries(queries)) {
  const result = await handle.db.execute(sql`explain analyze ${query}`)
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[]
  console.log(`\n== ${name}`)
  for (const row of rows) console.log(Object.values(row)[0])
}
await handle.close()
