// After the server ends the app's backends, the one retry runs on a pool opened after the failure
// was seen (client.server.ts renewablePool, docs/decisions/0047): the old pool's other connections
// are dead too, though the driver may not have read their goodbye yet.
import type postgres from 'postgres'
import { describe, expect, test, vi } from 'vitest'
import { renewablePool } from './client.server'
import { isLostSession, mayRetryStatement } from './connection-retry'

const driverError = (code: string) => Object.assign(new Error(`write ${code}`), { code })
const serverError = (code: string) => Object.assign(new Error(`server said ${code}`), { name: 'PostgresError', code })

function fakePools() {
  const opened: Array<{ options: { parsers: Record<string, unknown>; serializers: Record<string, unknown> }; end: ReturnType<typeof vi.fn> }> = []
  const open = () => {
    const pool = { options: { parsers: {}, serializers: {} }, end: vi.fn(async () => {}) }
    opened.push(pool)
    return pool as unknown as postgres.Sql
  }
  return { opened, open }
}

describe('the pool after a lost connection', () => {
  test('a connection of the current pool lost: the retry gets a new pool, set up as the first; the old one closes', async () => {
    let time = 0
    const { opened, open } = fakePools()
    const pool = renewablePool(open, { now: () => time })
    const first = pool.current
    // What drizzle does to the first pool: its own type parsers.
    Object.assign(first.options.parsers, { 1184: 'drizzle' })
    time = 5000
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await pool.renewAfter(first, serverError('57P01'))
    expect(opened).toHaveLength(2)
    expect(pool.current).not.toBe(first)
    expect(pool.current.options.parsers).toMatchObject({ 1184: 'drizzle' })
    expect(opened[0].end).toHaveBeenCalledWith({ timeout: 5 })
  })

  test('the other failures of the same fault share the new pool; a later fault makes another', async () => {
    let time = 0
    const { opened, open } = fakePools()
    const pool = renewablePool(open, { now: () => time })
    const first = pool.current
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await pool.renewAfter(first, driverError('CONNECTION_CLOSED'))
    time = 400
    await pool.renewAfter(first, driverError('ECONNRESET'))
    await pool.renewAfter(first, driverError('EPIPE'))
    expect(opened).toHaveLength(2)
    // A statement begun on the first pool long ago fails in a later fault: the current pool,
    // two seconds old, may be as dead as the first.
    time = 2400
    await pool.renewAfter(first, serverError('57P01'))
    expect(opened).toHaveLength(3)
    // A failure on the newest pool is a new fault, however young the pool.
    time = 2410
    await pool.renewAfter(pool.current, driverError('CONNECTION_CLOSED'))
    expect(opened).toHaveLength(4)
  })

  test('a database that cannot be reached renews nothing (a new pool would not reach it either)', async () => {
    const { opened, open } = fakePools()
    const pool = renewablePool(open)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const code of ['ECONNREFUSED', 'CONNECT_TIMEOUT', 'ETIMEDOUT']) await pool.renewAfter(pool.current, driverError(code))
    expect(opened).toHaveLength(1)
    expect(isLostSession(driverError('ECONNREFUSED'))).toBe(false)
    expect(isLostSession(serverError('57P01'))).toBe(true)
  })
})

describe('writes that may run twice', () => {
  test('a rate limit counter whose answer was lost runs again (it counts one attempt twice at worst); other writes do not', () => {
    const lost = driverError('CONNECTION_CLOSED')
    expect(mayRetryStatement('insert into "rate_limits" ("key", "points", "expire") values ($1, $2, $3) on conflict ("key") do update set', lost)).toBe(true)
    expect(mayRetryStatement('insert into "bookings" ("parent_id") values ($1)', lost)).toBe(false)
    expect(mayRetryStatement('update "rate_limits" set "points" = 0', lost)).toBe(false)
  })
})
