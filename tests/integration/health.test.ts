import { describe, expect, test } from 'vitest'
import { getDatabase, openPglite, setDatabase } from '../../app/db/client.server'
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
})
