// Grows a PostgreSQL database to the sizes of issue 13 ('admin tables at a million bookings'):
// approved nurses (seed-bench.ts), parents, bookings of three nights each with their payments,
// and one parent with 300 bookings. Set-based SQL (generate_series, INSERT … SELECT): a million
// bookings take a minute or two, not hours. Every row keeps the schema's rules: nights of one
// nurse never overlap (the exclusion constraint of drizzle/0001), a booking's nights follow its
// status (life-cycle.ts), paid bookings have their charge, cancelled ones their refund.
// Idempotent: what exists is kept, so a second run only checks the counts.
import { sql } from 'drizzle-orm'
import type { Db } from '../app/db/client.server'
import { seedBenchNurses } from './seed-bench'

export interface ScaleSizes {
  nurses: number
  parents: number
  bookings: number
  /** Bookings of the one heavy parent (the dashboard's CPU figure). */
  heavyParentBookings: number
}

/** Bookings made by the bench carry this note: they are found, counted and re-made by it. */
export const SCALE_NOTE = 'scale-bench'
export const HEAVY_PARENT_EMAIL = 'scale-parent-heavy@example.com'
const NIGHTS_PER_BOOKING = 3

const FIRST_NAMES = 'Avery,Jordan,Taylor,Morgan,Casey,Riley,Jamie,Quinn,Rowan,Harper,Elena,Marcus,Priya,Daniel,Aisha,Lucas,Mei,Omar,Sofia,Noah,Grace,Ethan,Chloe,Samuel,Fatima,Liam,Nadia,Caleb,Isla,Mateo'
const LAST_NAMES = 'Bennett,Carter,Diaz,Ellis,Foster,Gray,Hayes,Ibarra,Jensen,Khan,Lopez,Mason,Novak,Ortiz,Price,Quinn,Reed,Shah,Turner,Underwood,Vargas,Wright,Young,Zimmerman,Abbott,Brooks,Cruz,Dunn,Evans,Fischer'

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await db.execute(query))[0]
}

async function timed<T>(label: string, work: () => Promise<T>, log: (line: string) => void): Promise<T> {
  const started = Date.now()
  const result = await work()
  log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  return result
}

