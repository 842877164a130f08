// Several app servers starting at once on one new PostgreSQL database (issue 14): each runs the
// start-up migrations, and only one may apply them; the others wait for it and find them applied.
import postgres from 'postgres'
import { afterAll, describe, expect, test } from 'vitest'
import { openPostgres } from '../../app/db/client.server'
import { databaseUrl } from '../support/global-setup'
import { isPostgresRun } from '../support/test-env'

describe.skipIf(!isPostgresRun())('start-up migrations on several servers at once', () => {
  const base = process.env.TEST_DATABASE_URL!
  const name = `nightlight_migrate_${process.pid}`
  const admin = isPostgresRun() ? postgres(base, { max: 1, onnotice: () => {} }) : undefined

  afterAll(async () => {
    await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin?.end()
  })

  test('four servers migrating one empty database together all start, and each migration ran once', async () => {
    await admin!.unsafe(`CREATE DATABASE ${name}`)
    const servers = Array.from({ length: 4 }, () => openPostgres(databaseUrl(base, name), 3))
    try {
      const outcomes = await Promise.allSettled(servers.map((server) => server.migrate()))
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([])
      const check = postgres(databaseUrl(base, name), { max: 1, onnotice: () => {} })
      const applied = await check`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`
      await check.end()
      expect(applied.length).toBeGreaterThan(0)
      expect(applied.every((row) => row.times === 1)).toBe(true)
    } finally {
      await Promise.all(servers.map((server) => server.close()))
    }
  })
})
