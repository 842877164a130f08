// With TEST_DB_KIND=postgres, a migrated template database is made once per run; each worker
// clones it (docs/architecture.md). With PGlite there is nothing to prepare.
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { openPostgres } from '../../app/db/client.server'

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabasePrefix: string
  }
}

export function databaseUrl(base: string, name: string) {
  const url = new URL(base)
  url.pathname = `/${name}`
  return url.toString()
}

export const templateName = (prefix: string) => `${prefix}_template`

// Names are unique per run, so two runs against one server never drop each other's databases.
export default async function setup(project: TestProject) {
  const prefix = `nightlight_t${process.pid}`
  project.provide('testDatabasePrefix', prefix)
  if (process.env.TEST_DB_KIND !== 'postgres') return
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL')
  const admin = postgres(base, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${templateName(prefix)}`)
  const template = openPostgres(databaseUrl(base, templateName(prefix)), 1)
  await template.migrate()
  await template.close()
  await admin.end()
  return async () => {
    const cleanup = postgres(base, { max: 1, onnotice: () => {} })
    const rows = await cleanup<{ datname: string }[]>`select datname from pg_database where datname like ${prefix + '%'}`
    for (const { datname } of rows) await cleanup.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
    await cleanup.end()
  }
}
