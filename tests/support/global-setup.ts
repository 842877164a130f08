// With TEST_DB_KIND=postgres, a migrated template database is made once per run; each worker
// clones it (DESIGN.md §12). With PGlite there is nothing to prepare.
import postgres from 'postgres'
import { openPostgres } from '../../app/db/client.server'

export const TEMPLATE_DB = 'nightlight_test_template'

export function databaseUrl(base: string, name: string) {
  const url = new URL(base)
  url.pathname = `/${name}`
  return url.toString()
}

export default async function setup() {
  if (process.env.TEST_DB_KIND !== 'postgres') return
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL')
  const admin = postgres(base, { max: 1, onnotice: () => {} })
  await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`)
  await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DB}`)
  const template = openPostgres(databaseUrl(base, TEMPLATE_DB), 1)
  await template.migrate()
  await template.close()
  await admin.end()
}
