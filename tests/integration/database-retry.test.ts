// A connection that breaks under a statement (issue 9): on the PostgreSQL server, the backend ends
// itself (pg_terminate_backend(pg_backend_pid()), as an operator or a failover would) in the middle
// of a read, of a transaction's body, and of its COMMIT. PGlite has no connection to lose.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '../../app/db/client.server'
import { isPostgresRun } from '../support/test-env'

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]

describe.skipIf(!isPostgresRun())('a broken PostgreSQL connection', () => {
  beforeAll(async () => {
    const db = getDb()
    await db.execute(sql.raw('create sequence if not exists retry_probe'))
    await db.execute(sql.raw('create table if not exists retry_notes (note text not null)'))
    // Ends its own backend when a transaction that wrote 'end at commit' commits.
    await db.execute(
      sql.raw(`create or replace function retry_end_at_commit() returns trigger language plpgsql as $$
        begin perform pg_terminate_backend(pg_backend_pid()); return null; end $$`),
    )
    await db.execute(sql.raw('drop trigger if exists retry_end_at_commit on retry_notes'))
    await db.execute(
      sql.raw(`create constraint trigger retry_end_at_commit after insert on retry_notes
        deferrable initially deferred for each row when (new.note = 'end at commit')
        execute function retry_end_at_commit()`),
    )
  })

  afterAll(async () => {
    await getDb().execute(sql.raw('drop table if exists retry_notes; drop function if exists retry_end_at_commit(); drop sequence if exists retry_probe'))
  })

  test('a read whose connection is ended under it runs again on a fresh connection', async () => {
    await getDb().execute(sql.raw(`select setval('retry_probe', 1, false)`))
    // The first run ends its backend (57P01); the second finds the sequence moved on and answers.
    const result = await getDb().execute(
      sql.raw(`select case when nextval('retry_probe') = 1 then pg_terminate_backend(pg_backend_pid()) else true end as ok`),
    )
    expect(rowsOf<{ ok: boolean }>(result)).toEqual([{ ok: true }])
  })

  test('a transaction whose connection is ended before COMMIT runs again from the start, once', async () => {
    await getDb().execute(sql`delete from retry_notes`)
    let runs = 0
    const outcome = await getDb().transaction(async (tx) => {
      runs++
      await tx.execute(sql`insert into retry_notes (note) values (${`run ${runs}`})`)
      if (runs === 1) await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`)
      return `committed on run ${runs}`
    })
    expect(outcome).toBe('committed on run 2')
    expect(runs).toBe(2)
    // The first run's write went with its connection.
    const notes = rowsOf<{ note: string }>(await getDb().execute(sql`select note from retry_notes`))
    expect(notes).toEqual([{ note: 'run 2' }])
  })

  test('a transaction whose connection fails every time is given up after the second run', async () => {
    let runs = 0
    await expect(
      getDb().transaction(async (tx) => {
        runs++
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`)
      }),
    ).rejects.toThrow()
    expect(runs).toBe(2)
  })

  test('a transaction whose connection is lost during COMMIT is not run again: it may have committed', async () => {
    await getDb().execute(sql`delete from retry_notes`)
    let runs = 0
    await expect(
      getDb().transaction(async (tx) => {
        runs++
        await tx.execute(sql`insert into retry_notes (note) values ('end at commit')`)
      }),
    ).rejects.toThrow()
    expect(runs).toBe(1)
    // The pool is whole again for the next caller.
    const after = rowsOf<{ one: number }>(await getDb().execute(sql`select 1 as one`))
    expect(after).toEqual([{ one: 1 }])
  })
})
