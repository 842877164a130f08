// What the server does once before it listens: configuration, database, migrations, demo data,
// background jobs. Called by server.js through the server build (entry.server re-exports it).
import { ConfigError, getConfig } from './config.server'
import { type DatabaseHandle, openDatabase, setDatabase } from './db/client.server'
import {
  DEMO_ADMIN_EMAIL,
  DEMO_NURSE_EMAIL,
  DEMO_PARENT_EMAIL,
  DEMO_PASSWORD,
  seedDemoData,
} from './db/seed.server'
import { startBackgroundJobs } from './jobs.server'

const DEMO_ACCOUNTS = [DEMO_ADMIN_EMAIL, DEMO_PARENT_EMAIL, DEMO_NURSE_EMAIL]

export async function startApp(): Promise<{ port: number; close: () => Promise<void> }> {
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
    database = openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: config.PGLITE_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
    })
    setDatabase(database)
    await database.migrate()
    const seed = config.SEED_DEMO_DATA ? config.SEED_DEMO_DATA === 'true' : database.kind === 'pglite'
    if (seed) {
      const { created } = await seedDemoData(database.db, { now: new Date() })
      if (created) console.log('Demo data seeded.')
      console.log(`Demo accounts (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.join(', ')}`)
    }
  }
  console.log(
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.PGLITE_DIR}` : 'PostgreSQL server'}; ` +
      `payments: ${config.stripeEnabled ? 'Stripe' : 'built-in test provider (no card is charged)'}; ` +
      `e-mail: ${config.SMTP_URL ? 'SMTP' : 'outbox table'}`,
  )
  const stopJobs = startBackgroundJobs()
  return {
    port: config.PORT,
    close: async () => {
      stopJobs()
      await database.close()
      setDatabase(undefined)
    },
  }
}
