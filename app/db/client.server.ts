// One Drizzle database for the process: PGlite in PGLITE_DIR by default, a PostgreSQL server
// through postgres.js when DATABASE_URL is set (docs/architecture.md). Both use the same schema and
// migrations. Connection faults on PostgreSQL are routine (issue 9, docs/decisions/0010): a broken
// connection is replaced, and what ran on it is retried once where that cannot apply it twice.
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { isLostSession, retryStatement, retryTransaction } from './connection-retry'
import { lockPgliteDirectory } from './pglite-lock.server'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** A database or a transaction: data functions accept either. */
export type DbOrTx = Db | Tx

/**
 * The rows of a raw `execute`: postgres-js answers an array, PGlite an object holding `rows`.
 * For what the query builder cannot say (EXPLAIN, INSERT … SELECT … RETURNING with a lateral).
 */
export async function executeRows<Row extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = await db.execute<Row>(query)
  return (Array.isArray(result) ? result : (result as unknown as { rows: Row[] }).rows) as Row[]
}

export interface DatabaseHandle {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies the migrations in drizzle/ (on PostgreSQL, under the start-up lock). */
  migrate(): Promise<void>
  /**
   * Runs `work` while no other app server runs its own (PostgreSQL advisory lock; PGlite has one
   * process): start-up migrations and demo data, so servers starting together do them once.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>
  /** Other app servers' messages on `channel` (PostgreSQL LISTEN); PGlite has no other servers. */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<void>
  /** Sends `payload` to every app server listening on `channel`, this one included (NOTIFY). */
  notify?(channel: string, payload: string): Promise<void>
  close(): Promise<void>
}

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'drizzle')

/** Opens PGlite in `dataDir` (taking its lock: one process per directory), or in memory without one. */
export function openPglite(dataDir?: string): DatabaseHandle {
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true })
  const release = dataDir ? lockPgliteDirectory(dataDir) : () => {}
  const client = new PGlite({ dataDir, extensions: { btree_gist, pg_trgm } })
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    exclusively: (work) => work(),
    close: () => client.close().finally(release),
  }
}

const noticeRetry = (error: unknown) =>
  console.warn(`Database connection lost (${error instanceof Error ? error.message : String(error)}); retrying once`)

/**
 * The app's pool, replaced when one of its open connections is lost (issue 33, decision 0047).
 * When the server ends every backend at once (a failover, a restart, an operator), postgres.js
 * learns of each connection's end only when it reads that connection's goodbye: a retry sent at
 * once, or even 100 ms later on a loaded machine, was handed one that the server had already
 * condemned, and failed the same way (17 of 697 answers were 5xx under 16 clients and three
 * rounds of ending every backend). So the one retry runs on a new pool, whose connections are
 * opened after the failure was seen; the old pool finishes what it is running and closes. A pool
 * made in the last `freshForMs` was made for the same fault, which reaches the app over some
 * hundreds of milliseconds on a loaded machine: its failures share it rather than each making
 * one. A database that cannot be reached at all renews nothing (a new pool would not reach it
 * either).
 */
export function renewablePool(open: () => postgres.Sql, { freshForMs = 1000, now = Date.now } = {}) {
  const first = open()
  let current = first
  let madeAt = now()
  return {
    get current() {
      return current
    },
    /** Before the retry of what failed on `used` with `error`. */
    async renewAfter(used: postgres.Sql, error: unknown) {
      noticeRetry(error)
      if (!isLostSession(error) || (used !== current && now() - madeAt < freshForMs)) return
      const old = current
      current = open()
      madeAt = now()
      // Values are read and written as drizzle set the first pool up to (its type parsers).
      Object.assign(current.options.parsers, first.options.parsers)
      Object.assign(current.options.serializers, first.options.serializers)
      old.end({ timeout: 5 }).catch(() => {})
    },
    end: () => current.end({ timeout: 5 }),
  }
}

