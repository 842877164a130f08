// What the server does once before it listens: configuration, database, migrations, demo data,
// background jobs. Called by server.js through the server build (entry.server re-exports it).
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { ConfigError, getConfig } from './config.server'
import { type DatabaseHandle, openDatabase, setDatabase } from './db/client.server'
import { DirectoryInUseError } from './db/pglite-lock.server'
import {
  DEMO_ADMIN_EMAIL,
  DEMO_NURSE_EMAIL,
  DEMO_PARENT_EMAIL,
  DEMO_PASSWORD,
  seedDemoData,
} from './demo/seed.server'
import { applyPurge, carryPurgesWith } from './domain/platform/public-page-purge'
import { fillMissingNurseCoordinates } from './domain/nurses/nurse-coordinates.server'
import { startBackgroundJobs } from './jobs.server'

const DEMO_ACCOUNTS = [DEMO_ADMIN_EMAIL, DEMO_PARENT_EMAIL, DEMO_NURSE_EMAIL]

export interface StartedApp {
  port: number
  /** Express's 'trust proxy' setting, when the app runs behind a balancer (TRUST_PROXY). */
  trustProxy: number | string[] | undefined
  shutdownDelayMs: number
  shutdownTimeoutMs: number
  /** Opens /metrics (METRICS_TOKEN). */
  metricsToken: string | undefined
  /** Stops the background jobs and closes the database. */
  close: () => Promise<void>
}

export async function startApp(): Promise<StartedApp> {
  let config
  try {
    config = getConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error('Invalid configuration:')
      for (const line of error.lines) console.error(`  ${line}`)
      process.exit(1)
    }
    throw error
  }

  let database = (globalThis as { __nightlightDatabase?: DatabaseHandle }).__nightlightDatabase
  if (!database) {
    const creating = creatingPglite(config)
    try {
      if (creating) console.log(`Creating the embedded database in ${config.PGLITE_DIR} (first start only)…`)
      database = openDatabase({
        databaseUrl: config.DATABASE_URL,
        pgliteDir: config.PGLITE_DIR,
        poolSize: config.DATABASE_POOL_SIZE,
      })
    } catch (error) {
      // Another process has this PGlite directory: stop at once (issue 9).
      if (error instanceof DirectoryInUseError) {
        console.error(error.message)
        process.exit(1)
      }
      throw error
    }
    setDatabase(database)
    const handle = database
    const seed = seedsDemoData(config, handle)
    await prepareDatabase(handle, { seed })
    if (seed) console.log(`Demo accounts (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.join(', ')}`)
    await sharePagePurges(handle)
  }
  console.log(
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.PGLITE_DIR}` : 'PostgreSQL server'}; ` +
      `payments: ${config.stripeEnabled ? 'Stripe' : 'built-in test provider (no card is charged)'}; ` +
      `e-mail: ${config.SMTP_URL ? 'SMTP' : 'outbox table'}`,
  )
  const stopJobs = startBackgroundJobs()
  return {
    port: config.PORT,
    trustProxy: config.TRUST_PROXY,
    shutdownDelayMs: config.SHUTDOWN_DELAY_MS,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    metricsToken: config.METRICS_TOKEN,
    close: async () => {
      stopJobs()
      await database.close()
      setDatabase(undefined)
    },
  }
}

/** Demo data on the embedded default, or as SEED_DEMO_DATA says. */
function seedsDemoData(config: { SEED_DEMO_DATA?: 'true' | 'false' }, handle: DatabaseHandle): boolean {
  return config.SEED_DEMO_DATA ? config.SEED_DEMO_DATA === 'true' : handle.kind === 'pglite'
}

/** PGlite is about to make its directory: the slow part of a first start (docs/decisions/0049). */
function creatingPglite(config: { DATABASE_URL?: string; PGLITE_DIR: string }): boolean {
  return !config.DATABASE_URL && !fs.existsSync(path.join(config.PGLITE_DIR, 'PG_VERSION'))
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

/**
 * Migrations, nurses' map points and (`seed`) the demo data, saying what it does and how long each
 * part took: a first start spends seconds here, and a silent one looks hung (issue 38 item 17).
 * Servers starting together on one database take turns: the first migrates and seeds, the others
 * find it done (issue 14).
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  { seed, log = console.log }: { seed: boolean; log?: (line: string) => void },
): Promise<void> {
  await handle.exclusively(async () => {
    let started = performance.now()
    log('Applying the database migrations…')
    await handle.migrate()
    log(`Database ready in ${seconds(started)}.`)
    const located = await fillMissingNurseCoordinates(handle.db)
    if (located) log(`Located ${located} nurses' base locations for nearby search.`)
    if (seed) {
      started = performance.now()
      const { created } = await seedDemoData(handle.db, { now: new Date(), onProgress: log })
      if (created) log(`Demo data seeded in ${seconds(started)}.`)
    }
  })
}

/**
 * `npm start`'s database step (scripts/prepare-database.ts), run while the app builds: what the
 * server would do at start-up on the same configuration, so the server then finds it done.
 * Only for the embedded default: a PostgreSQL server is prepared by the app servers themselves.
 */
export async function prepareEmbeddedDatabase(): Promise<void> {
  const config = getConfig()
  if (config.DATABASE_URL) return
  if (creatingPglite(config)) console.log(`Creating the embedded database in ${config.PGLITE_DIR} (first start only)…`)
  const database = openDatabase({ pgliteDir: config.PGLITE_DIR })
  try {
    await prepareDatabase(database, { seed: seedsDemoData(config, database) })
  } finally {
    await database.close()
  }
}

const PURGE_CHANNEL = 'nightlight_page_purge'
const PurgeMessage = z.array(z.string().startsWith('/').max(500)).max(200)

/**
 * With several app servers on one PostgreSQL database, a page purge made on one reaches every
 * server's page cache (LISTEN/NOTIFY; docs/decisions/0020). A purge that cannot be sent (the
 * database is down) is logged: the other servers' copies then age out within their 30 seconds.
 */
async function sharePagePurges(database: DatabaseHandle) {
  if (!database.listen || !database.notify) return
  await database.listen(PURGE_CHANNEL, (payload) => {
    const paths = PurgeMessage.safeParse(safeJson(payload))
    if (paths.success) applyPurge(paths.data)
  })
  carryPurgesWith((paths) => {
    database.notify!(PURGE_CHANNEL, JSON.stringify(paths)).catch((error: unknown) =>
      console.error('A page purge could not be sent to the other servers:', error),
    )
  })
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * The deploy step of several servers (`npm run db:migrate`, or `node server.js --migrate` in the
 * image): applies the migrations under the start-up lock, then exits. Servers starting after it
 * find nothing to do.
 */
export async function migrateDatabase(options: { databaseUrl?: string; pgliteDir: string }): Promise<string> {
  const database = openDatabase(options)
  try {
    await database.exclusively(async () => {
      await database.migrate()
      await fillMissingNurseCoordinates(database.db)
    })
    return `Migrated the ${database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'}.`
  } finally {
    await database.close()
  }
}