/** Grows the database to `sizes`; answers the counts it holds afterwards. */
export async function seedScale(db: Db, sizes: ScaleSizes, log: (line: string) => void = () => {}) {
  const nurses = await timed(`${sizes.nurses.toLocaleString('en-US')} approved nurses`, () => growNurses(db, sizes.nurses), log)

  const { parents } = await one<{ parents: number }>(
    db,
    sql`select count(*)::int as parents from users where email like 'scale-parent-%' and email <> ${HEAVY_PARENT_EMAIL}`,
  )
  if (parents < sizes.parents) {
    await timed(
      `${(sizes.parents - parents).toLocaleString('en-US')} parents`,
      () =>
        db.execute(sql`
          insert into users (email, display_name, role, created_at, updated_at)
          select 'scale-parent-' || i || '@example.com',
            (string_to_array(${FIRST_NAMES}, ','))[1 + i % 30] || ' ' || (string_to_array(${LAST_NAMES}, ','))[1 + (i / 30) % 30],
            'parent', now() - (i % 900) * interval '1 day', now() - (i % 900) * interval '1 day'
          from generate_series(${parents + 1}::int, ${sizes.parents}::int) i`),
      log,
    )
  }
  // The heavy parent signs in with the demo password: its hash is the demo parent's.
  await db.execute(sql`
    insert into users (email, password_hash, display_name, role)
    select ${HEAVY_PARENT_EMAIL}, password_hash, 'Hattie Heavy', 'parent' from users where email = 'parent@example.com'
    on conflict do nothing`)
  // Reminders would otherwise e-mail every bench night of the next 24 hours at the server's start.
  await db.execute(sql`
    insert into notification_preferences (user_id, booking_reminders)
    select id, false from users where email like 'scale-parent-%'
    on conflict (user_id) do nothing`)

  const { made } = await one<{ made: number }>(db, sql`select count(*)::int as made from bookings where notes = ${SCALE_NOTE}`)
  if (made !== sizes.bookings) {
    // A run cut short (or other sizes): make them again from nothing, in one transaction each step.
    if (made > 0) await timed('removing the earlier bench bookings', () => removeScaleBookings(db), log)
    await timed(`${sizes.bookings.toLocaleString('en-US')} bookings`, () => insertBookings(db, sizes), log)
    await timed(`${(sizes.bookings * NIGHTS_PER_BOOKING).toLocaleString('en-US')} nights`, () => insertNights(db), log)
    await timed('payments', () => insertPayments(db), log)
  }
  await timed('vacuum analyze', async () => {
    for (const table of ['users', 'nurse_profiles', 'bookings', 'booking_occurrences', 'payments']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`))
    }
  }, log)
  return one<{ nurses: number; parents: number; bookings: number; nights: number; payments: number; heavy: number; grownDaysAgo: number | null }>(
    db,
    sql`select ${nurses}::int as nurses,
      (select count(*)::int from users where email like 'scale-parent-%') as parents,
      (select count(*)::int from bookings) as bookings,
      (select count(*)::int from booking_occurrences) as nights,
      (select count(*)::int from payments) as payments,
      (select count(*)::int from bookings b join users u on u.id = b.parent_id where u.email = ${HEAVY_PARENT_EMAIL}) as heavy,
      -- The heavy parent's first booking (i = 0) starts 56 days before the day the bookings were
      -- grown (insertBookings): which of its bookings are upcoming depends on that day.
      (select current_date - (min(b.start_date) + 56) from bookings b join users u on u.id = b.parent_id
        where u.email = ${HEAVY_PARENT_EMAIL}) as "grownDaysAgo"`,
  )
}

/** Nurses made one by one (seed-bench.ts) up to this many; the rest are copies of them in SQL. */
const MODEL_NURSES = 10_000

/**
 * seed-bench.ts makes each nurse in JavaScript (names, ZIP codes, the gazetteer's point): about a
 * thousand a second here. Past MODEL_NURSES the bench copies those nurses in SQL instead, each
 * copy with its own account, slug and rate, in the same city at the same point.
 */
async function growNurses(db: Db, target: number): Promise<number> {
  const have = await seedBenchNurses(db, { target: Math.min(target, MODEL_NURSES), batchSize: 2000 })
  if (have >= target) return have
  // The approved count holds the demo's nurses too, so there are fewer models than MODEL_NURSES:
  // copy i is of model i mod their number. Accounts left without a profile by an interrupted run
  // get theirs below and count towards the target.
  const modelWhere = sql`u.email like 'bench-%' and u.email not like 'bench-clone-%' and p.verification_status = 'approved'`
  // `clones`: the highest copy number made so far.
  const { models, clones, orphans } = await one<{ models: number; clones: number; orphans: number }>(
    db,
    sql`select
      (select least(count(*), ${MODEL_NURSES}::int)::int from nurse_profiles p join users u on u.id = p.user_id where ${modelWhere}) as models,
      (select coalesce(max(substring(email from 'bench-clone-([0-9]+)@')::int), 0) from users where email like 'bench-clone-%') as clones,
      (select count(*)::int from users u where u.email like 'bench-clone-%'
        and not exists (select 1 from nurse_profiles p where p.user_id = u.id)) as orphans`,
  )
  const model = sql`(select p.*, u.display_name, (row_number() over (order by p.id) - 1)::int as r
    from nurse_profiles p join users u on u.id = p.user_id
    where ${modelWhere}
    order by p.id limit ${MODEL_NURSES}::int)`
  await db.execute(sql`
    insert into users (email, display_name, role)
    select 'bench-clone-' || i || '@example.com', m.display_name, 'nurse'
    from generate_series(${clones + 1}::int, ${clones + Math.max(0, target - have - orphans)}::int) i
    join ${model} m on m.r = i % ${models}::int`)
  await db.execute(sql`
    with fresh as (
      select u.id as user_id, substring(u.email from 'bench-clone-([0-9]+)@')::int as i,
        nextval(pg_get_serial_sequence('nurse_profiles', 'id'))::int as id
      from users u
      where u.email like 'bench-clone-%' and not exists (select 1 from nurse_profiles p where p.user_id = u.id)
    )
    insert into nurse_profiles (id, user_id, slug, headline, bio, base_location, location_city, location_state,
      location_zip, latitude, longitude, timezone, years_experience, credentials, specialties, languages,
      nightly_rate_cents, photo_url, verification_status, submitted_at, verified_at)
    select f.id, f.user_id, regexp_replace(m.slug, '-[0-9]+$', '') || '-' || f.id, m.headline, m.bio, m.base_location,
      m.location_city, m.location_state, m.location_zip, m.latitude, m.longitude, m.timezone,
      1 + (f.i * 13) % 25, m.credentials, m.specialties, m.languages, 20000 + 500 * ((f.i * 31) % 61), m.photo_url,
      'approved', now(), now()
    from fresh f join ${model} m on m.r = f.i % ${models}::int`)
  await db.execute(sql`analyze nurse_profiles`)
  const { approved } = await one<{ approved: number }>(
    db,
    sql`select count(*)::int as approved from nurse_profiles where verification_status = 'approved'`,
  )
  return approved
}

async function removeScaleBookings(db: Db) {
  await db.execute(sql`delete from payments where booking_id in (select id from bookings where notes = ${SCALE_NOTE})`)
  await db.execute(sql`delete from booking_occurrences where booking_id in (select id from bookings where notes = ${SCALE_NOTE})`)
  await db.execute(sql`delete from bookings where notes = ${SCALE_NOTE}`)
}

/**
 * Booking b goes to bench nurse b mod N, as that nurse's (b div N)-th booking: three nights a week
 * apart from the nurse's previous one, so one nurse's nights never overlap. Weeks run from eight
 * weeks ago to a few weeks ahead, so most bookings are over and some are still to come. Every
 * stride-th booking is the heavy parent's; the others spread over the parents (7919 is prime).
 */
async function insertBookings(db: Db, sizes: ScaleSizes) {
  const stride = Math.max(1, Math.floor(sizes.bookings / sizes.heavyParentBookings))
  await db.execute(sql`
    with n as (
      select p.id, p.timezone, p.nightly_rate_cents as rate, u.display_name as name,
        (row_number() over (order by p.id) - 1)::int as k, count(*) over ()::int as total
      from nurse_profiles p join users u on u.id = p.user_id
      where p.verification_status = 'approved' and u.email like 'bench-%'
    ),
    parent as (
      select id, display_name as name, (row_number() over (order by id) - 1)::int as k, count(*) over ()::int as total
      from users where email like 'scale-parent-%' and email <> ${HEAVY_PARENT_EMAIL}
    ),
    heavy as (select id, display_name as name from users where email = ${HEAVY_PARENT_EMAIL}),
    b as (
      select i, (i::bigint * 2654435761 % 100)::int as h,
        current_date - 56 + ((i / (select max(total) from n)) * 7 + (i % (select max(total) from n)) % 7)::int as start_date,
        i % (select max(total) from n) as nurse_k
      from generate_series(0, ${sizes.bookings - 1}::int) i
    ),
    shaped as (
      select b.*, n.id as nurse_id, n.timezone, n.rate,
        case when b.i % ${stride}::int = 0 and b.i / ${stride}::int < ${sizes.heavyParentBookings}::int then heavy.id else parent.id end as parent_id,
        case when b.i % ${stride}::int = 0 and b.i / ${stride}::int < ${sizes.heavyParentBookings}::int then heavy.name else parent.name end as parent_name,
        case
          when b.start_date + ${NIGHTS_PER_BOOKING}::int <= current_date then (case when b.h < 8 then 'cancelled' else 'completed' end)
          when b.h < 3 then 'pending' when b.h < 8 then 'cancelled' else 'confirmed'
        end::booking_status as status
      from b
      join n on n.k = b.nurse_k
      join parent on parent.k = (b.i::bigint * 7919 % (select max(total) from parent))::int
      cross join heavy
    )
    insert into bookings (parent_id, nurse_id, status, pattern, start_date, nights_per_week, timezone, address_text,
      contact_name, notes, nightly_rate_cents, subtotal_cents, platform_fee_cents, total_amount_cents,
      nurse_payout_cents, hold_expires_at, created_at, updated_at)
    select parent_id, nurse_id, status, 'one_time', start_date, ${NIGHTS_PER_BOOKING}::int, timezone,
      (100 + i % 900) || ' Main Street', parent_name, ${SCALE_NOTE}, rate, rate * ${NIGHTS_PER_BOOKING}::int,
      round(rate * ${NIGHTS_PER_BOOKING}::int * 0.1)::int, rate * ${NIGHTS_PER_BOOKING}::int + round(rate * ${NIGHTS_PER_BOOKING}::int * 0.1)::int,
      rate * ${NIGHTS_PER_BOOKING}::int,
      -- A bench hold never runs out: the hold sweep would otherwise release them while it measures.
      case when status = 'pending' then now() + interval '50 years' end,
      -- Booked 3 to 22 days before the first night, at a second of the day that repeats: the
      -- admin list's sort key has ties, as real data does.
      (start_date - (3 + h % 20))::timestamptz + ((i::bigint * 37) % 86400) * interval '1 second',
      (start_date - (3 + h % 20))::timestamptz + ((i::bigint * 37) % 86400) * interval '1 second'
    from shaped
    order by nurse_id, start_date`)
}

/** In two halves side by side (by nurse): the exclusion constraint's index costs most of the time. */
async function insertNights(db: Db) {
  await Promise.all([0, 1].map((half) => insertNightsOf(db, half)))
}

async function insertNightsOf(db: Db, half: number) {
  await db.execute(sql`
    insert into booking_occurrences (booking_id, nurse_id, date, start_time_local, end_time_local, starts_at, ends_at,
      status, price_cents, refund_cents, cancelled_at)
    select b.id, b.nurse_id, b.start_date + g, '22:00', '06:00',
      ((b.start_date + g) + time '22:00') at time zone b.timezone,
      ((b.start_date + g) + time '22:00') at time zone b.timezone + interval '8 hours',
      case b.status when 'pending' then 'pending' when 'confirmed' then 'scheduled' when 'completed' then 'completed'
        else 'cancelled' end::occurrence_status,
      b.nightly_rate_cents,
      case when b.status = 'cancelled' then b.total_amount_cents / ${NIGHTS_PER_BOOKING}::int end,
      case when b.status = 'cancelled' then b.created_at + interval '1 day' end
    from bookings b cross join generate_series(0, ${NIGHTS_PER_BOOKING - 1}::int) g
    where b.notes = ${SCALE_NOTE} and b.nurse_id % 2 = ${half}::int
    order by b.nurse_id, b.start_date, g`)
}

/** A succeeded charge for every paid booking; a refund of the cancelled nights for a cancelled one. */
async function insertPayments(db: Db) {
  await db.execute(sql`
    insert into payments (booking_id, kind, provider, provider_payment_id, amount_cents, fee_cents, status, created_at, updated_at)
    select id, 'charge', 'test', 'pi_scale_' || id, total_amount_cents, platform_fee_cents, 'succeeded',
      created_at + interval '1 minute', created_at + interval '1 minute'
    from bookings where notes = ${SCALE_NOTE} and status <> 'pending'`)
  await db.execute(sql`
    insert into payments (booking_id, kind, provider, provider_payment_id, amount_cents, status, reason, created_at, updated_at)
    select id, 'refund', 'test', 're_scale_' || id, total_amount_cents / ${NIGHTS_PER_BOOKING}::int * ${NIGHTS_PER_BOOKING}::int,
      'succeeded', 'Cancelled nights', created_at + interval '1 day', created_at + interval '1 day'
    from bookings where notes = ${SCALE_NOTE} and status = 'cancelled'`)
}
