// `npm run db:seed`: migrates the database the app would use and fills it with demo data once
// (README.md, the demo accounts). Safe to run again: an already seeded database is left unchanged.
import { openDatabase } from '../app/db/client.server'
import { DEMO_ADMIN_EMAIL, DEMO_NURSE_EMAIL, DEMO_PARENT_EMAIL, DEMO_PASSWORD, seedDemoData } from '../app/demo/seed.server'

async function main() {
  const database = openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: process.env.PGLITE_DIR ?? './.data/pglite',
  })
  try {
    await database.migrate()
    const { created } = await seedDemoData(database.db, { now: new Date(), onProgress: console.log })
    console.log(created ? 'Demo data seeded.' : 'Demo data already present; nothing changed.')
    console.log(`Demo logins (password "${DEMO_PASSWORD}"):`)
    console.log(`  admin:  ${DEMO_ADMIN_EMAIL}`)
    console.log(`  parent: ${DEMO_PARENT_EMAIL}`)
    console.log(`  nurse:  ${DEMO_NURSE_EMAIL}`)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