type RenewablePool = ReturnType<typeof renewablePool>

/**
 * The client drizzle is given: whatever it asks of the current pool. A statement outside a
 * transaction (drizzle sends every one through `unsafe`) runs once more when `retryStatement`
 * allows, on the renewed pool.
 */
function withStatementRetry(pool: RenewablePool): postgres.Sql {
  const unsafe = (text: string, params?: unknown[], options?: object) => {
    const run = (values: boolean) => {
      let used = pool.current
      return retryStatement(
        text,
        () => {
          used = pool.current
          const query = used.unsafe(text, params as postgres.ParameterOrJSON<never>[], options)
          return values ? query.values() : query
        },
        (error) => pool.renewAfter(used, error),
      )
    }
    return { values: () => run(true), then: (...handlers: Parameters<Promise<unknown>['then']>) => run(false).then(...handlers) }
  }
  return new Proxy(pool.current, {
    get: (_target, key) => (key === 'unsafe' ? unsafe : Reflect.get(pool.current, key, pool.current)),
    apply: (_target, thisArg, args) => Reflect.apply(pool.current, thisArg, args),
  })
}

/**
 * The advisory lock several app servers starting together on one database take around their
 * start-up migrations (issue 14): one applies them, the others wait and then find nothing to do.
 * Any fixed number works, as long as nothing else in the database uses it.
 */
export const MIGRATION_LOCK_KEY = 7_415_926_001

/**
 * Seconds before a new connection attempt after `retries` failed ones in a row. The driver's own
 * backoff grows as 3^retries / 100 up to 20 s, counted over the whole pool: a database gone for ten
 * seconds under traffic left the app refusing for up to 20 s more once it was back. Ours doubles
 * from 50 ms and stops at 2 s, with jitter so that several servers do not reconnect in step.
 */
export function reconnectDelaySeconds(retries: number, random = Math.random()) {
  return Math.min(0.05 * 2 ** retries, 2) * (0.5 + random / 2)
}

export function openPostgres(url: string, max = 10): DatabaseHandle {
  // A connection attempt that hangs (a database behind a dead route) fails after 10 s, not 30.
  const open = () => postgres(url, { max, onnotice: () => {}, connect_timeout: 10, backoff: reconnectDelaySeconds })
  const pool = renewablePool(open)
  // LISTEN keeps a connection of its own, which the driver opens again when it is lost: on a
  // client that is never replaced (the page-cache purges of several servers, decision 0020).
  let listener: postgres.Sql | undefined
  const db = drizzlePostgres({ client: withStatementRetry(pool), schema, casing: 'snake_case' })
  // Every transaction, whole: once more on a fresh connection if its connection broke before COMMIT.
  const transaction = db.transaction.bind(db)
  // Session-level lock on a connection of its own (a pool of one would wait for itself); the work
  // runs on the pool meanwhile. Re-entrant within this handle: migrate() inside start-up's block.
  let holding = false
  async function exclusively<T>(work: () => Promise<T>): Promise<T> {
    if (holding) return work()
    const lock = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10, backoff: reconnectDelaySeconds })
    try {
      await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`
      holding = true
      return await work()
    } finally {
      holding = false
      await lock.end({ timeout: 5 })
    }
  }
  db.transaction = ((body, config) => {
    let used = pool.current
    return retryTransaction(
      (run) => {
        used = pool.current
        return transaction(run, config)
      },
      body,
      (error) => pool.renewAfter(used, error),
    )
  }) as typeof db.transaction
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    exclusively,
    migrate: () => exclusively(() => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER })),
    async listen(channel, onMessage) {
      listener ??= postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10, backoff: reconnectDelaySeconds })
      await listener.listen(channel, onMessage)
    },
    async notify(channel, payload) {
      await pool.current.notify(channel, payload)
    },
    close: () => Promise.all([pool.end(), listener?.end({ timeout: 5 })]).then(() => {}),
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
