// Runs before each integration test file, in its worker. The worker's database is made and
// migrated once (kept on globalThis across files) and emptied before every test.
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { beforeEach, inject } from 'vitest'
import { resetConfigForTests } from '../../app/config.server'
import { getDatabase, openPglite, openPostgres, setDatabase } from '../../app/db/client.server'
import { forgetAdminStatsForTests } from '../../app/domain/admin/admin.server'
import { resetRateLimitsForTests } from '../../app/utils/rate-limit.server'
import { databaseUrl, templateName } from './global-setup'
import { applyTestEnv, isPostgresRun } from './test-env'

applyTestEnv()
resetConfigForTests()

const holder = globalThis as { __nightlightDatabase?: unknown; __nightlightTables?: string[] }

if (!holder.__nightlightDatabase) {
  if (isPostgresRun()) {
    const base = process.env.TEST_DATABASE_URL!
    const prefix = inject('testDatabasePrefix')
    const name = `${prefix}_w${process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0'}`
    const admin = postgres(base, { max: 1, onnotice: () => {} })
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${templateName(prefix)}`)
    await admin.end()
    setDatabase(openPostgres(databaseUrl(base, name), 25))
  } else {
    const database = openPglite()
    await database.migrate()
    setDatabase(database)
  }
  const rows = await getDatabase().db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )
  const list = Array.isArray(rows) ? rows : (rows as { rows: { tablename: string }[] }).rows
  holder.__nightlightTables = list.map((r) => r.tablename)
}

beforeEach(async () => {
  resetRateLimitsForTests()
  forgetAdminStatsForTests()
  const tables = holder.__nightlightTables!.map((t) => `"${t}"`).join(', ')
  await getDatabase().db.execute(sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`))
})
