// A statement that runs on most signed-in pages is built by Drizzle once per database, then run with
// its placeholders' values (docs/decisions/0041): building a query costs Drizzle about 0.1–0.2 ms
// of CPU each time (its SQL, its parameters and its result mapping), as much as the driver's whole
// round trip. Only for reads outside a transaction: the statement belongs to the database handle.
import { getDb, type Db } from './client.server'

/** The statement `build` makes, made once for each database (a test, a server, PGlite or PostgreSQL). */
export function preparedPerDatabase<T>(build: (db: Db) => T): () => T {
  const byDatabase = new WeakMap<Db, T>()
  return () => {
    const db = getDb()
    let statement = byDatabase.get(db)
    if (!statement) byDatabase.set(db, (statement = build(db)))
    return statement
  }
}

/**
 * PostgreSQL's text form of an integer array ('{1,2,3}'), the value of a placeholder written
 * `= any(${placeholder}::int[])`: a list of any length is one parameter of one statement.
 */
export function intArrayText(ids: readonly number[]): string {
  return `{${ids.join(',')}}`
}
