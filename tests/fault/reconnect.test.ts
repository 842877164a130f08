// How soon the app's PostgreSQL pool uses a database that comes back (issue 9). The driver's own
// backoff after failed connection attempts grows to 20 s, counted over the whole pool: after a
// short outage under traffic the app kept refusing long after the database was back, and
// /healthz's recovery in tests/fault/database-drop.test.ts depended on when the outage ended.
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { type DatabaseHandle, openPostgres, reconnectDelaySeconds } from '../../app/db/client.server'
import { startProxy } from '../support/tcp-proxy'

const ADMIN_URL = process.env.TEST_DATABASE_URL

describe('the wait before reconnecting', () => {
  test('doubles from 50 ms, never exceeds 2 s, and is spread by jitter', () => {
    expect(reconnectDelaySeconds(0, 1)).toBeCloseTo(0.05)
    expect(reconnectDelaySeconds(1, 1)).toBeCloseTo(0.1)
    expect(reconnectDelaySeconds(3, 1)).toBeCloseTo(0.4)
    for (const retries of [6, 10, 40, 1000]) expect(reconnectDelaySeconds(retries, 1)).toBe(2)
    expect(reconnectDelaySeconds(40, 0)).toBe(1)
  })
})

describe.skipIf(!ADMIN_URL)('a pool whose database was unreachable', () => {
  const handles: DatabaseHandle[] = []
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()))
  })

  test('answers within 3 s of its return, however many connection attempts failed meanwhile', async () => {
    const target = new URL(ADMIN_URL!)
    const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const viaProxy = new URL(ADMIN_URL!)
    viaProxy.host = `127.0.0.1:${proxy.port}`
    // One connection, so that every failed attempt is its own and the wait after the last one is
    // the one the next query meets (with more, it could be another connection's shorter wait).
    const database = openPostgres(viaProxy.toString(), 1)
    handles.push(database)
    const select = () => database.db.execute(sql`select 1`)
    try {
      await select()
      proxy.cut()
      // Four reads fail, each tried twice (a read is retried once on a fresh connection): eight
      // attempts in a row. The driver's own backoff would now wait 10 to 20 s.
      for (let read = 0; read < 4; read++) await expect(select()).rejects.toThrow()
      await proxy.restore()
      const started = Date.now()
      await select()
      expect(Date.now() - started).toBeLessThan(3000)
    } finally {
      await proxy.close()
    }
  })
})
