import net from 'node:net'
import { describe, expect, test } from 'vitest'
import { getDatabase, openPglite, openPostgres, setDatabase } from '../../app/db/client.server'
import * as health from '../../app/routes/healthz'

describe('GET /healthz', () => {
  test('answers 200 while the database answers', async () => {
    const response = await health.loader()
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' })
  })

  test('answers 503 when the database does not', async () => {
    const real = getDatabase()
    const broken = openPglite()
    await broken.close()
    setDatabase(broken)
    try {
      const response = await health.loader()
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ status: 'unavailable', database: 'down' })
    } finally {
      setDatabase(real)
    }
  })

  test('answers 503, quickly, when the PostgreSQL server cannot be reached', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo
        probe.close(() => resolve(port))
      })
    })
    const real = getDatabase()
    const unreachable = openPostgres(`postgres://postgres@127.0.0.1:${port}/nightlight`)
    setDatabase(unreachable)
    try {
      const started = Date.now()
      const response = await health.loader()
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ status: 'unavailable', database: 'down' })
      expect(Date.now() - started).toBeLessThan(3000)
    } finally {
      setDatabase(real)
      await unreachable.close()
    }
  })
})
