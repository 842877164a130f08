// One Drizzle database for the process: PGlite in PGLITE_DIR by default, a PostgreSQL server
// through postgres.js when DATABASE_URL is set (DESIGN.md §2). Both use the same schema and
// migrations.
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** A database or a transaction: data functions accept either. */
export type DbOrTx = Db | Tx

export interface DatabaseHandle {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
}

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'drizzle')

export function openPglite(dataDir?: string): DatabaseHandle {
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true })
  const client = new PGlite({ dataDir, extensions: { btree_gist } })
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  }
}

export function openPostgres(url: string, max = 10): DatabaseHandle {
  const client = postgres(url, { max, onnotice: () => {} })
  const db = drizzlePostgres({ client, schema, casing: 'snake_case' })
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.end({ timeout: 5 }),
  }
}

// Kept on globalThis so the development server's module reloads reuse one database.
const holder = globalThis as typeof globalThis & { __nightlightDatabase?: DatabaseHandle }

export function openDatabase(options: { databaseUrl?: string; pgliteDir: string; poolSize?: number }) {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize) : openPglite(options.pgliteDir)
}

/** Installs the process's database (server start-up, scripts, and each test worker). */
export function setDatabase(next: DatabaseHandle | undefined) {
  holder.__nightlightDatabase = next
}

export function getDatabase(): DatabaseHandle {
  const handle = holder.__nightlightDatabase
  if (!handle) throw new Error('The database is not open yet')
  return handle
}

export function getDb(): Db {
  return getDatabase().db
}

/**
 * Runs two statements of one transaction in order, the second sent without waiting for the first
 * on PostgreSQL: postgres.js pipelines them on the connection and the server runs them one after
 * the other, so the second starts (and takes its snapshot) only once the first is done, a round
 * trip sooner. PGlite's transaction handle must not interleave queries: there, one after the other.
 */
export async function inOrder<A, B>(first: () => PromiseLike<A>, second: () => PromiseLike<B>): Promise<[A, B]> {
  if (getDatabase().kind === 'pglite') return [await first(), await second()]
  return Promise.all([first(), second()])
}
